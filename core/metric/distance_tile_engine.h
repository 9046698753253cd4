// SPDX-License-Identifier: MIT
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "core/metric/frame_distance.h"
#include "core/metric/frame_set.h"
#include "core/metric/kernel_dispatch.h"
#include "core/util/result.h"

namespace mg {

// How a fast grid is computed (not what it means: that is MetricSettings).
struct GridOptions {
  // Edge of a square tile in frames, in [64, 4096]. A tile is the unit of parallel work, of
  // progress/cancel polling and of scratch memory (about 16 x tileFrames^2 bytes per thread).
  // 512: the float GEMMs run as fast as at 1024 here (AVX-512, 2 MB L2), a self grid wastes less
  // on the lower halves of diagonal tiles, threads balance better, and a tile takes ~5 ms, which
  // bounds the cancel latency.
  int tileFrames = 512;
  int threads = 0;               // 0 = every hardware thread
  std::optional<KernelIsa> isa;  // empty = defaultKernelIsa()

  // Fails when: tileFrames is outside [64, 4096]; threads < 0; isa names a variant this build or
  // CPU does not support.
  Status validate() const;
};

// A rectangle of the grid: rows [rowBegin, rowEnd) x cols [colBegin, colEnd).
struct TileRect {
  int rowBegin = 0, rowEnd = 0, colBegin = 0, colEnd = 0;
  int rowCount() const { return rowEnd - rowBegin; }
  int colCount() const { return colEnd - colBegin; }
};

// The fast all-pairs distance of ALGORITHMS.md section 1 cut into tiles. create() packs each frame
// set once into float matrices (centred x/z, heights less a global mean, all scaled by sqrt(w));
// computeTile() turns one tile into distances with two float GEMMs and an element-wise epilogue.
// For a self grid (cols == rows) only tiles on or above the diagonal exist, and a diagonal tile
// comes back exactly symmetric with a zero diagonal. Immutable after create(): computeTile may run
// on many threads at once, each with its own Scratch. It owns no threads.
class DistanceTileEngine {
 public:
  // Per-thread buffers, sized on first use.
  struct Scratch {
    std::vector<float> ab, c;
  };

  // `cols` null or equal to &rows makes a self grid. The frame sets must outlive the engine only
  // for the call (the engine copies what it needs). Fails when: options are invalid; rows is
  // empty; cols is empty; the two sets differ in hierarchy or metric settings.
  static Result<DistanceTileEngine> create(const FrameSet& rows, const FrameSet* cols,
                                           const GridOptions& options);

  bool symmetric() const { return m_symmetric; }
  int rowCount() const { return m_rows.frames; }
  int colCount() const { return m_cols ? m_cols->frames : m_rows.frames; }
  int tileFrames() const { return m_tile; }
  KernelIsa isa() const { return m_kernel.isa; }
  int pointCount() const { return m_points; }
  // Tiles to compute: all of them, or only those with colTile >= rowTile for a self grid.
  int tileCount() const { return static_cast<int>(m_tiles.size()); }
  TileRect tile(int index) const;
  // Index of the tile holding tile coordinates (rowTile, colTile); -1 when not computed (below
  // the diagonal of a self grid).
  int tileIndex(int rowTile, int colTile) const;

  // Writes the distances of tile `index` to out[r * outStride + c] for r < rowCount(),
  // c < colCount() of that tile.
  void computeTile(int index, Scratch& scratch, float* out, std::ptrdiff_t outStride) const;

  // The alignment of column frame `col` onto row frame `row` (FrameAlignment conventions) from the
  // packed float clouds, summed in double: theta, x0 and z0 agree with frameDistance to ~1e-6
  // (radians, metres) at a fraction of its cost; distance is as accurate as the grid's.
  // Thread-safe.
  FrameAlignment alignment(int row, int col) const;

  // The alignment of a cell of tile `index` right after computeTile(index, scratch, ...), from the
  // float products A and B that the tile left in `scratch` (theta) and the frames' centroids in
  // double (x0, z0): no extra work per cell, theta within ~1e-5 of frameDistance. `distance` is
  // copied into the result. Preconditions: the cell lies in the tile; scratch is untouched since.
  FrameAlignment tileAlignment(int index, const Scratch& scratch, int row, int col,
                               float distance) const;

  // Floating-point operations of the products of one tile: 2 x M x N x 5P (A and B: 2P each,
  // C: P).
  double tileFlops(int index) const;

 private:
  // One frame set as the kernel wants it, blocked by tiles: tile t holds its frames' U rows then
  // their W rows (see DistanceTileArgs), so any tile is one contiguous operand.
  struct Packed {
    int frames = 0;
    std::vector<float> uw;                                // frames x 4P, tile-blocked
    std::vector<float> y;                                 // frames x P
    std::vector<float> norm;                              // frames
    std::vector<double> exactNorm, centroidX, centroidZ;  // frames; centroids in metres
    const float* u(int frame, int tile) const;  // 2P floats of U of `frame`, then W at w()
    const float* w(int frame, int tile) const;
  };
  static Packed pack(const FrameSet& set, int tile, double meanHeight);

  bool m_symmetric = false;
  int m_tile = 0;
  int m_points = 0;
  int m_rowTiles = 0, m_colTiles = 0;
  TileKernel m_kernel{};
  Packed m_rows;
  std::optional<Packed> m_cols;  // empty for a self grid
  std::vector<std::pair<int, int>> m_tiles;
};

// True when two frame sets can be compared: same hierarchy, same selected joints and the same
// metric settings. Otherwise an error that says what differs.
Status checkComparable(const FrameSet& a, const FrameSet& b);

}  // namespace mg
