// SPDX-License-Identifier: MIT
#include "core/snap/acceleration_fill.h"

#include <array>
#include <cmath>
#include <vector>

namespace mg {

Status fillMinimumAcceleration(std::span<Eigen::Vector3d> values,
                               std::span<const std::uint8_t> fixed, double ridge) {
  if (values.size() != fixed.size())
    return Error{"acceleration fill: values and fixed flags differ in size"};
  if (!(ridge >= 0.0) || !std::isfinite(ridge))
    return Error{"acceleration fill: ridge must be finite and >= 0"};
  const int n = static_cast<int>(values.size());
  for (int f = 0; f < n; ++f) {
    if (!values[f].allFinite()) return Error{"acceleration fill: a value is not finite"};
  }
  // Unknowns: the free frames in order. Two frames couple only through a second difference, so
  // only frames at most two apart couple, and in the free ordering they are at most two apart too.
  std::vector<int> unknown(n, -1), frameOf;
  for (int f = 0; f < n; ++f) {
    if (!fixed[f]) {
      unknown[f] = static_cast<int>(frameOf.size());
      frameOf.push_back(f);
    }
  }
  const int m = static_cast<int>(frameOf.size());
  if (m == 0) return Status::success();
  // Normal equations A x = b, A symmetric with bandwidth 2: band[i][k] = A(i, i + k), k = 0..2.
  std::vector<std::array<double, 3>> band(m, {0.0, 0.0, 0.0});
  std::vector<Eigen::Vector3d> rhs(m, Eigen::Vector3d::Zero());
  for (int i = 0; i < m; ++i) band[i][0] = ridge;
  constexpr std::array<double, 3> kStencil = {1.0, -2.0, 1.0};
  for (int f = 1; f + 1 < n; ++f) {
    Eigen::Vector3d known = Eigen::Vector3d::Zero();
    for (int a = 0; a < 3; ++a) {
      if (fixed[f - 1 + a]) known += kStencil[a] * values[f - 1 + a];
    }
    for (int a = 0; a < 3; ++a) {
      const int i = unknown[f - 1 + a];
      if (i < 0) continue;
      rhs[i] -= kStencil[a] * known;
      for (int b = a; b < 3; ++b) {
        const int j = unknown[f - 1 + b];
        if (j < 0) continue;
        band[i][j - i] += kStencil[a] * kStencil[b];
      }
    }
  }
  // Banded LDL^T: A = L D L^T with L unit lower triangular of bandwidth 2.
  std::vector<double> d(m);
  std::vector<std::array<double, 3>> l(m, {1.0, 0.0, 0.0});  // l[i][k] = L(i, i - k)
  for (int i = 0; i < m; ++i) {
    for (int k = 2; k >= 1; --k) {
      if (i - k < 0) continue;
      // L(i, i-k) = (A(i-k, i) - sum_{j < i-k} L(i, j) D(j) L(i-k, j)) / D(i-k)
      double s = band[i - k][k];
      if (k == 1 && i - 2 >= 0) s -= l[i][2] * d[i - 2] * l[i - 1][1];
      l[i][k] = s / d[i - k];
    }
    double s = band[i][0];
    for (int k = 1; k <= 2; ++k) {
      if (i - k >= 0) s -= l[i][k] * l[i][k] * d[i - k];
    }
    if (!(s > 0.0))
      return Error{
          "acceleration fill: the free entries are not determined (no fixed entry and no ridge)"};
    d[i] = s;
  }
  std::vector<Eigen::Vector3d> y(m);
  for (int i = 0; i < m; ++i) {
    y[i] = rhs[i];
    for (int k = 1; k <= 2; ++k) {
      if (i - k >= 0) y[i] -= l[i][k] * y[i - k];
    }
  }
  for (int i = 0; i < m; ++i) y[i] /= d[i];
  for (int i = m - 1; i >= 0; --i) {
    for (int k = 1; k <= 2; ++k) {
      if (i + k < m) y[i] -= l[i + k][k] * y[i + k];
    }
  }
  for (int i = 0; i < m; ++i) values[frameOf[i]] = y[i];
  return Status::success();
}

}  // namespace mg
