// SPDX-License-Identifier: MIT
#include "core/dmg/dmg_builder.h"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <set>
#include <tuple>

#include <mutex>

#include <gtest/gtest.h>

#include "core/graph/directed_graph.h"
#include "core/graph/graph_search.h"
#include "core/import/motion_reader.h"
#include "core/metric/distance_grid.h"
#include "core/metric/grid_minima.h"
#include "support/capture.h"
#include "support/synthetic_motion.h"

namespace mg {
namespace {

struct Fixture {
  std::vector<Motion> motions;
  std::vector<const Motion*> pointers;
  DmgBuildSettings settings;
};

// Two swing walks of different speed and step: periodic, so each resembles itself a step later
// and the other at some phase.
Fixture swingDatabase() {
  Fixture f;
  f.motions.push_back(test::makeSwingMotion(120, 30.0, 1.0, 0.5));
  f.motions.push_back(test::makeSwingMotion(90, 30.0, 1.3, 0.4));
  f.motions[1].name = "swing fast";
  for (const Motion& m : f.motions) f.pointers.push_back(&m);
  f.settings.grid.threads = 1;
  f.settings.grid.tileFrames = 64;  // several tiles, so tile borders are exercised
  f.settings.threshold = 0.002;
  return f;
}

using EdgeKey = std::tuple<int, int, int, int, int>;  // from motion/frame, to motion/frame, kind

std::set<EdgeKey> edgeSet(const DatabaseMotionGraph& g) {
  std::set<EdgeKey> out;
  for (int v = 0; v < g.vertexCount(); ++v) {
    for (int e = g.graph().edgeBegin(v); e < g.graph().edgeEnd(v); ++e) {
      const DmgVertex a = g.vertex(v), b = g.vertex(g.edgeTarget(e));
      out.insert({a.motion * 100000 + a.frame, b.motion * 100000 + b.frame, 0, 0,
                  static_cast<int>(g.edgeKind(e))});
    }
  }
  return out;
}

TEST(DmgBuilder, EdgesAreTheDenseGridMinimaAsDocumented) {
  Fixture f = swingDatabase();
  f.settings.pruneToLargestComponent = false;
  Result<DmgBuildResult> built = buildDatabaseMotionGraph(f.pointers, f.settings);
  ASSERT_TRUE(built) << built.error().message;
  const DatabaseMotionGraph& g = built->graph;
  EXPECT_EQ(g.vertexCount(), 210);
  EXPECT_EQ(g.naturalCount(), 119 + 89);
  EXPECT_GT(g.transitionCount(), 10);

  // Reference: the dense grid, its minima, and the documented edge rule, written out again.
  Result<FrameSet> frames = buildFrameSet(f.pointers, f.settings.metric);
  ASSERT_TRUE(frames);
  DistanceGridJob job;
  job.rows = &frames.value();
  job.options = f.settings.grid;  // equal options give bit-identical distances
  Result<DistanceGrid> grid = computeDistanceGrid(job);
  ASSERT_TRUE(grid);
  Result<std::vector<GridMinimum>> minima =
      findGridMinima(grid.value(), frames.value(), nullptr, {f.settings.threshold, 15});
  ASSERT_TRUE(minima);
  std::set<EdgeKey> expected;
  auto key = [&](int frame) {
    const int m = frames->frameMotion[frame];
    return m * 100000 + frame - frames->motions[m].beginFrame;
  };
  for (int i = 0; i + 1 < frames->frameCount(); ++i) {
    if (frames->frameMotion[i] == frames->frameMotion[i + 1])
      expected.insert({key(i), key(i + 1), 0, 0, 0});
  }
  for (const GridMinimum& m : minima.value()) {
    const int n = frames->frameCount();
    if (m.col + 1 < n && frames->frameMotion[m.col + 1] == frames->frameMotion[m.col]) {
      expected.insert({key(m.row), key(m.col + 1), 0, 0, 1});
    }
    if (m.row + 1 < n && frames->frameMotion[m.row + 1] == frames->frameMotion[m.row]) {
      expected.insert({key(m.col), key(m.row + 1), 0, 0, 1});
    }
  }
  EXPECT_EQ(edgeSet(g), expected);
  // Costs: c_t = distance / threshold in [0, 1].
  for (int e = 0; e < g.edgeCount(); ++e) {
    if (g.edgeKind(e) == DmgEdgeKind::Natural) {
      EXPECT_EQ(g.transitionCost(e), 0.0f);
    } else {
      EXPECT_GE(g.transitionCost(e), 0.0f);
      EXPECT_LT(g.transitionCost(e), 1.0f);
      EXPECT_NEAR(g.transitionCost(e), g.edgeDistance(e) / f.settings.threshold, 1e-5);
    }
  }
}

TEST(DmgBuilder, PrunedGraphIsTheLargestStronglyConnectedComponent) {
  Fixture f = swingDatabase();
  f.settings.pruneToLargestComponent = false;
  Result<DmgBuildResult> full = buildDatabaseMotionGraph(f.pointers, f.settings);
  ASSERT_TRUE(full);
  f.settings.pruneToLargestComponent = true;
  Result<DmgBuildResult> pruned = buildDatabaseMotionGraph(f.pointers, f.settings);
  ASSERT_TRUE(pruned);
  const DatabaseMotionGraph& g = pruned->graph;
  EXPECT_LT(g.vertexCount(), full->graph.vertexCount());  // the last frames cannot come back
  // Every vertex reaches every other, both ways.
  const std::vector<int> fwd = breadthFirst(g.graph(), std::vector<int>{0}).distance;
  const std::vector<int> bwd = breadthFirst(g.reverseGraph(), std::vector<int>{0}).distance;
  for (int v = 0; v < g.vertexCount(); ++v) {
    EXPECT_NE(fwd[v], kUnreachable);
    EXPECT_NE(bwd[v], kUnreachable);
  }
  // Its size is the largest component of the unpruned graph.
  const StronglyConnectedComponents scc = stronglyConnectedComponents(full->graph.graph());
  EXPECT_EQ(g.vertexCount(), scc.sizes[largestComponent(scc)]);
  // Lookups agree with the vertex table.
  for (int v = 0; v < g.vertexCount(); ++v) {
    EXPECT_EQ(g.vertexOf(g.vertex(v).motion, g.vertex(v).frame), v);
  }
  EXPECT_EQ(pruned->stats.verticesBeforePrune, 210);
}

TEST(DmgBuilder, IsDeterministicAcrossThreadCounts) {
  Fixture f = swingDatabase();
  Result<DmgBuildResult> a = buildDatabaseMotionGraph(f.pointers, f.settings);
  f.settings.grid.threads = 2;
  Result<DmgBuildResult> b = buildDatabaseMotionGraph(f.pointers, f.settings);
  ASSERT_TRUE(a && b);
  EXPECT_EQ(a->graph.graph().offsets, b->graph.graph().offsets);
  EXPECT_EQ(a->graph.graph().targets, b->graph.graph().targets);
  EXPECT_EQ(a->graph.vertices(), b->graph.vertices());
}

TEST(DmgBuilder, BadInputGetsAClearError) {
  Fixture f = swingDatabase();
  f.settings.threshold = 0;
  EXPECT_FALSE(buildDatabaseMotionGraph(f.pointers, f.settings));
  // Too short for any transition (all frames within the diagonal band): nothing strongly connected.
  const Motion tiny = test::makeSwingMotion(12);
  const Motion* tinyPointer = &tiny;
  f.settings.threshold = 0.002;
  Result<DmgBuildResult> none =
      buildDatabaseMotionGraph(std::span<const Motion* const>(&tinyPointer, 1), f.settings);
  ASSERT_FALSE(none);
  EXPECT_NE(none.error().message.find("threshold"), std::string::npos);
  EXPECT_FALSE(
      buildDatabaseMotionGraph(std::span<const Motion* const>{}, swingDatabase().settings));
  // Mixed skeletons.
  Fixture g = swingDatabase();
  Motion other = g.motions[1];
  auto skeleton = std::make_shared<Skeleton>(*other.skeleton);
  skeleton->joints.pop_back();
  other.skeleton = skeleton;
  other.localRotations.resize(static_cast<size_t>(other.frameCount()) * skeleton->jointCount());
  g.pointers[1] = &other;
  EXPECT_FALSE(buildDatabaseMotionGraph(g.pointers, g.settings));
  // Cancelled.
  std::atomic<bool> cancel{true};
  Fixture h = swingDatabase();
  EXPECT_FALSE(buildDatabaseMotionGraph(h.pointers, h.settings, Progress(&cancel, {})));
}

// The job convention (core/util/progress.h): reports inside [0, 1] ending at 1, and a cancel
// raised while the minima stream (the caller's flag, reached through a slice) stops the build.
TEST(DmgBuilder, ReportsProgressAndStopsWhenCancelledMidway) {
  Fixture f = swingDatabase();
  std::mutex lock;
  std::vector<double> seen;
  const Progress record(nullptr, [&](double x) {
    std::lock_guard<std::mutex> g(lock);
    seen.push_back(x);
  });
  ASSERT_TRUE(buildDatabaseMotionGraph(f.pointers, f.settings, record));
  ASSERT_FALSE(seen.empty());
  EXPECT_EQ(seen.back(), 1.0);
  for (double x : seen) EXPECT_TRUE(x >= 0.0 && x <= 1.0) << x;
  std::atomic<bool> cancel{false};
  const Progress cancelling(&cancel, [&](double x) {
    if (x > 0.05) cancel = true;
  });
  Result<DmgBuildResult> r = buildDatabaseMotionGraph(f.pointers, f.settings, cancelling);
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("cancelled"), std::string::npos) << r.error().message;
}

// Real capture: CMU walks at 30 Hz. The graph must be strongly connected and keep most frames.
TEST(DmgBuilder, CmuWalks) {
  const std::vector<std::string> names = {"16_15.bvh", "16_11.bvh", "16_13.bvh"};
  std::vector<Motion> motions;
  for (const std::string& n : names) {
    Result<Motion> m = readMotionFile(test::capturePath("cmu_turns/" + n));
    ASSERT_TRUE(m) << m.error().message;
    motions.push_back(std::move(m.value()));
  }
  std::vector<const Motion*> pointers;
  for (const Motion& m : motions) pointers.push_back(&m);
  DmgBuildSettings settings;
  settings.threshold = 0.01;
  Result<DmgBuildResult> built = buildDatabaseMotionGraph(pointers, settings);
  ASSERT_TRUE(built) << built.error().message;
  const DatabaseMotionGraph& g = built->graph;
  EXPECT_GT(g.transitionCount(), 0);
  EXPECT_GT(g.vertexCount(), built->stats.databaseFrames / 2);
  const std::vector<int> fwd = breadthFirst(g.graph(), std::vector<int>{0}).distance;
  EXPECT_EQ(std::count(fwd.begin(), fwd.end(), kUnreachable), 0);
  std::printf("CMU walks DMG: %d frames -> %d vertices, %d edges, %d transitions\n",
              built->stats.databaseFrames, g.vertexCount(), g.edgeCount(), g.transitionCount());
}

TEST(DmgBuilder, NoWalkPlaysAcrossACaptureGlitchUnlessKept) {
  Fixture f = swingDatabase();
  const int bad = 60;  // one frame with the thigh flipped (a swapped marker)
  ASSERT_TRUE(test::plantJointFlip(f.motions[0], "RightUpLeg", bad, 150));
  f.settings.pruneToLargestComponent = false;
  Result<DmgBuildResult> left = buildDatabaseMotionGraph(f.pointers, f.settings);
  ASSERT_TRUE(left) << left.error().message;
  ASSERT_EQ(left->glitches.size(), 2u);
  ASSERT_EQ(left->glitches[0].size(), 1u);
  EXPECT_EQ(left->glitches[0][0].beginFrame, bad);
  EXPECT_TRUE(left->glitches[1].empty());
  EXPECT_EQ(left->stats.glitchFramesLeftOut, 1);
  const DatabaseMotionGraph& g = left->graph;
  EXPECT_EQ(g.vertexOf(0, bad), -1);
  EXPECT_EQ(g.vertexCount(), 209);
  EXPECT_EQ(g.naturalCount(), 117 + 89);  // 59 -> 60 and 60 -> 61 are gone
  for (const DmgVertex& v : g.vertices()) EXPECT_FALSE(v.motion == 0 && v.frame == bad);

  // Kept, the graph is the one built from the frames with nothing left out.
  f.settings.keepGlitches = true;
  Result<DmgBuildResult> kept = buildDatabaseMotionGraph(f.pointers, f.settings);
  ASSERT_TRUE(kept) << kept.error().message;
  EXPECT_TRUE(kept->glitches.empty());
  EXPECT_EQ(kept->stats.glitchFramesLeftOut, 0);
  EXPECT_GE(kept->graph.vertexOf(0, bad), 0);
  EXPECT_EQ(kept->graph.vertexCount(), 210);
  Result<FrameSet> frames = buildFrameSet(f.pointers, f.settings.metric);
  ASSERT_TRUE(frames);
  Result<DmgBuildResult> none = buildDatabaseMotionGraph(*frames, f.settings);
  ASSERT_TRUE(none);
  EXPECT_EQ(edgeSet(none->graph), edgeSet(kept->graph));

  // The same left out through the frames overload, from the flags alone.
  std::vector<std::uint8_t> flags(frames->frameCount(), 0);
  flags[bad] = 1;
  Result<DmgBuildResult> flagged = buildDatabaseMotionGraph(*frames, f.settings, {}, flags);
  ASSERT_TRUE(flagged);
  EXPECT_EQ(edgeSet(flagged->graph), edgeSet(g));
  flags.pop_back();
  Result<DmgBuildResult> wrong = buildDatabaseMotionGraph(*frames, f.settings, {}, flags);
  ASSERT_FALSE(wrong);
  EXPECT_NE(wrong.error().message.find("left-out flags"), std::string::npos);
}

}  // namespace
}  // namespace mg
