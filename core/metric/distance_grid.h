// SPDX-License-Identifier: MIT
#pragma once

#include <utility>
#include <vector>

#include "core/metric/distance_tile_engine.h"
#include "core/metric/frame_set.h"
#include "core/util/default_init_allocator.h"
#include "core/util/progress.h"
#include "core/util/result.h"

namespace mg {

// A dense distance grid: D(i, j) between row frame i and column frame j, in kFrameDistanceUnit.
struct DistanceGrid {
  int rows = 0;
  int cols = 0;
  bool symmetric = false;  // a self grid: D(i, j) == D(j, i) exactly, D(i, i) == 0
  bool upperOnly = false;  // only cells with j >= i are stored; at() mirrors the others
  // rows x cols, row-major. Not zeroed on allocation: computeDistanceGrid writes every cell.
  FloatBuffer values;

  float at(int i, int j) const {
    if (upperOnly && j < i) std::swap(i, j);
    return values[static_cast<size_t>(i) * cols + j];
  }
};

// Computes a dense grid with the fast tiled engine.
struct DistanceGridJob {
  const FrameSet* rows = nullptr;  // required; not owned
  const FrameSet* cols = nullptr;  // null (or == rows) for the self grid of `rows`
  GridOptions options;
  // For a self grid: fill only cells with j >= i (the lower half is left 0), skipping the
  // transposed copy. DistanceGrid::at() still answers every cell.
  bool upperTriangleOnly = false;

  // Fails when: rows is null or empty; cols is empty; the sets are not comparable
  // (checkComparable); options are invalid; upperTriangleOnly is set for two different sets;
  // the grid would hold more than kMaxDenseCells cells (use streamGridMinima instead).
  Status validate() const;
};

// 2^31 cells (8 GiB of floats): beyond this, a dense grid is never what you want.
inline constexpr long long kMaxDenseCells = 1LL << 31;

// Runs `job` on job.options.threads threads, tile by tile, reporting the fraction of tiles done
// after each tile and polling progress.cancelled() before each one. Fails when the job is invalid
// or the work was cancelled (then no grid is returned; each thread stops after at most the tile
// it was computing).
Result<DistanceGrid> computeDistanceGrid(const DistanceGridJob& job, const Progress& progress = {});

}  // namespace mg
