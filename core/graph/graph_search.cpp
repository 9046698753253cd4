// SPDX-License-Identifier: MIT
#include "core/graph/graph_search.h"

#include <algorithm>
#include <functional>
#include <queue>

namespace mg {

std::vector<int> ShortestPathTree::pathTo(int to) const {
  std::vector<int> path;
  if (to < 0 || to >= static_cast<int>(distance.size()) || distance[to] == kUnreachable)
    return path;
  for (int v = to; v >= 0; v = parent[v]) path.push_back(v);
  std::reverse(path.begin(), path.end());
  return path;
}

ShortestPathTree breadthFirst(const CsrGraph& graph, std::span<const int> sources,
                              const VertexMask& allowed, int maxDistance) {
  ShortestPathTree tree;
  tree.distance.assign(graph.vertexCount, kUnreachable);
  tree.parent.assign(graph.vertexCount, -1);
  std::vector<int> queue;
  queue.reserve(64);
  for (int s : sources) {
    if (tree.distance[s] != kUnreachable) continue;
    tree.distance[s] = 0;
    queue.push_back(s);
  }
  for (size_t head = 0; head < queue.size(); ++head) {
    const int u = queue[head];
    const int d = tree.distance[u] + 1;
    if (d > maxDistance) break;  // the queue is ordered by distance
    for (int e = graph.offsets[u]; e < graph.offsets[u + 1]; ++e) {
      const int v = graph.targets[e];
      if (tree.distance[v] != kUnreachable || (!allowed.empty() && !allowed[v])) continue;
      tree.distance[v] = d;
      tree.parent[v] = u;
      queue.push_back(v);
    }
  }
  return tree;
}

ShortestPathTree dijkstra(const CsrGraph& graph, std::span<const int> edgeLength,
                          std::span<const int> sources, const VertexMask& allowed,
                          int maxDistance) {
  ShortestPathTree tree;
  tree.distance.assign(graph.vertexCount, kUnreachable);
  tree.parent.assign(graph.vertexCount, -1);
  // (distance, sequence, vertex): the sequence number makes ties pop in insertion order.
  using Entry = std::tuple<int, std::int64_t, int>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> heap;
  std::int64_t sequence = 0;
  for (int s : sources) {
    if (tree.distance[s] == 0) continue;
    tree.distance[s] = 0;
    heap.emplace(0, sequence++, s);
  }
  while (!heap.empty()) {
    const auto [d, seq, u] = heap.top();
    heap.pop();
    if (d != tree.distance[u]) continue;
    for (int e = graph.offsets[u]; e < graph.offsets[u + 1]; ++e) {
      const int v = graph.targets[e];
      if (!allowed.empty() && !allowed[v]) continue;
      const long long nd = static_cast<long long>(d) + edgeLength[e];
      if (nd > maxDistance || nd >= tree.distance[v]) continue;
      tree.distance[v] = static_cast<int>(nd);
      tree.parent[v] = u;
      heap.emplace(static_cast<int>(nd), sequence++, v);
    }
  }
  return tree;
}

}  // namespace mg
