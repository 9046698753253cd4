// SPDX-License-Identifier: MIT
#include "core/dmg/database_motion_graph.h"

#include <algorithm>
#include <cmath>

#include "core/graph/directed_graph.h"

namespace mg {

Result<DatabaseMotionGraph> DatabaseMotionGraph::create(double fps,
                                                        std::vector<int> motionFrameCounts,
                                                        std::vector<DmgVertex> vertices,
                                                        std::span<const DmgEdgeInput> edges) {
  if (!std::isfinite(fps) || fps <= 0)
    return Error{"motion graph: the frame rate must be positive"};
  DatabaseMotionGraph g;
  g.m_fps = fps;
  g.m_motionFirst.assign(motionFrameCounts.size() + 1, 0);
  for (size_t m = 0; m < motionFrameCounts.size(); ++m) {
    if (motionFrameCounts[m] < 0) return Error{"motion graph: negative frame count"};
    g.m_motionFirst[m + 1] = g.m_motionFirst[m] + motionFrameCounts[m];
  }
  g.m_motionFrames = std::move(motionFrameCounts);
  g.m_vertexOfFrame.assign(g.m_motionFirst.back(), -1);
  const int n = static_cast<int>(vertices.size());
  for (int v = 0; v < n; ++v) {
    const DmgVertex& x = vertices[v];
    if (x.motion < 0 || x.motion >= g.motionCount() || x.frame < 0 ||
        x.frame >= g.m_motionFrames[x.motion]) {
      return Error{"motion graph: vertex " + std::to_string(v) + " names motion " +
                   std::to_string(x.motion) + " frame " + std::to_string(x.frame) +
                   ", which does not exist"};
    }
    int& slot = g.m_vertexOfFrame[g.m_motionFirst[x.motion] + x.frame];
    if (slot >= 0) {
      return Error{"motion graph: motion " + std::to_string(x.motion) + " frame " +
                   std::to_string(x.frame) + " is vertex " + std::to_string(slot) + " and " +
                   std::to_string(v)};
    }
    slot = v;
  }
  g.m_vertices = std::move(vertices);
  std::vector<std::pair<int, int>> pairs;
  pairs.reserve(edges.size());
  for (size_t i = 0; i < edges.size(); ++i) {
    const DmgEdgeInput& e = edges[i];
    if (e.from < 0 || e.from >= n || e.to < 0 || e.to >= n) {
      return Error{"motion graph: edge " + std::to_string(i) + " names a vertex out of range"};
    }
    if (!std::isfinite(e.cost) || e.cost < 0 || e.cost > 1 || !std::isfinite(e.distance)) {
      return Error{"motion graph: edge " + std::to_string(i) + " has a cost outside [0, 1]"};
    }
    if (e.kind == DmgEdgeKind::Natural) {
      const DmgVertex& a = g.m_vertices[e.from];
      const DmgVertex& b = g.m_vertices[e.to];
      if (a.motion != b.motion || b.frame != a.frame + 1) {
        return Error{"motion graph: natural edge " + std::to_string(i) +
                     " does not join consecutive frames of one motion"};
      }
    } else if (e.kind != DmgEdgeKind::Transition) {
      return Error{"motion graph: edge " + std::to_string(i) + " has an unknown kind"};
    }
    pairs.emplace_back(e.from, e.to);
  }
  std::vector<int> idOfInput;
  g.m_graph = CsrGraph::fromEdges(n, pairs, &idOfInput);
  g.m_kind.resize(edges.size());
  g.m_cost.resize(edges.size());
  g.m_distance.resize(edges.size());
  for (size_t i = 0; i < edges.size(); ++i) {
    const int id = idOfInput[i];
    g.m_kind[id] = static_cast<std::uint8_t>(edges[i].kind);
    g.m_cost[id] = edges[i].cost;
    g.m_distance[id] = edges[i].distance;
    g.m_transitionCount += edges[i].kind == DmgEdgeKind::Transition;
  }
  g.m_reverse = g.m_graph.reversed(&g.m_forwardOfReverse);
  return g;
}

int DatabaseMotionGraph::vertexOf(int motion, int frame) const {
  if (motion < 0 || motion >= motionCount() || frame < 0 || frame >= m_motionFrames[motion])
    return -1;
  return m_vertexOfFrame[m_motionFirst[motion] + frame];
}

int DatabaseMotionGraph::edgeSource(int e) const {
  // The last vertex whose first edge id is <= e (skipping vertices without out-edges).
  const auto it = std::upper_bound(m_graph.offsets.begin(), m_graph.offsets.end(), e);
  return static_cast<int>(it - m_graph.offsets.begin()) - 1;
}

int DatabaseMotionGraph::findEdge(int v, int w) const {
  for (int e = m_graph.edgeBegin(v); e < m_graph.edgeEnd(v); ++e) {
    if (m_graph.targets[e] == w) return e;
  }
  return -1;
}

namespace {

// The graph of `sub`, an induced subgraph of graph.graph(), with the vertices and edge data of
// `graph`.
DatabaseMotionGraph dmgOfSubgraph(const DatabaseMotionGraph& graph, const CsrInducedSubgraph& sub,
                                  std::vector<int>* oldVertexOfNew) {
  std::vector<DmgVertex> vertices;
  vertices.reserve(sub.oldVertexOfNew.size());
  for (int v : sub.oldVertexOfNew) vertices.push_back(graph.vertex(v));
  std::vector<DmgEdgeInput> edges;
  edges.reserve(sub.oldEdgeOfNew.size());
  for (int n = 0; n < sub.graph.vertexCount; ++n) {
    for (int e = sub.graph.edgeBegin(n); e < sub.graph.edgeEnd(n); ++e) {
      const int old = sub.oldEdgeOfNew[e];
      edges.push_back({n, sub.graph.targets[e], graph.edgeKind(old), graph.transitionCost(old),
                       graph.edgeDistance(old)});
    }
  }
  if (oldVertexOfNew) *oldVertexOfNew = sub.oldVertexOfNew;
  // The parts come from a valid graph, so create() cannot fail.
  return std::move(DatabaseMotionGraph::create(graph.fps(), graph.motionFrameCounts(),
                                               std::move(vertices), edges)
                       .value());
}

}  // namespace

DatabaseMotionGraph inducedDmg(const DatabaseMotionGraph& graph, const std::vector<bool>& keep,
                               std::vector<int>* oldVertexOfNew) {
  return dmgOfSubgraph(graph, inducedSubgraph(graph.graph(), keep), oldVertexOfNew);
}

DatabaseMotionGraph largestComponentDmg(const DatabaseMotionGraph& graph,
                                        std::vector<int>* oldVertexOfNew) {
  return dmgOfSubgraph(graph, pruneToLargestComponent(graph.graph()), oldVertexOfNew);
}

}  // namespace mg
