// SPDX-License-Identifier: MIT
// IterativeCSP, Algorithm 1 of Zhao et al. 2009 (see isa_steps.h).
#include <climits>

#include "core/subgraph/isa_steps.h"

namespace mg {

Result<VertexFlags> iterativeCsp(const SubgraphSearchSpace& s, const VertexFlags& start,
                                 int& cspSearches, const Progress& progress) {
  VertexFlags sub = start;
  const UnitGraph g = s.unitGraph();
  const UnitGraph r = s.reverseUnitGraph();
  SearchScratch scratch(s.vertexCount());
  ConstrainedPathSearch csp(s.vertexCount());
  VertexFlags targetMark(s.vertexCount(), 0);
  // Per source: the distance to every group inside the current subgraph. The subgraph only grows,
  // so a distance within its bound stays so; a source's distances can only shrink when it reaches
  // a newly added vertex within its largest bound, and only then are they searched again.
  const size_t groupCount = s.groups.size();
  std::vector<int> cache(s.sources.size() * groupCount, INT_MAX);
  std::vector<std::uint8_t> stale(s.sources.size(), 1);
  std::vector<int> added;
  cspSearches = 0;
  const size_t n = s.pairs.size();
  for (size_t i = 0; i < n; ++i) {
    if (i % 4096 == 0) {
      if (progress.cancelled()) return Error{"subgraph search cancelled"};
      progress.report(static_cast<double>(i) / n);
    }
    const SubgraphSearchSpace::Pair& p = s.pairs[i];
    const int si = s.sourceIndex[p.source];
    int* distances = cache.data() + si * groupCount;
    if (distances[p.group] <= p.bound) continue;
    if (stale[si]) {
      std::fill(distances, distances + groupCount, INT_MAX);
      boundedSearch(g, p.source, sub, s.maxBound[si], -1, scratch, [&](int v, int d) {
        const int group = s.groupOf[v];
        if (group >= 0 && d < distances[group]) distances[group] = d;
        return false;
      });
      stale[si] = 0;
      if (distances[p.group] <= p.bound) continue;
    }
    ++cspSearches;
    for (int t : s.groups[p.group]) targetMark[t] = 1;
    const std::vector<int> path =
        csp.find(g, p.source, targetMark, s.distance[p.group], sub, p.bound);
    for (int t : s.groups[p.group]) targetMark[t] = 0;
    if (path.empty()) {
      return Error{"subgraph search: no constrained path for a pair the graph joins"};
    }
    added.clear();
    for (int v : path) {
      if (!sub[v]) added.push_back(v);
      sub[v] = 1;
    }
    // Sources that reach a new vertex within their bound, searched backwards inside the subgraph.
    stale[si] = 1;
    dialSearch(
        r, added, s.maxBoundAll, scratch, [&](int, int v, int) { return sub[v] != 0; },
        [&](int v, int d) {
          const int source = s.sourceIndex[v];
          if (source >= 0 && d <= s.maxBound[source]) stale[source] = 1;
          return false;
        });
  }
  return sub;
}

}  // namespace mg
