// SPDX-License-Identifier: MIT
#pragma once

#include <span>
#include <string>
#include <vector>

#include "core/dmg/database_motion_graph.h"
#include "core/subgraph/key_segments.h"
#include "core/subgraph/requirement.h"
#include "core/util/result.h"

namespace mg {

// One key pair checked by the verifier. Lengths are in requirement units (frames for 1-3).
struct VerifiedPair {
  std::string label;       // "key 'walk' frame 3 -> key 'jump' frame 10"
  int source = 0;          // source vertex
  int group = 0;           // target group (KeyPairs::groups index)
  int dmgUnits = 0;        // shortest in the whole DMG
  int boundUnits = 0;      // the pair's bound (gamma, or the DMG minimum where longer; req. 2)
  int subgraphUnits = 0;   // shortest inside the subgraph; INT_MAX when not joined
  int subgraphFrames = 0;  // frames (edges) of the shortest-in-units path; INT_MAX when none
  bool satisfied = false;
};

struct VerificationReport {
  std::vector<VerifiedPair> pairs;
  int satisfied = 0;
  double meanSubgraphFrames = 0.0;  // over joined pairs
  // The failing pairs' labels with their lengths, at most `maxListed` of them.
  std::vector<std::string> failures;
  bool allSatisfied() const { return satisfied == static_cast<int>(pairs.size()); }
};

// Checks a subgraph against a requirement without any of the search's code or data: resolves the
// keys again, recomputes every pair's DMG minimum with plain breadth-first / Dijkstra searches of
// the whole graph, and every pair's shortest path inside the subgraph (the kept vertices with the
// DMG's edges between them). Fails only on invalid input (bad requirement, keys that do not
// resolve, a kept vertex out of range); a subgraph that misses pairs is a report, not an error.
Result<VerificationReport> verifySubgraph(const DatabaseMotionGraph& graph,
                                          std::span<const KeySegment> keys,
                                          const Requirement& requirement,
                                          std::span<const int> keptVertices, int maxListed = 20);

}  // namespace mg
