// SPDX-License-Identifier: MIT
#include "core/subgraph/constrained_path.h"

#include <climits>
#include <functional>
#include <random>

#include <gtest/gtest.h>

#include "core/graph/graph_search.h"

namespace mg {
namespace {

// Every simple path from source to a target within the bound, by depth-first enumeration: the
// least number of vertices outside the subgraph on any of them (source included), or -1.
int bruteForceCost(const CsrGraph& g, const std::vector<int>& units, int source,
                   const std::vector<std::uint8_t>& isTarget, const std::vector<std::uint8_t>& sub,
                   int bound) {
  int best = -1;
  std::vector<bool> onPath(g.vertexCount, false);
  std::function<void(int, int, int)> dfs = [&](int v, int length, int cost) {
    if (isTarget[v]) {
      if (best < 0 || cost < best) best = cost;
      return;
    }
    onPath[v] = true;
    for (int e = g.edgeBegin(v); e < g.edgeEnd(v); ++e) {
      const int w = g.targets[e];
      if (onPath[w] || length + units[e] > bound) continue;
      dfs(w, length + units[e], cost + (sub[w] ? 0 : 1));
    }
    onPath[v] = false;
  };
  dfs(source, 0, sub[source] ? 0 : 1);
  return best;
}

TEST(ConstrainedPath, MatchesBruteForceEnumerationOnRandomGraphs) {
  std::mt19937 rng(2009);
  int found = 0, none = 0;
  for (int trial = 0; trial < 400; ++trial) {
    const int n = 3 + trial % 7;
    std::uniform_int_distribution<int> pick(0, n - 1), len(1, trial % 2 ? 3 : 1), coin(0, 2);
    std::vector<std::pair<int, int>> edges;
    for (int i = 0; i < 2 * n; ++i) edges.emplace_back(pick(rng), pick(rng));
    const CsrGraph g = CsrGraph::fromEdges(n, edges);
    std::vector<int> units(g.edgeCount());
    for (int& u : units) u = len(rng);
    const int source = pick(rng);
    std::vector<std::uint8_t> isTarget(n, 0), sub(n, 0);
    for (int k = 0; k < 1 + trial % 2; ++k) {
      const int t = pick(rng);
      if (t != source) isTarget[t] = 1;
    }
    for (int v = 0; v < n; ++v) sub[v] = coin(rng) == 0;
    sub[source] = 1;
    std::vector<int> targets;
    for (int v = 0; v < n; ++v) {
      if (isTarget[v]) targets.push_back(v);
    }
    if (targets.empty()) continue;
    // Distances to the targets, as the search expects them (reverse graph, unit-aware).
    std::vector<int> reverseForward;
    const CsrGraph r = g.reversed(&reverseForward);
    std::vector<int> reverseUnits(r.edgeCount());
    for (int e = 0; e < r.edgeCount(); ++e) reverseUnits[e] = units[reverseForward[e]];
    const std::vector<int> toTarget = dijkstra(r, reverseUnits, targets).distance;
    const int bound = 1 + trial % 6;
    ConstrainedPathSearch search(n);
    const std::vector<int> path = search.find({&g, units}, source, isTarget, toTarget, sub, bound);
    const int expected = bruteForceCost(g, units, source, isTarget, sub, bound);
    if (expected < 0) {
      EXPECT_TRUE(path.empty()) << "trial " << trial;
      ++none;
      continue;
    }
    ++found;
    ASSERT_FALSE(path.empty()) << "trial " << trial;
    EXPECT_EQ(search.lastCost(), expected) << "trial " << trial;
    // The path is real: it starts at the source, ends at a target, follows edges, fits the
    // bound, and brings exactly lastCost() new vertices (it is simple, so counting is direct).
    EXPECT_EQ(path.front(), source);
    EXPECT_TRUE(isTarget[path.back()]);
    int length = 0, cost = sub[source] ? 0 : 1;
    for (size_t i = 1; i < path.size(); ++i) {
      int shortest = INT_MAX;
      for (int e = g.edgeBegin(path[i - 1]); e < g.edgeEnd(path[i - 1]); ++e) {
        if (g.targets[e] == path[i]) shortest = std::min(shortest, units[e]);
      }
      ASSERT_NE(shortest, INT_MAX) << "trial " << trial << ": no edge";
      length += shortest;
      cost += sub[path[i]] ? 0 : 1;
    }
    EXPECT_LE(length, bound);
    EXPECT_EQ(cost, expected);
  }
  EXPECT_GT(found, 100);
  EXPECT_GT(none, 10);
}

TEST(ConstrainedPath, BoundedDistanceRespectsMaskAvoidAndBound) {
  // 0 -> 1 -> 2 -> 3 and 0 -> 4 -> 3.
  const CsrGraph g = CsrGraph::fromEdges(
      5, std::vector<std::pair<int, int>>{{0, 1}, {1, 2}, {2, 3}, {0, 4}, {4, 3}});
  const std::vector<int> units(g.edgeCount(), 1);
  std::vector<std::uint8_t> target(5, 0);
  target[3] = 1;
  SearchScratch scratch(5);
  const UnitGraph ug{&g, units};
  EXPECT_EQ(boundedDistance(ug, 0, target, {}, 10, -1, scratch), 2);
  EXPECT_EQ(boundedDistance(ug, 0, target, {}, 10, 4, scratch), 3);
  EXPECT_EQ(boundedDistance(ug, 0, target, {}, 2, 4, scratch), INT_MAX);
  std::vector<std::uint8_t> usable = {1, 1, 1, 1, 0};
  EXPECT_EQ(boundedDistance(ug, 0, target, usable, 10, -1, scratch), 3);
}

}  // namespace
}  // namespace mg
