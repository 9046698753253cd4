// SPDX-License-Identifier: MIT
#include "core/metric/distance_tile_engine.h"

#include <algorithm>
#include <cmath>

namespace mg {

Status GridOptions::validate() const {
  if (tileFrames < 64 || tileFrames > 4096) {
    return Error{"grid tile of " + std::to_string(tileFrames) + " frames: use 64 to 4096"};
  }
  if (threads < 0) return Error{"negative thread count " + std::to_string(threads)};
  if (isa) {
    const std::vector<KernelIsa> supported = supportedKernelIsas();
    if (std::find(supported.begin(), supported.end(), *isa) == supported.end()) {
      return Error{std::string("kernel variant ") + kernelIsaName(*isa) +
                   " is not built in or not supported by this CPU"};
    }
  }
  return Status::success();
}

Status checkComparable(const FrameSet& a, const FrameSet& b) {
  if (!a.skeleton || !b.skeleton || !a.skeleton->sameHierarchy(*b.skeleton)) {
    return Error{"the two frame sets have different skeletons"};
  }
  const MetricSettings& s = a.settings;
  const MetricSettings& t = b.settings;
  if (a.joints != b.joints || s.windowFrames != t.windowFrames || s.weighting != t.weighting ||
      s.workingFps != t.workingFps || a.pointWeights != b.pointWeights) {
    return Error{"the two frame sets were built with different metric settings"};
  }
  return Status::success();
}

namespace {

// Weighted mean height of every point of a set (a constant shift of y leaves the distance
// unchanged, and removing it keeps the float products small).
void accumulateHeights(const FrameSet& set, double& sum, double& count) {
  for (const Eigen::Vector3d& p : set.positions) sum += p.y();
  count += static_cast<double>(set.positions.size());
}

// T(theta, x0, z0) that carries centroid (xj, zj) onto (xi, zi) after turning by theta.
FrameAlignment alignCentroids(double theta, double xi, double zi, double xj, double zj) {
  FrameAlignment out;
  out.theta = theta;
  const double cs = std::cos(theta), sn = std::sin(theta);
  out.x0 = xi - (cs * xj + sn * zj);
  out.z0 = zi - (-sn * xj + cs * zj);
  return out;
}

}  // namespace

DistanceTileEngine::Packed DistanceTileEngine::pack(const FrameSet& set, int tile,
                                                    double meanHeight) {
  const int n = set.frameCount();
  const int p = set.pointCount();
  Packed out;
  out.frames = n;
  out.uw.resize(static_cast<size_t>(n) * 4 * p);
  out.y.resize(static_cast<size_t>(n) * p);
  out.norm.resize(n);
  out.exactNorm.resize(n);
  out.centroidX.resize(n);
  out.centroidZ.resize(n);
  std::vector<Eigen::Vector3d> cloud(p);
  std::vector<double> sqrtW(p);
  for (int k = 0; k < p; ++k) sqrtW[k] = std::sqrt(set.pointWeights[k]);
  for (int f = 0; f < n; ++f) {
    set.cloud(f, cloud.data());
    double cx = 0, cz = 0;
    for (int k = 0; k < p; ++k) {
      cx += set.pointWeights[k] * cloud[k].x();
      cz += set.pointWeights[k] * cloud[k].z();
    }
    // Tile t starts at t * tile * 4P floats; inside it, U rows come first, then W rows.
    const int t = f / tile;
    const int tileBegin = t * tile;
    const int tileRows = std::min(tile, n - tileBegin);
    float* base = out.uw.data() + static_cast<size_t>(tileBegin) * 4 * p;
    float* u = base + static_cast<size_t>(f - tileBegin) * 2 * p;
    float* w = base + static_cast<size_t>(tileRows + f - tileBegin) * 2 * p;
    float* y = out.y.data() + static_cast<size_t>(f) * p;
    double norm = 0;
    for (int k = 0; k < p; ++k) {
      const double x = sqrtW[k] * (cloud[k].x() - cx);
      const double z = sqrtW[k] * (cloud[k].z() - cz);
      const double h = sqrtW[k] * (cloud[k].y() - meanHeight);
      u[2 * k] = static_cast<float>(x);
      u[2 * k + 1] = static_cast<float>(z);
      w[2 * k] = static_cast<float>(z);
      w[2 * k + 1] = static_cast<float>(-x);
      y[k] = static_cast<float>(h);
      norm += x * x + z * z + h * h;
    }
    out.norm[f] = static_cast<float>(norm);
    out.exactNorm[f] = norm;
    out.centroidX[f] = cx;
    out.centroidZ[f] = cz;
  }
  return out;
}

Result<DistanceTileEngine> DistanceTileEngine::create(const FrameSet& rows, const FrameSet* cols,
                                                      const GridOptions& options) {
  if (Status s = options.validate(); !s) return s.error();
  if (rows.frameCount() == 0 || rows.pointCount() == 0) return Error{"the row frame set is empty"};
  const bool self = !cols || cols == &rows;
  if (!self) {
    if (cols->frameCount() == 0) return Error{"the column frame set is empty"};
    if (Status s = checkComparable(rows, *cols); !s) return s.error();
  }
  DistanceTileEngine e;
  e.m_symmetric = self;
  e.m_tile = options.tileFrames;
  e.m_points = rows.pointCount();
  e.m_kernel = tileKernel(options.isa ? *options.isa : defaultKernelIsa());
  double sum = 0, count = 0;
  accumulateHeights(rows, sum, count);
  if (!self) accumulateHeights(*cols, sum, count);
  const double meanHeight = sum / count;
  e.m_rows = pack(rows, e.m_tile, meanHeight);
  if (!self) e.m_cols = pack(*cols, e.m_tile, meanHeight);
  e.m_rowTiles = (e.rowCount() + e.m_tile - 1) / e.m_tile;
  e.m_colTiles = (e.colCount() + e.m_tile - 1) / e.m_tile;
  for (int i = 0; i < e.m_rowTiles; ++i) {
    for (int j = self ? i : 0; j < e.m_colTiles; ++j) e.m_tiles.emplace_back(i, j);
  }
  return e;
}

const float* DistanceTileEngine::Packed::u(int frame, int tile) const {
  const int points = static_cast<int>(y.size() / frames);
  const int tileBegin = frame / tile * tile;
  return uw.data() + static_cast<size_t>(tileBegin) * 4 * points +
         static_cast<size_t>(frame - tileBegin) * 2 * points;
}

const float* DistanceTileEngine::Packed::w(int frame, int tile) const {
  const int points = static_cast<int>(y.size() / frames);
  const int tileBegin = frame / tile * tile;
  return u(frame, tile) + static_cast<size_t>(std::min(tile, frames - tileBegin)) * 2 * points;
}

FrameAlignment DistanceTileEngine::alignment(int row, int col) const {
  const Packed& cols = m_cols ? *m_cols : m_rows;
  const float* ui = m_rows.u(row, m_tile);
  const float* uj = cols.u(col, m_tile);
  const float* wj = cols.w(col, m_tile);
  const float* yi = m_rows.y.data() + static_cast<size_t>(row) * m_points;
  const float* yj = cols.y.data() + static_cast<size_t>(col) * m_points;
  // Eight independent partial sums per product: one long dependency chain of double adds would
  // cost more than all the multiplications (streaming aligns millions of minima).
  constexpr int kLanes = 8;
  double pa[kLanes] = {}, pb[kLanes] = {}, pc[kLanes] = {};
  const int n2 = 2 * m_points;
  int k = 0;
  for (; k + kLanes <= n2; k += kLanes) {
    for (int l = 0; l < kLanes; ++l) {
      pa[l] += static_cast<double>(ui[k + l]) * uj[k + l];
      pb[l] += static_cast<double>(ui[k + l]) * wj[k + l];
    }
  }
  for (; k < n2; ++k) {
    pa[0] += static_cast<double>(ui[k]) * uj[k];
    pb[0] += static_cast<double>(ui[k]) * wj[k];
  }
  for (k = 0; k + kLanes <= m_points; k += kLanes) {
    for (int l = 0; l < kLanes; ++l) pc[l] += static_cast<double>(yi[k + l]) * yj[k + l];
  }
  for (; k < m_points; ++k) pc[0] += static_cast<double>(yi[k]) * yj[k];
  double a = 0, b = 0, c = 0;
  for (int l = 0; l < kLanes; ++l) a += pa[l], b += pb[l], c += pc[l];
  FrameAlignment out =
      alignCentroids(std::atan2(b, a), m_rows.centroidX[row], m_rows.centroidZ[row],
                     cols.centroidX[col], cols.centroidZ[col]);
  out.distance =
      std::max(0.0, m_rows.exactNorm[row] + cols.exactNorm[col] - 2 * std::hypot(a, b) - 2 * c);
  return out;
}

FrameAlignment DistanceTileEngine::tileAlignment(int index, const Scratch& scratch, int row,
                                                 int col, float distance) const {
  const Packed& cols = m_cols ? *m_cols : m_rows;
  const TileRect r = tile(index);
  const int n = r.colCount();
  const float* ab = scratch.ab.data() + static_cast<size_t>(row - r.rowBegin) * 2 * n;
  const double a = ab[col - r.colBegin], b = ab[n + col - r.colBegin];
  FrameAlignment out =
      alignCentroids(std::atan2(b, a), m_rows.centroidX[row], m_rows.centroidZ[row],
                     cols.centroidX[col], cols.centroidZ[col]);
  out.distance = distance;
  return out;
}

TileRect DistanceTileEngine::tile(int index) const {
  const auto [i, j] = m_tiles[index];
  return {i * m_tile, std::min((i + 1) * m_tile, rowCount()), j * m_tile,
          std::min((j + 1) * m_tile, colCount())};
}

int DistanceTileEngine::tileIndex(int rowTile, int colTile) const {
  if (!m_symmetric) return rowTile * m_colTiles + colTile;
  if (colTile < rowTile) return -1;
  // Rows 0..rowTile-1 hold m_colTiles, m_colTiles - 1, ... tiles.
  return rowTile * m_colTiles - rowTile * (rowTile - 1) / 2 + (colTile - rowTile);
}

double DistanceTileEngine::tileFlops(int index) const {
  const TileRect r = tile(index);
  return 2.0 * r.rowCount() * r.colCount() * 5.0 * m_points;
}

void DistanceTileEngine::computeTile(int index, Scratch& scratch, float* out,
                                     std::ptrdiff_t outStride) const {
  const TileRect r = tile(index);
  const int m = r.rowCount(), n = r.colCount(), p = m_points;
  const Packed& cols = m_cols ? *m_cols : m_rows;
  scratch.ab.resize(static_cast<size_t>(m_tile) * 2 * m_tile);
  scratch.c.resize(static_cast<size_t>(m_tile) * m_tile);
  detail::DistanceTileArgs args;
  args.rows = m;
  args.cols = n;
  args.points = p;
  args.rowU = m_rows.uw.data() + static_cast<size_t>(r.rowBegin) * 4 * p;
  args.rowY = m_rows.y.data() + static_cast<size_t>(r.rowBegin) * p;
  args.rowNorm = m_rows.norm.data() + r.rowBegin;
  args.colUW = cols.uw.data() + static_cast<size_t>(r.colBegin) * 4 * p;
  args.colY = cols.y.data() + static_cast<size_t>(r.colBegin) * p;
  args.colNorm = cols.norm.data() + r.colBegin;
  args.scratchAB = scratch.ab.data();
  args.scratchC = scratch.c.data();
  args.out = out;
  args.outStride = outStride;
  m_kernel.distanceTile(args);
  if (m_symmetric && r.rowBegin == r.colBegin) {
    // A diagonal tile: the products are symmetric only up to rounding, so make the tile exactly
    // symmetric from its upper triangle, and the distance of a frame to itself exactly zero.
    for (int i = 0; i < m; ++i) {
      out[i * outStride + i] = 0.0f;
      for (int j = 0; j < i; ++j) out[i * outStride + j] = out[j * outStride + i];
    }
  }
}

}  // namespace mg
