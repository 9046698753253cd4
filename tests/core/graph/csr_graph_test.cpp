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

// Floyd-Warshall as the reference for both searches.
TEST(GraphSearch, BreadthFirstAndDijkstraMatchFloydWarshall) {
  std::mt19937 rng(11);
  for (int trial = 0; trial < 40; ++trial) {
    const int n = 2 + trial % 12;
    const auto edges = randomEdges(n, 3 * n, rng);
    const CsrGraph g = CsrGraph::fromEdges(n, edges);
    std::vector<int> length(g.edgeCount());
    std::uniform_int_distribution<int> w(0, 5);
    for (int& l : length) l = w(rng);
    const long long inf = 1LL << 40;
    std::vector<long long> unit(n * n, inf), weighted(n * n, inf);
    for (int v = 0; v < n; ++v) unit[v * n + v] = weighted[v * n + v] = 0;
    for (int v = 0; v < n; ++v) {
      for (int e = g.edgeBegin(v); e < g.edgeEnd(v); ++e) {
        const int t = g.targets[e];
        unit[v * n + t] = std::min<long long>(unit[v * n + t], 1);
        weighted[v * n + t] = std::min<long long>(weighted[v * n + t], length[e]);
      }
    }
    for (int k = 0; k < n; ++k)
      for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
          unit[i * n + j] = std::min(unit[i * n + j], unit[i * n + k] + unit[k * n + j]);
          weighted[i * n + j] =
              std::min(weighted[i * n + j], weighted[i * n + k] + weighted[k * n + j]);
        }
    for (int s = 0; s < n; ++s) {
      const ShortestPathTree b = breadthFirst(g, std::vector<int>{s});
      const ShortestPathTree d = dijkstra(g, length, std::vector<int>{s});
      for (int t = 0; t < n; ++t) {
        const long long bu = b.distance[t] == kUnreachable ? inf : b.distance[t];
        const long long du = d.distance[t] == kUnreachable ? inf : d.distance[t];
        EXPECT_EQ(bu, unit[s * n + t]);
        EXPECT_EQ(du, weighted[s * n + t]);
        if (bu < inf) {
          const std::vector<int> path = b.pathTo(t);
          ASSERT_EQ(static_cast<long long>(path.size()), bu + 1);
          EXPECT_EQ(path.front(), s);
          EXPECT_EQ(path.back(), t);
        }
      }
      // A distance limit leaves farther vertices unreached.
      const ShortestPathTree near = breadthFirst(g, std::vector<int>{s}, {}, 1);
      for (int t = 0; t < n; ++t) {
        EXPECT_EQ(near.distance[t] != kUnreachable, unit[s * n + t] <= 1);
      }
    }
  }
}

TEST(GraphSearch, MaskKeepsTheSearchOutOfVertices) {
  // 0 -> 1 -> 3 and 0 -> 2 -> 4 -> 3.
  const CsrGraph g = CsrGraph::fromEdges(
      5, std::vector<std::pair<int, int>>{{0, 1}, {1, 3}, {0, 2}, {2, 4}, {4, 3}});
  EXPECT_EQ(breadthFirst(g, std::vector<int>{0}).distance[3], 2);
  VertexMask mask(5, 1);
  mask[1] = 0;
  EXPECT_EQ(breadthFirst(g, std::vector<int>{0}, mask).distance[3], 3);
  EXPECT_EQ(breadthFirst(g, std::vector<int>{0}, mask).pathTo(3), (std::vector<int>{0, 2, 4, 3}));
}

}  // namespace
}  // namespace mg
