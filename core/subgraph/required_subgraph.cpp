// SPDX-License-Identifier: MIT
// RequiredSubgraph (Zhao et al. 2009, section 3.3.2) through shortest-path dominators; see
// isa_steps.h for why testing only dominators gives the same result as testing every candidate.
#include <algorithm>
#include <atomic>
#include <climits>

#include "core/subgraph/isa_steps.h"
#include "core/util/parallel_for.h"

namespace mg {
namespace {

// Per-thread state: the source's search (distances and dominator tree over what it reached) and
// the tests' own search.
struct DominatorScratch {
  std::vector<int> distance;  // INT_MAX when unreached
  std::vector<int> idom;      // immediate dominator in the shortest-path DAG; -1 for the source
  std::vector<int> depth;     // depth in the dominator tree
  std::vector<int> touched;
  std::vector<std::vector<int>> buckets;
  std::vector<int> testsOf;   // per vertex: index into `tests`, or -1
  SearchScratch test;

  void resize(int n) {
    distance.assign(n, INT_MAX);
    idom.assign(n, -1);
    depth.assign(n, 0);
    testsOf.assign(n, -1);
    test.resize(n);
  }
  void clear() {
    for (int v : touched) {
      distance[v] = INT_MAX;
      idom[v] = -1;
      depth[v] = 0;
    }
    touched.clear();
    for (auto& b : buckets) b.clear();
  }
  // The nearest common dominator of two vertices already settled.
  int intersect(int a, int b) const {
    while (a != b) {
      if (depth[a] > depth[b])
        a = idom[a];
      else if (depth[b] > depth[a])
        b = idom[b];
      else {
        a = idom[a];
        b = idom[b];
      }
    }
    return a;
  }
};

// Dial's search from `source` within `bound` over the whole search graph, building the dominator
// tree of its shortest-path DAG as it settles vertices: every DAG predecessor u of w is settled
// before w (lengths are >= 1), so when u offers w a path of equal length w's dominator becomes the
// nearest common dominator of its current one and u.
void dominatorSearch(const SubgraphSearchSpace& s, int source, int bound, DominatorScratch& x) {
  if (static_cast<int>(x.buckets.size()) < bound + 1) x.buckets.resize(bound + 1);
  x.distance[source] = 0;
  x.touched.push_back(source);
  x.buckets[0].push_back(source);
  const int* offsets = s.graph.offsets.data();
  const int* targets = s.graph.targets.data();
  const int* units = s.units.data();
  for (int d = 0; d <= bound; ++d) {
    for (size_t i = 0; i < x.buckets[d].size(); ++i) {
      const int u = x.buckets[d][i];
      if (x.distance[u] != d) continue;
      if (u != source) x.depth[u] = x.depth[x.idom[u]] + 1;
      for (int e = offsets[u]; e < offsets[u + 1]; ++e) {
        const int w = targets[e];
        const int nd = d + units[e];
        if (nd > bound || w == source) continue;
        if (nd < x.distance[w]) {
          if (x.distance[w] == INT_MAX) x.touched.push_back(w);
          x.distance[w] = nd;
          x.idom[w] = u;
          x.buckets[nd].push_back(w);
        } else if (nd == x.distance[w]) {
          x.idom[w] = x.intersect(x.idom[w], u);
        }
      }
    }
  }
}

// Whether some path from `source` to `group` within `bound` avoids `avoid`: A* on a bucket queue
// of f = g + h with h the DMG distance to the group, which is consistent, so the first time a
// vertex leaves the queue its g is final and the search meets the group as soon as any path
// within the bound exists, having looked only at vertices with f below that path's length.
bool reachesAvoiding(const SubgraphSearchSpace& s, int source, int avoid, int group, int bound,
                     SearchScratch& x) {
  const std::vector<int>& h = s.distance[group];
  if (h[source] > bound) return false;
  std::vector<int>& g = x.best;
  if (static_cast<int>(x.buckets.size()) < bound + 1) x.buckets.resize(bound + 1);
  g[source] = 0;
  x.touched.push_back(source);
  x.buckets[h[source]].push_back(source);
  const int* offsets = s.graph.offsets.data();
  const int* targets = s.graph.targets.data();
  const int* units = s.units.data();
  bool found = false;
  for (int f = h[source]; f <= bound && !found; ++f) {
    // Last in, first out within one f: among equally promising vertices the deepest goes first,
    // so on the plateaus of equal f that shortest paths make the search runs straight down one.
    std::vector<int>& bucket = x.buckets[f];
    while (!bucket.empty()) {
      const int u = bucket.back();
      bucket.pop_back();
      if (g[u] + h[u] != f) continue;  // a later, shorter offer superseded this one
      if (s.groupOf[u] == group) {
        found = true;
        break;
      }
      for (int e = offsets[u]; e < offsets[u + 1]; ++e) {
        const int w = targets[e];
        const int ng = g[u] + units[e];
        if (w == avoid || ng >= g[w] || h[w] == INT_MAX || ng + h[w] > bound) continue;
        if (g[w] == INT_MAX) x.touched.push_back(w);
        g[w] = ng;
        x.buckets[ng + h[w]].push_back(w);
      }
    }
  }
  x.clear();
  return found;
}

}  // namespace

VertexFlags requiredSubgraph(const SubgraphSearchSpace& s, const VertexFlags& candidates,
                             int threads, const Progress& progress) {
  const int n = s.vertexCount();
  const int sourceCount = static_cast<int>(s.sources.size());
  const int workers = effectiveThreadCount(sourceCount, threads);
  std::vector<std::atomic<std::uint8_t>> isRequired(n);
  for (auto& r : isRequired) r.store(0, std::memory_order_relaxed);
  std::vector<DominatorScratch> scratch(workers);
  for (DominatorScratch& x : scratch) x.resize(n);
  std::atomic<int> done{0};
  parallelFor(sourceCount, threads, [&](int si, int w) {
    if (progress.cancelled()) return;
    DominatorScratch& x = scratch[w];
    const int source = s.sources[si];
    dominatorSearch(s, source, s.maxBound[si], x);
    // Each candidate dominator and the pairs (group, bound) it might be indispensable to.
    struct Test {
      int vertex;
      std::vector<SubgraphSearchSpace::Target> pairs;
    };
    std::vector<Test> tests;
    for (const SubgraphSearchSpace::Target& t : s.pairsOfSource[si]) {
      // Paths within the bound reach these targets; their common dominators are the only vertices
      // every such path passes.
      int common = -1, nearest = INT_MAX;
      for (int target : s.groups[t.group]) {
        const int d = x.distance[target];
        if (d > t.bound) continue;
        common = common < 0 ? target : x.intersect(common, target);
        nearest = std::min(nearest, d);
      }
      if (common < 0) continue;  // the pair misses its bound even with every vertex present
      const bool tight = nearest == t.bound;
      for (int v = common; v != source; v = x.idom[v]) {
        if (!candidates[v] || isRequired[v].load(std::memory_order_relaxed)) continue;
        if (tight) {
          // Every path within the bound is a shortest one, and all pass v.
          isRequired[v].store(1, std::memory_order_relaxed);
          continue;
        }
        if (x.testsOf[v] < 0) {
          x.testsOf[v] = static_cast<int>(tests.size());
          tests.push_back({v, {}});
        }
        tests[x.testsOf[v]].pairs.push_back(t);
      }
    }
    x.clear();
    for (const Test& test : tests) x.testsOf[test.vertex] = -1;
    // The tests: v is indispensable when some pair has no path within its bound avoiding it.
    for (const Test& test : tests) {
      const int v = test.vertex;
      if (isRequired[v].load(std::memory_order_relaxed)) continue;
      for (const SubgraphSearchSpace::Target& t : test.pairs) {
        if (!reachesAvoiding(s, source, v, t.group, t.bound, x.test)) {
          isRequired[v].store(1, std::memory_order_relaxed);
          break;
        }
      }
    }
    progress.report(static_cast<double>(done.fetch_add(1) + 1) / sourceCount);
  });
  VertexFlags out(n, 0);
  for (int v = 0; v < n; ++v) out[v] = isRequired[v].load(std::memory_order_relaxed);
  return out;
}

}  // namespace mg
