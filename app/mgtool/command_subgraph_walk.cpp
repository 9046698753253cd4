// SPDX-License-Identifier: MIT
// mgtool subgraph walk | check: read a subgraph export back, play it, re-check its requirement.
#include <cmath>
#include <cstdio>
#include <filesystem>

#include "app/mgtool/commands.h"
#include "app/mgtool/json_writer.h"
#include "app/mgtool/motion_output.h"
#include "app/mgtool/tool_args.h"
#include "core/dmg/dmg_walk.h"
#include "core/import/import_motion_loader.h"
#include "core/io/subgraph_export.h"

namespace mg::tool {
namespace {

}  // namespace

int runSubgraphWalk(std::span<const std::string> args) {
  const CommandSpec spec{
      "subgraph walk",
      "DIR",
      "Reads the subgraph (or database motion graph) exported to DIR by 'mgtool subgraph' or\n"
      "'mgtool dmg', prunes it to its largest strongly connected component, and writes a random "
      "walk\n"
      "of --seconds through its clips to --out as one continuous motion (BVH, or glTF/GLB by\n"
      "--format or the name of --out): transition edges re-align the\n"
      "floor position and heading and blend over --blend frames. The same seed gives the same\n"
      "file. Prints JSON: frames, seconds, transitions, clips, vertices of the pruned graph.",
      {{"seconds", "S", "length of the walk in seconds (default 10)"},
       {"seed", "K", "random seed (default 1)"},
       {"blend", "N", "frames each transition blends over (default 10)"},
       {"min-gap", "N",
        "frames between transitions at least, where a natural edge exists (default 10)"},
       {"out", "FILE", "motion file to write (required)"},
       kMotionFormatOption},
      1,
      1};
  const std::optional<ParsedArgs> parsed = parseArgs(spec, args);
  if (!parsed) return kExitUsage;
  if (parsed->help) return printHelp(spec), kExitOk;
  const auto seconds = numberOption(*parsed, "subgraph walk", "seconds", 10, 1e-3, 1e6);
  const auto seed = numberOption(*parsed, "subgraph walk", "seed", 1, 0, 9007199254740992.0);
  const auto blend = numberOption(*parsed, "subgraph walk", "blend", 10, 0, 1000);
  const auto gap = numberOption(*parsed, "subgraph walk", "min-gap", 10, 0, 1e6);
  if (!seconds || !seed || !blend || !gap) return kExitUsage;
  if (!parsed->has("out") || parsed->options.at("out").empty()) {
    std::fprintf(stderr, "mgtool subgraph walk: give --out FILE, the BVH to write\n");
    return kExitUsage;
  }
  const std::optional<MotionFormat> format = motionOutputFormat(*parsed, "subgraph walk", parsed->options.at("out"));
  if (!format) return kExitUsage;
  const std::string dir = parsed->positional[0];
  Result<SubgraphFile> file = readSubgraphFile(dir);
  if (!file) {
    std::fprintf(stderr, "mgtool subgraph walk: %s\n", file.error().message.c_str());
    return kExitFailed;
  }
  Result<std::vector<std::shared_ptr<const Motion>>> read = readSubgraphClips(*file, importMotionLoader());
  if (!read) {
    std::fprintf(stderr, "mgtool subgraph walk: %s\n", read.error().message.c_str());
    return kExitFailed;
  }
  const std::vector<std::shared_ptr<const Motion>>& clips = *read;
  auto graph = std::make_shared<const DatabaseMotionGraph>(clipLevelGraph(file.value()));
  if (Status s = DmgWalkStream::validateFor(graph.get(), clips); !s) {
    std::fprintf(stderr, "mgtool subgraph walk: %s: %s\n", dir.c_str(), s.error().message.c_str());
    return kExitFailed;
  }
  if (graph->vertexCount() < 2) {
    std::fprintf(stderr, "mgtool subgraph walk: %s: the graph has no cycle to walk\n", dir.c_str());
    return kExitFailed;
  }
  DmgWalkStream stream(
      graph, clips, 0,
      randomDmgEdgeChooser(static_cast<std::uint64_t>(*seed), static_cast<int>(*gap)),
      {static_cast<int>(*blend)});
  const long long frames = std::max<long long>(1, std::llround(*seconds * file->fps));
  const std::string& out = parsed->options.at("out");
  const Result<StreamedBvh> walk = writeMotionStream(stream, frames, out, *format, "subgraph walk");
  if (!walk) {
    std::fprintf(stderr, "mgtool subgraph walk: %s\n", walk.error().message.c_str());
    return kExitFailed;
  }
  JsonWriter json;
  json.beginObject();
  json.key("frames"), json.value(static_cast<std::int64_t>(walk->frames));
  json.key("fps"), json.value(file->fps);
  json.key("seconds"), json.value(static_cast<double>(walk->frames) / file->fps);
  json.key("seed"), json.value(static_cast<std::int64_t>(*seed));
  json.key("transitions"), json.value(static_cast<int>(stream.transitions().size()));
  json.key("clips"), json.value(static_cast<int>(file->clips.size()));
  json.key("vertices"), json.value(graph->vertexCount());
  json.key("pruned_vertices"), json.value(file->graph.vertexCount() - graph->vertexCount());
  json.key("out"), json.value(out);
  json.endObject();
  std::fputs(json.text().c_str(), stdout);
  std::fputs("\n", stdout);
  return kExitOk;
}

int runSubgraphCheck(std::span<const std::string> args) {
  const CommandSpec spec{
      "subgraph check",
      "DIR",
      "Re-checks the requirement of a subgraph export from the export alone (its vertices, edges,\n"
      "keys, requirement and listed bounds; core/io/SUBGRAPH_FORMAT.md). Prints JSON: key_pairs,\n"
      "key_pairs_satisfied, mean_min_transition_frames and up to 20 failing pairs. Exits 1 when a\n"
      "pair is not met.",
      {},
      1,
      1};
  const std::optional<ParsedArgs> parsed = parseArgs(spec, args);
  if (!parsed) return kExitUsage;
  if (parsed->help) return printHelp(spec), kExitOk;
  Result<SubgraphFile> file = readSubgraphFile(parsed->positional[0]);
  if (!file) {
    std::fprintf(stderr, "mgtool subgraph check: %s\n", file.error().message.c_str());
    return kExitFailed;
  }
  Result<VerificationReport> report = checkSubgraphFile(file.value());
  if (!report) {
    std::fprintf(stderr, "mgtool subgraph check: %s\n", report.error().message.c_str());
    return kExitFailed;
  }
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
  std::fputs(json.text().c_str(), stdout);
  std::fputs("\n", stdout);
  return report->allSatisfied() ? kExitOk : kExitFailed;
}

}  // namespace mg::tool
