// SPDX-License-Identifier: MIT
#include "core/snap/acceleration_fill.h"

#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include <gtest/gtest.h>
#include <Eigen/Dense>

namespace mg {
namespace {

// The reference: the same energy minimised by a dense least-squares solve of the second
// differences (no banded factorisation), one coordinate at a time.
std::vector<Eigen::Vector3d> denseFill(const std::vector<Eigen::Vector3d>& values,
                                       const std::vector<std::uint8_t>& fixed, double ridge) {
  const int n = static_cast<int>(values.size());
  std::vector<int> freeFrames;
  for (int f = 0; f < n; ++f) {
    if (!fixed[f]) freeFrames.push_back(f);
  }
  const int m = static_cast<int>(freeFrames.size());
  std::vector<Eigen::Vector3d> out = values;
  if (m == 0) return out;
  // Rows: one per second difference, then sqrt(ridge) x each free value.
  Eigen::MatrixXd a = Eigen::MatrixXd::Zero(n - 2 + m, m);
  Eigen::MatrixXd b = Eigen::MatrixXd::Zero(n - 2 + m, 3);
  for (int f = 1; f + 1 < n; ++f) {
    const double stencil[3] = {1.0, -2.0, 1.0};
    for (int k = 0; k < 3; ++k) {
      const int g = f - 1 + k;
      if (fixed[g]) {
        b.row(f - 1) -= stencil[k] * values[g].transpose();
      } else {
        const int column = static_cast<int>(std::find(freeFrames.begin(), freeFrames.end(), g) -
                                            freeFrames.begin());
        a(f - 1, column) += stencil[k];
      }
    }
  }
  for (int i = 0; i < m; ++i) a(n - 2 + i, i) = std::sqrt(ridge);
  const Eigen::MatrixXd x = a.colPivHouseholderQr().solve(b);
  for (int i = 0; i < m; ++i) out[freeFrames[i]] = x.row(i).transpose();
  return out;
}

TEST(AccelerationFill, MatchesADenseLeastSquaresSolve) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> value(-1.0, 1.0);
  std::bernoulli_distribution isFixed(0.4);
  for (int trial = 0; trial < 40; ++trial) {
    const int n = 3 + trial;
    std::vector<Eigen::Vector3d> values(n);
    std::vector<std::uint8_t> fixed(n);
    for (int f = 0; f < n; ++f) {
      values[f] = Eigen::Vector3d(value(rng), value(rng), value(rng));
      fixed[f] = isFixed(rng);
    }
    const std::vector<Eigen::Vector3d> expected = denseFill(values, fixed, 1e-6);
    ASSERT_TRUE(fillMinimumAcceleration(values, fixed));
    for (int f = 0; f < n; ++f)
      EXPECT_LT((values[f] - expected[f]).norm(), 1e-6) << "trial " << trial << " frame " << f;
  }
}

// Hand-checkable: values on a straight line have no acceleration, so free frames between two
// fixed stretches of a line land on it (up to the ridge's pull, 1e-6 of the energy).
TEST(AccelerationFill, ReproducesAStraightLine) {
  const int n = 20;
  std::vector<Eigen::Vector3d> values(n, Eigen::Vector3d::Zero());
  std::vector<std::uint8_t> fixed(n, 0);
  for (int f : {0, 1, 2, 17, 18, 19}) {
    values[f] = Eigen::Vector3d(0.5 * f, 1.0 - 0.25 * f, 2.0);
    fixed[f] = 1;
  }
  ASSERT_TRUE(fillMinimumAcceleration(values, fixed));
  for (int f = 0; f < n; ++f)
    EXPECT_LT((values[f] - Eigen::Vector3d(0.5 * f, 1.0 - 0.25 * f, 2.0)).norm(), 1e-3);
}

// A correction fixed on a plant and zero far away blends in with no step in position or slope:
// every second difference of the filled sequence is small next to the step it replaces.
TEST(AccelerationFill, BlendsAStepWithoutAKink) {
  const int n = 40;
  std::vector<Eigen::Vector3d> values(n, Eigen::Vector3d::Zero());
  std::vector<std::uint8_t> fixed(n, 0);
  for (int f = 0; f < n; ++f) {
    fixed[f] = f <= 10 || f >= 18;
    if (f >= 18) values[f] = Eigen::Vector3d(0.03, 0.0, 0.0);
  }
  ASSERT_TRUE(fillMinimumAcceleration(values, fixed));
  double worst = 0.0;
  for (int f = 1; f + 1 < n; ++f)
    worst = std::max(worst, (values[f + 1] - 2.0 * values[f] + values[f - 1]).norm());
  // A cubic over 8 frames has |second difference| <= 6 x 0.03 / 8^2 = 0.0028 (step: 0.03).
  EXPECT_LT(worst, 0.0035);
  for (int f = 11; f < 18; ++f)
    EXPECT_GT(values[f].x(), values[f - 1].x());  // monotone, no overshoot
}

TEST(AccelerationFill, RejectsBadInput) {
  std::vector<Eigen::Vector3d> values(5, Eigen::Vector3d::Zero());
  std::vector<std::uint8_t> fixed(4, 0);
  EXPECT_FALSE(fillMinimumAcceleration(values, fixed));
  fixed.assign(5, 0);
  EXPECT_FALSE(fillMinimumAcceleration(values, fixed, -1.0));
  values[2].x() = std::numeric_limits<double>::quiet_NaN();
  EXPECT_FALSE(fillMinimumAcceleration(values, fixed));
  values[2].x() = 0.0;
  // No fixed frame and no ridge: nothing determines the values.
  EXPECT_FALSE(fillMinimumAcceleration(values, fixed, 0.0));
  EXPECT_TRUE(fillMinimumAcceleration(values, fixed));  // the ridge pulls them to zero
}

}  // namespace
}  // namespace mg
