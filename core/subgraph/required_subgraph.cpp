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

// Per-thread state over one source: distances, the dominator tree of the shortest-path DAG (with
// its preorder, so "w lies under v" is tin[v] <= tin[w] < tout[v]), and the detour search.
struct DominatorScratch {
  std::vector<int> distance;   // INT_MAX when unreached
  std::vector<int> idom;       // immediate dominator; -1 for the source and unreached vertices
  std::vector<int> depth;      // depth in the dominator tree
  std::vector<int> tin, tout;  // preorder interval in the dominator tree; -1 when unreached
  std::vector<int> settled;    // in order of distance
  std::vector<int> preorder;
  std::vector<int> childBegin, children;  // dominator-tree children by settled position (CSR)
  std::vector<int> detour;  // distance avoiding the tested vertex; INT_MAX when untouched
  std::vector<int> detourTouched;
  std::vector<std::vector<int>> buckets;
  std::vector<int> testsOf;  // per vertex: index into the tests, or -1

  void resize(int n) {
    distance.assign(n, INT_MAX);
    idom.assign(n, -1);
    depth.assign(n, 0);
    tin.assign(n, -1);
    tout.assign(n, -1);
    detour.assign(n, INT_MAX);
    testsOf.assign(n, -1);
  }
  void clear() {
    for (int v : settled) {
      distance[v] = INT_MAX;
      idom[v] = -1;
      depth[v] = 0;
      tin[v] = tout[v] = -1;
    }
    settled.clear();
    preorder.clear();
    for (auto& b : buckets) b.clear();
  }
  bool under(int w, int v) const { return tin[w] >= 0 && tin[v] <= tin[w] && tin[w] < tout[v]; }
  // The nearest common dominator of two settled vertices.
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
// nearest common dominator of its current one and u. Then numbers the tree in preorder.
void dominatorSearch(const SubgraphSearchSpace& s, int source, int bound, DominatorScratch& x) {
  if (static_cast<int>(x.buckets.size()) < bound + 1) x.buckets.resize(bound + 1);
  x.distance[source] = 0;
  x.buckets[0].push_back(source);
  const int* offsets = s.graph.offsets.data();
  const int* targets = s.graph.targets.data();
  const int* units = s.units.data();
  for (int d = 0; d <= bound; ++d) {
    for (size_t i = 0; i < x.buckets[d].size(); ++i) {
      const int u = x.buckets[d][i];
      if (x.distance[u] != d || x.tin[u] == -2) continue;
      x.tin[u] = -2;  // settled (numbered below)
      x.settled.push_back(u);
      if (u != source) x.depth[u] = x.depth[x.idom[u]] + 1;
      for (int e = offsets[u]; e < offsets[u + 1]; ++e) {
        const int w = targets[e];
        const int nd = d + units[e];
        if (nd > bound || w == source) continue;
        if (nd < x.distance[w]) {
          x.distance[w] = nd;
          x.idom[w] = u;
          x.buckets[nd].push_back(w);
        } else if (nd == x.distance[w]) {
          x.idom[w] = x.intersect(x.idom[w], u);
        }
      }
    }
  }
  // Children lists by settled position, then an iterative preorder walk.
  const int count = static_cast<int>(x.settled.size());
  for (int i = 0; i < count; ++i) x.tin[x.settled[i]] = i;  // temporarily: settled position
  x.childBegin.assign(count + 1, 0);
  for (int i = 1; i < count; ++i) ++x.childBegin[x.tin[x.idom[x.settled[i]]] + 1];
  for (int i = 0; i < count; ++i) x.childBegin[i + 1] += x.childBegin[i];
  x.children.resize(std::max(0, count - 1));
  std::vector<int> fill(x.childBegin.begin(), x.childBegin.end() - 1);
  for (int i = 1; i < count; ++i) x.children[fill[x.tin[x.idom[x.settled[i]]]]++] = x.settled[i];
  for (int d = 0; d <= bound; ++d) x.buckets[d].clear();
  std::vector<int> stack = {source};
  while (!stack.empty()) {
    const int u = stack.back();
    if (u >= 0) {
      const int at = x.tin[u];
      stack.back() = ~u;  // come back to close it
      x.tin[u] = static_cast<int>(x.preorder.size());
      x.preorder.push_back(u);
      for (int c = x.childBegin[at]; c < x.childBegin[at + 1]; ++c) stack.push_back(x.children[c]);
    } else {
      stack.pop_back();
      x.tout[~u] = static_cast<int>(x.preorder.size());
    }
  }
}

// The distances from the source, avoiding `v`, of the vertices under v in the dominator tree (the
// only ones removing v changes): a path avoiding v enters v's subtree for the last time over an
// edge u -> w from outside, where the distance of u is unchanged, and then stays inside. So the
// subtree's in-edges seed a search confined to the subtree without v.
void detourDistances(const SubgraphSearchSpace& s, int v, int bound, DominatorScratch& x) {
  for (int w : x.detourTouched) x.detour[w] = INT_MAX;
  x.detourTouched.clear();
  const int first = x.tin[v] + 1, last = x.tout[v];
  for (int i = first; i < last; ++i) {
    const int w = x.preorder[i];
    int best = INT_MAX;
    for (int r = s.reverse.offsets[w]; r < s.reverse.offsets[w + 1]; ++r) {
      const int u = s.reverse.targets[r];
      if (x.distance[u] == INT_MAX || x.tin[u] < 0 || x.under(u, v)) continue;
      best = std::min(best, x.distance[u] + s.reverseUnits[r]);
    }
    if (best <= bound) {
      x.detour[w] = best;
      x.detourTouched.push_back(w);
      x.buckets[best].push_back(w);
    }
  }
  const int* offsets = s.graph.offsets.data();
  const int* targets = s.graph.targets.data();
  const int* units = s.units.data();
  for (int d = 0; d <= bound; ++d) {
    std::vector<int>& bucket = x.buckets[d];
    for (size_t i = 0; i < bucket.size(); ++i) {
      const int u = bucket[i];
      if (x.detour[u] != d) continue;
      for (int e = offsets[u]; e < offsets[u + 1]; ++e) {
        const int w = targets[e];
        const int nd = d + units[e];
        if (nd > bound || nd >= x.detour[w] || w == v || !x.under(w, v)) continue;
        if (x.detour[w] == INT_MAX) x.detourTouched.push_back(w);
        x.detour[w] = nd;
        x.buckets[nd].push_back(w);
      }
    }
    bucket.clear();
  }
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
      int bound;
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
          tests.push_back({v, 0, {}});
        }
        Test& test = tests[x.testsOf[v]];
        test.pairs.push_back(t);
        test.bound = std::max(test.bound, t.bound);
      }
    }
    for (const Test& test : tests) x.testsOf[test.vertex] = -1;
    // The tests: v is indispensable when some pair's targets are all farther than its bound once
    // v is gone (targets outside v's subtree keep their distance).
    for (const Test& test : tests) {
      const int v = test.vertex;
      if (isRequired[v].load(std::memory_order_relaxed)) continue;
      detourDistances(s, v, test.bound, x);
      for (const SubgraphSearchSpace::Target& t : test.pairs) {
        int best = INT_MAX;
        for (int target : s.groups[t.group])
          best = std::min(best, x.under(target, v) ? x.detour[target] : x.distance[target]);
        if (best > t.bound) {
          isRequired[v].store(1, std::memory_order_relaxed);
          break;
        }
      }
    }
    x.clear();
    progress.report(static_cast<double>(done.fetch_add(1) + 1) / sourceCount);
  });
  VertexFlags out(n, 0);
  for (int v = 0; v < n; ++v) out[v] = isRequired[v].load(std::memory_order_relaxed);
  return out;
}

}  // namespace mg
