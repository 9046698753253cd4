// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/graph/csr_graph.h"
#include "core/util/result.h"

namespace mg {

// The database motion graph (DMG) of Zhao et al. 2009, section 3.1 (ALGORITHMS.md section 5):
// every frame of every motion at the working rate is a vertex; natural edges join frame i to
// frame i + 1 of the same motion; transition edges join frames whose frame distance is a local
// minimum under a threshold (see dmg_builder.h for how they are placed). Usually pruned to its
// largest strongly connected component, so every vertex can reach every other.
//
// Storage is CSR (core/graph/csr_graph.h) in both directions plus one byte and two floats per
// edge: about 25 bytes per edge and 20 per vertex, so 10^5 vertices and 10^6 edges take ~27 MB.
// Immutable once made; share it (std::shared_ptr<const DatabaseMotionGraph>) across threads.
//
// Typical use:
//   const DatabaseMotionGraph& g = ...;
//   for (int e = g.graph().edgeBegin(v); e < g.graph().edgeEnd(v); ++e)
//     visit(g.edgeTarget(e), g.edgeKind(e), g.transitionCost(e));
enum class DmgEdgeKind : std::uint8_t {
  Natural = 0,     // frame i -> frame i + 1 of one motion
  Transition = 1,  // a jump to another place in the database (played with a blend)
};

// The source of a vertex: frame `frame` (at the graph's working rate, 0-based, after any trim the
// caller applied) of motion `motion` (an index into the motions the graph was built from).
struct DmgVertex {
  int motion = 0;
  int frame = 0;
  bool operator==(const DmgVertex&) const = default;
};

// One edge as given to DatabaseMotionGraph::create, in vertex ids.
struct DmgEdgeInput {
  int from = 0;
  int to = 0;
  DmgEdgeKind kind = DmgEdgeKind::Natural;
  float cost = 0.0f;      // c_t in [0, 1]: 0 best, 1 worst; 0 for natural edges
  float distance = 0.0f;  // the frame distance (m^2, core/metric) that made it; 0 for natural
};

class DatabaseMotionGraph {
 public:
  DatabaseMotionGraph() = default;

  // A graph of `vertices` (each a distinct (motion, frame) with 0 <= frame < the motion's entry of
  // motionFrameCounts) and `edges` (kept in their order among edges of one source). Fails when:
  // fps is not positive; a motion index or frame is out of range; a vertex repeats; an edge names
  // a vertex out of range; a natural edge does not join frame f to f + 1 of one motion; a cost is
  // outside [0, 1] or not finite.
  static Result<DatabaseMotionGraph> create(double fps, std::vector<int> motionFrameCounts,
                                            std::vector<DmgVertex> vertices,
                                            std::span<const DmgEdgeInput> edges);

  double fps() const { return m_fps; }  // working rate, frames per second
  int vertexCount() const { return m_graph.vertexCount; }
  int edgeCount() const { return m_graph.edgeCount(); }
  int transitionCount() const { return m_transitionCount; }
  int naturalCount() const { return edgeCount() - m_transitionCount; }

  // Forward CSR: out-edges of v are edge ids [graph().edgeBegin(v), graph().edgeEnd(v)).
  const CsrGraph& graph() const { return m_graph; }
  // Reverse CSR: in-edges of v; reverseEdgeId(r) is the forward id of reversed edge r.
  const CsrGraph& reverseGraph() const { return m_reverse; }
  int reverseEdgeId(int reversedEdge) const { return m_forwardOfReverse[reversedEdge]; }

  const DmgVertex& vertex(int v) const { return m_vertices[v]; }
  const std::vector<DmgVertex>& vertices() const { return m_vertices; }
  // The vertex of (motion, frame), or -1 when that frame is not in the graph (pruned or out of
  // range).
  int vertexOf(int motion, int frame) const;

  int edgeSource(int e) const;  // O(log V)
  int edgeTarget(int e) const { return m_graph.targets[e]; }
  DmgEdgeKind edgeKind(int e) const { return static_cast<DmgEdgeKind>(m_kind[e]); }
  float transitionCost(int e) const { return m_cost[e]; }  // c_t in [0, 1]
  float edgeDistance(int e) const { return m_distance[e]; }
  // The out-edge of v to w, or -1 (the first one if several).
  int findEdge(int v, int w) const;

  // Frames of each source motion at the working rate (kept or not).
  const std::vector<int>& motionFrameCounts() const { return m_motionFrames; }
  int motionCount() const { return static_cast<int>(m_motionFrames.size()); }

 private:
  double m_fps = 30.0;
  std::vector<int> m_motionFrames;
  std::vector<int> m_motionFirst;    // prefix sums of m_motionFrames (motionCount + 1)
  std::vector<int> m_vertexOfFrame;  // database frame index -> vertex or -1
  std::vector<DmgVertex> m_vertices;
  CsrGraph m_graph, m_reverse;
  std::vector<int> m_forwardOfReverse;
  std::vector<std::uint8_t> m_kind;
  std::vector<float> m_cost, m_distance;
  int m_transitionCount = 0;
};

// The subgraph induced by the vertices marked in `keep` (one flag per vertex), renumbered in
// ascending order of the old ids; `oldVertexOfNew` receives the map if given. Edges between kept
// vertices keep their kind, cost and distance.
DatabaseMotionGraph inducedDmg(const DatabaseMotionGraph& graph, const std::vector<bool>& keep,
                               std::vector<int>* oldVertexOfNew = nullptr);

// The prune operation on a motion graph: the subgraph induced by the largest strongly connected
// component (ties: the one holding the lowest vertex id; core/graph/directed_graph.h), so a walk
// on it can go on for ever. Renumbered and kept as inducedDmg does; an empty graph gives an empty
// graph. O(V + E).
DatabaseMotionGraph largestComponentDmg(const DatabaseMotionGraph& graph,
                                        std::vector<int>* oldVertexOfNew = nullptr);

}  // namespace mg
