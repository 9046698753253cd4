// SPDX-License-Identifier: MIT
#include "core/graph/csr_graph.h"

#include <random>

#include <gtest/gtest.h>

#include "core/graph/directed_graph.h"
#include "core/graph/graph_search.h"

namespace mg {
namespace {

std::vector<std::pair<int, int>> randomEdges(int n, int m, std::mt19937& rng) {
  std::vector<std::pair<int, int>> edges;
  std::uniform_int_distribution<int> pick(0, n - 1);
  for (int i = 0; i < m; ++i) edges.emplace_back(pick(rng), pick(rng));
  return edges;
}

TEST(CsrGraph, FromEdgesKeepsOrderPerSourceAndReverses) {
  const std::vector<std::pair<int, int>> edges = {{1, 2}, {0, 1}, {1, 0}, {0, 2}, {2, 2}};
  std::vector<int> id;
  const CsrGraph g = CsrGraph::fromEdges(3, edges, &id);
  ASSERT_TRUE(g.validate());
  EXPECT_EQ(g.offsets, (std::vector<int>{0, 2, 4, 5}));
  EXPECT_EQ(g.targets, (std::vector<int>{1, 2, 2, 0, 2}));
  EXPECT_EQ(id, (std::vector<int>{2, 0, 3, 1, 4}));
  std::vector<int> forward;
  const CsrGraph r = g.reversed(&forward);
  ASSERT_TRUE(r.validate());
  // In-edges of 2: from 0 (edge 1), 1 (edge 2), 2 (edge 4).
  EXPECT_EQ(std::vector<int>(r.out(2).begin(), r.out(2).end()), (std::vector<int>{0, 1, 2}));
  for (int v = 0; v < r.vertexCount; ++v) {
    for (int e = r.edgeBegin(v); e < r.edgeEnd(v); ++e) {
      EXPECT_EQ(g.targets[forward[e]], v);
    }
  }
}

TEST(CsrGraph, ValidateNamesTheProblem) {
  CsrGraph g = CsrGraph::fromEdges(2, std::vector<std::pair<int, int>>{{0, 1}});
  g.targets[0] = 5;
  EXPECT_FALSE(g.validate());
  CsrGraph h;
  h.vertexCount = 2;
  h.offsets = {0, 0};
  EXPECT_FALSE(h.validate());
}

TEST(CsrGraph, StronglyConnectedComponentsAgreeWithTheEdgeListVersion) {
  std::mt19937 rng(7);
  for (int trial = 0; trial < 50; ++trial) {
    const int n = 1 + trial % 17;
    const auto edges = randomEdges(n, trial % 40, rng);
    DirectedGraph d;
    d.nodeCount = n;
    for (auto [a, b] : edges) d.edges.push_back({a, b});
    const StronglyConnectedComponents a = stronglyConnectedComponents(d);
    const StronglyConnectedComponents b =
        stronglyConnectedComponents(CsrGraph::fromEdges(n, edges));
    EXPECT_EQ(a.component, b.component);
    EXPECT_EQ(a.sizes, b.sizes);
    // Independent check: u and v share a component iff each reaches the other.
    const CsrGraph g = CsrGraph::fromEdges(n, edges);
    for (int u = 0; u < n; ++u) {
      const std::vector<int> from = breadthFirst(g, std::vector<int>{u}).distance;
      for (int v = 0; v < n; ++v) {
        const bool both = from[v] != kUnreachable &&
                          breadthFirst(g, std::vector<int>{v}).distance[u] != kUnreachable;
        EXPECT_EQ(both, b.component[u] == b.component[v]);
      }
    }
  }
}

TEST(CsrGraph, InducedSubgraphKeepsEdgesBetweenKeptVertices) {
  const std::vector<std::pair<int, int>> edges = {{0, 1}, {1, 2}, {2, 0}, {2, 3}, {3, 1}};
  const CsrGraph g = CsrGraph::fromEdges(4, edges);
  const CsrInducedSubgraph sub = inducedSubgraph(g, {true, false, true, true});
  EXPECT_EQ(sub.oldVertexOfNew, (std::vector<int>{0, 2, 3}));
  EXPECT_EQ(sub.graph.edgeCount(), 2);  // 2->0 and 2->3
  EXPECT_EQ(sub.graph.targets, (std::vector<int>{0, 2}));
  const CsrInducedSubgraph pruned = pruneToLargestComponent(g);
  EXPECT_EQ(pruned.graph.vertexCount, 4);
}

}  // namespace
}  // namespace mg
