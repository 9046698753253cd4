// SPDX-License-Identifier: MIT
#include "core/snap/hub_graph_builder.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>

#include "core/metric/distance_grid.h"
#include "core/snap/metric_rows.h"

namespace mg {

Status HubGraphBuildJob::validate() const {
  if (motions.empty()) return Error{"hub graph build: no motions"};
  for (size_t m = 0; m < motions.size(); ++m) {
    if (!motions[m]) return Error{"hub graph build: motion " + std::to_string(m) + " is missing"};
    if (std::abs(motions[m]->fps - metric.workingFps) > 1e-9 * metric.workingFps) {
      return Error{"hub graph build: motion " + std::to_string(m) + " is at " +
                   std::to_string(motions[m]->fps) + " fps, not the working rate " +
                   std::to_string(metric.workingFps) + "; resample it first"};
    }
  }
  if (!(threshold >= 0.0) || !std::isfinite(threshold))
    return Error{"hub graph build: bad threshold"};
  if (!(thresholdPercentile > 0.0 && thresholdPercentile < 100.0)) {
    return Error{"hub graph build: thresholdPercentile must be in (0, 100)"};
  }
  if (wminFrames < 2) return Error{"hub graph build: wminFrames must be at least 2"};
  if (hubCount < 1) return Error{"hub graph build: hubCount must be at least 1"};
  return Status::success();
}

Result<SuggestedHubGraph> HubGraphBuildJob::run() const {
  if (Status s = validate(); !s) return s.error();
  std::vector<const Motion*> raw;
  for (const auto& m : motions) raw.push_back(m.get());
  Result<FrameSet> set = buildFrameSet(raw, metric);
  if (!set) return set.error();
  SuggestedHubGraph out;
  out.frames = std::make_shared<const FrameSet>(std::move(set.value()));
  DistanceGridJob gridJob;
  gridJob.rows = out.frames.get();
  gridJob.options = grid;
  // Phases: the grid is most of the work, then the suggestion rounds.
  const Progress none;
  const Progress gridProgress = (progress ? *progress : none).slice(0.0, 0.8);
  const Progress suggestProgress = (progress ? *progress : none).slice(0.8, 1.0);
  Result<DistanceGrid> distances = computeDistanceGrid(gridJob, gridProgress);
  if (!distances) return distances.error();
  out.threshold = threshold;
  if (out.threshold == 0.0) {
    std::vector<float> values;
    for (int i = 0; i < distances->rows; i += 3)
      for (int j = 0; j < distances->cols; j += 3)
        if (std::abs(i - j) > 15) values.push_back(distances->at(i, j));
    if (values.empty()) return Error{"hub graph build: too few frames to pick a threshold"};
    const size_t k = std::min(values.size() - 1,
                              static_cast<size_t>(values.size() * thresholdPercentile / 100.0));
    std::nth_element(values.begin(), values.begin() + k, values.end());
    out.threshold = values[k];
    if (!(out.threshold > 0.0)) return Error{"hub graph build: the automatic threshold is zero"};
  }
  GridRows rows(*distances, *out.frames);
  const std::vector<int> counts = rows.frameCounts();
  HubSuggestionJob suggest;
  suggest.rows = rows.source();
  suggest.frameCounts = counts;
  suggest.threshold = out.threshold;
  suggest.wminFrames = wminFrames;
  suggest.excluded = excluded;
  suggest.progress = &suggestProgress;
  Result<std::vector<HubSuggestion>> suggestions = suggest.run(hubCount);
  if (!suggestions) return suggestions.error();
  out.suggestions = std::move(suggestions.value());
  const FramePairMetric pair = frameSetPairMetric(out.frames);
  std::vector<Hub> hubs;
  for (const HubSuggestion& s : out.suggestions) {
    Result<Hub> hub = makeHub(s.matches, pair);
    if (!hub) return hub.error();
    hubs.push_back(std::move(hub.value()));
  }
  Result<HubGraph> graph = buildHubGraph(counts, std::move(hubs));
  if (!graph) return graph.error();
  out.graph = std::move(graph.value());
  return out;
}

}  // namespace mg
