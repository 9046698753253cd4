// SPDX-License-Identifier: MIT
#include "core/snap/hub_graph.h"

#include <gtest/gtest.h>

namespace mg {
namespace {

Hub hubAt(std::vector<FrameRef> refs) {
  Hub h;
  for (const FrameRef& r : refs) h.matchFrames.push_back({r, FloorTransform{}, 0.0});
  return h;
}

// Motion 0 (100 frames): A@10, B@30, A@50, C@70. Motion 1 (60 frames): B@5, A@40.
// Edges: A->B, B->A, A->C (motion 0); B->A (motion 1). C has no way out: a dead end.
Result<HubGraph> handMade() {
  const std::vector<int> counts = {100, 60};
  std::vector<Hub> hubs = {hubAt({{0, 10}, {0, 50}, {1, 40}}), hubAt({{0, 30}, {1, 5}}),
                           hubAt({{0, 70}})};
  return buildHubGraph(counts, std::move(hubs));
}

TEST(HubGraph, CutsMotionsAtMatchFrames) {
  const auto g = handMade();
  ASSERT_TRUE(g) << g.error().message;
  ASSERT_EQ(g->edges.size(), 4u);
  const HubEdge& e0 = g->edges[0];
  EXPECT_EQ(e0.fromHub, 0);
  EXPECT_EQ(e0.toHub, 1);
  EXPECT_EQ(e0.clip, (Clip{0, 10, 30}));
  EXPECT_EQ(g->edges[1].clip, (Clip{0, 30, 50}));
  EXPECT_EQ(g->edges[1].toMatch, 1);  // A's second match frame, frame 50
  EXPECT_EQ(g->edges[2].clip, (Clip{0, 50, 70}));
  EXPECT_EQ(g->edges[2].toHub, 2);
  EXPECT_EQ(g->edges[3].clip, (Clip{1, 5, 40}));
  EXPECT_EQ(g->edges[3].fromHub, 1);
  EXPECT_EQ(g->edges[3].toHub, 0);
}

TEST(HubGraph, ReportsAndPrunesDeadEnds) {
  const auto g = handMade();
  ASSERT_TRUE(g);
  EXPECT_EQ(deadEndHubs(*g), (std::vector<int>{2}));
  const HubGraph pruned = pruneDeadEnds(*g);
  EXPECT_TRUE(pruned.validate());
  EXPECT_EQ(pruned.hubs.size(), 2u);
  EXPECT_EQ(pruned.edges.size(), 3u);
  EXPECT_TRUE(deadEndHubs(pruned).empty());
}

TEST(HubGraph, MakeHubChoosesTheCentreAsBase) {
  // Frames on a line at 0, 1, 2, 10: the one at 1 has the smallest sum of distances.
  const std::vector<MatchCandidate> matches = {
      {{0, 5}, 0}, {{0, 15}, 0}, {{0, 25}, 0}, {{0, 35}, 0}};
  const double pos[] = {0, 1, 2, 10};
  auto metric = [&](const FrameRef& a, const FrameRef& b) {
    FramePairMatch m;
    m.distance = std::abs(pos[(a.frame - 5) / 10] - pos[(b.frame - 5) / 10]);
    m.alignment = FloorTransform{0.1 * b.frame, 0, 0};
    return m;
  };
  const auto hub = makeHub(matches, metric);
  ASSERT_TRUE(hub);
  EXPECT_EQ(hub->baseMatch, 1);
  EXPECT_EQ(hub->matchFrames[1].toHub.theta, 0.0);
  EXPECT_DOUBLE_EQ(hub->matchFrames[3].toHub.theta, 3.5);
  EXPECT_DOUBLE_EQ(hub->matchFrames[3].distance, 9.0);
}

TEST(HubGraphValidate, RejectsEndFrameAsMatch) {
  const std::vector<int> counts = {100};
  EXPECT_FALSE(buildHubGraph(counts, {hubAt({{0, 0}, {0, 50}})}));
  EXPECT_FALSE(buildHubGraph(counts, {hubAt({{0, 99}, {0, 50}})}));
}

TEST(HubGraphValidate, RejectsMatchFramesTooClose) {
  const std::vector<int> counts = {100};
  EXPECT_FALSE(buildHubGraph(counts, {hubAt({{0, 10}}), hubAt({{0, 12}})}));
  EXPECT_TRUE(buildHubGraph(counts, {hubAt({{0, 10}}), hubAt({{0, 13}})}));
}

TEST(HubGraphValidate, RejectsMissingMotion) {
  const std::vector<int> counts = {100};
  EXPECT_FALSE(buildHubGraph(counts, {hubAt({{1, 10}})}));
}

TEST(HubGraphValidate, RejectsEmptyHubAndBadBase) {
  const std::vector<int> counts = {100};
  EXPECT_FALSE(buildHubGraph(counts, {Hub{}}));
  Hub bad = hubAt({{0, 10}});
  bad.baseMatch = 1;
  EXPECT_FALSE(buildHubGraph(counts, {bad}));
}

TEST(HubGraphValidate, RejectsEdgeThatDisagreesWithItsHubs) {
  auto g = handMade();
  ASSERT_TRUE(g);
  g->edges[0].clip.endFrame = 31;
  EXPECT_FALSE(g->validate());
}

TEST(HubGraph, MakeHubRejectsEmptySet) {
  EXPECT_FALSE(makeHub({}, [](const FrameRef&, const FrameRef&) { return FramePairMatch{}; }));
}

}  // namespace
}  // namespace mg
