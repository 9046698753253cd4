// SPDX-License-Identifier: MIT
// The split player (ParametricStream + control policies behind GraphPlayer) against the player as
// it was before the split (reference_graph_player.h): the same frames, bit for bit, and the same
// transitions, for random, steered, target-directed and scripted walks and switches between them.
#include <cstring>
#include <functional>

#include <gtest/gtest.h>

#include "core/param/graph_player.h"
#include "param_fixture.h"
#include "reference_graph_player.h"

namespace mg {
namespace {

// Bitwise equality of two poses (doubles compared as bytes, so -0.0 != 0.0 and NaNs must match).
bool sameBytes(const Pose& a, const Pose& b) {
  if (a.localRotations.size() != b.localRotations.size()) return false;
  if (std::memcmp(a.rootPosition.data(), b.rootPosition.data(), sizeof(double) * 3) != 0)
    return false;
  for (size_t j = 0; j < a.localRotations.size(); ++j) {
    if (std::memcmp(a.localRotations[j].coeffs().data(), b.localRotations[j].coeffs().data(),
                    sizeof(double) * 4) != 0) {
      return false;
    }
  }
  return true;
}

// Plays both players `frames` frames, calling `control(frame, player)` on each before the frame
// (the same calls on both), and expects identical output and transitions.
template <class Control>
void expectIdentical(const std::shared_ptr<const ParametricGraph>& g,
                     const PlayerSettings& settings, std::optional<ParameterVector> start,
                     int frames, Control control) {
  Result<GraphPlayer> split = GraphPlayer::create(g, 0, start, settings);
  Result<test::reference::GraphPlayer> old =
      test::reference::GraphPlayer::create(g, 0, start, settings);
  ASSERT_TRUE(split && old);
  Pose a, b;
  for (int f = 0; f < frames; ++f) {
    control(f, *split);
    control(f, *old);
    const bool na = split->next(a), nb = old->next(b);
    ASSERT_EQ(na, nb) << "frame " << f;
    if (!na) break;
    ASSERT_TRUE(sameBytes(a, b)) << "frame " << f;
  }
  EXPECT_EQ(split->framesPlayed(), old->framesPlayed());
  ASSERT_EQ(split->transitionRecords().size(), old->transitions().size());
  ASSERT_EQ(split->transitions().size(), old->transitions().size());
  for (size_t t = 0; t < old->transitions().size(); ++t) {
    const PlayerTransition &x = split->transitionRecords()[t], &y = old->transitions()[t];
    EXPECT_EQ(x.edge, y.edge);
    EXPECT_EQ(x.outputFrame, y.outputFrame);
    EXPECT_EQ(split->transitions()[t].outputFrame, y.outputFrame);
    EXPECT_EQ(x.sourceFrame, y.sourceFrame);
    EXPECT_EQ(x.targetFrame, y.targetFrame);
    EXPECT_EQ(std::memcmp(x.parameter.data(), y.parameter.data(), sizeof(x.parameter)), 0);
  }
  EXPECT_GT(old->transitions().size(), 3u);
}

class GraphPlayerSplit : public ::testing::Test {
 protected:
  void SetUp() override {
    m_graph = test::walkGraph();
    ASSERT_TRUE(m_graph);
  }
  std::shared_ptr<const ParametricGraph> m_graph;
};

TEST_F(GraphPlayerSplit, RandomWalksMatchForEverySeed) {
  for (std::uint64_t seed : {1u, 7u, 8u, 1234u}) {
    PlayerSettings settings;
    settings.seed = seed;
    expectIdentical(m_graph, settings, std::nullopt, 1500, [](int, auto&) {});
  }
  PlayerSettings wide;
  wide.blendFrames = 17;
  expectIdentical(m_graph, wide, ParameterVector{0.4}, 1000, [](int, auto&) {});
}

TEST_F(GraphPlayerSplit, SteeringAndSwitchesMatch) {
  PlayerSettings settings;
  settings.seed = 3;
  settings.candidatesPerDimension = 5;
  expectIdentical(m_graph, settings, std::nullopt, 1500, [](int f, auto& p) {
    if (f == 0) p.setSteering(1.0);
    if (f == 400) p.setSteering(-2.5);
    if (f == 800) p.setRandom();
    if (f == 1100) p.setSteering(0.3);
  });
}

TEST_F(GraphPlayerSplit, TargetWalksMatch) {
  PlayerSettings settings;
  settings.seed = 11;
  expectIdentical(m_graph, settings, std::nullopt, 1200, [](int f, auto& p) {
    if (f == 0) p.setTarget(3.0, 4.0);
    if (f == 600) p.setTarget(-2.0, 1.0);
  });
}

TEST_F(GraphPlayerSplit, ScriptedTransitionsMatch) {
  PlayerSettings settings;
  settings.seed = 5;
  expectIdentical(m_graph, settings, ParameterVector{-0.3}, 900, [](int f, auto& p) {
    if (f == 0) p.scriptNext(0, ParameterVector{0.5});
    if (f == 200) p.scriptNext(0, ParameterVector{-0.8});  // unclamped, as given
    if (f == 450) p.scriptNext(3, ParameterVector{0.1});   // no such edge: falls back to random
  });
}

// The directive interface maps Heading onto steering exactly.
TEST_F(GraphPlayerSplit, HeadingDirectiveIsSteering) {
  PlayerSettings settings;
  settings.seed = 9;
  Result<GraphPlayer> viaDirective = GraphPlayer::create(m_graph, 0, std::nullopt, settings);
  Result<GraphPlayer> viaSteering = GraphPlayer::create(m_graph, 0, std::nullopt, settings);
  ASSERT_TRUE(viaDirective && viaSteering);
  EXPECT_TRUE(viaDirective->canFollow(Directive::Kind::Heading));
  EXPECT_FALSE(viaDirective->canFollow(Directive::Kind::Line));
  PoseStream& stream = *viaDirective;
  stream.setDirective({Directive::Kind::Heading, 2.0});
  viaSteering->setSteering(2.0);
  Pose a, b;
  for (int f = 0; f < 600; ++f) {
    ASSERT_TRUE(stream.next(a) && viaSteering->next(b));
    ASSERT_TRUE(sameBytes(a, b)) << f;
  }
  EXPECT_EQ(stream.skeleton(), m_graph->nodes[0]->space().skeleton);
  EXPECT_EQ(stream.fps(), m_graph->nodes[0]->space().fps);
  EXPECT_EQ(stream.lastSource().motion, -1);
}

}  // namespace
}  // namespace mg
