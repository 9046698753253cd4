// SPDX-License-Identifier: MIT
#pragma once

#include <span>
#include <utility>
#include <vector>

#include "core/util/result.h"

namespace mg {

// A directed graph in compressed sparse row form: the out-edges of vertex v are the edge ids
// [offsets[v], offsets[v + 1]) and edge e goes to targets[e]. Compact enough for 10^5 vertices
// and 10^6 edges (4 bytes per edge, 4 per vertex). Plain data, immutable once built; share it
// across threads freely. Edge ids are stable indices, so callers keep per-edge data in side
// arrays (costs, kinds) indexed by edge id.
struct CsrGraph {
  int vertexCount = 0;       // >= 0
  std::vector<int> offsets;  // vertexCount + 1 entries, non-decreasing, offsets[0] == 0
  std::vector<int> targets;  // edgeCount() entries, each in [0, vertexCount)

  int edgeCount() const { return static_cast<int>(targets.size()); }
  int edgeBegin(int v) const { return offsets[v]; }
  int edgeEnd(int v) const { return offsets[v + 1]; }
  int outDegree(int v) const { return offsets[v + 1] - offsets[v]; }
  // Targets of v's out-edges, in edge-id order. Precondition: 0 <= v < vertexCount.
  std::span<const int> out(int v) const {
    return {targets.data() + offsets[v], static_cast<size_t>(offsets[v + 1] - offsets[v])};
  }

  // Fails when: vertexCount < 0; offsets has the wrong size, does not start at 0, decreases or
  // does not end at the edge count; a target lies outside [0, vertexCount).
  Status validate() const;

  // The graph of `edges` (from, to) on `vertexCount` vertices. Edges keep their given order
  // among those leaving the same vertex (a stable counting sort), so edge ids are deterministic.
  // `edgeOfInput`, if given, receives for every input edge its edge id in the result.
  // Precondition: every end lies in [0, vertexCount).
  static CsrGraph fromEdges(int vertexCount, std::span<const std::pair<int, int>> edges,
                            std::vector<int>* edgeOfInput = nullptr);

  // The graph with every edge reversed (the in-edges of each vertex, ordered by source edge id).
  // `forwardEdge`, if given, receives for each reversed edge the id of the edge it reverses.
  CsrGraph reversed(std::vector<int>* forwardEdge = nullptr) const;
};

// The subgraph induced by the vertices marked `keep` (keep.size() == graph.vertexCount): kept
// vertices renumbered in ascending order, edges between kept vertices kept in edge-id order.
struct CsrInducedSubgraph {
  CsrGraph graph;
  std::vector<int> oldVertexOfNew;  // new vertex -> old vertex
  std::vector<int> newVertexOfOld;  // old vertex -> new vertex, -1 where dropped
  std::vector<int> oldEdgeOfNew;    // new edge -> old edge id
};
CsrInducedSubgraph inducedSubgraph(const CsrGraph& graph, const std::vector<bool>& keep);

}  // namespace mg
