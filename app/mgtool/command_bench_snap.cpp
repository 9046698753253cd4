// SPDX-License-Identifier: MIT
// mgtool bench snap: time of the distance grid and, separately, of hub suggestion on it.
#include <cstdio>

#include "app/mgtool/commands.h"
#include "app/mgtool/json_writer.h"
#include "app/mgtool/snap_database.h"
#include "core/metric/distance_grid.h"
#include "core/snap/metric_rows.h"
#include "core/util/stopwatch.h"

namespace mg::tool {

int runBenchSnap(std::span<const std::string> args) {
  const CommandSpec spec{
      "bench snap", "FILES...",
      "Times the authoring step of Snap-Together Motion on capture FILES (same options as\n"
      "'mgtool snap') and prints JSON: grid_seconds (frame set and self distance grid),\n"
      "suggest_seconds (\"Suggest hubs\" once the grid exists: --hubs match-set searches over\n"
      "every frame), hub_graph_seconds (aligning the match frames and cutting the clips), and\n"
      "build_job_seconds (HubGraphBuildJob doing all of it, including the automatic threshold).",
      snapBuildOptions(), 1, -1};
  const std::optional<ParsedArgs> parsed = parseArgs(spec, args);
  if (!parsed) return kExitUsage;
  if (parsed->help) return printHelp(spec), kExitOk;
  const std::optional<SnapBuildSettings> settings = readSnapBuildSettings(*parsed, "bench snap");
  if (!settings) return kExitUsage;
  const std::optional<SnapDatabase> db = loadSnapDatabase("bench snap", parsed->positional, *settings);
  if (!db) return kExitFailed;

  // The whole job first: it also picks the automatic threshold the timed suggestion uses.
  Stopwatch clock;
  const std::optional<SuggestedHubGraph> built = buildSnapGraph("bench snap", *db, *settings);
  if (!built) return kExitFailed;
  const double buildSeconds = clock.seconds();

  MetricSettings metric;
  metric.workingFps = settings->fps;
  std::vector<const Motion*> raw;
  for (const auto& m : db->motions) raw.push_back(m.get());
  clock.restart();
  Result<FrameSet> set = buildFrameSet(raw, metric);
  DistanceGridJob gridJob;
  gridJob.rows = set ? &set.value() : nullptr;
  gridJob.options.threads = settings->gridThreads;
  Result<DistanceGrid> grid = set ? computeDistanceGrid(gridJob) : Result<DistanceGrid>(set.error());
  const double gridSeconds = clock.seconds();
  if (!grid) {
    std::fprintf(stderr, "mgtool bench snap: %s\n", grid.error().message.c_str());
    return kExitFailed;
  }

  GridRows rows(*grid, *set);
  const std::vector<int> counts = rows.frameCounts();
  HubSuggestionJob suggest;
  suggest.rows = rows.source();
  suggest.frameCounts = counts;
  suggest.threshold = built->threshold;
  suggest.wminFrames = settings->wminFrames;
  clock.restart();
  Result<std::vector<HubSuggestion>> suggestions = suggest.run(settings->hubs);
  const double suggestSeconds = clock.seconds();
  if (!suggestions) {
    std::fprintf(stderr, "mgtool bench snap: %s\n", suggestions.error().message.c_str());
    return kExitFailed;
  }
  clock.restart();
  const FramePairMetric pair = frameSetPairMetric(built->frames);
  std::vector<Hub> hubs;
  for (const HubSuggestion& s : *suggestions) {
    Result<Hub> hub = makeHub(s.matches, pair);
    if (!hub) return std::fprintf(stderr, "mgtool bench snap: %s\n", hub.error().message.c_str()), kExitFailed;
    hubs.push_back(std::move(hub.value()));
  }
  Result<HubGraph> graph = buildHubGraph(counts, std::move(hubs));
  const double graphSeconds = clock.seconds();
  if (!graph) {
    std::fprintf(stderr, "mgtool bench snap: %s\n", graph.error().message.c_str());
    return kExitFailed;
  }

  JsonWriter json;
  json.beginObject();
  json.key("motions"), json.value(static_cast<int>(db->motions.size()));
  json.key("frames"), json.value(set->frameCount());
  json.key("threshold_m2"), json.value(built->threshold);
  json.key("hubs"), json.value(static_cast<int>(graph->hubs.size()));
  json.key("edges"), json.value(static_cast<int>(graph->edges.size()));
  json.key("grid_seconds"), json.value(gridSeconds);
  json.key("suggest_seconds"), json.value(suggestSeconds);
  json.key("hub_graph_seconds"), json.value(graphSeconds);
  json.key("build_job_seconds"), json.value(buildSeconds);
  json.endObject();
  std::fputs(json.text().c_str(), stdout);
  std::fputs("\n", stdout);
  return kExitOk;
}

}  // namespace mg::tool
