// SPDX-License-Identifier: MIT
#include "core/snap/common_pose.h"

#include <gtest/gtest.h>

#include "reference_metric.h"
#include "support/synthetic_motion.h"

namespace mg {
namespace {

double poseDifference(const PoseTriple& a, const PoseTriple& b) {
  double worst = 0;
  const Pose* pa[] = {&a.previous, &a.current, &a.next};
  const Pose* pb[] = {&b.previous, &b.current, &b.next};
  for (int k = 0; k < 3; ++k) {
    worst = std::max(worst, (pa[k]->rootPosition - pb[k]->rootPosition).norm());
    for (size_t j = 0; j < pa[k]->localRotations.size(); ++j) {
      worst = std::max(worst, pa[k]->localRotations[j].angularDistance(pb[k]->localRotations[j]));
    }
  }
  return worst;
}

// Common pose of frame 30 of `a` (the base) and frame 33 of `b`, aligned by the reference metric.
PoseTriple commonOf(const Motion& a, const Motion& b) {
  auto pa = std::make_shared<Motion>(a), pb = std::make_shared<Motion>(b);
  const test::ReferenceMetric metric({pa, pb});
  const FloorTransform toHubB = metric.match({0, 30}, {1, 33}).alignment;
  const std::vector<PoseTriple> triples = {poseTriple(a, 30), poseTriple(b, 33)};
  const std::vector<FloorTransform> toHub = {FloorTransform{}, toHubB};
  return averageCommonPose(triples, toHub);
}

TEST(CommonPose, InvariantToRotatingANonBaseMotionAboutY) {
  const Motion a = test::makeSwingMotion(60);
  const Motion b = test::makeSwingMotion(60, 30.0, 1.2, 0.55);
  const PoseTriple reference = commonOf(a, b);
  for (double theta : {0.3, -1.7, 3.0}) {
    const PoseTriple turned = commonOf(a, test::rotatedAboutY(b, theta, 2.0, -0.5));
    EXPECT_LT(poseDifference(reference, turned), 1e-9) << theta;
  }
}

TEST(CommonPose, RotatingTheBaseMotionRotatesTheCommonPoseWithIt) {
  const Motion a = test::makeSwingMotion(60);
  const Motion b = test::makeSwingMotion(60, 30.0, 1.2, 0.55);
  const PoseTriple reference = commonOf(a, b);
  const FloorTransform t{1.1, -0.4, 0.9};
  const PoseTriple turned = commonOf(test::rotatedAboutY(a, t.theta, t.x, t.z), b);
  EXPECT_LT(poseDifference(transformTriple(reference, t), turned), 1e-9);
}

TEST(CommonPose, OfIdenticalFramesIsThatFrame) {
  const Motion a = test::makeSwingMotion(60);
  const std::vector<PoseTriple> triples = {poseTriple(a, 20), poseTriple(a, 20)};
  const std::vector<FloorTransform> toHub(2);
  EXPECT_LT(poseDifference(averageCommonPose(triples, toHub), triples[0]), 1e-12);
}

TEST(CommonPose, VelocityIsTheMeanVelocity) {
  const Motion a = test::makeSwingMotion(60, 30.0, 1.0, 0.5);
  const Motion b = test::makeSwingMotion(60, 30.0, 1.4, 0.5);
  const std::vector<PoseTriple> triples = {poseTriple(a, 20), poseTriple(b, 20)};
  const std::vector<FloorTransform> toHub(2);
  const PoseTriple c = averageCommonPose(triples, toHub);
  const double speed = (c.next.rootPosition.z() - c.previous.rootPosition.z()) * 15.0;
  EXPECT_NEAR(speed, 1.2, 1e-9);
}

}  // namespace
}  // namespace mg
