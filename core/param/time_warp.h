// SPDX-License-Identifier: MIT
#pragma once

#include <span>
#include <utility>
#include <vector>

#include "core/metric/frame_set.h"
#include "core/util/progress.h"
#include "core/util/result.h"

namespace mg {

// A monotone path through a cost grid: cells (row, col) from (0, 0) to (rows - 1, cols - 1) in
// which each step moves by (1, 0), (0, 1) or (1, 1).
struct WarpPath {
  std::vector<std::pair<int, int>> cells;  // in path order
  double cost = 0.0;                       // sum of the cells' costs (grid units)
};

// Dynamic time warping over a dense row-major cost grid of rows x cols >= 0 values. Fails when
// the grid is empty, the span's size is not rows x cols, or a cost is negative or not finite.
Result<WarpPath> dynamicTimeWarp(std::span<const float> cost, int rows, int cols);

// The path as a time warp: for every row r, the mean column of the path's cells in row r, then
// smoothed by a centred moving average of `smoothingFrames` (>= 1; 1 leaves it; the window narrows
// symmetrically near the ends) and made strictly
// increasing, with its ends pinned to 0 and cols - 1. Precondition: path from dynamicTimeWarp on
// a rows x cols grid.
std::vector<double> warpFromPath(const WarpPath& path, int rows, int cols, int smoothingFrames);

// Enforces warp[r] >= warp[r - 1] + minStep on a warp whose ends stay fixed; values are clamped
// to [warp.front(), warp.back()]. Used after any adjustment of a warp.
void makeStrictlyIncreasing(std::vector<double>& warp, double minStep);

// A stretch of a motion that resembles a query segment.
struct SimilarSegment {
  int motion = 0;      // index into the searched FrameSet's motions
  int beginFrame = 0;  // frame of that motion (not of the set), inclusive
  int endFrame = 0;    // exclusive
  double cost = 0.0;   // mean frame distance along the warp path, kFrameDistanceUnit
};

// Finds segments similar to a query by subsequence dynamic time warping: the query runs along
// the rows, every motion of `database` along the columns; a path may start and end at any column
// of one motion. Matches are reported best first (lowest mean cost along the path), at most
// `maxResults`, with their frame ranges overlapping by at most half. Lengths are limited to
// [0.5, 2] x the query's. Fails when: the query range is empty or outside `query`; the sets are
// not comparable; maxResults < 1; cancelled.
struct SimilarSegmentJob {
  const FrameSet* query = nullptr;     // required; not owned
  int queryBegin = 0, queryEnd = 0;    // frames of `query` (set frames), [begin, end)
  const FrameSet* database = nullptr;  // required; not owned
  int maxResults = 10;
  double maxMeanCost = 1e30;  // drop matches whose mean cost is higher

  Status validate() const;
};
Result<std::vector<SimilarSegment>> findSimilarSegments(const SimilarSegmentJob& job,
                                                        const Progress& progress = {});

}  // namespace mg
