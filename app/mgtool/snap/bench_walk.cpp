// SPDX-License-Identifier: MIT
// mgtool bench walk: random-walk synthesis rate over a snapped graph, on one core.
#include <filesystem>

#include "app/mgtool/cli/common_options.h"
#include "app/mgtool/cli/json_writer.h"
#include "app/mgtool/cli/registry.h"
#include "app/mgtool/snap/snap_database.h"
#include "core/import/import_motion_loader.h"
#include "core/io/snap_import.h"
#include "core/snap/walk_benchmark.h"

namespace mg::tool {
namespace {

void writeRun(JsonWriter& json, const char* key, const WalkBenchmarkResult& r) {
  json.key(key);
  json.beginObject();
  json.key("frames"), json.value(static_cast<std::int64_t>(r.frames));
  json.key("cuts"), json.value(static_cast<std::int64_t>(r.cuts));
  json.key("seconds"), json.value(r.seconds);
  json.key("frames_per_second"), json.value(r.framesPerSecond);
  json.key("checksum"), json.value(r.checksum);
  json.endObject();
}

constexpr char kDescription[] =
    "Times random-walk synthesis (benchmarkRandomWalk: clips played back to back under a running\n"
    "root transform) on one core, without and with forward kinematics, and prints frames per\n"
    "second as JSON. DIR is an export of 'mgtool snap'; otherwise the capture FILES are snapped\n"
    "first (same options as 'mgtool snap'). Either way the graph is pruned to its largest\n"
    "strongly connected component.";

class BenchWalk final : public Command {
 public:
  BenchWalk() : Command({"DIR | FILES...", 1}, kDescription) {}

 private:
  int run() override {
    const SnapBuildSettings settings = m_build.settings();
    HubGraph graph;
    std::vector<std::shared_ptr<const Motion>> motions;
    const std::vector<std::string>& inputs = positional();
    std::string source;
    if (inputs.size() == 1 && std::filesystem::is_directory(inputs[0])) {
      Result<SnapGraphFile> file = readSnapGraph(inputs[0], importMotionLoader());
      Result<PlayableSnapGraph> playable =
          file ? playableSnapGraph(*file) : Result<PlayableSnapGraph>(file.error());
      if (!playable) return fail(playable.error().message);
      graph = std::move(playable->graph);
      motions = std::move(playable->motions);
      source = "export";
    } else {
      const std::optional<SnapDatabase> db = loadSnapDatabase(*this, inputs, settings);
      if (!db) return kExitFailed;
      const std::optional<SuggestedHubGraph> built = buildSnapGraph(*this, *db, settings);
      if (!built) return kExitFailed;
      graph = pruneDeadEnds(built->graph);
      if (graph.edges.empty()) {
        return fail("the graph has no cycle; suggest more hubs or raise the threshold");
      }
      const std::optional<SnapResult> snapped = snapDatabase(*this, *db, graph, settings);
      if (!snapped) return kExitFailed;
      motions = snapped->motions;
      graph = snapped->graph;  // the alignments the motions were snapped to
      source = "files";
    }
    const long long n = *m_frames;
    const auto plain = benchmarkRandomWalk(graph, motions, n, 0, *m_seed, false);
    const auto withFk = benchmarkRandomWalk(graph, motions, n, 0, *m_seed, true);
    if (!plain || !withFk) return fail((plain ? withFk : plain).error().message);
    JsonWriter json;
    json.beginObject();
    json.key("source"), json.value(source);
    json.key("hubs"), json.value(static_cast<int>(graph.hubs.size()));
    json.key("clips"), json.value(static_cast<int>(graph.edges.size()));
    json.key("joints"), json.value(motions.front()->jointCount());
    json.key("threads"), json.value(1);
    writeRun(json, "without_fk", *plain);
    writeRun(json, "with_fk", *withFk);
    json.endObject();
    return printJson(json);
  }

  SnapBuildOptions m_build{*this};
  Value<long long> m_frames =
      number<long long>("frames", "N", "poses per timed walk (default 300000)", 300000, 1, 1e12);
  Value<std::uint64_t> m_seed = seedOption(*this, "random seed (default 1)");
};

const CommandRegistration kRegistered{
    "bench walk", 30,
    "random-walk synthesis rate over a snapped graph, one core, with and without FK",
    make<BenchWalk>};

}  // namespace
}  // namespace mg::tool
