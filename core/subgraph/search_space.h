// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/dmg/database_motion_graph.h"
#include "core/graph/csr_graph.h"
#include "core/subgraph/constrained_path.h"
#include "core/subgraph/key_segments.h"
#include "core/subgraph/requirement.h"
#include "core/util/progress.h"
#include "core/util/result.h"

namespace mg {

// The parts of the Iterative Sub-graph Algorithm (iterative_subgraph.h) share this: the graph the
// search runs on (the whole DMG or CORE), in its own vertex ids, with everything about the key
// pairs precomputed once. Built by findMinimumSubgraph; read-only afterwards, so parallel loops
// share it.
using VertexFlags = std::vector<std::uint8_t>;

struct SubgraphSearchSpace {
  CsrGraph graph;                        // forward edges
  std::vector<int> units;                // per forward edge: its length in requirement units (>= 1)
  CsrGraph reverse;                      // in-edges
  std::vector<int> reverseUnits;         // per reversed edge: the units of the edge it reverses
  std::vector<int> dmgOf;                // search vertex -> DMG vertex
  std::vector<std::vector<int>> groups;  // target groups (vertex sets), disjoint
  std::vector<int> groupOf;              // per vertex: its target group, or -1
  // Per group: every vertex's shortest distance (units) to the group in the whole DMG, INT_MAX
  // where none. On CORE these are lower bounds of the distances in CORE: still exact pruning.
  std::vector<std::vector<int>> distance;
  struct Pair {
    int source, group, bound;  // bound: units, >= the DMG distance of the pair
  };
  std::vector<Pair> pairs;       // in BestOrder
  std::vector<int> sources;      // distinct sources, ascending
  std::vector<int> sourceIndex;  // per vertex: index into sources, or -1
  struct Target {
    int group, bound;
  };
  std::vector<std::vector<Target>> pairsOfSource;  // per source index
  std::vector<int> maxBound;                       // per source index
  int maxBoundAll = 0;
  VertexFlags keys;  // key vertices

  VertexFlags include;  // vertices the author chose by hand (kept in every StartGraph)

  UnitGraph unitGraph() const { return {&graph, units}; }
  UnitGraph reverseUnitGraph() const { return {&reverse, reverseUnits}; }
  int vertexCount() const { return graph.vertexCount; }
};

// Everything before the iterations: the key vertices and pairs, every pair's DMG distance and
// bound, CORE, and the search space on the DMG or on CORE.
struct PreparedSubgraphSearch {
  SubgraphSearchSpace space;
  KeyVertices keys;
  KeyPairs pairs;
  std::vector<int> pairDistance;  // per KeyPairs pair: DMG distance (units)
  std::vector<int> pairBounds;    // per KeyPairs pair: its bound (units)
  int relaxedPairs = 0;           // pairs whose DMG minimum is above gamma (not requirement 2)
  std::vector<int> coreVertices;  // CORE, ascending DMG ids (key vertices included)
  int coreEdges = 0;
};

// Key distances: one backward search per target group over the whole DMG (parallel on
// `threads`), CORE (one shortest path per pair, and the key vertices), then the search space.
// `include` (DMG ids) are vertices the author chose by hand. Progress is reported per group.
// Fails when: the keys do not resolve (resolveKeySegments names the key); an included vertex is
// out of range; the distances of every group would not fit in memory (too many key frames); a pair
// has no path at all in the DMG (the message names it); cancelled.
Result<PreparedSubgraphSearch> prepareSubgraphSearch(const DatabaseMotionGraph& dmg,
                                                     std::span<const KeySegment> keys,
                                                     const Requirement& requirement, bool fromCore,
                                                     std::span<const int> include, int threads,
                                                     const Progress& progress = {});

// Edges of `graph` between vertices flagged in `keep`.
int inducedEdgeCount(const CsrGraph& graph, const VertexFlags& keep);

}  // namespace mg
