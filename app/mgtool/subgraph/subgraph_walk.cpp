// SPDX-License-Identifier: MIT
// mgtool subgraph walk | check: read a subgraph export back, play it, re-check its requirement.
#include <cmath>

#include "app/mgtool/cli/common_options.h"
#include "app/mgtool/cli/json_writer.h"
#include "app/mgtool/cli/registry.h"
#include "core/dmg/dmg_walk.h"
#include "core/import/import_motion_loader.h"
#include "core/io/subgraph_export.h"

namespace mg::tool {
namespace {

constexpr char kWalkDescription[] =
    "Reads the subgraph (or database motion graph) exported to DIR by 'mgtool subgraph' or\n"
    "'mgtool dmg', prunes it to its largest strongly connected component, and writes a random "
    "walk\n"
    "of --seconds through its clips to --out as one continuous motion (BVH, or glTF/GLB by\n"
    "--format or the name of --out): transition edges re-align the\n"
    "floor position and heading and blend over --blend frames. The same seed gives the same\n"
    "file. Prints JSON: frames, seconds, transitions, clips, vertices of the pruned graph.";

class SubgraphWalk final : public Command {
 public:
  SubgraphWalk() : Command({"DIR", 1, 1}, kWalkDescription) {}

 private:
  int run() override {
    const std::optional<MotionFormat> format = m_output.resolve();
    if (!format) return kExitUsage;
    const std::string& dir = positional()[0];
    Result<SubgraphFile> file = readSubgraphFile(dir);
    if (!file) return fail(file.error().message);
    Result<std::vector<std::shared_ptr<const Motion>>> read =
        readSubgraphClips(*file, importMotionLoader(m_output.units.apply({})));
    if (!read) return fail(read.error().message);
    const std::vector<std::shared_ptr<const Motion>>& clips = *read;
    auto graph = std::make_shared<const DatabaseMotionGraph>(clipLevelGraph(file.value()));
    if (Status s = DmgWalkStream::validateFor(graph.get(), clips); !s) {
      return fail(dir + ": " + s.error().message);
    }
    if (graph->vertexCount() < 2) return fail(dir + ": the graph has no cycle to walk");
    DmgWalkStream stream(graph, clips, 0, randomDmgEdgeChooser(*m_seed, *m_minGap), {*m_blend});
    const long long frames = std::max<long long>(1, std::llround(*m_seconds * file->fps));
    const std::string& out = *m_output.out;
    const Result<StreamedBvh> walk =
        writeMotionStream(stream, frames, out, *format, name(), m_output.bvhLike(*clips.front()));
    if (!walk) return fail(walk.error().message);
    JsonWriter json;
    json.beginObject();
    json.key("frames"), json.value(static_cast<std::int64_t>(walk->frames));
    json.key("fps"), json.value(file->fps);
    json.key("seconds"), json.value(static_cast<double>(walk->frames) / file->fps);
    json.key("seed"), json.value(static_cast<std::int64_t>(*m_seed));
    json.key("transitions"), json.value(static_cast<int>(stream.transitions().size()));
    json.key("clips"), json.value(static_cast<int>(file->clips.size()));
    json.key("vertices"), json.value(graph->vertexCount());
    json.key("pruned_vertices"), json.value(file->graph.vertexCount() - graph->vertexCount());
    json.key("out"), json.value(out);
    json.endObject();
    return printJson(json);
  }

  Value<double> m_seconds =
      number<double>("seconds", "S", "length of the walk in seconds (default 10)", 10, 1e-3, 1e6);
  Value<std::uint64_t> m_seed = seedOption(*this);
  Value<int> m_blend =
      number<int>("blend", "N", "frames each transition blends over (default 10)", 10, 0, 1000);
  Value<int> m_minGap = number<int>(
      "min-gap", "N",
      "frames between transitions at least, where a natural edge exists (default 10)", 10, 0, 1e6);
  MotionOutputOptions m_output{*this};
};

constexpr char kCheckDescription[] =
    "Re-checks the requirement of a subgraph export from the export alone (its vertices, edges,\n"
    "keys, requirement and listed bounds; core/io/SUBGRAPH_FORMAT.md). Prints JSON: key_pairs,\n"
    "key_pairs_satisfied, mean_min_transition_frames and up to 20 failing pairs. Exits 1 when a\n"
    "pair is not met.";

class SubgraphCheck final : public Command {
 public:
  SubgraphCheck() : Command({"DIR", 1, 1}, kCheckDescription) {}

 private:
  int run() override {
    Result<SubgraphFile> file = readSubgraphFile(positional()[0]);
    if (!file) return fail(file.error().message);
    Result<VerificationReport> report = checkSubgraphFile(file.value());
    if (!report) return fail(report.error().message);
    JsonWriter json;
    json.beginObject();
    json.key("vertices"), json.value(file->graph.vertexCount());
    json.key("edges"), json.value(file->graph.edgeCount());
    json.key("key_pairs"), json.value(static_cast<int>(report->pairs.size()));
    json.key("key_pairs_satisfied"), json.value(report->satisfied);
    json.key("mean_min_transition_frames"), json.value(report->meanSubgraphFrames);
    json.key("failures");
    json.beginArray();
    for (const std::string& f : report->failures) json.value(f);
    json.endArray();
    json.endObject();
    return printJson(json, report->allSatisfied() ? kExitOk : kExitFailed);
  }
};

const CommandRegistration kWalk{"subgraph walk", 10,
                                "write a random walk through a subgraph or DMG export",
                                make<SubgraphWalk>};
const CommandRegistration kCheck{
    "subgraph check", 20, "re-check the requirement of a subgraph export", make<SubgraphCheck>};

}  // namespace
}  // namespace mg::tool
