// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "core/graph/csr_graph.h"

namespace mg {

// The graph the subgraph search runs on (the DMG or CORE): forward CSR and integer edge lengths in
// requirement units (core/subgraph/requirement.h), all >= 1. Not owned.
struct UnitGraph {
  const CsrGraph* graph = nullptr;
  std::span<const int> units;  // per edge id
};

// Reusable scratch for the bounded searches below, so a search touches only the vertices it
// reaches (no O(V) clearing per call). One per thread.
class SearchScratch {
 public:
  explicit SearchScratch(int vertexCount = 0) { resize(vertexCount); }
  void resize(int vertexCount);

 private:
  friend void boundedSearch(const UnitGraph&, int, const std::vector<std::uint8_t>&, int, int,
                            SearchScratch&, const std::function<bool(int, int)>&);
  friend class ConstrainedPathSearch;
  std::vector<int> m_best;  // per vertex; INT_MAX when untouched
  std::vector<int> m_touched;
  std::vector<std::vector<int>> m_buckets;  // bucket queue by distance
  void clear();
};

// Visits the vertices reachable from `source` within `bound` units, using only vertices flagged
// in `usable` (all when empty) and never entering `avoid` (-1: none), in order of distance:
// settled(vertex, distance) is called once per vertex and stops the search by returning true.
// Dial's algorithm (a bucket queue; edge lengths are small integers).
void boundedSearch(const UnitGraph& g, int source, const std::vector<std::uint8_t>& usable,
                   int bound, int avoid, SearchScratch& scratch,
                   const std::function<bool(int vertex, int distance)>& settled);

// Length, in units, of the shortest path from `source` to any vertex flagged in `isTarget`
// using only vertices flagged in `usable` (all usable when empty) and never entering `avoid`
// (-1: none); INT_MAX when it is longer than `bound` or there is none. Dial's algorithm, stops
// at the first target.
int boundedDistance(const UnitGraph& g, int source, std::span<const std::uint8_t> isTarget,
                    const std::vector<std::uint8_t>& usable, int bound, int avoid,
                    SearchScratch& scratch);

// Distances from `source` (INT_MAX beyond `bound`) within `usable`, written to out[v] for every
// vertex (out is resized to the vertex count). For verification and small graphs.
void boundedDistances(const UnitGraph& g, int source, const std::vector<std::uint8_t>& usable,
                      int bound, int avoid, SearchScratch& scratch, std::vector<int>& out);

// The constrained shortest path (CSP) of Zhao et al. 2009, section 3.3.4: among paths from
// `source` to any vertex of a target set whose length (units) is at most `bound`, one that adds
// the fewest vertices outside the current subgraph: edge (u, v) costs 0 when v is in the subgraph
// and 1 otherwise, so a path's cost is the number of new vertices it brings. Dynamic programming
// over the length budget, J(v, l) = min(J(v, l - 1), min over (u, v) of J(u, l - len(u, v)) +
// c(u, v)), O(bound x E) at worst; only vertices that can still reach a target within the
// remaining budget (distanceToTarget[v] <= bound - l) are expanded, which prunes the DP to the
// corridor between source and targets without changing its result. Ties: the least cost, then the
// shortest length, then the first found in edge order (deterministic). Not thread-safe; one per
// thread.
class ConstrainedPathSearch {
 public:
  explicit ConstrainedPathSearch(int vertexCount) : m_scratch(vertexCount) {}

  // `inSubgraph` flags the subgraph's vertices; `distanceToTarget` is each vertex's shortest
  // distance (units, whole graph) to the target set, INT_MAX where none; `isTarget` flags the
  // targets. Returns the path's vertices from source to target, or empty when none meets the bound.
  std::vector<int> find(const UnitGraph& g, int source, std::span<const std::uint8_t> isTarget,
                        std::span<const int> distanceToTarget,
                        const std::vector<std::uint8_t>& inSubgraph, int bound);

  int lastCost() const { return m_lastCost; }  // new vertices on the last path found

 private:
  struct Record {
    int vertex, length, parent;  // parent: index of the record of the previous vertex, or -1
  };
  SearchScratch m_scratch;
  std::vector<Record> m_records;
  std::vector<std::vector<std::pair<int, int>>> m_levels;  // per length: (record, cost) offers
  int m_lastCost = 0;
};

}  // namespace mg
