// SPDX-License-Identifier: MIT
#include "core/metric/frame_distance.h"

#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "metric_test_support.h"

namespace mg {
namespace {

using Cloud = std::vector<Eigen::Vector3d>;

Eigen::Vector3d rotateY(double theta, const Eigen::Vector3d& p) {
  return {std::cos(theta) * p.x() + std::sin(theta) * p.z(), p.y(),
          -std::sin(theta) * p.x() + std::cos(theta) * p.z()};
}

// sum w |p - (Ry(theta) p' + t)|^2 with the best t for this theta (centroid onto centroid).
double costAtTheta(const Cloud& a, const Cloud& b, const std::vector<double>& w, double theta) {
  Eigen::Vector3d ca = Eigen::Vector3d::Zero(), cb = Eigen::Vector3d::Zero();
  for (size_t k = 0; k < a.size(); ++k) ca += w[k] * a[k], cb += w[k] * rotateY(theta, b[k]);
  Eigen::Vector3d t = ca - cb;
  t.y() = 0;
  double cost = 0;
  for (size_t k = 0; k < a.size(); ++k)
    cost += w[k] * (a[k] - rotateY(theta, b[k]) - t).squaredNorm();
  return cost;
}

TEST(AlignPointClouds, HandComputedQuarterTurn) {
  // Cloud j lies along Z with twice the spread; a quarter turn lays it along X.
  const Cloud i = {{1, 0, 0}, {-1, 0, 0}};
  const Cloud j = {{0, 0, 2}, {0, 0, -2}};
  const std::vector<double> w = {0.5, 0.5};
  const FrameAlignment a = alignPointClouds(i, j, w);
  // Sa = 1, Sb = 4, A = 0, B = 2: D = 1 + 4 - 2 * 2 = 1, theta = atan2(2, 0).
  EXPECT_NEAR(a.distance, 1.0, 1e-12);
  EXPECT_NEAR(a.theta, M_PI / 2, 1e-12);
  EXPECT_NEAR(applyAlignment(a, j[0]).x(), 2.0, 1e-12);
}

TEST(AlignPointClouds, HeightDifferenceIsNotAligned) {
  const Cloud i = {{1, 1, 0}, {-1, 1, 0}};
  const Cloud j = {{1, 0, 0}, {-1, 0, 0}};
  const FrameAlignment a = alignPointClouds(i, j, std::vector<double>{0.5, 0.5});
  EXPECT_NEAR(a.distance, 1.0, 1e-12);
  EXPECT_NEAR(a.theta, 0.0, 1e-12);
}

TEST(AlignPointClouds, RecoversAKnownRigidMotionAndItsSign) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(-1, 1);
  Cloud j(40), i(40);
  std::vector<double> w(40);
  const double theta = 0.7, x0 = 3.0, z0 = -2.0;
  for (int k = 0; k < 40; ++k) {
    j[k] = {u(rng), 1 + u(rng), u(rng)};
    i[k] = rotateY(theta, j[k]) + Eigen::Vector3d(x0, 0, z0);
    w[k] = 0.5 + 0.5 * std::abs(u(rng));
  }
  const FrameAlignment a = alignPointClouds(i, j, w);
  EXPECT_NEAR(a.distance, 0.0, 1e-12);
  EXPECT_NEAR(a.theta, theta, 1e-12);
  EXPECT_NEAR(a.x0, x0, 1e-12);
  EXPECT_NEAR(a.z0, z0, 1e-12);
  for (int k = 0; k < 40; ++k) EXPECT_NEAR((applyAlignment(a, j[k]) - i[k]).norm(), 0.0, 1e-12);
}

TEST(AlignPointClouds, ClosedFormMatchesBruteForceOverTheta) {
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> u(-1, 1);
  for (int trial = 0; trial < 5; ++trial) {
    Cloud a(30), b(30);
    std::vector<double> w(30);
    for (int k = 0; k < 30; ++k) {
      a[k] = {u(rng) + 2, u(rng), u(rng)};
      b[k] = {u(rng), u(rng), u(rng) - 4};
      w[k] = 1.0 / 30;
    }
    double best = 1e300, bestTheta = 0;
    constexpr int kSteps = 20000;
    for (int s = 0; s < kSteps; ++s) {
      const double theta = -M_PI + 2 * M_PI * s / kSteps;
      const double c = costAtTheta(a, b, w, theta);
      if (c < best) best = c, bestTheta = theta;
    }
    // Refine by golden-section search around the best sample.
    double lo = bestTheta - 2 * M_PI / kSteps, hi = bestTheta + 2 * M_PI / kSteps;
    for (int it = 0; it < 100; ++it) {
      const double m1 = lo + (hi - lo) * 0.382, m2 = lo + (hi - lo) * 0.618;
      if (costAtTheta(a, b, w, m1) < costAtTheta(a, b, w, m2)) {
        hi = m2;
      } else {
        lo = m1;
      }
    }
    const FrameAlignment f = alignPointClouds(a, b, w);
    EXPECT_NEAR(f.distance, costAtTheta(a, b, w, 0.5 * (lo + hi)), 1e-12);
    EXPECT_NEAR(f.theta, 0.5 * (lo + hi), 1e-6);
    // The alignment reproduces the distance it reports.
    double direct = 0;
    for (int k = 0; k < 30; ++k) direct += w[k] * (a[k] - applyAlignment(f, b[k])).squaredNorm();
    EXPECT_NEAR(direct, f.distance, 1e-12);
  }
}

TEST(FrameDistance, SymmetricWithInverseAlignment) {
  const Motion m = test::makeVariedSwing(120, 1.2, 0.45, 0.6);
  const FrameSet set = test::frameSetOf({&m});
  const FrameAlignment ij = frameDistance(set, 10, set, 70);
  const FrameAlignment ji = frameDistance(set, 70, set, 10);
  EXPECT_GT(ij.distance, 0.0);
  EXPECT_NEAR(ij.distance, ji.distance, 1e-12);
  EXPECT_NEAR(ij.theta, -ji.theta, 1e-12);
  EXPECT_NEAR(frameDistance(set, 33, set, 33).distance, 0.0, 1e-15);
}

}  // namespace
}  // namespace mg
