// SPDX-License-Identifier: MIT
#include "core/snap/plant_alignment.h"

#include <cmath>
#include <iostream>

#include <gtest/gtest.h>

#include "core/motion/forward_kinematics.h"
#include "core/motion/leg_ik.h"
#include "core/snap/cut_quality.h"
#include "core/snap/snap_job.h"
#include "exact_cuts.h"
#include "reference_metric.h"
#include "support/planted_walk.h"

namespace mg {
namespace {

TEST(FitFloorTransform, RecoversAKnownTransformIgnoringHeights) {
  const FloorTransform truth{0.7, 1.2, -0.5};
  const std::vector<Eigen::Vector3d> from = {
      {0.1, 0.0, 0.2}, {-0.3, 0.1, 0.5}, {0.4, 0.0, -0.2}, {0.0, 0.3, 0.0}};
  std::vector<Eigen::Vector3d> to;
  for (const Eigen::Vector3d& p : from)
    to.push_back(truth.apply(p) + Eigen::Vector3d(0.0, 0.25, 0.0));
  const FloorTransform fit = fitFloorTransform(from, to, 0.0);
  EXPECT_NEAR(fit.theta, truth.theta, 1e-12);
  EXPECT_NEAR(fit.x, truth.x, 1e-12);
  EXPECT_NEAR(fit.z, truth.z, 1e-12);
}

TEST(FitFloorTransform, KeepsTheGivenRotationWhenItMayNotFitOne) {
  const std::vector<Eigen::Vector3d> from = {{0.0, 0.0, 0.0}, {0.2, 0.0, 0.1}};
  const std::vector<Eigen::Vector3d> to = {{1.0, 0.0, 1.0}, {1.4, 0.0, 1.3}};
  const FloorTransform fit = fitFloorTransform(from, to, 0.3, false);
  EXPECT_EQ(fit.theta, 0.3);
  // Translation: the means land on each other.
  const Eigen::Vector3d mean = fit.apply(Eigen::Vector3d(0.1, 0.0, 0.05));
  EXPECT_NEAR(mean.x(), 1.2, 1e-12);
  EXPECT_NEAR(mean.z(), 1.15, 1e-12);
  // Points within 2.5 cm of their centre fix no rotation either.
  const std::vector<Eigen::Vector3d> close = {{0.0, 0.0, 0.0}, {0.01, 0.0, 0.0}};
  EXPECT_EQ(fitFloorTransform(close, close, -0.4).theta, -0.4);
}

// Two planted walks of different cadence; hub 0 a few frames into every left stance, hub 1 nine
// frames later in the same stance, so every clip from hub 0 to hub 1 holds the left foot planted
// throughout: a linked constraint of the two common poses (the paper's appendix).
struct LinkedDatabase {
  std::vector<std::shared_ptr<const Motion>> motions;
  HubGraph graph;
  std::vector<std::pair<int, std::pair<int, int>>> linkedClips;  // motion, (from frame, to frame)
};

LinkedDatabase linkedDatabase() {
  LinkedDatabase db;
  test::PlantedWalkSettings slow;
  slow.cycleSeconds = 1.1;
  slow.speed = 0.75;
  db.motions.push_back(std::make_shared<Motion>(test::makePlantedWalk(150)));
  db.motions.push_back(std::make_shared<Motion>(
      test::rotatedAboutY(test::makePlantedWalk(150, slow), 0.6, 1.0, -0.5)));
  const test::ReferenceMetric metric(db.motions);
  std::vector<MatchCandidate> first, second;
  for (int m = 0; m < 2; ++m) {
    const int cycle = m == 0 ? 30 : 33;
    for (int start = 0; start + 13 < 148; start += cycle) {
      first.push_back({{m, start + 3}, 0.0});
      second.push_back({{m, start + 12}, 0.0});
      db.linkedClips.push_back({m, {start + 3, start + 12}});
    }
  }
  std::vector<Hub> hubs{*makeHub(first, metric.metric()), *makeHub(second, metric.metric())};
  db.graph = *buildHubGraph(std::vector<int>{150, 150}, std::move(hubs));
  return db;
}

// The largest distance, over all linked clips, of the left heel or toe from where it is at the
// clip's first frame (after snapping; the walk holds them still there before).
double linkedPlantTravel(const LinkedDatabase& db, const SnapResult& snapped) {
  double worst = 0.0;
  const Skeleton& sk = *db.motions[0]->skeleton;
  const auto points = findFootPoints(sk);
  for (const auto& [m, range] : db.linkedClips) {
    const std::vector<Eigen::Vector3d> at = jointPositions(*snapped.motions[m], range.first);
    for (int f = range.first; f <= range.second; ++f) {
      const std::vector<Eigen::Vector3d> now = jointPositions(*snapped.motions[m], f);
      for (int p : {0, 1})
        worst = std::max(worst, (now[points[p].joint] - at[points[p].joint]).norm());
    }
  }
  return worst;
}

TEST(PlantAlignments, LinkedPlantsStayInOnePlaceAndCutsStayExact) {
  const LinkedDatabase db = linkedDatabase();
  ASSERT_TRUE(db.graph.validate());
  const auto snapped = SnapJob{db.motions, &db.graph, {}}.run();
  ASSERT_TRUE(snapped) << snapped.error().message;
  const double travel = linkedPlantTravel(db, *snapped);
  EXPECT_LT(travel, 1e-3);
  ASSERT_NO_FATAL_FAILURE(test::expectExactCuts(*snapped));
  // Without the appendix the metric's alignments place the two ends of a linked plant apart and
  // the foot has to travel between them.
  SnapSettings metricOnly;
  metricOnly.alignPlants = false;
  const auto plain = SnapJob{db.motions, &db.graph, metricOnly}.run();
  ASSERT_TRUE(plain);
  const double plainTravel = linkedPlantTravel(db, *plain);
  EXPECT_GT(plainTravel, 5e-3);
  std::cout << "[ figures  ] linked plants travel " << travel * 1000
            << " mm with plant alignments, " << plainTravel * 1000 << " mm with the metric's\n";
}

// The alignments change only along links: an unlinked match frame keeps the metric's, and every
// linked step maps the linked plant of one common pose onto the other's.
TEST(PlantAlignments, OnlyLinkedMatchFramesLeaveTheMetric) {
  const LinkedDatabase db = linkedDatabase();
  const auto snapped = SnapJob{db.motions, &db.graph, {}}.run();
  ASSERT_TRUE(snapped);
  std::vector<FootContacts> none(2);
  for (auto& c : none) c.planted.assign(150, 0);
  const auto unlinked = plantAlignments(
      db.graph, db.motions, plantLinks(db.graph, none, std::vector<std::uint8_t>{0x3, 0x3}),
      snapped->commonPoses);
  for (size_t h = 0; h < db.graph.hubs.size(); ++h) {
    for (size_t i = 0; i < db.graph.hubs[h].matchFrames.size(); ++i) {
      const FloorTransform &a = unlinked[h][i], &b = db.graph.hubs[h].matchFrames[i].toHub;
      EXPECT_EQ(a.theta, b.theta);
      EXPECT_EQ(a.x, b.x);
      EXPECT_EQ(a.z, b.z);
    }
  }
}

// A link of one point fixes no turn of the floor (the alignment keeps the metric's), so a foot
// held by its heel alone could take another heading at each end of the clip and its toe, which
// the solver holds too, would glide round the heel. Where the foot's other point is planted
// throughout the clip, the link holds it as well; a link whose points already fix a turn, or a
// foot whose other point lifts in the clip, is left as the hub masks make it.
TEST(PlantLinks, AFootHeldByOnePointLinksItsOtherPointWherePlantedThroughout) {
  const LinkedDatabase db = linkedDatabase();
  std::vector<FootContacts> contacts(2);
  for (auto& c : contacts) c.planted.assign(150, 0x0f);
  const auto heelOnly = plantLinks(db.graph, contacts, std::vector<std::uint8_t>{0x1, 0x1});
  ASSERT_FALSE(heelOnly.empty());
  for (const PlantLink& l : heelOnly) EXPECT_EQ(l.points, 0x3);
  for (const PlantLink& l : plantLinks(db.graph, contacts, std::vector<std::uint8_t>{0x5, 0x5}))
    EXPECT_EQ(l.points, 0x5);
  for (auto& c : contacts) {
    for (int f = 0; f < 150; f += 7) c.planted[f] &= static_cast<std::uint8_t>(~0x2u);
  }
  for (const PlantLink& l : plantLinks(db.graph, contacts, std::vector<std::uint8_t>{0x1, 0x1}))
    EXPECT_EQ(l.points, 0x1);
}

// A standing motion with both feet planted throughout and match frames at 10 and 40 whose common
// poses, as aligned, put the feet 8 cm apart: a plant the alignments cannot hold. It is split by
// gapFrames free frames centred where the capture lifts the left foot (frame 30); the plants of
// a graph whose alignments agree are left whole.
TEST(SplitUnheldPlants, LeavesAGapWhereTheCaptureLiftsTheFoot) {
  Motion m = test::makeStance(60, 0.2);
  // The left ankle lifts up to 3 cm around frame 30 (leg IK).
  const Skeleton& sk = *m.skeleton;
  const auto points = findFootPoints(sk);
  for (int f = 26; f <= 34; ++f) {
    Pose pose = m.pose(f);
    const double lift = 0.03 * std::cos((f - 30) * M_PI / 10.0);
    (void)LegIkJob{&sk, *findLegChain(sk, points[0].joint), Eigen::Vector3d(0.1, 0.1 + lift, 0.0),
                   std::nullopt, points[1]}
        .run(pose);
    std::copy(pose.localRotations.begin(), pose.localRotations.end(),
              m.localRotations.begin() + static_cast<std::ptrdiff_t>(f) * sk.jointCount());
  }
  Hub a, b;
  a.matchFrames = {{{0, 10}, {}}};
  b.matchFrames = {{{0, 40}, {}}};
  HubGraph graph = *buildHubGraph(std::vector<int>{60}, {a, b});
  const std::vector<PoseTriple> common{poseTriple(m, 10), poseTriple(m, 40)};
  FootContacts all;
  all.planted.assign(60, 0x0f);
  FootContacts held = all;
  EXPECT_EQ(splitUnheldPlants(graph, 0, m, common, 6, held), 0);
  EXPECT_EQ(held.planted, all.planted);
  graph.hubs[1].matchFrames[0].toHub = FloorTransform{0.0, 0.08, 0.0};
  FootContacts split = all;
  std::vector<PlantStep> steps;
  EXPECT_EQ(splitUnheldPlants(graph, 0, m, common, 6, split, &steps), 4);
  ASSERT_EQ(steps.size(), 4u);  // each split is a re-step of its point by 8 cm
  for (int p = 0; p < 4; ++p) {
    EXPECT_EQ(steps[p].point, p);
    EXPECT_NEAR(steps[p].lift, 0.08, 1e-9);
  }
  EXPECT_EQ(steps[0].begin, 27);
  EXPECT_EQ(steps[0].end, 32);
  for (int f = 0; f < 60; ++f) {
    const std::uint8_t expected = f >= 27 && f <= 32 ? 0x00 : 0x0f;
    EXPECT_EQ(split.planted[f] & 0x03, expected & 0x03)
        << "frame " << f;  // the left foot, lifted at 30
  }
  // Too close together to leave a gap two frames clear of both locks: left whole.
  Hub c, d;
  c.matchFrames = {{{0, 10}, {}}};
  d.matchFrames = {{{0, 15}, {}}};
  HubGraph close = *buildHubGraph(std::vector<int>{60}, {c, d});
  close.hubs[1].matchFrames[0].toHub = FloorTransform{0.0, 0.08, 0.0};
  FootContacts whole = all;
  EXPECT_EQ(
      splitUnheldPlants(close, 0, m, std::vector<PoseTriple>{poseTriple(m, 10), poseTriple(m, 15)},
                        6, whole),
      0);
}

// A plant held by the locked frames of two match frames need not hold the match frames
// themselves: the left foot planted on frames 0-39 lifts at 40, the second match frame, but its
// locked frame 39 (f-1 of the common pose) still pins it where that common pose puts it, 8 cm from
// where the first one does. It is split too; a plant ending before 39 is not held there and is
// left whole.
TEST(SplitUnheldPlants, APlantHeldByALockedFrameNextToTheMatchFrameIsSplitToo) {
  const Motion m = test::makeStance(60, 0.2);
  Hub a, b;
  a.matchFrames = {{{0, 10}, {}}};
  b.matchFrames = {{{0, 40}, {}}};
  HubGraph graph = *buildHubGraph(std::vector<int>{60}, {a, b});
  graph.hubs[1].matchFrames[0].toHub = FloorTransform{0.0, 0.08, 0.0};
  const std::vector<PoseTriple> common{poseTriple(m, 10), poseTriple(m, 40)};
  auto leftFootPlantedUntil = [](int last) {
    FootContacts c;
    c.planted.assign(60, 0);
    for (int f = 0; f <= last; ++f) c.planted[f] = 0x03;
    return c;
  };
  FootContacts toLock = leftFootPlantedUntil(39);
  std::vector<PlantStep> steps;
  EXPECT_EQ(splitUnheldPlants(graph, 0, m, common, 6, toLock, &steps), 2);
  ASSERT_EQ(steps.size(), 2u);
  for (const PlantStep& step : steps) {
    EXPECT_NEAR(step.lift, 0.08, 1e-9);
    EXPECT_GE(step.begin, 13);  // two frames clear of both match frames' locks
    EXPECT_LE(step.end, 37);
    for (int f = step.begin; f <= step.end; ++f)
      EXPECT_EQ(toLock.planted[f] & (1 << step.point), 0) << "frame " << f;
  }
  FootContacts beforeLock = leftFootPlantedUntil(37);
  const FootContacts unchanged = beforeLock;
  EXPECT_EQ(splitUnheldPlants(graph, 0, m, common, 6, beforeLock), 0);
  EXPECT_EQ(beforeLock.planted, unchanged.planted);
}

}  // namespace
}  // namespace mg
