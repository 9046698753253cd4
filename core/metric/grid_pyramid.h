// SPDX-License-Identifier: MIT
#pragma once

#include <limits>
#include <vector>

#include "core/util/default_init_allocator.h"

#include "core/metric/distance_grid.h"
#include "core/metric/distance_tile_engine.h"
#include "core/util/progress.h"
#include "core/util/result.h"

namespace mg {

// One level of a grid pyramid: cell (r, c) holds the minimum of the grid over frames
// [r * 2^level, (r + 1) * 2^level) x [c * 2^level, (c + 1) * 2^level) (clipped at the grid's
// edges). Min-pooling, not averaging, so a narrow valley (a transition candidate) stays as dark at
// every zoom as it is at full resolution.
struct GridPyramidLevel {
  int level = 0;       // log2 of the frames per cell edge
  int rows = 0;        // ceil(grid rows / 2^level)
  int cols = 0;        // ceil(grid cols / 2^level)
  FloatBuffer values;  // rows x cols, row-major, kFrameDistanceUnit

  float at(int r, int c) const { return values[static_cast<size_t>(r) * cols + c]; }
};

// A distance grid at power-of-two resolutions for drawing at any zoom. levels[k] has level
// baseLevel + k; the last level fits in kPyramidTopEdge x kPyramidTopEdge cells. A pyramid
// with baseLevel 0 holds the whole grid (levels[0] is the dense grid); a larger baseLevel keeps
// memory bounded on long motions: the full-resolution cells are then not stored at all.
struct GridPyramid {
  int gridRows = 0;
  int gridCols = 0;
  int baseLevel = 0;
  std::vector<GridPyramidLevel> levels;

  // The stored level closest to `level` that is no coarser than it when possible: `level`
  // clamped to [baseLevel, baseLevel + levels.size() - 1]. Precondition: levels is not empty.
  const GridPyramidLevel& levelAtOrBelow(int level) const;
  // Bytes held by the levels' values.
  size_t byteSize() const;
};

// Edge, in cells, under which the pyramid's coarsest level fits (one 256 x 256 screen tile).
inline constexpr int kPyramidTopEdge = 256;

// The smallest level whose cell count ceil(rows / 2^l) x ceil(cols / 2^l) is at most
// `maxBaseCells` (>= 1). rows, cols >= 1.
int pyramidBaseLevel(long long rows, long long cols, long long maxBaseCells);

// The level to draw at a zoom of `pixelsPerFrame` screen pixels per grid frame (> 0): the finest
// level whose cells are at least one pixel wide, ceil(log2(1 / pixelsPerFrame)), and 0 when
// zoomed in past one pixel per frame. Drawing then only ever enlarges a level's image, so no
// dark cell is skipped by the scaling.
int pyramidLevelForZoom(double pixelsPerFrame);

// The next coarser level of `fine`: 2 x 2 min-pooling (edge blocks pool what exists).
GridPyramidLevel downsampleLevel(const GridPyramidLevel& fine);

// A pyramid over a dense grid, taking its values as level 0 (the grid is left empty). A grid
// stored upper-triangle only is mirrored first. Levels up to the top edge are pooled from it.
GridPyramid buildGridPyramid(DistanceGrid&& grid);

// What streaming a grid into a pyramid produced.
struct StreamedPyramid {
  GridPyramid pyramid;
  // About `sampleCount` grid cells on a regular stride over every computed tile, for
  // percentiles (the colour map's white level) without the dense grid.
  std::vector<float> sample;
};

// Builds a pyramid of base level `baseLevel` straight from the engine's tiles, never holding the
// dense grid: each tile is computed into per-thread scratch and min-pooled into the base level
// (and, for a self grid, into its mirrored block too), so memory is the base level plus
// threads x tileFrames^2 floats. Runs on `threads` threads (0 = all), reports the fraction of
// tiles done and polls progress.cancelled() before each tile. Fails when: baseLevel < 0 or
// 2^baseLevel > engine.tileFrames() (a pooled block may not straddle tiles); sampleCount < 1; the
// work was cancelled.
Result<StreamedPyramid> streamGridPyramid(const DistanceTileEngine& engine, int baseLevel,
                                          int threads, int sampleCount,
                                          const Progress& progress = {});

}  // namespace mg
