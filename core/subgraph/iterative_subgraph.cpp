// SPDX-License-Identifier: MIT
#include "core/subgraph/iterative_subgraph.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <numeric>

#include "core/graph/graph_search.h"
#include "core/subgraph/isa_steps.h"
#include "core/util/parallel_for.h"
#include "core/util/stopwatch.h"

namespace mg {
namespace {

using Mask = VertexFlags;

int countOf(const Mask& m) {
  return static_cast<int>(std::count(m.begin(), m.end(), 1));
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
  SubgraphResult result;
  const int n = dmg.vertexCount();
  Stopwatch clock;

  Result<PreparedSubgraphSearch> prepared =
      prepareSubgraphSearch(dmg, job.keys, req, job.settings.fromCore, job.include,
                            job.settings.threads, progress.slice(0.0, 0.2));
  if (!prepared) {
    return Error{progress.cancelled() ? "subgraph search cancelled" : prepared.error().message};
  }
  const SubgraphSearchSpace& s = prepared->space;
  const int m = s.vertexCount();
  result.notes = prepared->keys.notes;
  result.keyPairs = static_cast<int>(prepared->pairs.pairs.size());
  result.relaxedPairs = prepared->relaxedPairs;
  result.coreVertices = prepared->coreVertices;
  result.coreEdges = prepared->coreEdges;
  result.precomputeSeconds = clock.seconds();
  clock.restart();

  // RequiredSubgraph: candidates from one pass started at the key (and chosen) vertices.
  Mask start = s.keys;
  for (int v = 0; v < m; ++v) start[v] |= s.include[v];
  const Mask given = start;
  Mask required(m, 0);
  if (job.settings.requiredSubgraph) {
    int searches = 0;
    Result<Mask> first = iterativeCsp(s, given, searches, progress.slice(0.2, 0.3));
    if (!first) return first.error();
    Mask candidates(m, 0);
    for (int v = 0; v < m; ++v) candidates[v] = first.value()[v] && !given[v];
    required = requiredSubgraph(s, candidates, job.settings.threads, progress.slice(0.3, 0.45));
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
    Result<Mask> sub = iterativeCsp(s, start, report.cspSearches,
                                    progress.slice(from, from + 0.55 / maxIterations));
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
    else if (s.include[v])
      reasonOf[s.dmgOf[v]] = KeptReason::Chosen;
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
