// SPDX-License-Identifier: MIT
#pragma once

#include <climits>
#include <cstdint>
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
// reaches (no O(V) clearing per call). One per thread. Between searches every entry of `best` is
// INT_MAX, `touched` and the buckets are empty.
struct SearchScratch {
  explicit SearchScratch(int vertexCount = 0) { resize(vertexCount); }
  void resize(int vertexCount);
  void clear();  // undoes what the last search touched

  std::vector<int> best;                  // per vertex: distance so far; INT_MAX when untouched
  std::vector<int> touched;               // vertices whose best was set
  std::vector<std::vector<int>> buckets;  // bucket queue by distance
};

// Dial's algorithm (a bucket queue; edge lengths are small integers >= 1) from every vertex of
// `sources` at distance 0, within `bound` units, entering a vertex from a settled one at a
// distance only when enter(from, vertex, distance) is true (sources are not asked): settled(vertex,
// distance) is called once per vertex in order of distance and stops the search by returning true.
// Clears the scratch before returning.
template <class Enter, class Settled>
void dialSearch(const UnitGraph& g, std::span<const int> sources, int bound, SearchScratch& scratch,
                Enter&& enter, Settled&& settled) {
  std::vector<int>& best = scratch.best;
  std::vector<std::vector<int>>& buckets = scratch.buckets;
  if (static_cast<int>(buckets.size()) < bound + 1) buckets.resize(bound + 1);
  for (int source : sources) {
    if (best[source] == 0) continue;
    best[source] = 0;
    scratch.touched.push_back(source);
    buckets[0].push_back(source);
  }
  const int* offsets = g.graph->offsets.data();
  const int* targets = g.graph->targets.data();
  const int* units = g.units.data();
  for (int d = 0; d <= bound; ++d) {
    std::vector<int>& bucket = buckets[d];
    for (size_t i = 0; i < bucket.size(); ++i) {
      const int u = bucket[i];
      if (best[u] != d) continue;
      if (settled(u, d)) {
        scratch.clear();
        return;
      }
      for (int e = offsets[u]; e < offsets[u + 1]; ++e) {
        const int v = targets[e];
        const int nd = d + units[e];
        if (nd > bound || nd >= best[v] || !enter(u, v, nd)) continue;
        if (best[v] == INT_MAX) scratch.touched.push_back(v);
        best[v] = nd;
        buckets[nd].push_back(v);
      }
    }
  }
  scratch.clear();
}

// dialSearch from one source within the vertices flagged in `usable` (all when empty), never
// entering `avoid` (-1: none).
template <class Settled>
void boundedSearch(const UnitGraph& g, int source, const std::vector<std::uint8_t>& usable,
                   int bound, int avoid, SearchScratch& scratch, Settled&& settled) {
  const int one[1] = {source};
  if (usable.empty()) {
    dialSearch(
        g, one, bound, scratch, [avoid](int, int v, int) { return v != avoid; }, settled);
  } else {
    dialSearch(
        g, one, bound, scratch,
        [&usable, avoid](int, int v, int) { return v != avoid && usable[v]; }, settled);
  }
}

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
