// SPDX-License-Identifier: MIT
#include "widgets/jobs/heatmap_grid.h"

#include <algorithm>
#include <cmath>

#include "core/metric/distance_grid.h"
#include "core/metric/grid_colour_map.h"

namespace mg {

float HeatmapGrid::distance(int i, int j) const {
  if (dense()) return pyramid.levels[0].at(i, j);
  return static_cast<float>(alignment(i, j).distance);
}

std::vector<float> HeatmapGrid::rowSlice(int i) const {
  std::vector<float> out(colCount());
  if (dense()) {
    const GridPyramidLevel& l = pyramid.levels[0];
    std::copy_n(l.values.begin() + static_cast<std::ptrdiff_t>(i) * l.cols, l.cols, out.begin());
  } else {
    for (int j = 0; j < colCount(); ++j) out[j] = distance(i, j);
  }
  return out;
}

int HeatmapGrid::sourceFrame(const Motion& motion, int frame, double workingFps) {
  const int f = static_cast<int>(std::lround(frame * motion.fps / workingFps));
  return std::clamp(f, 0, motion.frameCount() - 1);
}

std::vector<int> sliceMinima(const std::vector<float>& slice, float threshold, int skipCentre,
                             int skipBand) {
  std::vector<int> out;
  const int n = static_cast<int>(slice.size());
  for (int j = 0; j < n; ++j) {
    if (!(slice[j] < threshold)) continue;
    if (skipCentre >= 0 && std::abs(j - skipCentre) < skipBand) continue;
    if (j > 0 && !(slice[j] < slice[j - 1])) continue;
    if (j + 1 < n && slice[j] > slice[j + 1]) continue;
    out.push_back(j);
  }
  return out;
}

Result<std::shared_ptr<const HeatmapGrid>> computeHeatmapGrid(
    const HeatmapGridKey& key, const std::vector<std::shared_ptr<const Motion>>& motions,
    long long denseCells, const Progress& progress) {
  if (motions.empty() || motions.size() > 2 || motions.size() != key.motions.size()) {
    return Error{"a heatmap needs one or two motions"};
  }
  auto grid = std::make_shared<HeatmapGrid>();
  grid->key = key;
  grid->rowMotion = motions[0];
  grid->colMotion = motions.back();
  std::vector<std::shared_ptr<const FrameSet>> sets;
  for (const auto& m : motions) {
    Result<FrameSet> s = buildFrameSet(*m, key.settings);
    if (!s) return Error{m->name + ": " + s.error().message};
    sets.push_back(std::make_shared<const FrameSet>(std::move(s).value()));
  }
  grid->rows = sets[0];
  grid->cols = sets.back();
  const FrameSet* cols = grid->self() ? nullptr : grid->cols.get();
  if (cols) {
    if (Status s = checkComparable(*grid->rows, *cols); !s) return s.error();
  }
  const long long cells = static_cast<long long>(grid->rows->frameCount()) *
                          (cols ? cols->frameCount() : grid->rows->frameCount());
  MinimaSettings minima;
  if (cells <= denseCells) {
    Result<DistanceGrid> dense =
        computeDistanceGrid({grid->rows.get(), cols, {}, false}, progress.slice(0, 0.85));
    if (progress.cancelled()) return Error{"cancelled"};
    if (!dense) return dense.error();
    grid->whiteLevel = gridWhiteLevel(dense->values);
    grid->suggestedThreshold = gridPercentile(dense->values, 5);
    minima.threshold = grid->whiteLevel;
    Result<std::vector<GridMinimum>> found = findGridMinima(*dense, *grid->rows, cols, minima);
    if (!found) return found.error();
    grid->minima = std::move(found).value();
    grid->pyramid = buildGridPyramid(std::move(dense).value());
  } else {
    GridOptions options;
    Result<DistanceTileEngine> engine = DistanceTileEngine::create(*grid->rows, cols, options);
    if (!engine) return engine.error();
    const int base = pyramidBaseLevel(engine->rowCount(), engine->colCount(), denseCells);
    Result<StreamedPyramid> streamed =
        streamGridPyramid(*engine, base, 0, 200000, progress.slice(0, 0.5));
    if (progress.cancelled()) return Error{"cancelled"};
    if (!streamed) return streamed.error();
    grid->whiteLevel = gridWhiteLevel(streamed->sample);
    grid->suggestedThreshold = gridPercentile(streamed->sample, 5);
    grid->pyramid = std::move(streamed->pyramid);
    minima.threshold = grid->whiteLevel;
    // The minima pass recomputes the tiles (no dense grid to search): half the time.
    GridMinimaJob job{grid->rows.get(), cols, minima, options};
    Result<std::vector<GridMinimum>> found = streamGridMinima(job, progress.slice(0.5, 1));
    if (progress.cancelled()) return Error{"cancelled"};
    if (!found) return found.error();
    grid->minima = std::move(found).value();
  }
  progress.report(1.0);
  return std::shared_ptr<const HeatmapGrid>(std::move(grid));
}

}  // namespace mg
