// SPDX-License-Identifier: MIT
#include "core/metric/grid_pyramid.h"

#include <algorithm>
#include <atomic>
#include <cmath>

#include "core/util/parallel_for.h"

namespace mg {
namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();

int pooledEdge(long long frames, int level) {
  return static_cast<int>((frames + (1LL << level) - 1) >> level);
}

void addLevelsAbove(GridPyramid& p) {
  while (std::max(p.levels.back().rows, p.levels.back().cols) > kPyramidTopEdge) {
    p.levels.push_back(downsampleLevel(p.levels.back()));
  }
}

}  // namespace

const GridPyramidLevel& GridPyramid::levelAtOrBelow(int level) const {
  const int k = std::clamp(level - baseLevel, 0, static_cast<int>(levels.size()) - 1);
  return levels[k];
}

size_t GridPyramid::byteSize() const {
  size_t bytes = 0;
  for (const GridPyramidLevel& l : levels) bytes += l.values.size() * sizeof(float);
  return bytes;
}

int pyramidBaseLevel(long long rows, long long cols, long long maxBaseCells) {
  int level = 0;
  while (static_cast<long long>(pooledEdge(rows, level)) * pooledEdge(cols, level) >
         std::max(1LL, maxBaseCells)) {
    ++level;
  }
  return level;
}

int pyramidLevelForZoom(double pixelsPerFrame) {
  if (!(pixelsPerFrame > 0) || pixelsPerFrame >= 1) return 0;
  // A little slack so 0.5 px/frame picks level 1 despite rounding.
  return std::max(0, static_cast<int>(std::ceil(std::log2(1.0 / pixelsPerFrame) - 1e-9)));
}

GridPyramidLevel downsampleLevel(const GridPyramidLevel& fine) {
  GridPyramidLevel out;
  out.level = fine.level + 1;
  out.rows = (fine.rows + 1) / 2;
  out.cols = (fine.cols + 1) / 2;
  out.values.assign(static_cast<size_t>(out.rows) * out.cols, kInf);
  for (int r = 0; r < fine.rows; ++r) {
    float* dst = out.values.data() + static_cast<size_t>(r / 2) * out.cols;
    const float* src = fine.values.data() + static_cast<size_t>(r) * fine.cols;
    for (int c = 0; c < fine.cols; ++c) dst[c / 2] = std::min(dst[c / 2], src[c]);
  }
  return out;
}

GridPyramid buildGridPyramid(DistanceGrid&& grid) {
  if (grid.upperOnly) {
    for (int i = 0; i < grid.rows; ++i) {
      for (int j = 0; j < i; ++j) {
        grid.values[static_cast<size_t>(i) * grid.cols + j] =
            grid.values[static_cast<size_t>(j) * grid.cols + i];
      }
    }
    grid.upperOnly = false;
  }
  GridPyramid p;
  p.gridRows = grid.rows;
  p.gridCols = grid.cols;
  GridPyramidLevel base;
  base.rows = grid.rows;
  base.cols = grid.cols;
  base.values = std::move(grid.values);
  grid = {};
  p.levels.push_back(std::move(base));
  addLevelsAbove(p);
  return p;
}

Result<StreamedPyramid> streamGridPyramid(const DistanceTileEngine& engine, int baseLevel,
                                          int threads, int sampleCount, const Progress& progress) {
  if (baseLevel < 0 || (1LL << std::min(baseLevel, 40)) > engine.tileFrames()) {
    return Error{"pyramid base level " + std::to_string(baseLevel) + " does not fit tiles of " +
                 std::to_string(engine.tileFrames()) + " frames"};
  }
  if (sampleCount < 1) return Error{"a grid sample needs at least one cell"};
  StreamedPyramid out;
  GridPyramid& p = out.pyramid;
  p.gridRows = engine.rowCount();
  p.gridCols = engine.colCount();
  p.baseLevel = baseLevel;
  GridPyramidLevel base;
  base.level = baseLevel;
  base.rows = pooledEdge(p.gridRows, baseLevel);
  base.cols = pooledEdge(p.gridCols, baseLevel);
  base.values.assign(static_cast<size_t>(base.rows) * base.cols, kInf);

  const int tileCount = engine.tileCount();
  const int workers = effectiveThreadCount(tileCount, threads);
  // A stride that spreads ~sampleCount samples over all the cells the tiles compute.
  double computed = 0;
  for (int t = 0; t < tileCount; ++t) {
    computed += static_cast<double>(engine.tile(t).rowCount()) * engine.tile(t).colCount();
  }
  const int stride = std::max(1, static_cast<int>(std::sqrt(computed / sampleCount)));
  std::vector<DistanceTileEngine::Scratch> scratch(workers);
  std::vector<std::vector<float>> tileValues(workers);
  std::vector<std::vector<float>> samples(workers);
  std::atomic<int> done{0};
  std::atomic<bool> stopped{false};
  const int shift = baseLevel;
  parallelFor(tileCount, threads, [&](int index, int worker) {
    if (stopped.load(std::memory_order_relaxed) || progress.cancelled()) {
      stopped = true;
      return;
    }
    const TileRect rect = engine.tile(index);
    std::vector<float>& values = tileValues[worker];
    values.resize(static_cast<size_t>(rect.rowCount()) * rect.colCount());
    engine.computeTile(index, scratch[worker], values.data(), rect.colCount());
    const bool mirror = engine.symmetric() && rect.colBegin != rect.rowBegin;
    for (int r = 0; r < rect.rowCount(); ++r) {
      const int gr = rect.rowBegin + r;
      const float* src = values.data() + static_cast<size_t>(r) * rect.colCount();
      float* dst = base.values.data() + static_cast<size_t>(gr >> shift) * base.cols;
      for (int c = 0; c < rect.colCount(); ++c) {
        const int gc = rect.colBegin + c;
        dst[gc >> shift] = std::min(dst[gc >> shift], src[c]);
        if (mirror) {
          float& m = base.values[static_cast<size_t>(gc >> shift) * base.cols + (gr >> shift)];
          m = std::min(m, src[c]);
        }
      }
      if (gr % stride == 0) {
        for (int c = (stride - rect.colBegin % stride) % stride; c < rect.colCount(); c += stride) {
          samples[worker].push_back(src[c]);
        }
      }
    }
    progress.report(static_cast<double>(++done) / tileCount);
  });
  if (stopped || progress.cancelled()) return Error{"cancelled"};
  for (std::vector<float>& s : samples) out.sample.insert(out.sample.end(), s.begin(), s.end());
  p.levels.push_back(std::move(base));
  addLevelsAbove(p);
  return out;
}

}  // namespace mg
