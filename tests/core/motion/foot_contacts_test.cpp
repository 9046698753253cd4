// SPDX-License-Identifier: MIT
#include "core/motion/foot_contacts.h"

#include <gtest/gtest.h>

#include "support/synthetic_motion.h"

namespace mg {
namespace {

TEST(FootContacts, FindsBipedFeet) {
  const auto s = test::makeBipedSkeleton();
  const auto p = findFootPoints(*s);
  EXPECT_EQ(s->joints[p[0].joint].name, "LeftFoot");
  EXPECT_EQ(s->joints[p[1].joint].name, "LeftToeBase");
  EXPECT_EQ(s->joints[p[2].joint].name, "RightFoot");
  EXPECT_EQ(s->joints[p[3].joint].name, "RightToeBase");
}

TEST(FootContacts, ToeFallsBackToEndSite) {
  Skeleton s;
  s.joints = {{"hip", -1, {0, 0, 0}}, {"lFoot", 0, {0.1, -0.9, 0}}, {"rFoot", 0, {-0.1, -0.9, 0}}};
  s.endSites = {{1, {0, -0.05, 0.15}}, {2, {0, -0.05, 0.15}}};
  const auto p = findFootPoints(s);
  EXPECT_EQ(p[0].joint, 1);
  EXPECT_EQ(p[1].joint, 1);
  EXPECT_TRUE(p[1].offset.isApprox(Eigen::Vector3d(0, -0.05, 0.15)));
  EXPECT_EQ(p[2].joint, 2);
  EXPECT_EQ(p[3].joint, 2);
}

// A foot that rests for a second, lifts and moves for a second, then rests again: contacts are
// found exactly on the resting stretches (up to the transition frames).
TEST(FootContacts, StepOnSyntheticFoot) {
  Motion m = test::makeSwingMotion(90);  // only the skeleton is reused
  const int j = m.jointCount();
  for (int f = 0; f < 90; ++f) {
    double z = 0, y = 0.9;
    if (f >= 30 && f < 60) {
      const double s = (f - 30) / 30.0;
      z = 0.6 * s;
      y = 0.9 + 0.15 * std::sin(M_PI * s);
    } else if (f >= 60) {
      z = 0.6;
    }
    m.rootPositions[f] = Eigen::Vector3d(0, y, z);
    for (int k = 0; k < j; ++k) m.localRotations[f * j + k] = Eigen::Quaterniond::Identity();
  }
  const FootContacts c = detectFootContacts(m);
  for (int f : {5, 20, 70, 85}) EXPECT_TRUE(c.isPlanted(f, FootPoint::LeftHeel)) << f;
  for (int f : {40, 45, 50}) EXPECT_FALSE(c.isPlanted(f, FootPoint::LeftHeel)) << f;
  EXPECT_GE(c.plantedFrameCount(FootPoint::RightToe), 55);
  EXPECT_LE(c.plantedFrameCount(FootPoint::RightToe), 66);
}

}  // namespace
}  // namespace mg
