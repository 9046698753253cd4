// SPDX-License-Identifier: MIT
#include "core/subgraph/subgraph_verifier.h"

#include <climits>

#include "core/graph/graph_search.h"

namespace mg {

Result<VerificationReport> verifySubgraph(const DatabaseMotionGraph& graph,
                                          std::span<const KeySegment> keys,
                                          const Requirement& requirement,
                                          std::span<const int> keptVertices, int maxListed) {
  if (Status s = requirement.validate(); !s) return s.error();
  Result<KeyVertices> resolved = resolveKeySegments(graph, keys);
  if (!resolved) return resolved.error();
  const KeyPairs pairs = keyPairs(graph, resolved.value(), keys, requirement);
  VertexMask kept(graph.vertexCount(), 0);
  for (int v : keptVertices) {
    if (v < 0 || v >= graph.vertexCount()) {
      return Error{"verifier: kept vertex " + std::to_string(v) + " is not in the motion graph"};
    }
    kept[v] = 1;
  }
  const std::vector<int> units = edgeUnits(graph, requirement);
  const bool unit = requirement.kind != RequirementKind::Quality;
  VerificationReport report;
  report.pairs.resize(pairs.pairs.size());
  // Pairs grouped by source: one search of the DMG and one of the subgraph per source.
  std::vector<std::vector<int>> bySource(graph.vertexCount());
  std::vector<int> sources;
  for (size_t p = 0; p < pairs.pairs.size(); ++p) {
    const int s = pairs.pairs[p].source;
    if (bySource[s].empty()) sources.push_back(s);
    bySource[s].push_back(static_cast<int>(p));
  }
  double frameSum = 0;
  int joined = 0;
  for (int s : sources) {
    const std::vector<int> one = {s};
    const ShortestPathTree whole =
        unit ? breadthFirst(graph.graph(), one) : dijkstra(graph.graph(), units, one);
    ShortestPathTree inside;
    if (kept[s]) {
      inside =
          unit ? breadthFirst(graph.graph(), one, kept) : dijkstra(graph.graph(), units, one, kept);
    }
    for (int p : bySource[s]) {
      VerifiedPair& out = report.pairs[p];
      out.label = pairs.label(pairs.pairs[p]);
      out.source = s;
      out.group = pairs.pairs[p].group;
      int dmg = kUnreachable, sub = kUnreachable, subTarget = -1;
      for (int t : pairs.groups[pairs.pairs[p].group]) {
        dmg = std::min(dmg, whole.distance[t]);
        if (kept[s] && inside.distance[t] < sub) {
          sub = inside.distance[t];
          subTarget = t;
        }
      }
      out.dmgUnits = dmg;
      out.boundUnits = pairBound(requirement, dmg);
      out.subgraphUnits = sub;
      out.subgraphFrames =
          subTarget >= 0 ? static_cast<int>(inside.pathTo(subTarget).size()) - 1 : INT_MAX;
      out.satisfied = sub != kUnreachable && sub <= out.boundUnits;
      if (out.satisfied) ++report.satisfied;
      if (sub != kUnreachable) {
        frameSum += out.subgraphFrames;
        ++joined;
      }
      if (!out.satisfied && static_cast<int>(report.failures.size()) < maxListed) {
        report.failures.push_back(
            out.label + ": " +
            (sub == kUnreachable ? std::string("not joined") : std::to_string(sub) + " units") +
            ", bound " + std::to_string(out.boundUnits));
      }
    }
  }
  report.meanSubgraphFrames = joined ? frameSum / joined : 0.0;
  return report;
}

}  // namespace mg
