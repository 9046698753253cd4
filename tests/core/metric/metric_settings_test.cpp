// SPDX-License-Identifier: MIT
#include "core/metric/metric_settings.h"

#include <numeric>

#include <gtest/gtest.h>

#include "support/synthetic_motion.h"

namespace mg {
namespace {

TEST(MetricSettings, DefaultsAreValid) {
  MetricSettings s;
  EXPECT_TRUE(s.validate());
  EXPECT_EQ(s.windowFrames, 9);
  EXPECT_EQ(s.workingFps, 30.0);
}

TEST(MetricSettings, EvenWindowFails) {
  MetricSettings s;
  s.windowFrames = 8;
  EXPECT_FALSE(s.validate());
}

TEST(MetricSettings, ZeroWindowFails) {
  MetricSettings s;
  s.windowFrames = 0;
  EXPECT_FALSE(s.validate());
}

TEST(MetricSettings, HugeWindowFails) {
  MetricSettings s;
  s.windowFrames = 63;
  EXPECT_FALSE(s.validate());
}

TEST(MetricSettings, BadRateFails) {
  MetricSettings s;
  s.workingFps = 0;
  EXPECT_FALSE(s.validate());
  s.workingFps = std::nan("");
  EXPECT_FALSE(s.validate());
}

TEST(MetricSettings, EmptyCustomSetFails) {
  MetricSettings s;
  s.joints = JointSelection::Custom;
  EXPECT_FALSE(s.validate());
}

TEST(MetricSettings, RepeatedCustomNameFails) {
  MetricSettings s;
  s.joints = JointSelection::Custom;
  s.customJoints = {"Hips", "Hips"};
  EXPECT_FALSE(s.validate());
}

TEST(SelectJoints, AllSelectsEveryJoint) {
  auto skeleton = test::makeBipedSkeleton();
  Result<std::vector<int>> j = selectJoints(*skeleton, {});
  ASSERT_TRUE(j);
  EXPECT_EQ(static_cast<int>(j->size()), skeleton->jointCount());
}

TEST(SelectJoints, MajorFindsNamedJoints) {
  Skeleton skeleton;
  const char* names[] = {"Hips",      "LHipJoint", "LeftUpLeg", "LeftLeg", "LeftFoot",
                         "LowerBack", "Spine",     "Head",      "LFingers"};
  for (int k = 0; k < 9; ++k) skeleton.joints.push_back({names[k], k - 1, {0, 0.1, 0}});
  MetricSettings s;
  s.joints = JointSelection::Major;
  Result<std::vector<int>> j = selectJoints(skeleton, s);
  ASSERT_TRUE(j);
  EXPECT_EQ(*j, (std::vector<int>{0, 2, 3, 4, 6, 7}));
}

TEST(SelectJoints, CustomByNameSorted) {
  auto skeleton = test::makeBipedSkeleton();
  MetricSettings s;
  s.joints = JointSelection::Custom;
  s.customJoints = {"RightFoot", "Hips"};
  Result<std::vector<int>> j = selectJoints(*skeleton, s);
  ASSERT_TRUE(j);
  EXPECT_EQ(*j, (std::vector<int>{0, skeleton->findJoint("RightFoot")}));
}

TEST(SelectJoints, UnknownCustomNameFails) {
  auto skeleton = test::makeBipedSkeleton();
  MetricSettings s;
  s.joints = JointSelection::Custom;
  s.customJoints = {"Tail"};
  EXPECT_FALSE(selectJoints(*skeleton, s));
}

TEST(SelectJoints, MajorOnUnknownNamesFails) {
  Skeleton skeleton;
  skeleton.joints = {{"a", -1, {}}, {"b", 0, {0, 1, 0}}};
  MetricSettings s;
  s.joints = JointSelection::Major;
  EXPECT_FALSE(selectJoints(skeleton, s));
}

TEST(WindowWeights, SumToOneAndTaper) {
  MetricSettings s;
  const std::vector<double> w = windowWeights(s);
  ASSERT_EQ(w.size(), 9u);
  EXPECT_NEAR(std::accumulate(w.begin(), w.end(), 0.0), 1.0, 1e-12);
  EXPECT_GT(w[4], w[3]);
  EXPECT_GT(w[3], w[0]);
  EXPECT_GT(w[0], 0.0);
  EXPECT_DOUBLE_EQ(w[0], w[8]);
  // Hann shape: w(k) / w(0) = 0.5 (1 + cos(pi k / 5)).
  EXPECT_NEAR(w[0] / w[4], 0.5 * (1 + std::cos(M_PI * 4 / 5)), 1e-12);
}

TEST(WindowWeights, UniformIsFlat) {
  MetricSettings s;
  s.windowFrames = 5;
  s.weighting = WindowWeighting::Uniform;
  for (double v : windowWeights(s)) EXPECT_DOUBLE_EQ(v, 0.2);
}

}  // namespace
}  // namespace mg
