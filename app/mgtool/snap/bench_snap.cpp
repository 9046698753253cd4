// SPDX-License-Identifier: MIT
// mgtool bench snap: time of the distance grid and, separately, of hub suggestion on it.
#include "app/mgtool/cli/json_writer.h"
#include "app/mgtool/cli/registry.h"
#include "app/mgtool/snap/snap_database.h"
#include "core/metric/distance_grid.h"
#include "core/snap/metric_rows.h"
#include "core/util/stopwatch.h"

namespace mg::tool {

namespace {

constexpr char kDescription[] =
    "Times the authoring step of Snap-Together Motion on capture FILES (same options as\n"
    "'mgtool snap') and prints JSON: grid_seconds (frame set and self distance grid),\n"
    "suggest_seconds (\"Suggest hubs\" once the grid exists: --hubs match-set searches over\n"
    "every frame), hub_graph_seconds (aligning the match frames and cutting the clips), and\n"
    "build_job_seconds (HubGraphBuildJob doing all of it, including the automatic threshold).";

class BenchSnap final : public Command {
 public:
  BenchSnap() : Command({"FILES...", 1}, kDescription) {}

 private:
  int run() override {
    const SnapBuildSettings settings = m_build.settings();
    const std::optional<SnapDatabase> db = loadSnapDatabase(*this, positional(), settings);
    if (!db) return kExitFailed;

    // The whole job first: it also picks the automatic threshold the timed suggestion uses.
    Stopwatch clock;
    const std::optional<SuggestedHubGraph> built = buildSnapGraph(*this, *db, settings);
    if (!built) return kExitFailed;
    const double buildSeconds = clock.seconds();

    MetricSettings metric;
    metric.workingFps = settings.fps;
    std::vector<const Motion*> raw;
    for (const auto& m : db->motions) raw.push_back(m.get());
    clock.restart();
    Result<FrameSet> set = buildFrameSet(raw, metric);
    DistanceGridJob gridJob;
    gridJob.rows = set ? &set.value() : nullptr;
    gridJob.options.threads = settings.gridThreads;
    Result<DistanceGrid> grid =
        set ? computeDistanceGrid(gridJob) : Result<DistanceGrid>(set.error());
    const double gridSeconds = clock.seconds();
    if (!grid) return fail(grid.error().message);

    GridRows rows(*grid, *set);
    const std::vector<int> counts = rows.frameCounts();
    HubSuggestionJob suggest;
    suggest.rows = rows.source();
    suggest.frameCounts = counts;
    suggest.threshold = built->threshold;
    suggest.wminFrames = settings.wminFrames;
    clock.restart();
    Result<std::vector<HubSuggestion>> suggestions = suggest.run(settings.hubs);
    const double suggestSeconds = clock.seconds();
    if (!suggestions) return fail(suggestions.error().message);
    clock.restart();
    const FramePairMetric pair = frameSetPairMetric(built->frames);
    std::vector<Hub> hubs;
    for (const HubSuggestion& s : *suggestions) {
      Result<Hub> hub = makeHub(s.matches, pair);
      if (!hub) return fail(hub.error().message);
      hubs.push_back(std::move(hub.value()));
    }
    Result<HubGraph> graph = buildHubGraph(counts, std::move(hubs));
    const double graphSeconds = clock.seconds();
    if (!graph) return fail(graph.error().message);

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
    return printJson(json);
  }

  SnapBuildOptions m_build{*this};
};

const CommandRegistration kRegistered{"bench snap", 40,
                                      "time the distance grid and hub suggestion on capture files",
                                      make<BenchSnap>};

}  // namespace
}  // namespace mg::tool
