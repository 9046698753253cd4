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
  // Both sides move towards each other (an average), each pose's plants keep their centre and
  // heights, and frames f-1 and f+1 hold them where frame f has them.
  for (const auto& [was, now] : {std::pair{&before0, &after0}, {&before1, &after1}}) {
    EXPECT_LT((centre(*was) - centre(*now)).norm(), 1e-6);
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
