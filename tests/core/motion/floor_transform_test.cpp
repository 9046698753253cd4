// SPDX-License-Identifier: MIT
// The floor transform against its definition: a rotation about +Y (as a quaternion) followed by a
// floor translation; composition and inverse on random transforms.
#include "core/motion/floor_transform.h"

#include <numbers>
#include <random>

#include <gtest/gtest.h>

namespace mg {
namespace {

TEST(FloorTransform, QuarterTurnByHand) {
  // Counter-clockwise seen from above: +Z turns to +X, then (1, 2) is added on the floor.
  const FloorTransform t{std::numbers::pi / 2, 1.0, 2.0};
  EXPECT_TRUE(t.apply(Eigen::Vector3d(0, 0.5, 1)).isApprox(Eigen::Vector3d(2, 0.5, 2), 1e-12));
  EXPECT_TRUE(
      t.applyToVector(Eigen::Vector3d(0, 0.5, 1)).isApprox(Eigen::Vector3d(1, 0.5, 0), 1e-12));
}

TEST(FloorTransform, AgreesWithItsQuaternionComposesAndInverts) {
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> u(-5.0, 5.0);
  for (int trial = 0; trial < 100; ++trial) {
    const FloorTransform a{u(rng), u(rng), u(rng)}, b{u(rng), u(rng), u(rng)};
    const Eigen::Vector3d p(u(rng), u(rng), u(rng));
    // apply is the quaternion rotation plus the translation.
    EXPECT_TRUE(a.apply(p).isApprox(a.rotation() * p + Eigen::Vector3d(a.x, 0, a.z), 1e-12));
    EXPECT_TRUE(a.applyToVector(p).isApprox(a.rotation() * p, 1e-12));
    const Eigen::Quaterniond q(
        Eigen::AngleAxisd(u(rng), Eigen::Vector3d(u(rng), u(rng), u(rng)).normalized()));
    EXPECT_TRUE(a.apply(q).isApprox(a.rotation() * q, 1e-12));
    // (a * b) applies b first.
    EXPECT_TRUE((a * b).apply(p).isApprox(a.apply(b.apply(p)), 1e-12));
    // The inverse undoes it on both sides.
    EXPECT_TRUE(a.inverse().apply(a.apply(p)).isApprox(p, 1e-12));
    EXPECT_TRUE(a.apply(a.inverse().apply(p)).isApprox(p, 1e-12));
    // Heights never change.
    EXPECT_DOUBLE_EQ(a.apply(p).y(), p.y());
  }
}

}  // namespace
}  // namespace mg
