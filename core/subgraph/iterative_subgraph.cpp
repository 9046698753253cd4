// SPDX-License-Identifier: MIT
#include "core/subgraph/iterative_subgraph.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <numeric>

#include "core/graph/graph_search.h"
#include "core/subgraph/constrained_path.h"
#include "core/util/parallel_for.h"
#include "core/util/stopwatch.h"

namespace mg {
namespace {

using Mask = std::vector<std::uint8_t>;

// Key distances (units) above this many vertex x group entries would not fit in memory.
constexpr long long kMaxDistanceEntries = 400LL * 1000 * 1000;  // 1.6 GB of int

int countOf(const Mask& m) {
  return static_cast<int>(std::count(m.begin(), m.end(), 1));
}

int inducedEdgeCount(const CsrGraph& g, const Mask& keep) {
  int edges = 0;
  for (int v = 0; v < g.vertexCount; ++v) {
    if (!keep[v]) continue;
    for (int t : g.out(v)) edges += keep[t] != 0;
  }
  return edges;
}

// Everything the search needs, in the ids of the graph it runs on (the DMG or CORE).
struct Search {
  CsrGraph graph;
  std::vector<int> units;
  std::vector<int> dmgOf;  // search vertex -> DMG vertex
  std::vector<std::vector<int>> groups;
  std::vector<int> groupOf;  // per vertex: its target group, -1 (groups are disjoint)
  std::vector<const std::vector<int>*> distance;  // per group: distance to it, per vertex
  std::vector<std::vector<int>> ownedDistance;    // storage when mapped from the DMG
  struct Pair {
    int source, group, bound;
  };
  std::vector<Pair> pairs;                                      // in BestOrder
  std::vector<int> sources;                                     // distinct sources, ascending
  std::vector<std::vector<std::pair<int, int>>> pairsOfSource;  // per source index: (group, bound)
  std::vector<int> sourceIndex;  // per vertex: index into sources, -1
  std::vector<int> maxBound;     // per source index
  Mask keys;
  bool unitLengths = true;

