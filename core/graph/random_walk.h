// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include "core/graph/directed_graph.h"

namespace mg {

// A random walk over the edges of a directed graph: from the current node it takes one of the
// outgoing edges with equal probability. Deterministic for a seed on every platform (it draws
// from std::mt19937_64 directly, not through a library distribution). Owns a copy of the
// adjacency; not thread-safe (one walk per thread).
class RandomWalk {
 public:
  // Precondition: graph.validate() succeeds and 0 <= startNode < graph.nodeCount.
  RandomWalk(const DirectedGraph& graph, int startNode, std::uint64_t seed);

  // Takes one step and returns the edge index taken, or -1 when the current node has no outgoing
  // edge (a dead end; the walk stays there).
  int nextEdge();

  int currentNode() const { return m_node; }  // node the walk stands on

 private:
  std::vector<std::vector<int>> m_out;  // outgoing edge indices per node
  std::vector<int> m_edgeTarget;        // edge -> its destination node
  int m_node = 0;
  std::mt19937_64 m_rng;
};

}  // namespace mg
