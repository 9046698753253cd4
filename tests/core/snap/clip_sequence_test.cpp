// SPDX-License-Identifier: MIT
#include "core/snap/clip_sequence.h"

#include <gtest/gtest.h>

#include "core/snap/walk_benchmark.h"
#include "snap_fixture.h"

namespace mg {
namespace {

class ClipSequenceTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    auto motions = test::swingDatabase();
    const test::ReferenceMetric metric(motions);
    auto g = test::suggestedGraph(motions, metric, 0.004, 8);
    ASSERT_TRUE(g) << g.error().message;
    s_graph = std::make_unique<HubGraph>(pruneDeadEnds(*g));
    SnapSettings settings;
    settings.wminFrames = 8;
    auto snapped = SnapJob{motions, s_graph.get(), settings}.run();
    ASSERT_TRUE(snapped) << snapped.error().message;
    s_motions = snapped->motions;
    *s_graph = snapped->graph;  // the alignments the motions were snapped to
    s_originals = motions;
  }
  static inline std::unique_ptr<HubGraph> s_graph;
  static inline std::vector<std::shared_ptr<const Motion>> s_motions, s_originals;
};

TEST_F(ClipSequenceTest, RandomWalkIsContinuousAcrossCuts) {
  ASSERT_FALSE(s_graph->edges.empty());
  ASSERT_TRUE(ClipSequencePlayer::validateFor(*s_graph, s_motions));
  RandomWalkStream stream(*s_graph, s_motions, 0, 1234, FloorTransform{0.5, 3.0, -1.0});
  double maxStep = 0;
  for (const auto& m : s_motions)
    for (int f = 1; f < m->frameCount(); ++f)
      maxStep = std::max(maxStep, (m->rootPositions[f] - m->rootPositions[f - 1]).norm());
  Pose previous, pose;
  ASSERT_TRUE(stream.next(previous));
  int cuts = 0;
  for (int i = 0; i < 3000; ++i) {
    const int edgeBefore = stream.player().currentEdge();
    const FloorTransform transformBefore = stream.player().rootTransform();
    ASSERT_TRUE(stream.next(pose)) << "stopped at frame " << i;
    const Eigen::Vector3d step = pose.rootPosition - previous.rootPosition;
    EXPECT_LE(step.norm(), maxStep + 1e-9) << "frame " << i;
    if (stream.player().currentEdge() != edgeBefore) {
      // The step across a cut is exactly the incoming motion's own step into its match frame.
      ++cuts;
      const HubEdge& in = s_graph->edges[edgeBefore];
      const Motion& m = *s_motions[in.clip.motion];
      const Eigen::Vector3d own =
          m.rootPositions[in.clip.endFrame] - m.rootPositions[in.clip.endFrame - 1];
      EXPECT_LT((step - transformBefore.applyToVector(own)).norm(), 1e-9) << "cut at frame " << i;
      const Eigen::Quaterniond expected = transformBefore.apply(m.rotation(in.clip.endFrame, 0));
      EXPECT_LT(pose.localRotations[0].angularDistance(expected), 1e-9);
    }
    previous = pose;
  }
  EXPECT_GT(cuts, 20);
}

// As a PoseStream: every clip start after the first is one transition at the frame it starts,
// labelled with the edge; lastSource is the clip frame just written.
TEST_F(ClipSequenceTest, RandomWalkIsAPoseStream) {
  RandomWalkStream walk(*s_graph, s_motions, 0, 77);
  PoseStream& stream = walk;
  EXPECT_EQ(stream.skeleton(), s_motions[0]->skeleton);
  EXPECT_EQ(stream.fps(), s_motions[0]->fps);
  EXPECT_FALSE(stream.canFollow(Directive::Kind::Heading));
  Pose pose;
  std::vector<int> clipStarts;
  for (int f = 0; f < 2000; ++f) {
    const int cuts = walk.player().cutsMade();
    ASSERT_TRUE(stream.next(pose));
    if (walk.player().cutsMade() != cuts) clipStarts.push_back(f);
    const HubEdge& e = s_graph->edges[walk.player().currentEdge()];
    const SourceFrame source = stream.lastSource();
    EXPECT_EQ(source.motion, e.clip.motion);
    EXPECT_GE(source.frame, e.clip.beginFrame);
    EXPECT_LE(source.frame, e.clip.endFrame);
    const Motion& m = *s_motions[source.motion];
    EXPECT_LT(pose.localRotations[1].angularDistance(m.rotation(source.frame, 1)), 1e-12);
  }
  EXPECT_EQ(stream.framesPlayed(), 2000);
  ASSERT_EQ(stream.transitions().size(), clipStarts.size());
  ASSERT_GT(clipStarts.size(), 10u);
  for (size_t t = 0; t < clipStarts.size(); ++t) {
    EXPECT_EQ(stream.transitions()[t].outputFrame, clipStarts[t]);
    EXPECT_EQ(stream.transitions()[t].label.rfind("edge ", 0), 0u);
  }
}

