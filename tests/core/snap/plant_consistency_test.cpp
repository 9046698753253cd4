// SPDX-License-Identifier: MIT
#include "core/snap/plant_consistency.h"

#include <cmath>
#include <iostream>

#include <gtest/gtest.h>

#include "core/motion/forward_kinematics.h"
#include "core/snap/cut_quality.h"
#include "core/snap/snap_job.h"
#include "exact_cuts.h"
#include "support/planted_walk.h"

namespace mg {
namespace {

Motion stance(int frames, double width, double forward = 0.0) {
  return test::makeStance(frames, width, forward);
}

std::vector<Eigen::Vector3d> plantedPoints(const Skeleton& sk, const Pose& pose) {
  return footPointPositions(sk, pose, 0x0f);
}

// Rigid similarity on the floor, checked without any fitting: every pairwise horizontal distance
// of the points agrees (a floor transform keeps them, and they fix the configuration up to one).
double pairwiseMismatch(const std::vector<Eigen::Vector3d>& a,
                        const std::vector<Eigen::Vector3d>& b) {
  double worst = 0.0;
  for (size_t i = 0; i < a.size(); ++i) {
    for (size_t j = i + 1; j < a.size(); ++j) {
      const double da = std::hypot(a[i].x() - a[j].x(), a[i].z() - a[j].z());
      const double db = std::hypot(b[i].x() - b[j].x(), b[i].z() - b[j].z());
      worst = std::max(worst, std::abs(da - db));
    }
  }
  return worst;
}

Eigen::Vector3d centre(const std::vector<Eigen::Vector3d>& points) {
  Eigen::Vector3d c = Eigen::Vector3d::Zero();
  for (const Eigen::Vector3d& p : points) c += p;
  return c / static_cast<double>(points.size());
}

// World positions of the toe tips (left, right) of a pose.
std::vector<Eigen::Vector3d> tipPoints(const Skeleton& sk, const Pose& pose) {
  std::vector<Eigen::Vector3d> pos(sk.jointCount());
  std::vector<Eigen::Quaterniond> rot(sk.jointCount());
  forwardKinematics(sk, pose.rootPosition, pose.localRotations.data(), pos.data(), rot.data());
  std::vector<Eigen::Vector3d> out;
  for (const std::optional<FootPointLocation>& tip : findToeTips(sk)) {
    if (tip) out.push_back(pos[tip->joint] + rot[tip->joint] * tip->offset);
  }
  return out;
}

TEST(PlantConsistency, TwoFootLinkBecomesRigidlySimilarAndPlantsStayHeld) {
  const Motion narrow = stance(20, 0.20), wide = stance(20, 0.30, 0.06);
  std::vector<PoseTriple> poses{poseTriple(narrow, 10), poseTriple(wide, 10)};
  const Skeleton& sk = *narrow.skeleton;
  const std::vector<Eigen::Vector3d> before0 = plantedPoints(sk, poses[0].current),
                                     before1 = plantedPoints(sk, poses[1].current);
  ASSERT_GT(pairwiseMismatch(before0, before1), 0.05);
  const std::vector<PlantLink> links{{0, 0, 0, 1, 0, 0x0f}};
  const std::vector<std::uint8_t> masks{0x0f, 0x0f};
  const auto made = makeLinkedPlantsConsistent(sk, links, masks, poses);
  ASSERT_TRUE(made) << made.error().message;
  EXPECT_EQ(made->links, 1);
  EXPECT_GT(made->residualBefore, 0.02);
  EXPECT_LT(made->residualAfter, 1e-4);
  const std::vector<Eigen::Vector3d> after0 = plantedPoints(sk, poses[0].current),
                                     after1 = plantedPoints(sk, poses[1].current);
  EXPECT_LT(pairwiseMismatch(after0, after1), 1e-4);
  // Both sides move towards each other (an average), each pose's plants (with the tips of its
  // planted toes) keep their centre and heights, and frames f-1 and f+1 hold them where frame f
  // has them.
  auto withTips = [&](std::vector<Eigen::Vector3d> points, const Pose& pose) {
    for (const Eigen::Vector3d& tip : tipPoints(sk, pose)) points.push_back(tip);
    return points;
  };
  const std::vector<Eigen::Vector3d> tipsBefore0 =
                                         withTips(before0, poseTriple(narrow, 10).current),
                                     tipsBefore1 = withTips(before1, poseTriple(wide, 10).current);
  EXPECT_LT((centre(tipsBefore0) - centre(withTips(after0, poses[0].current))).norm(), 1e-6);
  EXPECT_LT((centre(tipsBefore1) - centre(withTips(after1, poses[1].current))).norm(), 1e-6);
  for (const auto& [was, now] : {std::pair{&before0, &after0}, {&before1, &after1}}) {
    for (size_t k = 0; k < was->size(); ++k) EXPECT_NEAR((*was)[k].y(), (*now)[k].y(), 1e-6);
  }
  EXPECT_GT(made->largestMove, 0.01);
  EXPECT_LT(made->largestMove, 0.05);
  for (const PoseTriple& t : poses) {
    const std::vector<Eigen::Vector3d> at = plantedPoints(sk, t.current);
    for (const Pose* side : {&t.previous, &t.next}) {
      const std::vector<Eigen::Vector3d> held = plantedPoints(sk, *side);
      for (size_t k = 0; k < at.size(); ++k) EXPECT_LT((held[k] - at[k]).norm(), 1e-6);
    }
  }
}

// The left foot of a stance turned about the vertical by `degrees` (the whole leg about the hip),
// in frames f-1..f+1 of the triple.
void turnLeftFoot(const Skeleton& sk, PoseTriple& t, double degrees) {
  int thigh = -1;
  for (int j = 0; j < sk.jointCount(); ++j) {
    if (sk.joints[j].name == "LeftUpLeg") thigh = j;
  }
  ASSERT_GE(thigh, 0);
  const Eigen::Quaterniond turn(
      Eigen::AngleAxisd(degrees * M_PI / 180.0, Eigen::Vector3d::UnitY()));
  for (Pose* p : {&t.previous, &t.current, &t.next})
    p->localRotations[thigh] = turn * p->localRotations[thigh];
}

// Two common poses linked on the left toe and the right heel and toe, the left foot standing on
// its toe (its heel is not planted) and pointing 24 degrees apart: the toe points alone (three
// points) are made consistent either way, but the left tip then sweeps round the toe between the
// two ends of the clip. A planted toe holds its tip, so the link holds the tips too, and the left
// foot turns about its toe until tips and toes are rigidly similar.
TEST(PlantConsistency, LinkedToeHoldsItsTipTooAndTheFootTurnsAboutTheToe) {
  const Motion narrow = stance(20, 0.20), wide = stance(20, 0.30, 0.06);
  std::vector<PoseTriple> poses{poseTriple(narrow, 10), poseTriple(wide, 10)};
  const Skeleton& sk = *narrow.skeleton;
  ASSERT_NO_FATAL_FAILURE(turnLeftFoot(sk, poses[0], 12.0));
  ASSERT_NO_FATAL_FAILURE(turnLeftFoot(sk, poses[1], -12.0));
  const std::uint8_t toes = 0x0e;  // left toe, right heel, right toe
  auto linkedPoints = [&](const Pose& pose) {
    std::vector<Eigen::Vector3d> points = footPointPositions(sk, pose, toes);
    for (const Eigen::Vector3d& tip : tipPoints(sk, pose)) points.push_back(tip);
    return points;
  };
  ASSERT_EQ(linkedPoints(poses[0].current).size(), 5u);
  const double before =
      pairwiseMismatch(linkedPoints(poses[0].current), linkedPoints(poses[1].current));
  ASSERT_GT(before, 0.05);
  const std::vector<PlantLink> links{{0, 0, 0, 1, 0, toes}};
  const std::vector<std::uint8_t> masks{toes, toes};
  const auto made = makeLinkedPlantsConsistent(sk, links, masks, poses);
  ASSERT_TRUE(made) << made.error().message;
  EXPECT_LT(made->residualAfter, 1e-4);
  const double after =
      pairwiseMismatch(linkedPoints(poses[0].current), linkedPoints(poses[1].current));
  EXPECT_LT(after, 1e-3);
  // The toes stay on their (consistent) targets and frames f-1, f+1 hold the tips where f has them.
  for (const PoseTriple& t : poses) {
    const std::vector<Eigen::Vector3d> at = tipPoints(sk, t.current);
    for (const Pose* side : {&t.previous, &t.next}) {
      const std::vector<Eigen::Vector3d> held = tipPoints(sk, *side);
      EXPECT_LT((held[0] - at[0]).norm(), 1e-6);
    }
  }
  std::cout << "[ figures  ] linked toe with tips: configurations " << before * 1000
            << " mm apart before, " << after * 1000 << " mm after\n";
}

TEST(PlantConsistency, PlantCommonPoseTurnsAFootOnItsToeToATipTarget) {
  const Motion m = stance(20, 0.20);
  const Skeleton& sk = *m.skeleton;
  PoseTriple triple = poseTriple(m, 10);
  const std::uint8_t leftToe = 1u << static_cast<int>(FootPoint::LeftToe);
  const Eigen::Vector3d toe = footPointPositions(sk, triple.current, leftToe).front();
  const Eigen::Vector3d tip = tipPoints(sk, triple.current)[0];
  // The tip swung 30 degrees about the toe, on the floor.
  const Eigen::Vector3d wanted =
      toe + Eigen::AngleAxisd(M_PI / 6.0, Eigen::Vector3d::UnitY()) * (tip - toe);
  std::vector<std::optional<Eigen::Vector3d>> targets(kFootPointCount), tips(2);
  targets[static_cast<int>(FootPoint::LeftToe)] = toe;
  tips[0] = wanted;
  ASSERT_TRUE(plantCommonPose(sk, leftToe, triple, 0.995, targets, tips));
  EXPECT_LT((footPointPositions(sk, triple.current, leftToe).front() - toe).norm(), 1e-4);
  EXPECT_LT((tipPoints(sk, triple.current)[0] - wanted).norm(), 1e-3);
  // Bad input: tip targets are one per side or none.
  std::vector<std::optional<Eigen::Vector3d>> three(3);
  EXPECT_FALSE(plantCommonPose(sk, leftToe, triple, 0.995, targets, three));
}

TEST(PlantConsistency, LinksToItselfOrOfOnePointChangeNothing) {
  const Motion narrow = stance(20, 0.20), wide = stance(20, 0.30, 0.06);
  std::vector<PoseTriple> poses{poseTriple(narrow, 10), poseTriple(wide, 10)};
  const std::vector<PoseTriple> original = poses;
  const std::vector<PlantLink> links{{0, 0, 0, 0, 1, 0x0f}, {0, 0, 0, 1, 0, 0x01}};
  const std::vector<std::uint8_t> masks{0x0f, 0x0f};
  const auto made = makeLinkedPlantsConsistent(*narrow.skeleton, links, masks, poses);
  ASSERT_TRUE(made);
  EXPECT_EQ(made->links, 0);
  for (size_t h = 0; h < poses.size(); ++h) {
    EXPECT_EQ(poses[h].current.rootPosition, original[h].current.rootPosition);
    for (size_t j = 0; j < poses[h].current.localRotations.size(); ++j) {
      EXPECT_EQ(poses[h].current.localRotations[j].coeffs(),
                original[h].current.localRotations[j].coeffs());
    }
  }
}

TEST(PlantConsistency, RejectsHubsOutOfRangeAndMaskCountMismatch) {
  const Motion m = stance(20, 0.2);
  std::vector<PoseTriple> poses{poseTriple(m, 10), poseTriple(m, 12)};
  const std::vector<std::uint8_t> masks{0x0f, 0x0f};
  const std::vector<PlantLink> outOfRange{{0, 0, 0, 2, 0, 0x0f}};
  EXPECT_FALSE(makeLinkedPlantsConsistent(*m.skeleton, outOfRange, masks, poses));
  const std::vector<PlantLink> negative{{0, -1, 0, 1, 0, 0x0f}};
  EXPECT_FALSE(makeLinkedPlantsConsistent(*m.skeleton, negative, masks, poses));
  const std::vector<std::uint8_t> oneMask{0x0f};
  EXPECT_FALSE(makeLinkedPlantsConsistent(*m.skeleton, {}, oneMask, poses));
}

// Three standing motions, two narrow and one wide; hub 0 averages two narrow stances and the wide
// one, hub 1 a narrow and the wide one, so the two common poses plant their feet in different
// configurations, and the clip of motion 0 from hub 0 to hub 1 (and of motion 2 from hub 1 to
// hub 0) holds both feet planted throughout: linked constraints on both feet (the paper's
// appendix). Only rigidly consistent common poses let them stand still.
struct TwoFootLink {
  std::vector<std::shared_ptr<const Motion>> motions;
  HubGraph graph;
};

TwoFootLink twoFootLink() {
  TwoFootLink db;
  db.motions = {std::make_shared<Motion>(stance(60, 0.20)),
                std::make_shared<Motion>(stance(60, 0.20)),
                std::make_shared<Motion>(stance(60, 0.32, 0.08))};
  Hub a, b;
  a.matchFrames = {{{0, 15}, {}}, {{1, 30}, {}}, {{2, 50}, {}}};
  b.matchFrames = {{{0, 40}, {}}, {{2, 30}, {}}};
  db.graph = *buildHubGraph(std::vector<int>{60, 60, 60}, {a, b});
  return db;
}

// Largest distance any foot point of motion 0 travels over the linked clip 15..40.
double linkedTravel(const SnapResult& snapped) {
  const Motion& m = *snapped.motions[0];
  const std::vector<Eigen::Vector3d> at = plantedPoints(*m.skeleton, m.pose(15));
  double worst = 0.0;
  for (int f = 15; f <= 40; ++f) {
    const std::vector<Eigen::Vector3d> now = plantedPoints(*m.skeleton, m.pose(f));
    for (size_t k = 0; k < at.size(); ++k) worst = std::max(worst, (now[k] - at[k]).norm());
  }
  return worst;
}

TEST(PlantConsistency, LinkedTwoFootPlantHoldsAcrossItsClipAndCutsStayExact) {
  const TwoFootLink db = twoFootLink();
  ASSERT_TRUE(db.graph.validate());
  const auto snapped = SnapJob{db.motions, &db.graph, {}}.run();
  ASSERT_TRUE(snapped) << snapped.error().message;
  const double travel = linkedTravel(*snapped);
  EXPECT_LT(travel, 1e-3);
  ASSERT_NO_FATAL_FAILURE(test::expectExactCuts(*snapped));
  // Without consistent common poses no floor transform can hold all four points: the feet slide.
  SnapSettings inconsistent;
  inconsistent.consistentPlants = false;
  const auto plain = SnapJob{db.motions, &db.graph, inconsistent}.run();
  ASSERT_TRUE(plain);
  const double plainTravel = linkedTravel(*plain);
  EXPECT_GT(plainTravel, 0.01);
  std::cout << "[ figures  ] two-foot linked plant travels " << travel * 1000
            << " mm with consistent plants, " << plainTravel * 1000 << " mm without\n";
}

}  // namespace
}  // namespace mg
