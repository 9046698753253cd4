// SPDX-License-Identifier: MIT
#include "core/snap/displacement_map.h"

#include <gtest/gtest.h>

#include "core/snap/rotation_vector.h"
#include "support/synthetic_motion.h"

namespace mg {
namespace {

double angle(const Eigen::Quaterniond& a, const Eigen::Quaterniond& b) {
  return a.angularDistance(b);
}

void expectPoseNear(const Motion& m, int frame, const Pose& p, double tol) {
  EXPECT_LT((m.rootPositions[frame] - p.rootPosition).norm(), tol) << "frame " << frame;
  for (int j = 0; j < m.jointCount(); ++j)
    EXPECT_LT(angle(m.rotation(frame, j), p.localRotations[j]), tol)
        << "frame " << frame << " joint " << j;
}

TEST(HermiteBasis, EndsAtZeroWithZeroSlope) {
  EXPECT_DOUBLE_EQ(hermiteH00(0), 1.0);
  EXPECT_DOUBLE_EQ(hermiteH10(0), 0.0);
  EXPECT_DOUBLE_EQ(hermiteH00(1), 0.0);
  EXPECT_DOUBLE_EQ(hermiteH10(1), 0.0);
  const double e = 1e-6;
  EXPECT_NEAR((hermiteH00(1) - hermiteH00(1 - e)) / e, 0.0, 1e-5);
  EXPECT_NEAR((hermiteH10(1) - hermiteH10(1 - e)) / e, 0.0, 1e-5);
  EXPECT_NEAR((hermiteH10(e) - hermiteH10(0)) / e, 1.0, 1e-5);  // unit tangent at the start
}

class DisplacementMapTest : public ::testing::Test {
 protected:
  Motion motion = test::makeSwingMotion(90);
  // The target: a faster walk with another cadence, shifted sideways a little.
  PoseTriple target = [] {
    Motion other = test::makeSwingMotion(90, 30.0, 1.3, 0.6);
    for (auto& p : other.rootPositions) p += Eigen::Vector3d(0.05, 0.01, 0.2);
    return poseTriple(other, 47);
  }();
};

TEST_F(DisplacementMapTest, MatchFrameTakesTargetPoseAndVelocity) {
  const auto map = buildDisplacementMap(motion, 45, target, 10, 12);
  ASSERT_TRUE(map) << map.error().message;
  const Motion edited = applyDisplacementMaps(motion, std::span(&map.value(), 1));
  expectPoseNear(edited, 44, target.previous, 1e-9);
  expectPoseNear(edited, 45, target.current, 1e-9);
  expectPoseNear(edited, 46, target.next, 1e-9);
  // So the central velocity is the target's.
  const Eigen::Vector3d v = (edited.rootPositions[46] - edited.rootPositions[44]) * 15.0;
  const Eigen::Vector3d vt = (target.next.rootPosition - target.previous.rootPosition) * 15.0;
  EXPECT_LT((v - vt).norm(), 1e-9);
}

TEST_F(DisplacementMapTest, ZeroWithZeroSlopeAtItsEndsAndNothingOutside) {
  const auto map = buildDisplacementMap(motion, 45, target, 10, 12);
  ASSERT_TRUE(map);
  const Motion edited = applyDisplacementMaps(motion, std::span(&map.value(), 1));
  for (int f = 0; f < motion.frameCount(); ++f) {
    if (f >= 35 && f <= 57) continue;
    EXPECT_EQ(edited.rootPositions[f], motion.rootPositions[f]) << f;
  }
  for (int end : {35, 57}) {
    Eigen::Vector3d root = Eigen::Vector3d::Zero();
    std::vector<Eigen::Vector3d> rot(motion.jointCount(), Eigen::Vector3d::Zero());
    map->accumulate(end, root, rot.data());
    EXPECT_LT(root.norm(), 1e-12);
    for (const auto& r : rot) EXPECT_LT(r.norm(), 1e-12);
  }
  // Zero slope: the displacement one frame inside each end is second order in 1/L, far below the
  // centre value (a linear fade would leave 1/L of it there).
  Eigen::Vector3d centre = Eigen::Vector3d::Zero(), inside = centre;
  std::vector<Eigen::Vector3d> rot(motion.jointCount(), Eigen::Vector3d::Zero());
  map->accumulate(45, centre, rot.data());
  for (int f : {36, 56}) {
    inside.setZero();
    map->accumulate(f, inside, rot.data());
    EXPECT_LT(inside.norm(), 0.05 * centre.norm()) << f;
  }
}

TEST_F(DisplacementMapTest, NeighbouringMapsDoNotDisturbEachOther) {
  // Match frames 3 apart: each map stops one frame short of the other's match frame.
  const Motion other = test::makeSwingMotion(90, 30.0, 0.8, 0.45);
  const PoseTriple second = poseTriple(other, 50);
  const auto a = buildDisplacementMap(motion, 45, target, 10, 2);
  const auto b = buildDisplacementMap(motion, 48, second, 2, 10);
  ASSERT_TRUE(a && b);
  const std::vector<DisplacementMap> maps = {*a, *b};
  const Motion edited = applyDisplacementMaps(motion, maps);
  expectPoseNear(edited, 44, target.previous, 1e-9);
  expectPoseNear(edited, 46, target.next, 1e-9);
  expectPoseNear(edited, 47, second.previous, 1e-9);
  expectPoseNear(edited, 49, second.next, 1e-9);
}

TEST_F(DisplacementMapTest, OneFrameSideAtTheMotionStart) {
  const auto map = buildDisplacementMap(motion, 1, target, 1, 10);
  ASSERT_TRUE(map);
  const Motion edited = applyDisplacementMaps(motion, std::span(&map.value(), 1));
  expectPoseNear(edited, 0, target.previous, 1e-9);
  expectPoseNear(edited, 1, target.current, 1e-9);
  expectPoseNear(edited, 2, target.next, 1e-9);
}

TEST_F(DisplacementMapTest, RejectsEndFrame) {
  EXPECT_FALSE(buildDisplacementMap(motion, 0, target, 1, 1));
}

TEST_F(DisplacementMapTest, RejectsExtentPastTheMotion) {
  EXPECT_FALSE(buildDisplacementMap(motion, 5, target, 6, 3));
  EXPECT_FALSE(buildDisplacementMap(motion, 85, target, 3, 5));
}

TEST_F(DisplacementMapTest, RejectsZeroExtent) {
  EXPECT_FALSE(buildDisplacementMap(motion, 45, target, 0, 3));
}

TEST_F(DisplacementMapTest, RejectsTargetWithWrongJointCount) {
  PoseTriple bad = target;
  bad.next.localRotations.pop_back();
  EXPECT_FALSE(buildDisplacementMap(motion, 45, bad, 3, 3));
}

TEST(RotationVector, RoundTripsAndTakesTheShortArc) {
  const Eigen::Quaterniond q(Eigen::AngleAxisd(2.5, Eigen::Vector3d(1, 2, -1).normalized()));
  EXPECT_LT(rotationFromVector(rotationVector(q)).angularDistance(q), 1e-12);
  Eigen::Quaterniond neg = q;
  neg.coeffs() = -neg.coeffs();
  EXPECT_LT((rotationVector(neg) - rotationVector(q)).norm(), 1e-12);
  EXPECT_NEAR(rotationVector(q).norm(), 2.5, 1e-12);
}

}  // namespace
}  // namespace mg
