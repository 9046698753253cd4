// SPDX-License-Identifier: MIT
#include "core/metric/frame_set.h"

#include <numeric>

#include <gtest/gtest.h>

#include "core/motion/forward_kinematics.h"
#include "metric_test_support.h"

namespace mg {
namespace {

TEST(FrameSet, SingleMotionHoldsFkPositions) {
  const Motion m = test::makeSwingMotion(50);
  const FrameSet set = test::frameSetOf({&m});
  EXPECT_EQ(set.frameCount(), 50);
  EXPECT_EQ(set.jointCount(), m.jointCount());
  EXPECT_EQ(set.pointCount(), 9 * m.jointCount());
  EXPECT_NEAR(std::accumulate(set.pointWeights.begin(), set.pointWeights.end(), 0.0), 1.0, 1e-12);
  const std::vector<Eigen::Vector3d> p = jointPositions(m, 17);
  for (int k = 0; k < m.jointCount(); ++k) {
    EXPECT_NEAR((set.positions[17 * set.jointCount() + k] - p[k]).norm(), 0.0, 1e-12);
  }
}

TEST(FrameSet, DatabaseWindowsClampAtEachMotionsEnds) {
  const Motion a = test::makeSwingMotion(40);
  const Motion b = test::makeVariedSwing(30, 1.3, 0.4, 0.5);
  const FrameSet set = test::frameSetOf({&a, &b});
  ASSERT_EQ(set.frameCount(), 70);
  ASSERT_EQ(set.motions.size(), 2u);
  EXPECT_EQ(set.motions[1], (Clip{1, 40, 70}));
  EXPECT_EQ(set.frameMotion[39], 0);
  EXPECT_EQ(set.frameMotion[40], 1);
  EXPECT_EQ(set.windowFrame(40, -4), 40);  // not 36, which belongs to motion a
  EXPECT_EQ(set.windowFrame(39, 3), 39);
  EXPECT_EQ(set.windowFrame(45, -4), 41);
  std::vector<Eigen::Vector3d> cloud(set.pointCount());
  set.cloud(40, cloud.data());
  const std::vector<Eigen::Vector3d> first = jointPositions(b, 0);
  EXPECT_NEAR((cloud[0] - first[0]).norm(), 0.0, 1e-12);  // offset -4 clamps to b's frame 0
}

TEST(FrameSet, ResamplesToTheWorkingRate) {
  const Motion m = test::makeSwingMotion(121, 120.0);
  const FrameSet set = test::frameSetOf({&m});
  EXPECT_EQ(set.frameCount(), 31);
}

TEST(FrameSet, NoMotionsFails) {
  std::vector<const Motion*> none;
  EXPECT_FALSE(buildFrameSet(none, {}));
}

TEST(FrameSet, NullMotionFails) {
  std::vector<const Motion*> one = {nullptr};
  EXPECT_FALSE(buildFrameSet(one, {}));
}

TEST(FrameSet, EmptyMotionFails) {
  Motion m = test::makeSwingMotion(10);
  m.rootPositions.clear();
  m.localRotations.clear();
  EXPECT_FALSE(buildFrameSet(m, {}));
}

TEST(FrameSet, MismatchedSkeletonsFail) {
  const Motion a = test::makeSwingMotion(10);
  Motion b = test::makeSwingMotion(10);
  auto other = std::make_shared<Skeleton>(*b.skeleton);
  other->joints[3].name = "Tail";
  b.skeleton = other;
  const std::vector<const Motion*> both = {&a, &b};
  EXPECT_FALSE(buildFrameSet(both, {}));
}

TEST(FrameSet, BadSettingsFail) {
  const Motion m = test::makeSwingMotion(10);
  MetricSettings s;
  s.windowFrames = 4;
  EXPECT_FALSE(buildFrameSet(m, s));
}

TEST(FrameSet, UnknownCustomJointFails) {
  const Motion m = test::makeSwingMotion(10);
  MetricSettings s;
  s.joints = JointSelection::Custom;
  s.customJoints = {"Hips", "Wing"};
  EXPECT_FALSE(buildFrameSet(m, s));
}

}  // namespace
}  // namespace mg
