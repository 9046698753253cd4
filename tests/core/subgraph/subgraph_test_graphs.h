// SPDX-License-Identifier: MIT
// Small database motion graphs made by hand or at random for the subgraph tests, and a brute-force
// minimum subgraph (every subset of non-key vertices, smallest first, checked by the verifier).
#pragma once

#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "core/dmg/database_motion_graph.h"
#include "core/subgraph/subgraph_verifier.h"

namespace mg::test {

// A requirement of kind `kind` with bound gamma.
inline Requirement gammaOf(int gamma, RequirementKind kind = RequirementKind::PairTime) {
  Requirement r;
  r.kind = kind;
  r.gamma = gamma;
  return r;
}

// A graph whose every motion is one frame long, so all edges are transitions: vertex v is motion
// v, frame 0. Edges (from, to) with cost `cost`.
inline DatabaseMotionGraph singleFrameGraph(int vertices,
                                            const std::vector<std::pair<int, int>>& edges,
                                            float cost = 0.5f) {
  std::vector<DmgVertex> vs;
  for (int v = 0; v < vertices; ++v) vs.push_back({v, 0});
  std::vector<DmgEdgeInput> es;
  for (auto [a, b] : edges) es.push_back({a, b, DmgEdgeKind::Transition, cost, cost});
  Result<DatabaseMotionGraph> g =
      DatabaseMotionGraph::create(30.0, std::vector<int>(vertices, 1), vs, es);
  EXPECT_TRUE(g) << g.error().message;
  return std::move(g.value());
}

// Key segments naming single vertices of a singleFrameGraph.
inline std::vector<KeySegment> singleFrameKeys(const std::vector<int>& vertices) {
  std::vector<KeySegment> keys;
  for (int v : vertices) keys.push_back({"k" + std::to_string(v), v, 0, 1});
  return keys;
}

// Three keys 0, 1, 2; hub 3 with edges k -> 3 -> k'; for every ordered pair (i, j) a private
// bridge of `privateLength` vertices i -> p1 -> ... -> j.
inline DatabaseMotionGraph hubGraph(int privateLength, int* vertexCount = nullptr) {
  std::vector<std::pair<int, int>> edges;
  int next = 4;
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) {
      if (i == j) continue;
      int prev = i;
      for (int k = 0; k < privateLength; ++k) {
        edges.emplace_back(prev, next);
        prev = next++;
      }
      edges.emplace_back(prev, j);
    }
  }
  for (int i = 0; i < 3; ++i) {
    edges.emplace_back(i, 3);
    edges.emplace_back(3, i);
  }
  if (vertexCount) *vertexCount = next;
  return singleFrameGraph(next, edges);
}

// The size of the smallest vertex set holding the keys that satisfies the requirement, by
// enumeration (graphs up to ~16 non-key vertices).
inline int bruteForceMinimum(const DatabaseMotionGraph& g, const std::vector<KeySegment>& keys,
                             const Requirement& req) {
  std::vector<bool> isKey(g.vertexCount(), false);
  for (const KeySegment& k : keys) {
    for (int f = k.beginFrame; f < k.endFrame; ++f) {
      const int v = g.vertexOf(k.motion, f);
      if (v >= 0) isKey[v] = true;
    }
  }
  std::vector<int> others, base;
  for (int v = 0; v < g.vertexCount(); ++v) (isKey[v] ? base : others).push_back(v);
  const int n = static_cast<int>(others.size());
  int best = g.vertexCount() + 1;
  for (unsigned mask = 0; mask < (1u << n); ++mask) {
    const int size = static_cast<int>(base.size()) + __builtin_popcount(mask);
    if (size >= best) continue;
    std::vector<int> kept = base;
    for (int i = 0; i < n; ++i) {
      if (mask & (1u << i)) kept.push_back(others[i]);
    }
    Result<VerificationReport> r = verifySubgraph(g, keys, req, kept);
    if (r && r->allSatisfied()) best = size;
  }
  return best;
}

}  // namespace mg::test
