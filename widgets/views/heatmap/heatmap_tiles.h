// SPDX-License-Identifier: MIT
#pragma once

#include <list>
#include <memory>

#include <QColor>
#include <QImage>

#include "widgets/jobs/heatmap_grid.h"

namespace mg {

// Screen tiles of a heatmap: kTileCells x kTileCells cells of one pyramid level as an RGB image
// in the shared grid colour map (dark = similar), cells under the threshold tinted. Tiles are
// made on first use and kept in an LRU of at most `capacity` images (256 KiB each), so memory
// does not grow with the grid or with how much of it has been looked at. UI thread only.
class HeatmapTiles {
 public:
  static constexpr int kTileCells = 256;
  static constexpr int kDefaultCapacity = 160;  // 40 MiB: a full-screen view is ~40 tiles

  // The tint of cells under the threshold (mixed over their grey).
  static QColor thresholdTint() { return QColor(40, 150, 255); }

  void setGrid(std::shared_ptr<const HeatmapGrid> grid);
  // Cells with distance < threshold (kFrameDistanceUnit) are tinted; <= 0 tints none.
  void setThreshold(float threshold);
  float threshold() const { return m_threshold; }
  void setCapacity(int tiles);

  // Tile (tileRow, tileCol) of `level` (a stored level of the grid's pyramid): its image covers
  // cells [tileRow * kTileCells, ...) x [tileCol * kTileCells, ...), clipped at the level's edge
  // (so edge tiles are smaller). Precondition: a grid is set and the tile exists.
  const QImage& tile(const GridPyramidLevel& level, int tileRow, int tileCol);
  int cachedCount() const { return static_cast<int>(m_tiles.size()); }

  // The colour of distance `d` under `whiteLevel` and `threshold` (what the tiles hold).
  static QRgb colourOf(float d, float whiteLevel, float threshold);

 private:
  struct Tile {
    int level, row, col;
    QImage image;
  };
  std::shared_ptr<const HeatmapGrid> m_grid;
  float m_threshold = 0;
  int m_capacity = kDefaultCapacity;
  std::list<Tile> m_tiles;  // most recently used first
};

}  // namespace mg
