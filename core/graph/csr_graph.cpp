// SPDX-License-Identifier: MIT
#include "core/graph/csr_graph.h"

#include <string>

namespace mg {

Status CsrGraph::validate() const {
  if (vertexCount < 0) return Error{"graph: negative vertex count"};
  if (offsets.size() != static_cast<size_t>(vertexCount) + 1) {
    return Error{"graph: " + std::to_string(offsets.size()) + " offsets for " +
                 std::to_string(vertexCount) + " vertices (want one more than the vertices)"};
  }
  if (offsets.front() != 0 || offsets.back() != edgeCount()) {
    return Error{"graph: offsets must start at 0 and end at the edge count"};
  }
  for (int v = 0; v < vertexCount; ++v) {
    if (offsets[v + 1] < offsets[v]) {
      return Error{"graph: offsets decrease at vertex " + std::to_string(v)};
    }
  }
  for (int e = 0; e < edgeCount(); ++e) {
    if (targets[e] < 0 || targets[e] >= vertexCount) {
      return Error{"graph: edge " + std::to_string(e) + " goes to vertex " +
                   std::to_string(targets[e]) + ", outside [0, " + std::to_string(vertexCount) +
                   ")"};
    }
  }
  return Status::success();
}

CsrGraph CsrGraph::fromEdges(int vertexCount, std::span<const std::pair<int, int>> edges,
                             std::vector<int>* edgeOfInput) {
  CsrGraph g;
  g.vertexCount = vertexCount;
  g.offsets.assign(static_cast<size_t>(vertexCount) + 1, 0);
  for (const auto& [from, to] : edges) ++g.offsets[from + 1];
  for (int v = 0; v < vertexCount; ++v) g.offsets[v + 1] += g.offsets[v];
  g.targets.resize(edges.size());
  std::vector<int> next(g.offsets.begin(), g.offsets.end() - 1);
  if (edgeOfInput) edgeOfInput->resize(edges.size());
  for (size_t i = 0; i < edges.size(); ++i) {
    const int e = next[edges[i].first]++;
    g.targets[e] = edges[i].second;
    if (edgeOfInput) (*edgeOfInput)[i] = e;
  }
  return g;
}

CsrGraph CsrGraph::reversed(std::vector<int>* forwardEdge) const {
  std::vector<std::pair<int, int>> edges;
  edges.reserve(targets.size());
  for (int v = 0; v < vertexCount; ++v) {
    for (int e = offsets[v]; e < offsets[v + 1]; ++e) edges.emplace_back(targets[e], v);
  }
  std::vector<int> reversedOfInput;
  CsrGraph r = fromEdges(vertexCount, edges, &reversedOfInput);
  if (forwardEdge) {
    forwardEdge->assign(edges.size(), 0);
    // Input edge i is forward edge i (edges were listed in forward edge-id order).
    for (size_t i = 0; i < edges.size(); ++i)
      (*forwardEdge)[reversedOfInput[i]] = static_cast<int>(i);
  }
  return r;
}

CsrInducedSubgraph inducedSubgraph(const CsrGraph& graph, const std::vector<bool>& keep) {
  CsrInducedSubgraph sub;
  sub.newVertexOfOld.assign(graph.vertexCount, -1);
  for (int v = 0; v < graph.vertexCount; ++v) {
    if (!keep[v]) continue;
    sub.newVertexOfOld[v] = static_cast<int>(sub.oldVertexOfNew.size());
    sub.oldVertexOfNew.push_back(v);
  }
  CsrGraph& g = sub.graph;
  g.vertexCount = static_cast<int>(sub.oldVertexOfNew.size());
  g.offsets.assign(static_cast<size_t>(g.vertexCount) + 1, 0);
  for (int n = 0; n < g.vertexCount; ++n) {
    const int v = sub.oldVertexOfNew[n];
    for (int e = graph.offsets[v]; e < graph.offsets[v + 1]; ++e) {
      const int to = sub.newVertexOfOld[graph.targets[e]];
      if (to < 0) continue;
      g.targets.push_back(to);
      sub.oldEdgeOfNew.push_back(e);
    }
    g.offsets[n + 1] = g.edgeCount();
  }
  return sub;
}

}  // namespace mg
