// SPDX-License-Identifier: MIT
#pragma once

#include "core/metric/distance_grid.h"
#include "core/metric/frame_distance.h"
#include "core/param/parametric_edge.h"

namespace mg {

// The transition distance grid of one (source, target) pair of an edge, for the inspector: the
// end region of the source clip (rows) against the start region of the target clip (columns),
// and its optimal transition point.
struct TransitionGrid {
  DistanceGrid grid;             // region rows x region columns, kFrameDistanceUnit
  int sourceFirstFrame = 0;      // clip frame of row 0
  int targetFirstFrame = 0;      // clip frame of column 0
  int sourceFrames = 0;          // frames of the source clip
  int targetFrames = 0;          // frames of the target clip
  int bestRow = 0, bestCol = 0;  // the minimum cell (first in row-major order on ties)
  float bestDistance = 0.0f;
  double sourceTime = 0.0;  // the optimum's frames normalised to [0, 1] over each clip
  double targetTime = 0.0;
  FrameAlignment alignment;  // reference alignment of the target frame onto the source frame
};

// Computes the grid for parameters `ls` of `source` and `lt` of `target` with the regions and
// metric of `settings` (the same frames and distance sampleEdge uses for that pair). Fails when
// the nodes are null or their skeletons differ, the settings are invalid, a parameter is not
// finite, or the grid fails.
Result<TransitionGrid> computeTransitionGrid(const ParametricNode* source,
                                             const ParameterVector& ls,
                                             const ParametricNode* target,
                                             const ParameterVector& lt,
                                             const EdgeSamplingSettings& settings);

}  // namespace mg
