// SPDX-License-Identifier: MIT
#include "core/graph/random_walk.h"

namespace mg {

RandomWalk::RandomWalk(const DirectedGraph& graph, int startNode, std::uint64_t seed)
    : m_out(graph.outEdges()), m_node(startNode), m_rng(seed) {
  m_edgeTarget.reserve(graph.edges.size());
  for (const DirectedGraph::Edge& e : graph.edges) m_edgeTarget.push_back(e.to);
}

int RandomWalk::nextEdge() {
  const std::vector<int>& out = m_out[m_node];
  if (out.empty()) return -1;
  // The modulo bias is below 2^-50 for any realistic out-degree.
  const int edge = out[static_cast<size_t>(m_rng() % out.size())];
  m_node = m_edgeTarget[edge];
  return edge;
}

}  // namespace mg
