// SPDX-License-Identifier: MIT
#include "widgets/views/heatmap/heatmap_tiles.h"

#include <algorithm>
#include <cmath>

#include "core/metric/grid_colour_map.h"

namespace mg {

void HeatmapTiles::setGrid(std::shared_ptr<const HeatmapGrid> grid) {
  m_grid = std::move(grid);
  m_tiles.clear();
}

void HeatmapTiles::setThreshold(float threshold) {
  if (threshold == m_threshold) return;
  m_threshold = threshold;
  m_tiles.clear();
}

void HeatmapTiles::setCapacity(int tiles) {
  m_capacity = std::max(1, tiles);
  while (static_cast<int>(m_tiles.size()) > m_capacity) m_tiles.pop_back();
}

QRgb HeatmapTiles::colourOf(float d, float whiteLevel, float threshold) {
  const int grey = gridGrey8(d, whiteLevel);
  if (!(d < threshold)) return qRgb(grey, grey, grey);
  // 60% grey, 40% tint: dark valleys under the threshold read as deep blue, lighter ones as
  // pale blue, so the grey scale stays legible inside the tinted area.
  const QColor t = thresholdTint();
  auto mix = [grey](int c) { return (grey * 3 + c * 2) / 5; };
  return qRgb(mix(t.red()), mix(t.green()), mix(t.blue()));
}

const QImage& HeatmapTiles::tile(const GridPyramidLevel& level, int tileRow, int tileCol) {
  auto it = std::find_if(m_tiles.begin(), m_tiles.end(), [&](const Tile& t) {
    return t.level == level.level && t.row == tileRow && t.col == tileCol;
  });
  if (it != m_tiles.end()) {
    m_tiles.splice(m_tiles.begin(), m_tiles, it);
    return m_tiles.front().image;
  }
  const int r0 = tileRow * kTileCells, c0 = tileCol * kTileCells;
  const int h = std::min(kTileCells, level.rows - r0), w = std::min(kTileCells, level.cols - c0);
  QImage image(std::max(w, 1), std::max(h, 1), QImage::Format_RGB32);
  const float white = m_grid ? m_grid->whiteLevel : 1.0f;
  for (int r = 0; r < h; ++r) {
    auto* line = reinterpret_cast<QRgb*>(image.scanLine(r));
    const float* src = level.values.data() + static_cast<size_t>(r0 + r) * level.cols + c0;
    for (int c = 0; c < w; ++c) line[c] = colourOf(src[c], white, m_threshold);
  }
  m_tiles.push_front({level.level, tileRow, tileCol, std::move(image)});
  setCapacity(m_capacity);
  return m_tiles.front().image;
}

}  // namespace mg
