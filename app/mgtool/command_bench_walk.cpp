// SPDX-License-Identifier: MIT
// mgtool bench walk: random-walk synthesis rate over a snapped graph, on one core.
#include <cstdio>
#include <filesystem>

#include "app/mgtool/commands.h"
#include "app/mgtool/json_writer.h"
#include "app/mgtool/snap_database.h"
#include "core/import/import_motion_loader.h"
#include "core/io/snap_import.h"
#include "core/synth/walk_benchmark.h"

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

}  // namespace

int runBenchWalk(std::span<const std::string> args) {
  CommandSpec spec{
      "bench walk", "DIR | FILES...",
      "Times random-walk synthesis (benchmarkRandomWalk: clips played back to back under a running\n"
      "root transform) on one core, without and with forward kinematics, and prints frames per\n"
      "second as JSON. DIR is an export of 'mgtool snap'; otherwise the capture FILES are snapped\n"
      "first (same options as 'mgtool snap'). Either way the graph is pruned to its largest\n"
      "strongly connected component.",
      snapBuildOptions(), 1, -1};
  spec.options.push_back({"frames", "N", "poses per timed walk (default 300000)"});
  spec.options.push_back({"seed", "K", "random seed (default 1)"});
  const std::optional<ParsedArgs> parsed = parseArgs(spec, args);
  if (!parsed) return kExitUsage;
  if (parsed->help) return printHelp(spec), kExitOk;
  const std::optional<SnapBuildSettings> settings = readSnapBuildSettings(*parsed, "bench walk");
  const auto frames = numberOption(*parsed, "bench walk", "frames", 300000, 1, 1e12);
  const auto seed = numberOption(*parsed, "bench walk", "seed", 1, 0, 9007199254740992.0);
  if (!settings || !frames || !seed) return kExitUsage;

  HubGraph graph;
  std::vector<std::shared_ptr<const Motion>> motions;
  const std::vector<std::string>& inputs = parsed->positional;
  std::string source;
  if (inputs.size() == 1 && std::filesystem::is_directory(inputs[0])) {
    Result<SnapGraphFile> file = readSnapGraph(inputs[0], importMotionLoader());
    Result<PlayableSnapGraph> playable = file ? playableSnapGraph(*file) : Result<PlayableSnapGraph>(file.error());
    if (!playable) {
      std::fprintf(stderr, "mgtool bench walk: %s\n", playable.error().message.c_str());
      return kExitFailed;
    }
    graph = std::move(playable->graph);
    motions = std::move(playable->motions);
    source = "export";
  } else {
    const std::optional<SnapDatabase> db = loadSnapDatabase("bench walk", inputs, *settings);
    if (!db) return kExitFailed;
    const std::optional<SuggestedHubGraph> built = buildSnapGraph("bench walk", *db, *settings);
    if (!built) return kExitFailed;
    graph = pruneDeadEnds(built->graph);
    if (graph.edges.empty()) {
      std::fprintf(stderr, "mgtool bench walk: the graph has no cycle; suggest more hubs or raise the threshold\n");
      return kExitFailed;
    }
    const std::optional<SnapResult> snapped = snapDatabase("bench walk", *db, graph, *settings);
    if (!snapped) return kExitFailed;
    motions = snapped->motions;
    graph = snapped->graph;  // the alignments the motions were snapped to
    source = "files";
  }
  const long long n = static_cast<long long>(*frames);
  const auto plain = benchmarkRandomWalk(graph, motions, n, 0, static_cast<std::uint64_t>(*seed), false);
  const auto withFk = benchmarkRandomWalk(graph, motions, n, 0, static_cast<std::uint64_t>(*seed), true);
  if (!plain || !withFk) {
    std::fprintf(stderr, "mgtool bench walk: %s\n", (plain ? withFk : plain).error().message.c_str());
    return kExitFailed;
  }
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
  std::fputs(json.text().c_str(), stdout);
  std::fputs("\n", stdout);
  return kExitOk;
}

}  // namespace mg::tool
