// SPDX-License-Identifier: MIT
#include "core/dmg/database_motion_graph.h"

#include <gtest/gtest.h>

namespace mg {
namespace {

TEST(DatabaseMotionGraph, CreateRejectsInconsistentParts) {
  const std::vector<DmgVertex> vertices = {{0, 0}, {0, 1}, {1, 0}};
  EXPECT_TRUE(DatabaseMotionGraph::create(
      30, {2, 1}, vertices,
      std::vector<DmgEdgeInput>{{0, 1}, {1, 2, DmgEdgeKind::Transition, 0.5f}}));
  // A natural edge that skips.
  EXPECT_FALSE(
      DatabaseMotionGraph::create(30, {2, 1}, vertices, std::vector<DmgEdgeInput>{{0, 2}}));
  // A cost outside [0, 1].
  EXPECT_FALSE(DatabaseMotionGraph::create(
      30, {2, 1}, vertices, std::vector<DmgEdgeInput>{{1, 2, DmgEdgeKind::Transition, 1.5f}}));
  // A repeated vertex and a frame out of range.
  EXPECT_FALSE(DatabaseMotionGraph::create(30, {2, 1}, {{0, 0}, {0, 0}}, {}));
  EXPECT_FALSE(DatabaseMotionGraph::create(30, {2, 1}, {{1, 1}}, {}));
  EXPECT_FALSE(DatabaseMotionGraph::create(0, {2, 1}, vertices, {}));
}

// Two motions, 4 and 3 frames, one vertex per frame (vertex v = frame v of motion 0 for v < 4,
// frame v - 4 of motion 1 after). Components: {0}, {1}, {2, 3} and the largest, {4, 5, 6}; the
// transition 3 -> 5 crosses from one component into another.
DatabaseMotionGraph twoCycleGraph() {
  const std::vector<DmgVertex> vertices = {{0, 0}, {0, 1}, {0, 2}, {0, 3}, {1, 0}, {1, 1}, {1, 2}};
  const std::vector<DmgEdgeInput> edges = {
      {0, 1},
      {1, 2},
      {2, 3},
      {3, 2, DmgEdgeKind::Transition, 0.25f, 0.1f},
      {3, 5, DmgEdgeKind::Transition, 0.75f, 0.3f},
      {4, 5},
      {5, 6},
      {6, 4, DmgEdgeKind::Transition, 0.5f, 0.2f},
  };
  return std::move(DatabaseMotionGraph::create(24, {4, 3}, vertices, edges).value());
}

TEST(DatabaseMotionGraph, LargestComponentKeepsTheBiggestCycle) {
  const DatabaseMotionGraph g = twoCycleGraph();
  std::vector<int> oldOfNew;
  const DatabaseMotionGraph c = largestComponentDmg(g, &oldOfNew);
  EXPECT_EQ(oldOfNew, (std::vector<int>{4, 5, 6}));
  EXPECT_EQ(c.fps(), 24);
  EXPECT_EQ(c.motionFrameCounts(), (std::vector<int>{4, 3}));
  ASSERT_EQ(c.vertexCount(), 3);
  EXPECT_EQ(c.vertices(), (std::vector<DmgVertex>{{1, 0}, {1, 1}, {1, 2}}));
  EXPECT_EQ(c.vertexOf(1, 2), 2);
  EXPECT_EQ(c.vertexOf(0, 3), -1);
  ASSERT_EQ(c.edgeCount(), 3);
  EXPECT_EQ(c.naturalCount(), 2);
  EXPECT_EQ(c.transitionCount(), 1);
  EXPECT_EQ(c.edgeKind(c.findEdge(0, 1)), DmgEdgeKind::Natural);
  EXPECT_EQ(c.edgeKind(c.findEdge(1, 2)), DmgEdgeKind::Natural);
  const int back = c.findEdge(2, 0);
  ASSERT_GE(back, 0);
  EXPECT_EQ(c.edgeKind(back), DmgEdgeKind::Transition);
  EXPECT_EQ(c.transitionCost(back), 0.5f);
  EXPECT_EQ(c.edgeDistance(back), 0.2f);
  // The same graph as inducing the component by hand.
  const DatabaseMotionGraph byHand = inducedDmg(g, {false, false, false, false, true, true, true});
  EXPECT_EQ(byHand.vertices(), c.vertices());
  EXPECT_EQ(byHand.graph().targets, c.graph().targets);
  // Pruning a strongly connected graph changes nothing.
  EXPECT_EQ(largestComponentDmg(c).vertices(), c.vertices());
  EXPECT_EQ(largestComponentDmg(c).graph().targets, c.graph().targets);
}

TEST(DatabaseMotionGraph, LargestComponentTiesAndDegenerateGraphs) {
  // Two 2-cycles joined one way: the tie goes to the component holding vertex 0.
  const std::vector<DmgVertex> vertices = {{0, 0}, {0, 1}, {1, 0}, {1, 1}};
  const std::vector<DmgEdgeInput> edges = {{0, 1},
                                           {1, 0, DmgEdgeKind::Transition, 0.5f, 0.1f},
                                           {1, 2, DmgEdgeKind::Transition, 0.5f, 0.1f},
                                           {2, 3},
                                           {3, 2, DmgEdgeKind::Transition, 0.5f, 0.1f}};
  const DatabaseMotionGraph tie =
      largestComponentDmg(DatabaseMotionGraph::create(30, {2, 2}, vertices, edges).value());
  EXPECT_EQ(tie.vertices(), (std::vector<DmgVertex>{{0, 0}, {0, 1}}));
  EXPECT_EQ(tie.edgeCount(), 2);
  // Without edges every vertex is its own component: the first one is kept, alone.
  const DatabaseMotionGraph single =
      largestComponentDmg(DatabaseMotionGraph::create(30, {2, 2}, vertices, {}).value());
  EXPECT_EQ(single.vertices(), (std::vector<DmgVertex>{{0, 0}}));
  EXPECT_EQ(single.edgeCount(), 0);
  // An empty graph stays empty.
  EXPECT_EQ(largestComponentDmg(DatabaseMotionGraph{}).vertexCount(), 0);
}

}  // namespace
}  // namespace mg
