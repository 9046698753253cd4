// SPDX-License-Identifier: MIT
// BranchVertices (Zhao et al. 2009, section 3.3.3; see isa_steps.h).
#include <algorithm>
#include <climits>
#include <cmath>

#include "core/subgraph/isa_steps.h"

namespace mg {

std::vector<int> branchVertices(const SubgraphSearchSpace& s, const VertexFlags& sub,
                                const VertexFlags& start, double fraction) {
  const int n = s.vertexCount();
  std::vector<int> count(n, 0);
  std::vector<int> parent(n, -1);
  std::vector<int> nearest(s.groups.size(), INT_MAX);  // per group: its nearest vertex's distance
  std::vector<int> nearestVertex(s.groups.size(), -1);
  std::vector<int> reached;
  SearchScratch scratch(n);
  const UnitGraph g = s.unitGraph();
  for (size_t si = 0; si < s.sources.size(); ++si) {
    const int source = s.sources[si];
    if (!sub[source]) continue;
    const int one[1] = {source};
    // Shortest paths inside the subgraph; a vertex's parent is the settled vertex that first
    // offered its final distance (edge order breaks ties, as breadthFirst does).
    reached.clear();
    dialSearch(
        g, one, s.maxBound[si], scratch,
        [&](int from, int v, int) {
          if (!sub[v]) return false;
          parent[v] = from;
          return true;
        },
        [&](int v, int d) {
          reached.push_back(v);
          const int group = s.groupOf[v];
          if (group >= 0 && d < nearest[group]) {
            nearest[group] = d;
            nearestVertex[group] = v;
          }
          return false;
        });
    parent[source] = -1;
    for (const SubgraphSearchSpace::Target& t : s.pairsOfSource[si]) {
      for (int v = nearestVertex[t.group]; v >= 0; v = parent[v]) ++count[v];
    }
    for (int v : reached) {
      parent[v] = -1;
      const int group = s.groupOf[v];
      if (group >= 0) {
        nearest[group] = INT_MAX;
        nearestVertex[group] = -1;
      }
    }
  }
  std::vector<int> candidates;
  for (int v = 0; v < n; ++v) {
    if (sub[v] && !start[v] && count[v] > 0) candidates.push_back(v);
  }
  std::stable_sort(candidates.begin(), candidates.end(),
                   [&](int a, int b) { return count[a] > count[b]; });
  const size_t keep = static_cast<size_t>(std::ceil(fraction * candidates.size()));
  candidates.resize(std::min(keep, candidates.size()));
  return candidates;
}

}  // namespace mg
