// SPDX-License-Identifier: MIT
#include "core/subgraph/search_space.h"

#include <algorithm>
#include <atomic>
#include <climits>
#include <cstdio>
#include <numeric>

#include "core/graph/graph_search.h"
#include "core/util/parallel_for.h"

namespace mg {
namespace {

// Key distances (units) above this many vertex x group entries would not fit in memory.
constexpr long long kMaxDistanceEntries = 400LL * 1000 * 1000;  // 1.6 GB of int

}  // namespace

int inducedEdgeCount(const CsrGraph& g, const VertexFlags& keep) {
  int edges = 0;
  for (int v = 0; v < g.vertexCount; ++v) {
    if (!keep[v]) continue;
    for (int t : g.out(v)) edges += keep[t] != 0;
  }
  return edges;
}

Result<PreparedSubgraphSearch> prepareSubgraphSearch(const DatabaseMotionGraph& dmg,
                                                     std::span<const KeySegment> keySegments,
                                                     const Requirement& req, bool fromCore,
                                                     std::span<const int> include, int threads,
                                                     const Progress& progress) {
  if (Status st = req.validate(); !st) return st.error();
  Result<KeyVertices> keys = resolveKeySegments(dmg, keySegments);
  if (!keys) return keys.error();
  const int n = dmg.vertexCount();
  for (int v : include) {
    if (v < 0 || v >= n) {
      return Error{"subgraph search: chosen vertex " + std::to_string(v) +
                   " is not in the motion graph"};
    }
  }
  PreparedSubgraphSearch out;
  out.pairs = keyPairs(dmg, keys.value(), keySegments, req);
  const KeyPairs& pairs = out.pairs;
  if (static_cast<long long>(pairs.groups.size()) * n > kMaxDistanceEntries) {
    return Error{"subgraph search: " + std::to_string(pairs.groups.size()) + " key targets on " +
                 std::to_string(n) + " vertices need too much memory; choose fewer key frames"};
  }
  using Mask = VertexFlags;
  // Key distances in the DMG (backward from each target group) and CORE.
  const std::vector<int> units = edgeUnits(dmg, req);
  const bool unit = req.kind != RequirementKind::Quality;
  std::vector<int> reverseUnits(dmg.edgeCount());
  for (int r = 0; r < dmg.edgeCount(); ++r) reverseUnits[r] = units[dmg.reverseEdgeId(r)];
  std::vector<std::vector<int>> pairsOfGroup(pairs.groups.size());
  for (size_t i = 0; i < pairs.pairs.size(); ++i)
    pairsOfGroup[pairs.pairs[i].group].push_back(static_cast<int>(i));
  std::vector<std::vector<int>> dmgDistance(pairs.groups.size());
  std::vector<int> pairDistance(pairs.pairs.size());
  const int groupCount = static_cast<int>(pairs.groups.size());
  const int workers = effectiveThreadCount(groupCount, threads);
  std::vector<Mask> coreOf(workers, Mask(n, 0));
  std::atomic<int> done{0};
  parallelFor(groupCount, threads, [&](int group, int w) {
    if (progress.cancelled()) return;
    const std::vector<int>& targets = pairs.groups[group];
    ShortestPathTree tree = unit ? breadthFirst(dmg.reverseGraph(), targets)
                                 : dijkstra(dmg.reverseGraph(), reverseUnits, targets);
    for (int p : pairsOfGroup[group]) {
      const int source = pairs.pairs[p].source;
      pairDistance[p] = tree.distance[source];
      if (tree.distance[source] == kUnreachable) continue;
      for (int v = source; v >= 0; v = tree.parent[v]) coreOf[w][v] = 1;  // parent: next hop
    }
    dmgDistance[group] = std::move(tree.distance);
    progress.report(0.2 * (done.fetch_add(1) + 1) / groupCount);
  });
  if (progress.cancelled()) return Error{"subgraph search cancelled"};
  std::vector<int> bounds(pairs.pairs.size());
  for (size_t p = 0; p < pairs.pairs.size(); ++p) {
    if (pairDistance[p] == kUnreachable) {
      return Error{"subgraph search: no path in the motion graph from " +
                   pairs.label(pairs.pairs[p])};
    }
    bounds[p] = pairBound(req, pairDistance[p]);
    out.relaxedPairs +=
        req.kind != RequirementKind::DmgMinimum && pairDistance[p] > boundUnits(req);
  }
  if (req.strict && out.relaxedPairs > 0) {
    // Name the pair the bound misses by most.
    size_t worst = 0;
    for (size_t p = 1; p < pairs.pairs.size(); ++p) {
      if (pairDistance[p] > pairDistance[worst]) worst = p;
    }
    char length[64], rate[32];
    std::snprintf(rate, sizeof rate, "%g", dmg.fps());
    if (req.kind == RequirementKind::Quality)
      std::snprintf(length, sizeof length, "%.2f cost",
                    pairDistance[worst] / double(kQualityUnitsPerCost));
    else
      std::snprintf(length, sizeof length, "%d frames", pairDistance[worst]);
    return Error{"gamma " + std::to_string(req.gamma) +
                 " cannot be met: the shortest path in the " + "motion graph from " +
                 pairs.label(pairs.pairs[worst]) + " is " + length + " (" +
                 std::to_string(out.relaxedPairs) + " of " + std::to_string(pairs.pairs.size()) +
                 " key pairs are over the bound; frames at the motion graph's " + rate +
                 " Hz); raise gamma or drop the strict bound"};
  }
  Mask core(n, 0);
  for (int v : keys->vertices) core[v] = 1;  // key frames no pair path passes still belong
  for (const Mask& m : coreOf) {
    for (int v = 0; v < n; ++v) core[v] |= m[v];
  }
  for (int v = 0; v < n; ++v) {
    if (core[v]) out.coreVertices.push_back(v);
  }
  out.coreEdges = inducedEdgeCount(dmg.graph(), core);

  // The graph the search runs on: the DMG, or CORE and the frames the author chose.
  std::vector<bool> searchMask(core.begin(), core.end());
  for (int v : include) searchMask[v] = true;
  SubgraphSearchSpace& s = out.space;
  std::vector<int> searchOf(n);
  if (fromCore) {
    const CsrInducedSubgraph sub = inducedSubgraph(dmg.graph(), searchMask);
    s.graph = sub.graph;
    s.dmgOf = sub.oldVertexOfNew;
    searchOf = sub.newVertexOfOld;
    for (int e : sub.oldEdgeOfNew) s.units.push_back(units[e]);
    // DMG distances are lower bounds of CORE distances: still exact pruning for the DP.
    s.distance.resize(groupCount);
    for (int gi = 0; gi < groupCount; ++gi) {
      std::vector<int>& d = s.distance[gi];
      d.resize(s.graph.vertexCount);
      for (int v = 0; v < s.graph.vertexCount; ++v) d[v] = dmgDistance[gi][s.dmgOf[v]];
      dmgDistance[gi] = {};
    }
  } else {
    s.graph = dmg.graph();
    s.units = units;
    s.dmgOf.resize(n);
    std::iota(s.dmgOf.begin(), s.dmgOf.end(), 0);
    std::iota(searchOf.begin(), searchOf.end(), 0);
    s.distance = std::move(dmgDistance);
  }
  s.reverse = s.graph.reversed(&s.reverseUnits);
  for (int& e : s.reverseUnits) e = s.units[e];  // forward edge id -> its units
  const int m = s.vertexCount();
  s.groupOf.assign(m, -1);
  for (int gi = 0; gi < groupCount; ++gi) {
    std::vector<int> g;
    for (int v : pairs.groups[gi]) {
      g.push_back(searchOf[v]);
      s.groupOf[searchOf[v]] = gi;
    }
    s.groups.push_back(std::move(g));
  }
  s.keys.assign(m, 0);
  for (int v : keys->vertices) s.keys[searchOf[v]] = 1;
  // BestOrder: descending DMG distance, then source, then target group.
  std::vector<int> order(pairs.pairs.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](int a, int b) { return pairDistance[a] > pairDistance[b]; });
  s.sourceIndex.assign(m, -1);
  for (const KeyPairs::Pair& p : pairs.pairs) s.sources.push_back(searchOf[p.source]);
  std::sort(s.sources.begin(), s.sources.end());
  s.sources.erase(std::unique(s.sources.begin(), s.sources.end()), s.sources.end());
  for (size_t i = 0; i < s.sources.size(); ++i) s.sourceIndex[s.sources[i]] = static_cast<int>(i);
  s.pairsOfSource.resize(s.sources.size());
  s.maxBound.assign(s.sources.size(), 0);
  for (int p : order) {
    const int source = searchOf[pairs.pairs[p].source];
    s.pairs.push_back({source, pairs.pairs[p].group, bounds[p]});
    const int si = s.sourceIndex[source];
    s.pairsOfSource[si].push_back({pairs.pairs[p].group, bounds[p]});
    s.maxBound[si] = std::max(s.maxBound[si], bounds[p]);
    s.maxBoundAll = std::max(s.maxBoundAll, bounds[p]);
  }
  s.include.assign(m, 0);
  for (int v : include) {
    if (searchOf[v] >= 0) s.include[searchOf[v]] = 1;  // on CORE, chosen frames outside it are kept
  }                                                    // by the caller, not searched
  out.pairDistance = std::move(pairDistance);
  out.pairBounds = std::move(bounds);
  out.keys = std::move(keys.value());
  return out;
}

}  // namespace mg
