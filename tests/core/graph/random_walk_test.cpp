// SPDX-License-Identifier: MIT
#include "core/graph/random_walk.h"

#include <gtest/gtest.h>

namespace mg {
namespace {

DirectedGraph threeCycleWithChord() {
  DirectedGraph g;
  g.nodeCount = 3;
  g.edges = {{0, 1}, {1, 2}, {2, 0}, {0, 2}, {2, 2}};
  return g;
}

TEST(RandomWalk, FollowsEdgesFromTheCurrentNode) {
  const DirectedGraph g = threeCycleWithChord();
  RandomWalk walk(g, 0, 42);
  int node = 0;
  for (int i = 0; i < 1000; ++i) {
    const int e = walk.nextEdge();
    ASSERT_GE(e, 0);
    EXPECT_EQ(g.edges[e].from, node);
    node = g.edges[e].to;
    EXPECT_EQ(walk.currentNode(), node);
  }
}

TEST(RandomWalk, SameSeedSameWalkOtherSeedOtherWalk) {
  const DirectedGraph g = threeCycleWithChord();
  RandomWalk a(g, 0, 5), b(g, 0, 5), c(g, 0, 6);
  std::vector<int> ea, eb, ec;
  for (int i = 0; i < 200; ++i) {
    ea.push_back(a.nextEdge());
    eb.push_back(b.nextEdge());
    ec.push_back(c.nextEdge());
  }
  EXPECT_EQ(ea, eb);
  EXPECT_NE(ea, ec);
}

TEST(RandomWalk, ChoosesEveryOutgoingEdge) {
  const DirectedGraph g = threeCycleWithChord();
  RandomWalk walk(g, 0, 1);
  std::vector<int> counts(g.edges.size(), 0);
  for (int i = 0; i < 3000; ++i) ++counts[walk.nextEdge()];
  for (int c : counts) EXPECT_GT(c, 100);
}

TEST(RandomWalk, StopsAtADeadEnd) {
  DirectedGraph g;
  g.nodeCount = 2;
  g.edges = {{0, 1}};
  RandomWalk walk(g, 0, 3);
  EXPECT_EQ(walk.nextEdge(), 0);
  EXPECT_EQ(walk.nextEdge(), -1);
  EXPECT_EQ(walk.currentNode(), 1);
}

}  // namespace
}  // namespace mg
