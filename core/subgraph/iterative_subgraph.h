// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "core/dmg/database_motion_graph.h"
#include "core/subgraph/key_segments.h"
#include "core/subgraph/requirement.h"
#include "core/util/progress.h"
#include "core/util/result.h"

namespace mg {

// The Iterative Sub-graph Algorithm (ISA) of Zhao et al. 2009, section 3.3 and Algorithm 1:
//   StartGraph <- RequiredSubgraph; repeat { Subgraph <- IterativeCSP(StartGraph, BestOrder);
//   StartGraph <- StartGraph u BranchVertices(Subgraph) } until the size stops shrinking.
// - BestOrder: key pairs by descending DMG shortest-path length (units of the requirement, so
//   quality for requirement 4), ties by source then target.
// - IterativeCSP: for each pair in that order, if the current subgraph (induced edges) already
//   joins it within its bound, go on; else add the constrained shortest path
//   (constrained_path.h: the fewest new vertices within the bound) found in the base graph.
// - RequiredSubgraph: the key vertices plus every vertex whose removal from the base graph makes
//   some pair miss its bound. As in the paper only candidates from one first IterativeCSP pass
//   (StartGraph = key vertices) are tested.
// - BranchVertices: shortest paths in the subgraph between all key pairs; vertices on the most
//   of them (the top branchFraction of those not in StartGraph) join the next StartGraph.
// - CORE (section 3.4.1): the union of one DMG shortest path per key pair; with fromCore the
//   search runs on the graph CORE induces instead of the whole DMG.
struct IsaSettings {
  int maxIterations = 60;        // >= 1 (the paper converges in 50-60)
  double branchFraction = 0.1;   // in (0, 1]
  bool requiredSubgraph = true;  // start from RequiredSubgraph (else from the key vertices)
  bool fromCore = false;         // search inside CORE rather than the whole DMG
  int threads = 0;               // for the RequiredSubgraph test; 0 = every hardware thread

  // Fails when: maxIterations < 1; branchFraction outside (0, 1]; threads < 0.
  Status validate() const;
};

// Why a kept vertex is in the subgraph (for display).
enum class KeptReason : std::uint8_t {
  Key = 1,       // a frame of a key segment
  Required = 2,  // in RequiredSubgraph: without it some pair misses its bound
  Branch = 3,    // a branch vertex added to the StartGraph
  Path = 4,      // on a constrained shortest path
  Chosen = 5,    // picked by hand (SubgraphJob::include)
};

// One ISA iteration (the paper's figure 3 plots subgraphVertices against the iteration).
struct IsaIteration {
  int iteration = 0;         // 1-based
  int startVertices = 0;     // StartGraph size
  int subgraphVertices = 0;  // Subgraph size after IterativeCSP
  int cspSearches = 0;       // pairs the subgraph did not already satisfy
  double seconds = 0.0;
};

struct SubgraphResult {
  std::vector<int> vertices;             // kept DMG vertices, ascending
  std::vector<KeptReason> reasons;       // one per kept vertex
  int edges = 0;                         // DMG edges between kept vertices
  std::vector<int> coreVertices;         // CORE, ascending DMG ids
  int coreEdges = 0;                     // DMG edges between CORE vertices
  std::vector<int> requiredVertices;     // RequiredSubgraph (keys included), ascending
  std::vector<IsaIteration> iterations;  // every iteration run; the result is the smallest
  int keyPairs = 0;
  int relaxedPairs = 0;            // pairs whose bound is the DMG's own minimum, longer than gamma
  std::vector<std::string> notes;  // key frames left out (see KeyVertices::notes)
  double precomputeSeconds = 0.0;  // key distances in the DMG and CORE
  double requiredSeconds = 0.0;    // first pass and removal tests
  double iterationSeconds = 0.0;   // all iterations
};

// The input of one search. The graph must outlive the call.
struct SubgraphJob {
  const DatabaseMotionGraph* graph = nullptr;
  std::vector<KeySegment> keys;
  Requirement requirement;
  IsaSettings settings;
  // Vertices (DMG ids) the author picked by hand, as in the paper's user study: kept, and part of
  // every StartGraph, so the algorithm completes the author's choice. May be empty.
  std::vector<int> include;
  // Called after every iteration on the calling thread (for live plots and logs); may be empty.
  std::function<void(const IsaIteration&)> onIteration;

  // Fails when: graph is null; the requirement or settings are invalid.
  Status validate() const;
};

// Runs the ISA. Progress: 0-20% key distances and CORE, 20-45% RequiredSubgraph, the rest the
// iterations; cancellable between pairs and sources. Fails when: the job is invalid; the keys do
// not resolve (resolveKeySegments names the key); a pair has no path at all in the graph (the
// message names it); the requirement-2 bound or the memory of the key distances (pairs x vertices)
// is out of reach; cancelled.
Result<SubgraphResult> findMinimumSubgraph(const SubgraphJob& job, const Progress& progress = {});

}  // namespace mg