  UnitGraph unitGraph() const { return {&graph, units}; }
  int vertexCount() const { return graph.vertexCount; }
};

// IterativeCSP (Algorithm 1) from `start`; returns the subgraph and counts the CSP searches.
Result<Mask> iterativeCsp(const Search& s, const Mask& start, int& cspSearches, const Progress& progress) {
  Mask sub = start;
  const UnitGraph g = s.unitGraph();
  SearchScratch scratch(s.vertexCount());
  ConstrainedPathSearch csp(s.vertexCount());
  Mask targetMark(s.vertexCount(), 0);
  // Per source: distances to every group inside the subgraph, valid while `version` holds.
  int version = 0;
  std::vector<int> cacheVersion(s.sources.size(), -1);
  std::vector<std::vector<int>> cache(s.sources.size());
  cspSearches = 0;
  const size_t n = s.pairs.size();
  for (size_t i = 0; i < n; ++i) {
    if (i % 1024 == 0) {
      if (progress.cancelled()) return Error{"subgraph search cancelled"};
      progress.report(static_cast<double>(i) / n);
    }
    const Search::Pair& p = s.pairs[i];
    const int si = s.sourceIndex[p.source];
    if (cacheVersion[si] != version) {
      std::vector<int>& d = cache[si];
      d.assign(s.groups.size(), INT_MAX);
      boundedSearch(g, p.source, sub, s.maxBound[si], -1, scratch, [&](int v, int dist) {
        const int group = s.groupOf[v];
        if (group >= 0 && dist < d[group]) d[group] = dist;
        return false;
      });
      cacheVersion[si] = version;
    }
    if (cache[si][p.group] <= p.bound) continue;
    ++cspSearches;
    for (int t : s.groups[p.group]) targetMark[t] = 1;
    const std::vector<int> path =
        csp.find(g, p.source, targetMark, *s.distance[p.group], sub, p.bound);
    for (int t : s.groups[p.group]) targetMark[t] = 0;
    if (path.empty())
      return Error{"subgraph search: no constrained path for a pair the graph joins"};
    for (int v : path) sub[v] = 1;
    ++version;
  }
  return sub;
}

// Vertices of `candidates` whose removal from the search graph makes some pair miss its bound.
Mask requiredVertices(const Search& s, const Mask& candidates, int threads,
                      const Progress& progress) {
  const int workers = effectiveThreadCount(static_cast<int>(s.sources.size()), threads);
  std::vector<Mask> required(workers, Mask(s.vertexCount(), 0));
  struct Scratch {
    SearchScratch ball, test;
    std::vector<int> slotOfGroup;
  };
  std::vector<Scratch> scratch(workers);
  for (Scratch& x : scratch) {
    x.ball.resize(s.vertexCount());
    x.test.resize(s.vertexCount());
    x.slotOfGroup.assign(s.groups.size(), -1);
  }
  const UnitGraph g = s.unitGraph();
  const Mask all;
  parallelFor(static_cast<int>(s.sources.size()), threads, [&](int si, int w) {
    if (progress.cancelled()) return;
    Scratch& x = scratch[w];
    Mask& mine = required[w];
    const int source = s.sources[si];
    std::vector<std::pair<int, int>> ball;  // candidate, distance from the source
    boundedSearch(g, source, all, s.maxBound[si], -1, x.ball, [&](int v, int d) {
      if (candidates[v]) ball.emplace_back(v, d);
      return false;
    });
    std::vector<std::pair<int, int>> relevant;  // (group, bound)
    std::vector<int> found;
    for (const auto& [v, dv] : ball) {
      if (mine[v]) continue;
      relevant.clear();
      int maxB = 0;
      for (const auto& [group, bound] : s.pairsOfSource[si]) {
        const int rest = (*s.distance[group])[v];
        if (rest != INT_MAX && dv + rest <= bound) {
          relevant.emplace_back(group, bound);
          maxB = std::max(maxB, bound);
        }
      }
      if (relevant.empty()) continue;  // no path within a bound passes v
      for (size_t k = 0; k < relevant.size(); ++k)
        x.slotOfGroup[relevant[k].first] = static_cast<int>(k);
      found.assign(relevant.size(), 0);
      size_t met = 0;
      boundedSearch(g, source, all, maxB, v, x.test, [&](int u, int d) {
        const int group = s.groupOf[u];
        if (group < 0 || x.slotOfGroup[group] < 0) return false;
        const int slot = x.slotOfGroup[group];
        if (!found[slot] && d <= relevant[slot].second) {
          found[slot] = 1;
          ++met;
        }
        return met == relevant.size();
      });
      for (const auto& r : relevant) x.slotOfGroup[r.first] = -1;
      if (met < relevant.size()) mine[v] = 1;
    }
    progress.report(static_cast<double>(si + 1) / s.sources.size());
  });
  Mask out(s.vertexCount(), 0);
  for (const Mask& m : required) {
    for (int v = 0; v < s.vertexCount(); ++v) out[v] |= m[v];
  }
  return out;
}

// BranchVertices: counts of key-pair shortest paths (inside `sub`) through each vertex; the top
// `fraction` of those outside `start` with a non-zero count.
std::vector<int> branchVertices(const Search& s, const Mask& sub, const Mask& start,
                                double fraction) {
  std::vector<int> count(s.vertexCount(), 0);
  for (size_t si = 0; si < s.sources.size(); ++si) {
    const std::vector<int> one = {s.sources[si]};
    const ShortestPathTree tree =
        s.unitLengths ? breadthFirst(s.graph, one, sub) : dijkstra(s.graph, s.units, one, sub);
    for (const auto& [group, bound] : s.pairsOfSource[si]) {
      int best = -1;
      for (int t : s.groups[group]) {
        if (tree.distance[t] != kUnreachable &&
            (best < 0 || tree.distance[t] < tree.distance[best]))
          best = t;
      }
      for (int v = best; v >= 0; v = tree.parent[v]) ++count[v];
    }
  }
  std::vector<int> candidates;
  for (int v = 0; v < s.vertexCount(); ++v) {
    if (sub[v] && !start[v] && count[v] > 0) candidates.push_back(v);
  }
  std::stable_sort(candidates.begin(), candidates.end(),
                   [&](int a, int b) { return count[a] > count[b]; });
  const size_t keep = static_cast<size_t>(std::ceil(fraction * candidates.size()));
  candidates.resize(std::min(keep, candidates.size()));
  return candidates;
}

}  // namespace

Status IsaSettings::validate() const {
  if (maxIterations < 1) return Error{"subgraph search: at least one iteration"};
  if (!(branchFraction > 0 && branchFraction <= 1)) {
    return Error{"subgraph search: the branch fraction must be in (0, 1]"};
  }
  if (threads < 0) return Error{"subgraph search: negative thread count"};
  return Status::success();
}

Status SubgraphJob::validate() const {
  if (!graph) return Error{"subgraph search: no motion graph"};
  if (Status st = requirement.validate(); !st) return st;
  return settings.validate();
}

Result<SubgraphResult> findMinimumSubgraph(const SubgraphJob& job, const Progress& progress) {
  if (Status st = job.validate(); !st) return st.error();
  const DatabaseMotionGraph& dmg = *job.graph;
  const Requirement& req = job.requirement;
  Result<KeyVertices> keys = resolveKeySegments(dmg, job.keys);
  if (!keys) return keys.error();
  SubgraphResult result;
  result.notes = keys->notes;
  const KeyPairs pairs = keyPairs(dmg, keys.value(), job.keys, req);
  result.keyPairs = static_cast<int>(pairs.pairs.size());
  const int n = dmg.vertexCount();
  if (static_cast<long long>(pairs.groups.size()) * n > kMaxDistanceEntries) {
    return Error{"subgraph search: " + std::to_string(pairs.groups.size()) + " key targets on " +
                 std::to_string(n) + " vertices need too much memory; choose fewer key frames"};
  }
  Stopwatch clock;

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
  const int workers = effectiveThreadCount(groupCount, job.settings.threads);
  std::vector<Mask> coreOf(workers, Mask(n, 0));
  std::atomic<int> done{0};
  parallelFor(groupCount, job.settings.threads, [&](int group, int w) {
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
    result.relaxedPairs +=
        req.kind != RequirementKind::DmgMinimum && pairDistance[p] > boundUnits(req);
  }
  Mask core(n, 0);
  for (int v : keys->vertices) core[v] = 1;  // key frames no pair path passes still belong
  for (const Mask& m : coreOf) {
    for (int v = 0; v < n; ++v) core[v] |= m[v];
  }
  for (int v = 0; v < n; ++v) {
    if (core[v]) result.coreVertices.push_back(v);
  }
  result.coreEdges = inducedEdgeCount(dmg.graph(), core);

  // The graph the search runs on.
  Search s;
  std::vector<int> searchOf(n);
  if (job.settings.fromCore) {
    const CsrInducedSubgraph sub =
        inducedSubgraph(dmg.graph(), std::vector<bool>(core.begin(), core.end()));
    s.graph = sub.graph;
    s.dmgOf = sub.oldVertexOfNew;
    searchOf = sub.newVertexOfOld;
    for (int e : sub.oldEdgeOfNew) s.units.push_back(units[e]);
    // DMG distances are lower bounds of CORE distances: still exact pruning for the DP.
    s.ownedDistance.resize(groupCount);
    for (int gi = 0; gi < groupCount; ++gi) {
      std::vector<int>& d = s.ownedDistance[gi];
      d.resize(s.graph.vertexCount);
      for (int v = 0; v < s.graph.vertexCount; ++v) d[v] = dmgDistance[gi][s.dmgOf[v]];
    }
    for (int gi = 0; gi < groupCount; ++gi) s.distance.push_back(&s.ownedDistance[gi]);
  } else {
    s.graph = dmg.graph();
    s.units = units;
    s.dmgOf.resize(n);
    std::iota(s.dmgOf.begin(), s.dmgOf.end(), 0);
    std::iota(searchOf.begin(), searchOf.end(), 0);
    for (int gi = 0; gi < groupCount; ++gi) s.distance.push_back(&dmgDistance[gi]);
  }
  const int m = s.vertexCount();
  s.unitLengths = unit;
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
    s.pairsOfSource[si].emplace_back(pairs.pairs[p].group, bounds[p]);
    s.maxBound[si] = std::max(s.maxBound[si], bounds[p]);
  }
  dmgDistance.shrink_to_fit();
  result.precomputeSeconds = clock.seconds();
  clock.restart();

  // RequiredSubgraph: candidates from one pass started at the key vertices.
  Mask start = s.keys;
  Mask required(m, 0);
  if (job.settings.requiredSubgraph) {
    int searches = 0;
    Result<Mask> first = iterativeCsp(s, s.keys, searches, progress.slice(0.2, 0.3));
    if (!first) return first.error();
    Mask candidates(m, 0);
    for (int v = 0; v < m; ++v) candidates[v] = first.value()[v] && !s.keys[v];
    required = requiredVertices(s, candidates, job.settings.threads, progress.slice(0.3, 0.45));
    if (progress.cancelled()) return Error{"subgraph search cancelled"};
    for (int v = 0; v < m; ++v) start[v] |= required[v];
  }
  for (int v = 0; v < m; ++v) {
    if (start[v]) result.requiredVertices.push_back(s.dmgOf[v]);
  }
  result.requiredSeconds = clock.seconds();
  clock.restart();

  // The iterations.
  Mask best, branch(m, 0);
  int bestSize = INT_MAX, previous = INT_MAX;
  const int maxIterations = job.settings.maxIterations;
  for (int it = 1; it <= maxIterations; ++it) {
    Stopwatch iterationClock;
    IsaIteration report;
    report.iteration = it;
    report.startVertices = countOf(start);
    const double from = 0.45 + 0.55 * (it - 1) / maxIterations;
    Result<Mask> sub = iterativeCsp(s, start, report.cspSearches, progress.slice(from, from + 0.55 / maxIterations));
    if (!sub) return sub.error();
    if (progress.cancelled()) return Error{"subgraph search cancelled"};
    report.subgraphVertices = countOf(sub.value());
    report.seconds = iterationClock.seconds();
    result.iterations.push_back(report);
    if (job.onIteration) job.onIteration(report);
    if (report.subgraphVertices < bestSize) {
      bestSize = report.subgraphVertices;
      best = sub.value();
    }
    if (report.subgraphVertices >= previous) break;
    previous = report.subgraphVertices;
    const std::vector<int> added =
        branchVertices(s, sub.value(), start, job.settings.branchFraction);
    if (added.empty()) break;
    for (int v : added) start[v] = branch[v] = 1;
  }
  result.iterationSeconds = clock.seconds();

  Mask keptDmg(n, 0);
  for (int v = 0; v < m; ++v) {
    if (best[v]) keptDmg[s.dmgOf[v]] = 1;
  }
  std::vector<KeptReason> reasonOf(n, KeptReason::Path);
  for (int v = 0; v < m; ++v) {
    if (s.keys[v])
      reasonOf[s.dmgOf[v]] = KeptReason::Key;
    else if (required[v])
      reasonOf[s.dmgOf[v]] = KeptReason::Required;
    else if (branch[v])
      reasonOf[s.dmgOf[v]] = KeptReason::Branch;
  }
  for (int v = 0; v < n; ++v) {
    if (!keptDmg[v]) continue;
    result.vertices.push_back(v);
    result.reasons.push_back(reasonOf[v]);
  }
  result.edges = inducedEdgeCount(dmg.graph(), keptDmg);
  progress.report(1.0);
  return result;
}

}  // namespace mg
