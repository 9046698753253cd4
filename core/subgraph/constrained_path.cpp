// SPDX-License-Identifier: MIT
#include "core/subgraph/constrained_path.h"

#include <algorithm>
#include <climits>

namespace mg {

void SearchScratch::resize(int vertexCount) {
  best.assign(vertexCount, INT_MAX);
  touched.clear();
}

void SearchScratch::clear() {
  for (int v : touched) best[v] = INT_MAX;
  touched.clear();
  for (auto& b : buckets) b.clear();
}

int boundedDistance(const UnitGraph& g, int source, std::span<const std::uint8_t> isTarget,
                    const std::vector<std::uint8_t>& usable, int bound, int avoid,
                    SearchScratch& s) {
  int found = INT_MAX;
  boundedSearch(g, source, usable, bound, avoid, s, [&](int v, int d) {
    if (!isTarget[v]) return false;
    found = d;
    return true;
  });
  return found;
}

void boundedDistances(const UnitGraph& g, int source, const std::vector<std::uint8_t>& usable,
                      int bound, int avoid, SearchScratch& s, std::vector<int>& out) {
  out.assign(g.graph->vertexCount, INT_MAX);
  boundedSearch(g, source, usable, bound, avoid, s, [&](int v, int d) {
    out[v] = d;
    return false;
  });
}

std::vector<int> ConstrainedPathSearch::find(const UnitGraph& g, int source,
                                             std::span<const std::uint8_t> isTarget,
                                             std::span<const int> distanceToTarget,
                                             const std::vector<std::uint8_t>& inSubgraph,
                                             int bound) {
  std::vector<int>& best = m_scratch.best;  // least cost at any length so far
  std::vector<int>& touched = m_scratch.touched;
  m_records.clear();
  if (static_cast<int>(m_levels.size()) < bound + 1) m_levels.resize(bound + 1);
  for (int l = 0; l <= bound; ++l) m_levels[l].clear();
  std::vector<int> path;
  if (distanceToTarget[source] > bound) return path;
  const CsrGraph& graph = *g.graph;
  m_records.push_back({source, 0, -1});
  m_levels[0].emplace_back(0, inSubgraph[source] ? 0 : 1);
  int bestRecord = -1, bestCost = INT_MAX;
  for (int l = 0; l <= bound; ++l) {
    // Offers are processed in increasing length, so best[v] is J(v, l - 1) when an offer arrives;
    // only offers that improve it are expanded (the others were dominated at a shorter length).
    for (size_t i = 0; i < m_levels[l].size(); ++i) {
      const auto [record, cost] = m_levels[l][i];
      const int u = m_records[record].vertex;
      if (cost >= best[u]) continue;
      if (best[u] == INT_MAX) touched.push_back(u);
      best[u] = cost;
      if (isTarget[u]) {
        if (cost < bestCost) {
          bestCost = cost;
          bestRecord = record;
        }
        continue;  // a path through a target to another target is never cheaper
      }
      if (cost >= bestCost) continue;  // costs only grow along a path
      for (int e = graph.offsets[u]; e < graph.offsets[u + 1]; ++e) {
        const int v = graph.targets[e];
        const int nl = l + g.units[e];
        if (nl > bound || distanceToTarget[v] > bound - nl) continue;
        const int nc = cost + (inSubgraph[v] ? 0 : 1);
        if (nc >= best[v]) continue;
        m_records.push_back({v, nl, record});
        m_levels[nl].emplace_back(static_cast<int>(m_records.size()) - 1, nc);
      }
    }
  }
  m_scratch.clear();
  m_lastCost = bestCost;
  for (int r = bestRecord; r >= 0; r = m_records[r].parent) path.push_back(m_records[r].vertex);
  std::reverse(path.begin(), path.end());
  return path;
}

}  // namespace mg
