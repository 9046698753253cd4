// SPDX-License-Identifier: MIT
#include "core/metric/distance_grid.h"

#include <algorithm>
#include <atomic>

#include "core/util/parallel_for.h"

namespace mg {

Status DistanceGridJob::validate() const {
  if (!rows) return Error{"distance grid: no row frames given"};
  if (rows->frameCount() == 0) return Error{"distance grid: the row frame set is empty"};
  const bool self = !cols || cols == rows;
  if (!self) {
    if (cols->frameCount() == 0) return Error{"distance grid: the column frame set is empty"};
    if (Status s = checkComparable(*rows, *cols); !s) {
      return Error{"distance grid: " + s.error().message};
    }
    if (upperTriangleOnly) {
      return Error{"distance grid: upper-triangle storage needs a self grid"};
    }
  }
  if (Status s = options.validate(); !s) return Error{"distance grid: " + s.error().message};
  const long long cells =
      static_cast<long long>(rows->frameCount()) * (self ? rows->frameCount() : cols->frameCount());
  if (cells > kMaxDenseCells) {
    return Error{"distance grid of " + std::to_string(cells) +
                 " cells is too large to hold; stream its minima instead"};
  }
  return Status::success();
}

Result<DistanceGrid> computeDistanceGrid(const DistanceGridJob& job, const Progress& progress) {
  if (Status s = job.validate(); !s) return s.error();
  Result<DistanceTileEngine> created = DistanceTileEngine::create(*job.rows, job.cols, job.options);
  if (!created) return created.error();
  const DistanceTileEngine& engine = created.value();

  DistanceGrid grid;
  grid.rows = engine.rowCount();
  grid.cols = engine.colCount();
  grid.symmetric = engine.symmetric();
  grid.upperOnly = job.upperTriangleOnly;
  grid.values.resize(static_cast<size_t>(grid.rows) * grid.cols);  // written below, in parallel

  const int tiles = engine.tileCount();
  const int threads = effectiveThreadCount(tiles, job.options.threads);
  std::vector<DistanceTileEngine::Scratch> scratch(threads);
  std::atomic<int> done{0};
  parallelFor(tiles, threads, [&](int index, int worker) {
    if (progress.cancelled()) return;
    const TileRect r = engine.tile(index);
    float* out = grid.values.data() + static_cast<size_t>(r.rowBegin) * grid.cols + r.colBegin;
    engine.computeTile(index, scratch[worker], out, grid.cols);
    if (grid.symmetric && grid.upperOnly && r.rowBegin != r.colBegin) {
      // The block below the diagonal is not stored but must hold zeros (documented).
      for (int j = r.colBegin; j < r.colEnd; ++j) {
        float* dst = grid.values.data() + static_cast<size_t>(j) * grid.cols + r.rowBegin;
        std::fill(dst, dst + (r.rowEnd - r.rowBegin), 0.0f);
      }
    } else if (grid.symmetric && r.rowBegin != r.colBegin) {
      // The mirror block below the diagonal, copied in small squares to stay in cache.
      constexpr int kBlock = 32;
      for (int i0 = r.rowBegin; i0 < r.rowEnd; i0 += kBlock) {
        for (int j0 = r.colBegin; j0 < r.colEnd; j0 += kBlock) {
          const int i1 = std::min(i0 + kBlock, r.rowEnd), j1 = std::min(j0 + kBlock, r.colEnd);
          for (int j = j0; j < j1; ++j) {
            float* dst = grid.values.data() + static_cast<size_t>(j) * grid.cols;
            for (int i = i0; i < i1; ++i)
              dst[i] = grid.values[static_cast<size_t>(i) * grid.cols + j];
          }
        }
      }
    }
    progress.report(static_cast<double>(done.fetch_add(1) + 1) / tiles);
  });
  if (progress.cancelled()) return Error{"distance grid cancelled"};
  return grid;
}

}  // namespace mg
