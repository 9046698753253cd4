// SPDX-License-Identifier: MIT
#include "core/dmg/dmg_walk.h"

#include <algorithm>

#include <gtest/gtest.h>

#include "core/dmg/dmg_builder.h"
#include "core/motion/forward_kinematics.h"
#include "support/synthetic_motion.h"

namespace mg {
namespace {

struct Walkable {
  std::vector<std::shared_ptr<const Motion>> motions;
  std::shared_ptr<const DatabaseMotionGraph> graph;
};

Walkable swingGraph() {
  Walkable w;
  w.motions.push_back(std::make_shared<Motion>(test::makeSwingMotion(120, 30.0, 1.0, 0.5)));
  w.motions.push_back(std::make_shared<Motion>(test::makeSwingMotion(90, 30.0, 1.3, 0.4)));
  std::vector<const Motion*> pointers = {w.motions[0].get(), w.motions[1].get()};
  DmgBuildSettings settings;
  settings.threshold = 0.03;  // loose, so transitions join visibly different poses
  settings.grid.threads = 1;
  Result<DmgBuildResult> built = buildDatabaseMotionGraph(pointers, settings);
  EXPECT_TRUE(built) << built.error().message;
  w.graph = std::make_shared<DatabaseMotionGraph>(std::move(built->graph));
  return w;
}

std::vector<Eigen::Vector3d> positions(const Skeleton& s, const Pose& p) {
  std::vector<Eigen::Vector3d> out(s.jointCount());
  forwardKinematics(s, p.rootPosition, p.localRotations.data(), out.data());
  return out;
}

// Largest distance any joint moves in one frame: a jump in the motion shows here.
double largestMove(const Skeleton& s, const std::vector<Pose>& poses) {
  double worst = 0;
  for (size_t i = 1; i < poses.size(); ++i) {
    const auto a = positions(s, poses[i - 1]), b = positions(s, poses[i]);
    for (size_t j = 0; j < a.size(); ++j) worst = std::max(worst, (a[j] - b[j]).norm());
  }
  return worst;
}

// Largest second difference of any joint's position (metres per frame^2): a cut shows as a spike.
double largestStep(const Skeleton& s, const std::vector<Pose>& poses) {
  double worst = 0;
  for (size_t i = 2; i < poses.size(); ++i) {
    const auto a = positions(s, poses[i - 2]), b = positions(s, poses[i - 1]),
               c = positions(s, poses[i]);
    for (size_t j = 0; j < a.size(); ++j) worst = std::max(worst, (a[j] - 2 * b[j] + c[j]).norm());
  }
  return worst;
}

std::vector<Pose> play(DmgWalkStream& stream, int frames) {
  std::vector<Pose> out;
  Pose p;
  while (static_cast<int>(out.size()) < frames && stream.next(p)) out.push_back(p);
  return out;
}

TEST(DmgWalk, NaturalPathReproducesTheSourceFrames) {
  Walkable w = swingGraph();
  const int start = w.graph->vertexOf(0, 5);
  ASSERT_GE(start, 0);
  std::vector<int> path;
  for (int f = 5; f < 40; ++f) path.push_back(w.graph->vertexOf(0, f));
  DmgWalkStream stream(w.graph, w.motions, start, pathDmgEdgeChooser(path));
  const std::vector<Pose> poses = play(stream, 1000);
  ASSERT_EQ(poses.size(), path.size());  // ends with the path
  for (size_t i = 0; i < poses.size(); ++i) {
    const Pose source = w.motions[0]->pose(5 + static_cast<int>(i));
    EXPECT_LT((poses[i].rootPosition - source.rootPosition).norm(), 1e-9);
    for (size_t j = 0; j < source.localRotations.size(); ++j) {
      EXPECT_LT(poses[i].localRotations[j].angularDistance(source.localRotations[j]), 1e-9);
    }
  }
  EXPECT_TRUE(stream.transitions().empty());
  EXPECT_EQ(stream.lastSource().motion, 0);
  EXPECT_EQ(stream.lastSource().frame, 39);
}

// A yaw rate turns the played path about the character: frame i is the source frame turned by
// i x rate about the root of frame i - 1 (so each step is the source step, turned), joints as
// captured.
TEST(DmgWalk, YawRateTurnsTheWalkAboutTheCharacter) {
  Walkable w = swingGraph();
  const int start = w.graph->vertexOf(0, 5);
  std::vector<int> path;
  for (int f = 5; f < 40; ++f) path.push_back(w.graph->vertexOf(0, f));
  DmgWalkStream stream(w.graph, w.motions, start, pathDmgEdgeChooser(path));
  const double rate = 0.02;
  stream.setYawRate(rate);
  const std::vector<Pose> poses = play(stream, 1000);
  ASSERT_EQ(poses.size(), path.size());
  const Motion& m = *w.motions[0];
  for (size_t i = 1; i < poses.size(); ++i) {
    const int f = 5 + static_cast<int>(i);
    const Eigen::Quaterniond turn(Eigen::AngleAxisd(rate * i, Eigen::Vector3d::UnitY()));
    const Eigen::Vector3d step = turn * (m.rootPositions[f] - m.rootPositions[f - 1]);
    EXPECT_LT((poses[i].rootPosition - poses[i - 1].rootPosition - step).norm(), 1e-9) << i;
    EXPECT_LT(poses[i].localRotations[0].angularDistance(turn * m.rotation(f, 0)), 1e-9);
    EXPECT_LT(poses[i].localRotations[3].angularDistance(m.rotation(f, 3)), 1e-12);
  }
}

TEST(DmgWalk, TransitionsAreBlendedIntoAContinuousMotion) {
  Walkable w = swingGraph();
  const Skeleton& s = *w.motions[0]->skeleton;
  double sourceStep = 0, sourceMove = 0;
  for (const auto& m : w.motions) {
    std::vector<Pose> frames;
    for (int f = 0; f < m->frameCount(); ++f) frames.push_back(m->pose(f));
    sourceStep = std::max(sourceStep, largestStep(s, frames));
    sourceMove = std::max(sourceMove, largestMove(s, frames));
  }
  DmgWalkStream blended(w.graph, w.motions, 0, randomDmgEdgeChooser(3, 5), {10});
  const std::vector<Pose> a = play(blended, 600);
  ASSERT_EQ(a.size(), 600u);  // a pruned graph never gets stuck
  ASSERT_GT(blended.transitions().size(), 10u);
  DmgWalkStream cut(w.graph, w.motions, 0, randomDmgEdgeChooser(3, 5), {0});
  const std::vector<Pose> b = play(cut, 600);
  EXPECT_EQ(cut.edgesTaken(), blended.edgesTaken());  // same choices, only the blend differs
  const double blendedStep = largestStep(s, a), cutStep = largestStep(s, b);
  std::printf(
      "largest joint acceleration: source %.4f m/frame^2, blended %.4f m/frame^2, cut %.4f "
      "m/frame^2\n",
      sourceStep, blendedStep, cutStep);
  const double blendedMove = largestMove(s, a), cutMove = largestMove(s, b);
  std::printf("largest joint move per frame: source %.4f m, blended %.4f m, cut %.4f m\n",
              sourceMove, blendedMove, cutMove);
  // No jumps: joints move no farther per frame than in the capture (plus a little), while the
  // cuts of the same walk jump; the acceleration spikes of the cuts are mostly smoothed away
  // (what remains is the velocity difference of the two motions, which any blend keeps).
  EXPECT_LT(blendedMove, 1.25 * sourceMove);
  EXPECT_GT(cutMove, 2 * sourceMove);
  EXPECT_LT(blendedStep, 0.35 * cutStep);
  // The root travels on: aligned transitions never jump back to a clip's own start position.
  EXPECT_GT((a.back().rootPosition - a.front().rootPosition).norm(), 5.0);
  // Inside a blend window there is no single source frame.
  DmgWalkStream probe(w.graph, w.motions, 0, randomDmgEdgeChooser(3, 5), {10});
  Pose p;
  while (probe.transitions().empty() && probe.next(p)) {
  }
  EXPECT_EQ(probe.lastSource().motion, -1);
}

TEST(DmgWalk, ValidateForNamesTheMismatch) {
  Walkable w = swingGraph();
  EXPECT_TRUE(DmgWalkStream::validateFor(w.graph.get(), w.motions));
  EXPECT_FALSE(DmgWalkStream::validateFor(nullptr, w.motions));
  auto shortened = w.motions;
  shortened[1] = std::make_shared<Motion>(sliceFrames(*w.motions[1], 0, 50));
  Status s = DmgWalkStream::validateFor(w.graph.get(), shortened);
  ASSERT_FALSE(s);
  EXPECT_NE(s.error().message.find("motion 1"), std::string::npos);
  shortened.pop_back();
  EXPECT_FALSE(DmgWalkStream::validateFor(w.graph.get(), shortened));
}

}  // namespace
}  // namespace mg
