// SPDX-License-Identifier: MIT
#include "core/motion/leg_ik.h"

#include <random>

#include <gtest/gtest.h>

#include "core/motion/forward_kinematics.h"
#include "support/synthetic_motion.h"

namespace mg {
namespace {

std::vector<Eigen::Vector3d> world(const Skeleton& s, const Pose& p) {
  std::vector<Eigen::Vector3d> out(s.jointCount());
  forwardKinematics(s, p.rootPosition, p.localRotations.data(), out.data());
  return out;
}

class LegIkTest : public ::testing::Test {
 protected:
  Motion motion = test::makeSwingMotion(60);
  const Skeleton& skeleton = *motion.skeleton;
  LegChain leg = *findLegChain(skeleton, skeleton.findJoint("LeftFoot"));
  FootPointLocation toe{skeleton.findJoint("LeftToeBase"), Eigen::Vector3d::Zero()};
};

TEST_F(LegIkTest, FindsTheChain) {
  EXPECT_EQ(leg.thigh, skeleton.findJoint("LeftUpLeg"));
  EXPECT_EQ(leg.shin, skeleton.findJoint("LeftLeg"));
  EXPECT_EQ(leg.foot, skeleton.findJoint("LeftFoot"));
  EXPECT_FALSE(findLegChain(skeleton, skeleton.findJoint("Spine")));
}

TEST_F(LegIkTest, ReachesReachableTargetsExactlyAndKeepsBoneLengths) {
  std::mt19937_64 rng(9);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  int solved = 0;
  for (int trial = 0; trial < 200; ++trial) {
    Pose pose = motion.pose(trial % motion.frameCount());
    const auto before = world(skeleton, pose);
    const Eigen::Vector3d hip = before[leg.thigh];
    // A random point inside the reachable shell (0.05 .. 0.79 m from the hip; bones are 0.4 + 0.4).
    Eigen::Vector3d dir(u(rng), u(rng), u(rng));
    if (dir.norm() < 1e-3) continue;
    const double r = 0.05 + 0.74 * (0.5 + 0.5 * u(rng));
    const Eigen::Vector3d target = hip + dir.normalized() * r;
    const Result<double> err = LegIkJob{&skeleton, leg, target, std::nullopt, {}}.run(pose);
    ASSERT_TRUE(err);
    const auto after = world(skeleton, pose);
    EXPECT_LT((after[leg.foot] - target).norm(), 1e-9);
    EXPECT_LT(*err, 1e-9);
    EXPECT_NEAR((after[leg.shin] - after[leg.thigh]).norm(),
                (before[leg.shin] - before[leg.thigh]).norm(), 1e-12);
    EXPECT_NEAR((after[leg.foot] - after[leg.shin]).norm(),
                (before[leg.foot] - before[leg.shin]).norm(), 1e-12);
    EXPECT_LT((after[leg.thigh] - hip).norm(), 1e-12);  // the hip does not move
    ++solved;
  }
  EXPECT_GT(solved, 150);
}

TEST_F(LegIkTest, StraightLegStillBends) {
  Pose pose = motion.pose(0);
  for (auto& q : pose.localRotations) q.setIdentity();
  const Eigen::Vector3d hip = world(skeleton, pose)[leg.thigh];
  const Eigen::Vector3d target = hip + Eigen::Vector3d(0, -0.6, 0.05);
  ASSERT_TRUE(LegIkJob({&skeleton, leg, target, std::nullopt, {}}).run(pose));
  const auto after = world(skeleton, pose);
  EXPECT_LT((after[leg.foot] - target).norm(), 1e-9);
  EXPECT_GT(after[leg.shin].z(), hip.z());  // the knee goes forward
}

// A straight leg has no bending plane of its own; the knee must bend the way the foot points
// (the toe, here turned 90 degrees to +X) and move continuously as the target comes closer,
// whatever sub-micrometre noise puts the input knee on one side or the other of the line.
TEST_F(LegIkTest, StraightKneeBendsTheWayTheFootPointsWithoutFlipping) {
  Pose straight = motion.pose(0);
  for (auto& q : straight.localRotations) q.setIdentity();
  straight.localRotations[leg.foot] =
      Eigen::Quaterniond(Eigen::AngleAxisd(M_PI / 2, Eigen::Vector3d::UnitY()));
  const Eigen::Vector3d hip = world(skeleton, straight)[leg.thigh];
  Eigen::Vector3d previousKnee = Eigen::Vector3d::Zero();
  for (int step = 1; step <= 40; ++step) {
    const double distance = 0.8 - 0.002 * step;  // 0.8: the leg's full length
    const Eigen::Vector3d target = hip + Eigen::Vector3d(0.0, -distance, 0.0);
    std::vector<Eigen::Vector3d> knees;
    for (double noise : {-1e-7, 0.0, 1e-7}) {
      for (const Eigen::Vector3d& direction :
           {Eigen::Vector3d::UnitX(), Eigen::Vector3d::UnitZ()}) {
        Pose pose = straight;
        // Nudge the knee off the line by `noise` metres (a tiny turn of the thigh about the hip).
        pose.localRotations[leg.thigh] = Eigen::Quaterniond(
            Eigen::AngleAxisd(noise / 0.4, direction.cross(Eigen::Vector3d::UnitY())));
        ASSERT_TRUE(LegIkJob({&skeleton, leg, target, std::nullopt, toe}).run(pose));
        const auto after = world(skeleton, pose);
        EXPECT_LT((after[leg.foot] - target).norm(), 1e-9);
        knees.push_back(after[leg.shin]);
      }
    }
    for (const Eigen::Vector3d& k : knees)
      EXPECT_LT((k - knees[0]).norm(), 1e-4) << "distance " << distance;
    EXPECT_GT(knees[0].x() - hip.x(), 0.0);  // towards the toe (+X), not forward or back
    EXPECT_LT(std::abs(knees[0].z() - hip.z()), 1e-4);
    if (step > 1) EXPECT_LT((knees[0] - previousKnee).norm(), 0.05) << "distance " << distance;
    previousKnee = knees[0];
  }
}

TEST_F(LegIkTest, AimsTheToe) {
  Pose pose = motion.pose(10);
  const auto before = world(skeleton, pose);
  const Eigen::Vector3d ankleTarget = before[leg.foot] + Eigen::Vector3d(0.02, 0.05, -0.03);
  const double footLength = (before[toe.joint] - before[leg.foot]).norm();
  const Eigen::Vector3d toeTarget =
      ankleTarget + Eigen::Vector3d(0.0, -0.6, 0.8).normalized() * footLength;
  ASSERT_TRUE(LegIkJob({&skeleton, leg, ankleTarget, toeTarget, toe}).run(pose));
  const auto after = world(skeleton, pose);
  EXPECT_LT((after[leg.foot] - ankleTarget).norm(), 1e-9);
  EXPECT_LT((after[toe.joint] - toeTarget).norm(), 1e-9);
}

TEST_F(LegIkTest, RootMovesWhenTheTargetIsOutOfReach) {
  Pose pose = motion.pose(5);
  const auto before = world(skeleton, pose);
  const Eigen::Vector3d target = before[leg.thigh] + Eigen::Vector3d(0.1, -1.2, 0.3);
  const std::vector<LegChain> legs = {leg};
  const std::vector<std::optional<Eigen::Vector3d>> targets = {target};
  const Eigen::Vector3d shift = adjustRootForReach(skeleton, legs, targets, pose);
  EXPECT_GT(shift.norm(), 0.3);
  ASSERT_TRUE(LegIkJob({&skeleton, leg, target, std::nullopt, {}}).run(pose));
  EXPECT_LT((world(skeleton, pose)[leg.foot] - target).norm(), 1e-9);
}

TEST_F(LegIkTest, RejectsNullSkeleton) {
  Pose pose = motion.pose(0);
  EXPECT_FALSE(LegIkJob({nullptr, leg, Eigen::Vector3d::Zero(), std::nullopt, {}}).run(pose));
}

TEST_F(LegIkTest, RejectsBrokenChain) {
  Pose pose = motion.pose(0);
  LegChain broken = leg;
  broken.shin = skeleton.findJoint("Spine");
  EXPECT_FALSE(
      LegIkJob({&skeleton, broken, Eigen::Vector3d::Zero(), std::nullopt, {}}).validate(pose));
}

TEST_F(LegIkTest, RejectsNonFiniteTarget) {
  Pose pose = motion.pose(0);
  EXPECT_FALSE(
      LegIkJob({&skeleton, leg, Eigen::Vector3d(NAN, 0, 0), std::nullopt, {}}).validate(pose));
}

TEST_F(LegIkTest, RejectsToeOffTheFoot) {
  Pose pose = motion.pose(0);
  FootPointLocation wrong{skeleton.findJoint("RightToeBase"), Eigen::Vector3d::Zero()};
  EXPECT_FALSE(LegIkJob({&skeleton, leg, Eigen::Vector3d::Zero(), Eigen::Vector3d::Zero(), wrong})
                   .validate(pose));
}

TEST_F(LegIkTest, RejectsPoseWithWrongJointCount) {
  Pose pose = motion.pose(0);
  pose.localRotations.pop_back();
  EXPECT_FALSE(
      LegIkJob({&skeleton, leg, Eigen::Vector3d::Zero(), std::nullopt, {}}).validate(pose));
}

}  // namespace
}  // namespace mg