TEST_F(ClipSequenceTest, UnsnappedMotionsJumpAtCuts) {
  // The same walk over the unedited motions is not continuous: this is what snapping fixes.
  RandomWalkStream stream(*s_graph, s_originals, 0, 1234);
  Pose previous, pose;
  ASSERT_TRUE(stream.next(previous));
  double worstCutError = 0;
  for (int i = 0; i < 3000; ++i) {
    const int edgeBefore = stream.player().currentEdge();
    const FloorTransform transformBefore = stream.player().rootTransform();
    ASSERT_TRUE(stream.next(pose));
    if (stream.player().currentEdge() != edgeBefore) {
      const HubEdge& in = s_graph->edges[edgeBefore];
      const Motion& m = *s_originals[in.clip.motion];
      const Eigen::Vector3d own =
          m.rootPositions[in.clip.endFrame] - m.rootPositions[in.clip.endFrame - 1];
      worstCutError = std::max(
          worstCutError,
          (pose.rootPosition - previous.rootPosition - transformBefore.applyToVector(own)).norm());
    }
    previous = pose;
  }
  EXPECT_GT(worstCutError, 1e-3);
}

TEST_F(ClipSequenceTest, DeterministicForASeed) {
  auto run = [&](std::uint64_t seed) {
    RandomWalkStream stream(*s_graph, s_motions, 0, seed);
    Pose pose;
    std::vector<double> xs;
    for (int i = 0; i < 2000; ++i) {
      EXPECT_TRUE(stream.next(pose));
      xs.push_back(pose.rootPosition.x() + pose.localRotations[3].w());
    }
    return std::make_pair(xs, stream.edgesTaken());
  };
  EXPECT_EQ(run(77), run(77));
  if (s_graph->edges.size() > s_graph->hubs.size()) EXPECT_NE(run(77).second, run(78).second);
}

TEST_F(ClipSequenceTest, PlayerRejectsEdgesThatDoNotConnect) {
  ClipSequencePlayer player(*s_graph, s_motions);
  EXPECT_FALSE(player.pushEdge(-1));
  EXPECT_FALSE(player.pushEdge(static_cast<int>(s_graph->edges.size())));
  ASSERT_TRUE(player.pushEdge(0));
  const int hub = s_graph->edges[0].toHub;
  for (size_t e = 0; e < s_graph->edges.size(); ++e) {
    if (s_graph->edges[e].fromHub != hub) {
      EXPECT_FALSE(player.pushEdge(static_cast<int>(e)));
      break;
    }
  }
  Pose pose;
  for (int i = 0; i < s_graph->edges[0].clip.frameCount(); ++i) EXPECT_TRUE(player.next(pose));
  EXPECT_FALSE(player.next(pose));  // nothing queued after the clip
}

TEST_F(ClipSequenceTest, BenchmarkRunsAndRefusesDeadEnds) {
  const auto r = benchmarkRandomWalk(*s_graph, s_motions, 5000, 0, 1, true);
  ASSERT_TRUE(r) << r.error().message;
  EXPECT_EQ(r->frames, 5000);
  EXPECT_GT(r->cuts, 0);
  EXPECT_FALSE(benchmarkRandomWalk(*s_graph, s_motions, 0, 0, 1, false));
  EXPECT_FALSE(benchmarkRandomWalk(*s_graph, s_motions, 10, 99, 1, false));
}

}  // namespace
}  // namespace mg
