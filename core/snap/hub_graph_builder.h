// SPDX-License-Identifier: MIT
#pragma once

#include <memory>
#include <span>
#include <vector>

#include "core/metric/distance_tile_engine.h"
#include "core/metric/frame_set.h"
#include "core/metric/metric_settings.h"
#include "core/snap/hub_graph.h"
#include "core/snap/hub_suggestion.h"
#include "core/util/progress.h"
#include "core/util/result.h"

namespace mg {

// A hub graph suggested from a database, with what it was built from.
struct SuggestedHubGraph {
  std::shared_ptr<const FrameSet> frames;  // the metric's frame set of the motions
  double threshold = 0.0;                  // the match threshold used, kFrameDistanceUnit (m^2)
  std::vector<HubSuggestion> suggestions;  // one per hub, in order
  HubGraph graph;                          // hubs aligned to their base frames; not pruned
};

// The whole authoring step of Snap-Together Motion in one call, for tools (mgtool snap/walk):
// frame set and self distance grid (core/metric), hub suggestion, makeHub with the metric's
// reference alignment, buildHubGraph. Memory: a dense grid of frames^2 floats. Owns nothing;
// thread-safe; polls `progress` (the grid reports [0, 0.8], the suggestion [0.8, 1]).
struct HubGraphBuildJob {
  // The database, already at metric.workingFps (resampleMotion), sharing one hierarchy. Frame
  // indices of the result refer to these motions. Not owned.
  std::span<const std::shared_ptr<const Motion>> motions;
  MetricSettings metric;
  GridOptions grid;
  // Match threshold in m^2; 0 picks the `thresholdPercentile` percentile of the grid's values
  // more than 15 frames off the diagonal (sampled on a 3-frame lattice).
  double threshold = 0.0;
  double thresholdPercentile = 3.0;  // in (0, 100); used when threshold == 0
  int wminFrames = 10;               // >= 2
  int hubCount = 3;                  // hubs to suggest, >= 1 (fewer if frames run out)
  // Frames no suggestion may use, nor come within wminFrames of (as HubSuggestionJob::excluded):
  // the match frames of hubs that exist already, so a suggestion never lands beside one and
  // ends up with no matches of its own. Indices into `motions`; not owned.
  std::span<const FrameRef> excluded;
  const Progress* progress = nullptr;  // may be null

  // Fails when: motions is empty or holds a null motion; a motion's fps differs from
  // metric.workingFps; threshold < 0 or not finite; thresholdPercentile is outside (0, 100);
  // wminFrames < 2; hubCount < 1.
  Status validate() const;

  // Fails as validate(), or when the frame set, the grid or the suggestion fails (including
  // cancellation and "no frame has a match").
  Result<SuggestedHubGraph> run() const;
};

}  // namespace mg
