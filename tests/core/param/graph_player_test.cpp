// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <numbers>

#include "core/motion/quaternion.h"
#include "core/param/graph_player.h"
#include "param_fixture.h"

namespace mg {
namespace {

std::vector<Pose> play(GraphPlayer& p, int frames) {
  std::vector<Pose> out(frames);
  for (Pose& pose : out) EXPECT_TRUE(p.next(pose));
  return out;
}

double angleBetween(const Eigen::Quaterniond& a, const Eigen::Quaterniond& b) {
  return 2.0 * std::acos(std::min(1.0, std::abs(a.dot(b))));
}

TEST(GraphPlayer, RandomWalkIsDeterministicAndContinuous) {
  std::shared_ptr<const ParametricGraph> g = test::walkGraph();
  ASSERT_TRUE(g);
  PlayerSettings settings;
  settings.seed = 7;
  Result<GraphPlayer> a = GraphPlayer::create(g, 0, std::nullopt, settings);
  Result<GraphPlayer> b = GraphPlayer::create(g, 0, std::nullopt, settings);
  settings.seed = 8;
  Result<GraphPlayer> c = GraphPlayer::create(g, 0, std::nullopt, settings);
  ASSERT_TRUE(a && b && c);
  const int frames = 900;  // 30 s
  const std::vector<Pose> pa = play(*a, frames), pb = play(*b, frames), pc = play(*c, frames);
  bool differs = false;
  for (int f = 0; f < frames; ++f) {
    ASSERT_EQ(pa[f].rootPosition, pb[f].rootPosition) << f;
    ASSERT_EQ(pa[f].localRotations, pb[f].localRotations) << f;
    differs = differs || pa[f].rootPosition != pc[f].rootPosition;
  }
  EXPECT_TRUE(differs);
  EXPECT_GE(a->transitions().size(), 20u);

  // Continuity: across the blend windows (and their first frame after) the root moves and the
  // joints turn no more per frame than anywhere inside the blended clips, with a small margin.
  std::vector<bool> inWindow(frames, false);
  for (const PlayerTransition& t : a->transitionRecords()) {
    for (int f = t.outputFrame; f <= t.outputFrame + settings.blendFrames && f < frames; ++f)
      inWindow[f] = true;
  }
  double clipStep = 0, clipTurn = 0, windowStep = 0, windowTurn = 0;
  for (int f = 1; f < frames; ++f) {
    const double step = (pa[f].rootPosition - pa[f - 1].rootPosition).norm();
    double turn = 0;
    for (size_t j = 0; j < pa[f].localRotations.size(); ++j) {
      turn = std::max(turn, angleBetween(pa[f].localRotations[j], pa[f - 1].localRotations[j]));
    }
    const bool window = inWindow[f] || inWindow[f - 1];
    (window ? windowStep : clipStep) = std::max(window ? windowStep : clipStep, step);
    (window ? windowTurn : clipTurn) = std::max(window ? windowTurn : clipTurn, turn);
  }
  std::printf(
      "random walk: max root step %.4f m in clips, %.4f m in blends; max joint turn %.3f rad in "
      "clips, %.3f rad in blends\n",
      clipStep, windowStep, clipTurn, windowTurn);
  EXPECT_LT(windowStep, 1.25 * clipStep);
  EXPECT_LT(windowTurn, 1.25 * clipTurn + 0.02);
  // Each chosen parameter lies in its box (clamped to the node's range).
  for (const PlayerTransition& t : a->transitionRecords()) {
    EXPECT_GE(t.parameter[0], std::max(t.box.lo[0], g->nodes[0]->rangeMin()[0]) - 1e-9);
    EXPECT_LE(t.parameter[0], std::min(t.box.hi[0], g->nodes[0]->rangeMax()[0]) + 1e-9);
  }
}

TEST(GraphPlayer, TargetDirectedWalkArrives) {
  Result<GraphPlayer> p = GraphPlayer::create(test::walkGraph(), 0, ParameterVector{0, 0, 0}, {});
  ASSERT_TRUE(p);
  const double gx = -6.0, gz = 4.0;  // off to the right and behind the start heading's side
  p->setTarget(gx, gz);
  Pose pose;
  double closest = 1e9;
  int frame = 0;
  for (; frame < 30 * 60 && p->next(pose); ++frame) {
    closest = std::min(closest, std::hypot(pose.rootPosition.x() - gx, pose.rootPosition.z() - gz));
    if (closest < 0.5) break;
  }
  EXPECT_LT(closest, 0.5) << "after " << frame << " frames";
}

TEST(GraphPlayer, SteeringTurnsToTheRequestedHeading) {
  Result<GraphPlayer> p = GraphPlayer::create(test::walkGraph(), 0, ParameterVector{0, 0, 0}, {});
  ASSERT_TRUE(p);
  const double heading = -std::numbers::pi / 2;  // +Z to -X: a right turn
  p->setSteering(heading);
  std::vector<Pose> poses = play(*p, 30 * 12);
  const Eigen::Vector3d d = poses.back().rootPosition - poses[poses.size() - 31].rootPosition;
  const double travel = std::atan2(d.x(), d.z());
  EXPECT_LT(std::abs(std::remainder(travel - heading, 2 * std::numbers::pi)), 0.35);
}

TEST(GraphPlayer, PreviewAndInvalidInputs) {
  std::shared_ptr<const ParametricGraph> g = test::walkGraph();
  Result<Motion> preview = previewTransition(g, 0, {0, 0, 0}, {-20, 0, 0});
  ASSERT_TRUE(preview) << preview.error().message;
  EXPECT_TRUE(preview->validate());
  EXPECT_GT(preview->frameCount(), 40);
  EXPECT_FALSE(previewTransition(g, 5, {0, 0, 0}, {0, 0, 0}));
  EXPECT_FALSE(GraphPlayer::create(g, 0, ParameterVector{std::nan(""), 0, 0}, {}));
  EXPECT_FALSE(GraphPlayer::create(g, 3, std::nullopt, {}));
  EXPECT_FALSE(GraphPlayer::create(nullptr, 0, std::nullopt, {}));
  PlayerSettings bad;
  bad.blendFrames = 1;
  EXPECT_FALSE(GraphPlayer::create(g, 0, std::nullopt, bad));
}

}  // namespace
}  // namespace mg
