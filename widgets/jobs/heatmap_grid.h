// SPDX-License-Identifier: MIT
#pragma once

#include <memory>
#include <vector>

#include "core/metric/frame_distance.h"
#include "core/metric/frame_set.h"
#include "core/metric/grid_minima.h"
#include "core/metric/grid_pyramid.h"
#include "core/util/progress.h"
#include "core/util/result.h"
#include "widgets/document/project.h"

namespace mg {

// What a heatmap grid is computed from: one motion (its self grid) or two (rows, columns), under
// metric settings. Motions are immutable, so their ids identify their content.
struct HeatmapGridKey {
  std::vector<MotionId> motions;  // 1 or 2 ids
  MetricSettings settings;
  bool operator==(const HeatmapGridKey&) const = default;
};

// Grids up to this many cells (64 MiB of floats, e.g. 4096 x 4096 frames) are kept dense, so
// every cell is read back exactly. Larger ones are streamed from the tile engine into a pyramid
// whose finest stored level fits in the same budget (20,000^2 frames: 8-frame blocks, 25 MB);
// their full-resolution cells are recomputed one at a time, with the reference distance, when
// asked for (hover, click, slices).
inline constexpr long long kHeatmapDenseCells = 1LL << 24;
// A grid beyond this many cells (50,000 x 50,000 frames at the working rate, ~28 min of capture
// against itself) is computed only when the author asks: it takes minutes and its packed point
// clouds alone outweigh the motion (a 1 GB take: 1.2 GB), so selecting such a take must not start
// it unasked.
inline constexpr long long kHeatmapAskCells = 2'500'000'000LL;

// A computed grid as the heatmap shows it. Immutable once built; shared between the cache, the
// views and nothing else. Frames are those of the working rate (settings.workingFps).
struct HeatmapGrid {
  HeatmapGridKey key;
  std::shared_ptr<const Motion> rowMotion, colMotion;  // colMotion == rowMotion for a self grid
  std::shared_ptr<const FrameSet> rows, cols;          // cols == rows for a self grid
  GridPyramid pyramid;
  // Every local minimum below whiteLevel (findGridMinima rules, 15-frame diagonal band), so any
  // threshold the slider offers is a filter of this list; sorted by (row, col). A self grid lists
  // each pair once, with col > row.
  std::vector<GridMinimum> minima;
  float whiteLevel = 1;          // the colour map's white: 95th percentile, kFrameDistanceUnit
  float suggestedThreshold = 0;  // 5th percentile, a starting threshold

  bool self() const { return rows == cols; }
  int rowCount() const { return pyramid.gridRows; }
  int colCount() const { return pyramid.gridCols; }
  double fps() const { return rows->settings.workingFps; }
  bool dense() const { return pyramid.baseLevel == 0; }
  // D(i, j): the stored cell when dense, else the reference distance. 0 <= i < rowCount(),
  // 0 <= j < colCount().
  float distance(int i, int j) const;
  // The reference alignment of column frame j onto row frame i (frameDistance).
  FrameAlignment alignment(int i, int j) const { return frameDistance(*rows, i, *cols, j); }
  // D(i, j) for every column j.
  std::vector<float> rowSlice(int i) const;
  // The frame of `motion` shown for working-rate frame `frame` (nearest in time).
  static int sourceFrame(const Motion& motion, int frame, double workingFps);
};

// Columns j of `slice` that are local minima of the curve (smaller than the left neighbour, no
// larger than the right one) with slice[j] < threshold, skipping |j - skipCentre| < skipBand
// (the diagonal valley of a self grid; skipCentre < 0 skips nothing).
std::vector<int> sliceMinima(const std::vector<float>& slice, float threshold, int skipCentre,
                             int skipBand);

// Computes the grid of `motions` (1 or 2, matching key.motions) under key.settings: frame sets,
// then the dense grid (`denseCells` or less) or the streamed pyramid, then the minima.
// `progress` (reported from worker threads) gets the fraction done in [0, 1] and is polled for
// cancel per tile. Fails when the frame sets cannot be built or compared (e.g. two skeletons), or
// the work was cancelled.
Result<std::shared_ptr<const HeatmapGrid>> computeHeatmapGrid(
    const HeatmapGridKey& key, const std::vector<std::shared_ptr<const Motion>>& motions,
    long long denseCells = kHeatmapDenseCells, const Progress& progress = {});

}  // namespace mg
