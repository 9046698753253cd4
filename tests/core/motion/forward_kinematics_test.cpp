// SPDX-License-Identifier: MIT
#include "core/motion/forward_kinematics.h"

#include <gtest/gtest.h>

#include "core/motion/quaternion.h"
#include "support/synthetic_motion.h"

namespace mg {
namespace {

// A three-joint chain along +Y: root at the origin, 1 m to joint 1, 2 m to joint 2.
Skeleton chain() {
  Skeleton s;
  s.joints = {{"root", -1, {0, 0, 0}}, {"a", 0, {0, 1, 0}}, {"b", 1, {0, 2, 0}}};
  s.endSites = {{2, {0, 0.5, 0}}};
  return s;
}

TEST(ForwardKinematics, IdentityPoseStacksOffsets) {
  Skeleton s = chain();
  std::vector<Eigen::Quaterniond> q(3, Eigen::Quaterniond::Identity());
  std::vector<Eigen::Vector3d> p(3);
  forwardKinematics(s, {1, 2, 3}, q.data(), p.data());
  EXPECT_TRUE(p[0].isApprox(Eigen::Vector3d(1, 2, 3)));
  EXPECT_TRUE(p[1].isApprox(Eigen::Vector3d(1, 3, 3)));
  EXPECT_TRUE(p[2].isApprox(Eigen::Vector3d(1, 5, 3)));
}

TEST(ForwardKinematics, HandComputedRotations) {
  // Root turned 90 degrees about Z maps +Y to -X; joint a then turns 90 about Z again, so the
  // bone a->b points along -Y in the world.
  Skeleton s = chain();
  const Eigen::Quaterniond z90(Eigen::AngleAxisd(M_PI / 2, Eigen::Vector3d::UnitZ()));
  std::vector<Eigen::Quaterniond> q = {z90, z90, Eigen::Quaterniond::Identity()};
  std::vector<Eigen::Vector3d> p(3);
  std::vector<Eigen::Quaterniond> r(3);
  forwardKinematics(s, Eigen::Vector3d::Zero(), q.data(), p.data(), r.data());
  EXPECT_NEAR((p[1] - Eigen::Vector3d(-1, 0, 0)).norm(), 0, 1e-12);
  EXPECT_NEAR((p[2] - Eigen::Vector3d(-1, -2, 0)).norm(), 0, 1e-12);
  const auto tips = endSitePositions(s, p.data(), r.data());
  ASSERT_EQ(tips.size(), 1u);
  EXPECT_NEAR((tips[0] - Eigen::Vector3d(-1, -2.5, 0)).norm(), 0, 1e-12);
}

TEST(ForwardKinematics, RestHeightCountsEndSites) {
  EXPECT_NEAR(restHeight(chain()), 3.5, 1e-12);
  EXPECT_NEAR(restHeight(*test::makeBipedSkeleton()), 0.9 + 0.8 + 0.1 - 0.0 + 0.0, 1e-9);
}

TEST(ForwardKinematics, AllFramesMatchesPerFrame) {
  Motion m = test::makeSwingMotion(20);
  const auto all = allJointPositions(m);
  for (int f = 0; f < m.frameCount(); ++f) {
    const auto one = jointPositions(m, f);
    for (int j = 0; j < m.jointCount(); ++j) {
      EXPECT_TRUE(all[f * m.jointCount() + j].isApprox(one[j]));
    }
  }
}

}  // namespace
}  // namespace mg
