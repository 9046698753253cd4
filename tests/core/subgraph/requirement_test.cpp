// SPDX-License-Identifier: MIT
// The four requirements' units, bounds and key pairs on a hand-made graph, against hand-computed
// values.
#include "core/subgraph/requirement.h"

#include <cmath>

#include <gtest/gtest.h>

#include "core/graph/graph_search.h"
#include "core/subgraph/key_segments.h"

namespace mg {
namespace {

// Two motions of 6 frames with natural edges, and transitions of cost 0.3 (5 -> 6) and 0.55
// (11 -> 0).
DatabaseMotionGraph twoMotions() {
  std::vector<DmgVertex> vertices;
  for (int m = 0; m < 2; ++m) {
    for (int f = 0; f < 6; ++f) vertices.push_back({m, f});
  }
  std::vector<DmgEdgeInput> edges;
  for (int v = 0; v < 12; ++v) {
    if (v % 6 != 5) edges.push_back({v, v + 1});
  }
  edges.push_back({5, 6, DmgEdgeKind::Transition, 0.3f, 0.01f});
  edges.push_back({11, 0, DmgEdgeKind::Transition, 0.55f, 0.02f});
  Result<DatabaseMotionGraph> g = DatabaseMotionGraph::create(30.0, {6, 6}, vertices, edges);
  EXPECT_TRUE(g) << g.error().message;
  return std::move(g.value());
}

Requirement kindOf(RequirementKind kind, int gamma) {
  Requirement r;
  r.kind = kind;
  r.gamma = gamma;
  return r;
}

TEST(Requirement, EdgeUnitsAndBounds) {
  const DatabaseMotionGraph g = twoMotions();
  for (RequirementKind k :
       {RequirementKind::PairTime, RequirementKind::DmgMinimum, RequirementKind::ClipToClip}) {
    EXPECT_EQ(edgeUnits(g, kindOf(k, 7)), std::vector<int>(g.edgeCount(), 1));
    EXPECT_EQ(boundUnits(kindOf(k, 7)), 7);
  }
  // Quality: ceil(4 (alpha c + frameCost)) per edge: natural 4, c = 0.3 -> 16, c = 0.55 -> 26.
  Requirement q = kindOf(RequirementKind::Quality, 7);
  q.alpha = 10.0;
  q.frameCost = 1.0;
  const std::vector<int> units = edgeUnits(g, q);
  for (int e = 0; e < g.edgeCount(); ++e) {
    const double c = g.transitionCost(e);
    const int expected = c == 0.0 ? 4 : std::abs(c - 0.3) < 1e-6 ? 16 : 26;
    EXPECT_EQ(units[e], expected) << "edge " << e << " cost " << c;
  }
  EXPECT_EQ(boundUnits(q), 28);
}

TEST(Requirement, PairBoundRelaxesToTheDmgMinimum) {
  const Requirement one = kindOf(RequirementKind::PairTime, 10);
  EXPECT_EQ(pairBound(one, 4), 10);
  EXPECT_EQ(pairBound(one, 13), 13);  // the DMG cannot do better: its own minimum
  EXPECT_EQ(pairBound(one, kUnreachable), kUnreachable);
  const Requirement two = kindOf(RequirementKind::DmgMinimum, 10);
  EXPECT_EQ(pairBound(two, 4), 4);
  EXPECT_EQ(pairBound(two, 13), 13);
}

TEST(Requirement, KeyPairsOfEveryKind) {
  const DatabaseMotionGraph g = twoMotions();
  const std::vector<KeySegment> keys = {{"a", 0, 1, 4}, {"b", 1, 0, 2}};
  Result<KeyVertices> k = resolveKeySegments(g, keys);
  ASSERT_TRUE(k) << k.error().message;
  // Requirements 1, 2 and 4: every ordered pair of the 5 key vertices, each vertex its own group.
  for (RequirementKind kind :
       {RequirementKind::PairTime, RequirementKind::DmgMinimum, RequirementKind::Quality}) {
    const KeyPairs p = keyPairs(g, *k, keys, kindOf(kind, 10));
    ASSERT_EQ(p.groups.size(), 5u);
    EXPECT_EQ(p.pairs.size(), 20u);
    for (const KeyPairs::Pair& pair : p.pairs) {
      ASSERT_EQ(p.groups[pair.group].size(), 1u);
      EXPECT_NE(pair.source, p.groups[pair.group][0]);
    }
    EXPECT_NE(p.label(p.pairs[0]).find("key 'a' frame"), std::string::npos) << p.label(p.pairs[0]);
  }
  // Requirement 3 with 2 entry frames: from the last vertex of each segment to the first two of
  // each segment, itself included: 4 pairs.
  Requirement three = kindOf(RequirementKind::ClipToClip, 10);
  three.entryFrames = 2;
  const KeyPairs p = keyPairs(g, *k, keys, three);
  ASSERT_EQ(p.groups.size(), 2u);
  EXPECT_EQ(p.groups[0], (std::vector<int>{1, 2}));
  EXPECT_EQ(p.groups[1], (std::vector<int>{6, 7}));
  ASSERT_EQ(p.pairs.size(), 4u);
  for (const KeyPairs::Pair& pair : p.pairs)
    EXPECT_TRUE(pair.source == 3 || pair.source == 7) << pair.source;
}

TEST(Requirement, InvalidNumbersAreRefused) {
  EXPECT_TRUE(Requirement{}.validate());
  Requirement r;
  r.kind = static_cast<RequirementKind>(5);
  EXPECT_FALSE(r.validate());
  for (int gamma : {0, -3, kMaxGamma + 1}) {
    r = Requirement{};
    r.gamma = gamma;
    EXPECT_FALSE(r.validate()) << gamma;
  }
  r = kindOf(RequirementKind::Quality, 10);
  r.alpha = -1;
  EXPECT_FALSE(r.validate());
  r.alpha = std::nan("");
  EXPECT_FALSE(r.validate());
  r.alpha = 1;
  r.frameCost = 0;
  EXPECT_FALSE(r.validate());
  r = kindOf(RequirementKind::ClipToClip, 10);
  r.entryFrames = 0;
  EXPECT_FALSE(r.validate());
}

}  // namespace
}  // namespace mg
