// SPDX-License-Identifier: MIT
#pragma once

#include <climits>
#include <cstdint>
#include <span>
#include <vector>

#include "core/graph/csr_graph.h"

namespace mg {

inline constexpr int kUnreachable = INT_MAX;  // distance of a vertex no path reaches

// Distances and one shortest path to every vertex from a set of sources. parent[v] is the vertex
// before v on the path kept (-1 for sources and unreached vertices). Ties are broken
// deterministically: the first path found in order of sources, then edge ids.
struct ShortestPathTree {
  std::vector<int> distance;  // per vertex; kUnreachable where no path (within the limit)
  std::vector<int> parent;    // per vertex; -1 for a source or an unreached vertex

  // The vertices from a source to `to`, both included; empty when `to` was not reached.
  std::vector<int> pathTo(int to) const;
};

// Where a search may go: a vertex v is usable when `allowed` is empty or allowed[v] != 0.
// Sources must be usable; searches never enter unusable vertices.
using VertexMask = std::vector<std::uint8_t>;

// Breadth-first search: every edge has length 1 (a frame). Vertices farther than `maxDistance`
// are left unreachable, which bounds the work to the ball around the sources.
// Preconditions: graph.validate(); sources in range and usable; allowed empty or vertexCount long.
ShortestPathTree breadthFirst(const CsrGraph& graph, std::span<const int> sources,
                              const VertexMask& allowed = {}, int maxDistance = kUnreachable - 1);

// Dijkstra's algorithm with a non-negative integer length per edge id (edgeLength.size() ==
// edgeCount()). Lengths are integers so distances compare exactly in every caller (see
// subgraph requirement 4, which quantises a real cost). Same limits and preconditions as above.
ShortestPathTree dijkstra(const CsrGraph& graph, std::span<const int> edgeLength,
                          std::span<const int> sources, const VertexMask& allowed = {},
                          int maxDistance = kUnreachable - 1);

}  // namespace mg
