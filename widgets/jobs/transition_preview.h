// SPDX-License-Identifier: MIT
#pragma once

// Kept apart from parametric_jobs.h so that headers of views need not pull in the player and
// graph headers of core/param.

#include <memory>

#include <QString>

#include "core/param/graph_player.h"

namespace mg {

// A transition preview (previewTransition) with where its blend window lies.
struct TransitionPreviewJob {
  std::shared_ptr<const ParametricGraph> graph;
  int edge = 0;  // index into graph->edges
  ParameterVector sourceParameter{}, targetParameter{};
  PlayerSettings settings;
};
struct TransitionPreviewResult {
  std::shared_ptr<const Motion> clip;
  int blendBegin = 0, blendEnd = 0;  // output frames of the blend window, [begin, end)
  QString error;
};
// Thread-safe (the graph is shared immutable); takes tens of milliseconds.
TransitionPreviewResult computeTransitionPreview(const TransitionPreviewJob& job);

}  // namespace mg
