// SPDX-License-Identifier: MIT
#include "core/metric/frame_distance.h"

#include <cmath>
#include <vector>

namespace mg {

Eigen::Vector3d applyAlignment(const FrameAlignment& a, const Eigen::Vector3d& p) {
  const double c = std::cos(a.theta), s = std::sin(a.theta);
  return {c * p.x() + s * p.z() + a.x0, p.y(), -s * p.x() + c * p.z() + a.z0};
}

FrameAlignment alignPointClouds(std::span<const Eigen::Vector3d> cloudI,
                                std::span<const Eigen::Vector3d> cloudJ,
                                std::span<const double> weights) {
  const size_t n = weights.size();
  double wSum = 0, xi = 0, zi = 0, xj = 0, zj = 0;
  for (size_t k = 0; k < n; ++k) {
    wSum += weights[k];
    xi += weights[k] * cloudI[k].x();
    zi += weights[k] * cloudI[k].z();
    xj += weights[k] * cloudJ[k].x();
    zj += weights[k] * cloudJ[k].z();
  }
  xi /= wSum, zi /= wSum, xj /= wSum, zj /= wSum;
  double a = 0, b = 0, sa = 0, sb = 0, y = 0;
  for (size_t k = 0; k < n; ++k) {
    const double w = weights[k];
    const double x = cloudI[k].x() - xi, z = cloudI[k].z() - zi;
    const double xp = cloudJ[k].x() - xj, zp = cloudJ[k].z() - zj;
    const double dy = cloudI[k].y() - cloudJ[k].y();
    a += w * (x * xp + z * zp);
    b += w * (x * zp - z * xp);
    sa += w * (x * x + z * z);
    sb += w * (xp * xp + zp * zp);
    y += w * dy * dy;
  }
  FrameAlignment out;
  out.distance = std::max(0.0, sa + sb - 2.0 * std::hypot(a, b) + y);
  out.theta = std::atan2(b, a);
  const double c = std::cos(out.theta), s = std::sin(out.theta);
  out.x0 = xi - (c * xj + s * zj);
  out.z0 = zi - (-s * xj + c * zj);
  return out;
}

FrameAlignment frameDistance(const FrameSet& rows, int i, const FrameSet& cols, int j) {
  const int n = rows.pointCount();
  // Small clouds stay on the stack; the default 9 x 31 = 279 points fit.
  constexpr int kStackPoints = 512;
  Eigen::Vector3d stackI[kStackPoints], stackJ[kStackPoints];
  std::vector<Eigen::Vector3d> heapI, heapJ;
  Eigen::Vector3d* pi = stackI;
  Eigen::Vector3d* pj = stackJ;
  if (n > kStackPoints) {
    heapI.resize(n), heapJ.resize(n);
    pi = heapI.data(), pj = heapJ.data();
  }
  rows.cloud(i, pi);
  cols.cloud(j, pj);
  return alignPointClouds({pi, static_cast<size_t>(n)}, {pj, static_cast<size_t>(n)},
                          rows.pointWeights);
}

}  // namespace mg
