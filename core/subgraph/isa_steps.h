// SPDX-License-Identifier: MIT
#pragma once

#include <vector>

#include "core/subgraph/search_space.h"
#include "core/util/progress.h"
#include "core/util/result.h"

namespace mg {

// The three steps of the Iterative Sub-graph Algorithm (Zhao et al. 2009, section 3.3), on a
// prepared search space. findMinimumSubgraph (iterative_subgraph.h) strings them together; they
// are separate so each can be tested against its definition.

// IterativeCSP (Algorithm 1): from `start`, for every pair in BestOrder, when the subgraph has no
// path within the pair's bound, add the constrained shortest path found in the whole search graph
// (constrained_path.h). `cspSearches` receives the number of CSPs run. Between pairs only the
// sources that can reach a newly added vertex within their bound are searched again (a subgraph
// that only grows cannot shorten any other source's paths), so a pass costs about one search of the
// subgraph per CSP rather than per pair. Fails when cancelled, or when a pair the graph joins has
// no constrained path (an internal error).
Result<VertexFlags> iterativeCsp(const SubgraphSearchSpace& s, const VertexFlags& start,
                                 int& cspSearches, const Progress& progress = {});

// RequiredSubgraph (section 3.3.2): the vertices flagged in `candidates` whose removal from the
// search graph makes some pair miss its bound. A vertex can be indispensable to a pair only if
// it lies on every shortest path of that pair, i.e. it dominates the pair's targets in the
// shortest-path DAG from the source. So one search per source builds the dominator tree (the
// DAG's vertices in distance order, each one's immediate dominator the nearest common dominator
// of its DAG predecessors); where a pair's bound equals its shortest distance its dominators are
// exactly its indispensable vertices; elsewhere each candidate dominator v is tested by the
// distances without it, which change only under v in the tree: a path avoiding v enters v's
// subtree for the last time over an edge from outside, so the subtree's in-edges seed a search
// confined to it (cost: v's subtree, not the whole graph). The same result as testing every
// candidate against every pair. Parallel over sources on `threads` (0 = all).
VertexFlags requiredSubgraph(const SubgraphSearchSpace& s, const VertexFlags& candidates,
                             int threads, const Progress& progress = {});

// BranchVertices (section 3.3.3): counts, for every vertex, the key-pair shortest paths inside
// `sub` through it (one path per pair, ties broken by edge order) and returns the top `fraction`
// (rounded up) of the vertices of `sub` outside `start` with a non-zero count, highest first.
std::vector<int> branchVertices(const SubgraphSearchSpace& s, const VertexFlags& sub,
                                const VertexFlags& start, double fraction);

}  // namespace mg
