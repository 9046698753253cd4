// SPDX-License-Identifier: MIT
#include "core/metric/grid_minima.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <mutex>

#include "core/util/parallel_for.h"

namespace mg {
namespace {

constexpr int kNeighbourRows[8] = {-1, -1, -1, 0, 0, 1, 1, 1};
constexpr int kNeighbourCols[8] = {-1, 0, 1, -1, 1, -1, 0, 1};

// The rule of MinimaSettings, shared by the dense and the streaming finder so they agree exactly.
struct MinimaRule {
  const std::vector<int>& rowMotion;
  const std::vector<int>& colMotion;
  bool symmetric;
  float threshold;
  int excludeDiagonal;

  int rows() const { return static_cast<int>(rowMotion.size()); }
  int cols() const { return static_cast<int>(colMotion.size()); }

  bool candidate(int r, int c, float v) const {
    if (!(v < threshold)) return false;
    if (!symmetric) return true;
    return c > r && (rowMotion[r] != rowMotion[c] || c - r >= excludeDiagonal);
  }
  // Whether (rn, cn) is a neighbour of (r, c) inside the same motion-pair block.
  bool neighbour(int r, int c, int rn, int cn) const {
    return rn >= 0 && cn >= 0 && rn < rows() && cn < cols() && rowMotion[rn] == rowMotion[r] &&
           colMotion[cn] == colMotion[c];
  }
  // Strict total order: smaller value first, then row, then column.
  static bool before(float v, int r, int c, float vn, int rn, int cn) {
    return v < vn || (v == vn && (r < rn || (r == rn && c < cn)));
  }
};

void sortCells(std::vector<GridMinimum>& minima) {
  std::sort(minima.begin(), minima.end(), [](const GridMinimum& a, const GridMinimum& b) {
    return a.row != b.row ? a.row < b.row : a.col < b.col;
  });
}

// Fills every minimum's alignment with align(row, col), in parallel.
template <class Align>
void alignAll(std::vector<GridMinimum>& minima, int threads, const Align& align) {
  constexpr int kChunk = 1024;
  const int chunks = static_cast<int>((minima.size() + kChunk - 1) / kChunk);
  parallelFor(chunks, threads, [&](int chunk, int) {
    const size_t end = std::min(minima.size(), static_cast<size_t>(chunk + 1) * kChunk);
    for (size_t k = static_cast<size_t>(chunk) * kChunk; k < end; ++k) {
      minima[k].alignment = align(minima[k].row, minima[k].col);
    }
  });
}

}  // namespace

Status MinimaSettings::validate() const {
  if (!std::isfinite(threshold) || threshold <= 0) {
    return Error{"minima threshold " + std::to_string(threshold) + " must be positive"};
  }
  if (excludeDiagonalFrames < 1) {
    return Error{"diagonal exclusion of " + std::to_string(excludeDiagonalFrames) +
                 " frames: it must be at least 1"};
  }
  return Status::success();
}

Result<std::vector<GridMinimum>> findGridMinima(const DistanceGrid& grid, const FrameSet& rows,
                                                const FrameSet* cols,
                                                const MinimaSettings& settings) {
  if (Status s = settings.validate(); !s) return s.error();
  const bool self = !cols || cols == &rows;
  const FrameSet& colSet = self ? rows : *cols;
  if (grid.rows != rows.frameCount() || grid.cols != colSet.frameCount() ||
      grid.values.size() != static_cast<size_t>(grid.rows) * grid.cols) {
    return Error{"the grid's size does not match its frame sets"};
  }
  if (grid.symmetric != self) return Error{"the grid's symmetry does not match its frame sets"};
  const MinimaRule rule{rows.frameMotion, colSet.frameMotion, self,
                        static_cast<float>(settings.threshold), settings.excludeDiagonalFrames};
  std::vector<GridMinimum> out;
  for (int r = 0; r < grid.rows; ++r) {
    for (int c = self ? r + 1 : 0; c < grid.cols; ++c) {
      const float v = grid.at(r, c);
      if (!rule.candidate(r, c, v)) continue;
      bool minimum = true;
      for (int k = 0; k < 8 && minimum; ++k) {
        const int rn = r + kNeighbourRows[k], cn = c + kNeighbourCols[k];
        if (rule.neighbour(r, c, rn, cn))
          minimum = MinimaRule::before(v, r, c, grid.at(rn, cn), rn, cn);
      }
      if (minimum) out.push_back({r, c, v, {}});
    }
  }
  sortCells(out);
  alignAll(out, 0, [&](int r, int c) { return frameDistance(rows, r, colSet, c); });
  return out;
}

Status GridMinimaJob::validate() const {
  if (!rows) return Error{"grid minima: no row frames given"};
  if (rows->frameCount() == 0) return Error{"grid minima: the row frame set is empty"};
  if (cols && cols != rows) {
    if (cols->frameCount() == 0) return Error{"grid minima: the column frame set is empty"};
    if (Status s = checkComparable(*rows, *cols); !s) {
      return Error{"grid minima: " + s.error().message};
    }
  }
  if (Status s = minima.validate(); !s) return Error{"grid minima: " + s.error().message};
  if (Status s = options.validate(); !s) return Error{"grid minima: " + s.error().message};
  return Status::success();
}

Result<std::vector<GridMinimum>> streamGridMinima(const GridMinimaJob& job,
                                                  const Progress& progress) {
  if (Status s = job.validate(); !s) return s.error();
  Result<DistanceTileEngine> created = DistanceTileEngine::create(*job.rows, job.cols, job.options);
  if (!created) return created.error();
  const DistanceTileEngine& engine = created.value();
  const bool self = engine.symmetric();
  const FrameSet& colSet = self ? *job.rows : *job.cols;
  const MinimaRule rule{job.rows->frameMotion, colSet.frameMotion, self,
                        static_cast<float>(job.minima.threshold), job.minima.excludeDiagonalFrames};

  const int tiles = engine.tileCount();
  const int threads = effectiveThreadCount(tiles, job.options.threads);
  const int t = engine.tileFrames();
  // Per tile: its top and bottom rows, then its left and right columns.
  std::vector<std::vector<float>> edges(tiles);
  struct Worker {
    DistanceTileEngine::Scratch scratch;
    std::vector<float> tile;
    std::vector<GridMinimum> decided;  // minima with every neighbour inside their tile
    std::vector<GridMinimum> pending;  // passed the neighbours inside; others still to check
  };
  std::vector<Worker> workers(threads);
  std::atomic<int> done{0};
  parallelFor(tiles, threads, [&](int index, int w) {
    if (progress.cancelled()) return;
    Worker& worker = workers[w];
    const TileRect r = engine.tile(index);
    const int m = r.rowCount(), n = r.colCount();
    worker.tile.resize(static_cast<size_t>(t) * t);
    float* d = worker.tile.data();
    engine.computeTile(index, worker.scratch, d, n);
    constexpr int kChunk = 16;
    for (int i = 0; i < m; ++i) {
      for (int j = 0; j < n; ++j) {
        if (j % kChunk == 0 && j + kChunk <= n) {
          // Most cells lie above the threshold: skip them 16 at a time (a vectorised count).
          int below = 0;
          for (int k = 0; k < kChunk; ++k) below += d[i * n + j + k] < rule.threshold;
          if (below == 0) {
            j += kChunk - 1;
            continue;
          }
        }
        const float v = d[i * n + j];
        const int row = r.rowBegin + i, col = r.colBegin + j;
        if (!rule.candidate(row, col, v)) continue;
        bool minimum = true, outside = false;
        for (int k = 0; k < 8 && minimum; ++k) {
          const int rn = row + kNeighbourRows[k], cn = col + kNeighbourCols[k];
          if (!rule.neighbour(row, col, rn, cn)) continue;
          const int in = i + kNeighbourRows[k], jn = j + kNeighbourCols[k];
          if (in < 0 || jn < 0 || in >= m || jn >= n) {
            outside = true;
            continue;
          }
          minimum = MinimaRule::before(v, row, col, d[in * n + jn], rn, cn);
        }
        // Aligned now, while this tile's clouds are still in cache.
        if (minimum) {
          (outside ? worker.pending : worker.decided)
              .push_back({row, col, v, engine.tileAlignment(index, worker.scratch, row, col, v)});
        }
      }
    }
    std::vector<float>& e = edges[index];
    e.resize(2 * static_cast<size_t>(n) + 2 * static_cast<size_t>(m));
    std::copy(d, d + n, e.begin());
    std::copy(d + static_cast<size_t>(m - 1) * n, d + static_cast<size_t>(m) * n, e.begin() + n);
    for (int i = 0; i < m; ++i) {
      e[2 * n + i] = d[i * n];
      e[2 * n + m + i] = d[i * n + n - 1];
    }
    progress.report(static_cast<double>(done.fetch_add(1) + 1) / tiles);
  });
  if (progress.cancelled()) return Error{"grid minima cancelled"};

  // A cell next to a tile border lies on its own tile's border, so its value is in `edges`.
  auto valueAt = [&](int row, int col) {
    if (self && col < row) std::swap(row, col);
    const int index = engine.tileIndex(row / t, col / t);
    const TileRect r = engine.tile(index);
    const std::vector<float>& e = edges[index];
    const int m = r.rowCount(), n = r.colCount();
    if (row == r.rowBegin) return e[col - r.colBegin];
    if (row == r.rowEnd - 1) return e[n + col - r.colBegin];
    if (col == r.colBegin) return e[2 * n + row - r.rowBegin];
    return e[2 * n + m + row - r.rowBegin];  // col == r.colEnd - 1
  };
  std::vector<GridMinimum> out;
  size_t total = 0;
  for (const Worker& worker : workers) total += worker.decided.size() + worker.pending.size();
  out.reserve(total);
  for (Worker& worker : workers) {
    out.insert(out.end(), worker.decided.begin(), worker.decided.end());
    worker.decided = {};
    for (const GridMinimum& g : worker.pending) {
      const int rowTile = g.row / t, colTile = g.col / t;
      bool minimum = true;
      for (int k = 0; k < 8 && minimum; ++k) {
        const int rn = g.row + kNeighbourRows[k], cn = g.col + kNeighbourCols[k];
        if (!rule.neighbour(g.row, g.col, rn, cn)) continue;
        if (rn / t == rowTile && cn / t == colTile) continue;  // checked with its tile
        minimum = MinimaRule::before(g.distance, g.row, g.col, valueAt(rn, cn), rn, cn);
      }
      if (minimum) out.push_back(g);
    }
    worker.pending = {};
  }
  sortCells(out);
  return out;
}

}  // namespace mg
