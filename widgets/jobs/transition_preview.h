// SPDX-License-Identifier: MIT
#pragma once

// Kept apart from parametric_jobs.h: core/param/parametric_graph.h (through graph_player.h)
// declares mg::MotionLoader, which clashes with the editor's MotionLoader class wherever both
// are seen, e.g. in a target's combined moc translation unit. Include this only in .cpp files.

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
