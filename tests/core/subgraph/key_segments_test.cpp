// SPDX-License-Identifier: MIT
// Key segments resolved to the vertices of a hand-made database motion graph, and every invalid
// segment refused with a message that names it.
#include "core/subgraph/key_segments.h"

#include <gtest/gtest.h>

#include "core/dmg/database_motion_graph.h"

namespace mg {
namespace {

// Motion 0 has 10 frames, motion 1 has 6 of which frame 3 was pruned (no vertex) and motion 2
// has 4, none of them in the graph. Natural edges join consecutive frames; two transitions.
DatabaseMotionGraph prunedGraph() {
  std::vector<DmgVertex> vertices;
  for (int f = 0; f < 10; ++f) vertices.push_back({0, f});
  for (int f : {0, 1, 2, 4, 5}) vertices.push_back({1, f});
  std::vector<DmgEdgeInput> edges;
  for (int v = 0; v < 9; ++v) edges.push_back({v, v + 1});
  edges.push_back({10, 11}), edges.push_back({11, 12}), edges.push_back({13, 14});
  edges.push_back({9, 10, DmgEdgeKind::Transition, 0.2f, 0.01f});
  edges.push_back({14, 0, DmgEdgeKind::Transition, 0.4f, 0.02f});
  Result<DatabaseMotionGraph> g = DatabaseMotionGraph::create(30.0, {10, 6, 4}, vertices, edges);
  EXPECT_TRUE(g) << g.error().message;
  return std::move(g.value());
}

TEST(KeySegments, ResolveToTheVerticesOfTheirFramesAndNoteWhatThePruningDropped) {
  const DatabaseMotionGraph g = prunedGraph();
  const std::vector<KeySegment> keys = {{"walk", 0, 2, 5}, {"turn", 1, 1, 6}};
  Result<KeyVertices> k = resolveKeySegments(g, keys);
  ASSERT_TRUE(k) << k.error().message;
  ASSERT_EQ(k->segmentVertices.size(), 2u);
  EXPECT_EQ(k->segmentVertices[0], (std::vector<int>{2, 3, 4}));
  EXPECT_EQ(k->segmentVertices[1], (std::vector<int>{g.vertexOf(1, 1), g.vertexOf(1, 2),
                                                     g.vertexOf(1, 4), g.vertexOf(1, 5)}));
  EXPECT_EQ(k->vertices, (std::vector<int>{2, 3, 4, 11, 12, 13, 14}));
  EXPECT_EQ(k->segmentOf, (std::vector<int>{0, 0, 0, 1, 1, 1, 1}));
  EXPECT_EQ(k->droppedFrames, 1);
  ASSERT_EQ(k->notes.size(), 1u);
  EXPECT_NE(k->notes[0].find("turn"), std::string::npos) << k->notes[0];
  // The last frame of a motion is a valid end (end is exclusive).
  const KeySegment whole[] = {{"all", 0, 0, 10}};
  EXPECT_TRUE(resolveKeySegments(g, whole));
}

// The error of resolving `keys`, which must fail and name every word of `names`.
void expectRefused(const DatabaseMotionGraph& g, std::vector<KeySegment> keys,
                   std::vector<std::string> names) {
  Result<KeyVertices> k = resolveKeySegments(g, keys);
  ASSERT_FALSE(k);
  for (const std::string& n : names)
    EXPECT_NE(k.error().message.find(n), std::string::npos) << k.error().message;
}

TEST(KeySegments, InvalidSegmentsAreRefusedByName) {
  const DatabaseMotionGraph g = prunedGraph();
  EXPECT_FALSE(resolveKeySegments(g, std::vector<KeySegment>{}));
  expectRefused(g, {{"", 0, 0, 2}}, {});
  expectRefused(g, {{"a", 0, 0, 2}, {"a", 1, 0, 2}}, {"a"});
  expectRefused(g, {{"far", 3, 0, 2}}, {"far"});
  expectRefused(g, {{"negative", -1, 0, 2}}, {"negative"});
  expectRefused(g, {{"empty", 0, 4, 4}}, {"empty"});
  expectRefused(g, {{"backwards", 0, 5, 2}}, {"backwards"});
  expectRefused(g, {{"early", 0, -1, 2}}, {"early"});
  expectRefused(g, {{"late", 0, 8, 11}}, {"late"});
  expectRefused(g, {{"first", 0, 0, 5}, {"second", 0, 4, 8}}, {"first", "second"});
  expectRefused(g, {{"pruned", 1, 3, 4}}, {"pruned"});
  expectRefused(g, {{"outside", 2, 0, 4}}, {"outside"});
}

}  // namespace
}  // namespace mg
