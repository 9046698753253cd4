// SPDX-License-Identifier: MIT
#include "core/graph/graph_search.h"

#include <random>

#include <gtest/gtest.h>

#include "core/graph/csr_graph.h"

namespace mg {
namespace {

std::vector<std::pair<int, int>> randomEdgeList(int n, int m, std::mt19937& rng) {
  std::vector<std::pair<int, int>> edges;
  std::uniform_int_distribution<int> pick(0, n - 1);
  for (int i = 0; i < m; ++i) edges.emplace_back(pick(rng), pick(rng));
  return edges;
}

// Floyd-Warshall as the reference for both searches.
TEST(GraphSearch, BreadthFirstAndDijkstraMatchFloydWarshall) {
  std::mt19937 rng(11);
  for (int trial = 0; trial < 40; ++trial) {
    const int n = 2 + trial % 12;
    const auto edges = randomEdgeList(n, 3 * n, rng);
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
