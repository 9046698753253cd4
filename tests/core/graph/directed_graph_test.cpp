// SPDX-License-Identifier: MIT
#include "core/graph/directed_graph.h"

#include <random>

#include <gtest/gtest.h>

namespace mg {
namespace {

DirectedGraph makeGraph(int nodes, std::vector<std::pair<int, int>> edges) {
  DirectedGraph g;
  g.nodeCount = nodes;
  for (auto [a, b] : edges) g.edges.push_back({a, b});
  return g;
}

// Hand-drawn: {0,1,2} is a cycle, 2 -> 3, {3,4} is a cycle, 4 -> 5 (alone), 6 alone with a
// self-loop, and 5 -> 6.
TEST(StronglyConnectedComponents, HandDrawnGraph) {
  const DirectedGraph g =
      makeGraph(7, {{0, 1}, {1, 2}, {2, 0}, {2, 3}, {3, 4}, {4, 3}, {4, 5}, {5, 6}, {6, 6}});
  ASSERT_TRUE(g.validate());
  const StronglyConnectedComponents scc = stronglyConnectedComponents(g);
  EXPECT_EQ(scc.componentCount, 4);
  EXPECT_EQ(scc.component[0], scc.component[1]);
  EXPECT_EQ(scc.component[1], scc.component[2]);
  EXPECT_EQ(scc.component[3], scc.component[4]);
  EXPECT_NE(scc.component[0], scc.component[3]);
  EXPECT_NE(scc.component[5], scc.component[6]);
  EXPECT_EQ(scc.sizes[scc.component[0]], 3);
  EXPECT_EQ(scc.sizes[scc.component[3]], 2);
  // Reverse topological numbering: an edge between components goes to a lower number.
  for (const auto& e : g.edges) EXPECT_GE(scc.component[e.from], scc.component[e.to]);
  EXPECT_EQ(largestComponent(scc), scc.component[0]);
  EXPECT_EQ(deadEndNodes(g), (std::vector<int>{3, 4, 5, 6}));
}

TEST(StronglyConnectedComponents, MatchesBruteForceReachabilityOnRandomGraphs) {
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 200; ++trial) {
    const int n = 1 + static_cast<int>(rng() % 12);
    const int m = static_cast<int>(rng() % (3 * n));
    DirectedGraph g;
    g.nodeCount = n;
    for (int e = 0; e < m; ++e)
      g.edges.push_back({static_cast<int>(rng() % n), static_cast<int>(rng() % n)});
    // Floyd-Warshall style transitive closure.
    std::vector<std::vector<bool>> reach(n, std::vector<bool>(n, false));
    for (int v = 0; v < n; ++v) reach[v][v] = true;
    for (const auto& e : g.edges) reach[e.from][e.to] = true;
    for (int k = 0; k < n; ++k)
      for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j)
          if (reach[i][k] && reach[k][j]) reach[i][j] = true;
    const StronglyConnectedComponents scc = stronglyConnectedComponents(g);
    for (int i = 0; i < n; ++i) {
      for (int j = 0; j < n; ++j) {
        EXPECT_EQ(scc.component[i] == scc.component[j], reach[i][j] && reach[j][i])
            << "trial " << trial << " nodes " << i << ", " << j;
      }
    }
    int total = 0;
    for (int s : scc.sizes) total += s;
    EXPECT_EQ(total, n);
  }
}

TEST(StronglyConnectedComponents, LongChainDoesNotRecurse) {
  // 200,000 nodes in one cycle: a recursive DFS would overflow the stack.
  const int n = 200000;
  DirectedGraph g;
  g.nodeCount = n;
  for (int v = 0; v < n; ++v) g.edges.push_back({v, (v + 1) % n});
  const StronglyConnectedComponents scc = stronglyConnectedComponents(g);
  EXPECT_EQ(scc.componentCount, 1);
  EXPECT_TRUE(deadEndNodes(g).empty());
}

TEST(StronglyConnectedComponents, EmptyGraph) {
  const DirectedGraph g;
  const StronglyConnectedComponents scc = stronglyConnectedComponents(g);
  EXPECT_EQ(scc.componentCount, 0);
  EXPECT_EQ(largestComponent(scc), -1);
  EXPECT_TRUE(deadEndNodes(g).empty());
}

TEST(PruneToLargestComponent, KeepsTheMainCycleAndItsEdges) {
  // Parallel edges 0->1 twice survive; edges into the dead end 3 go.
  const DirectedGraph g = makeGraph(4, {{0, 1}, {0, 1}, {1, 2}, {2, 0}, {2, 3}, {3, 3}});
  const InducedSubgraph sub = pruneToLargestComponent(g);
  EXPECT_EQ(sub.graph.nodeCount, 3);
  EXPECT_EQ(sub.oldNodeOfNew, (std::vector<int>{0, 1, 2}));
  EXPECT_EQ(sub.newNodeOfOld, (std::vector<int>{0, 1, 2, -1}));
  EXPECT_EQ(sub.oldEdgeOfNew, (std::vector<int>{0, 1, 2, 3}));
  EXPECT_TRUE(deadEndNodes(sub.graph).empty());
  EXPECT_EQ(stronglyConnectedComponents(sub.graph).componentCount, 1);
}

TEST(InducedSubgraph, RenumbersNodes) {
  const DirectedGraph g = makeGraph(4, {{0, 3}, {3, 1}, {1, 0}, {2, 2}});
  const InducedSubgraph sub = inducedSubgraph(g, {false, true, true, true});
  EXPECT_EQ(sub.graph.nodeCount, 3);
  ASSERT_EQ(sub.graph.edges.size(), 2u);
  EXPECT_EQ(sub.graph.edges[0].from, 2);  // old 3 -> old 1
  EXPECT_EQ(sub.graph.edges[0].to, 0);
  EXPECT_EQ(sub.graph.edges[1].from, 1);  // old 2 self-loop
  EXPECT_EQ(sub.graph.edges[1].to, 1);
}

TEST(DirectedGraphValidate, RejectsEdgeOutsideTheGraph) {
  EXPECT_FALSE(makeGraph(2, {{0, 2}}).validate());
}

TEST(DirectedGraphValidate, RejectsNegativeEdgeEnd) {
  EXPECT_FALSE(makeGraph(2, {{-1, 0}}).validate());
}

TEST(DirectedGraphValidate, RejectsNegativeNodeCount) {
  DirectedGraph g;
  g.nodeCount = -1;
  EXPECT_FALSE(g.validate());
}

}  // namespace
}  // namespace mg
