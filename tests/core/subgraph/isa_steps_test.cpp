// SPDX-License-Identifier: MIT
// The steps of the Iterative Sub-graph Algorithm against their definitions: RequiredSubgraph
// against removing every vertex in turn, IterativeCSP against a pass that searches the subgraph
// again for every pair, BranchVertices against breadth-first shortest-path trees.
#include "core/subgraph/isa_steps.h"

#include <algorithm>
#include <random>

#include <gtest/gtest.h>

#include "core/graph/graph_search.h"
#include "core/subgraph/iterative_subgraph.h"
#include "core/subgraph/subgraph_verifier.h"

namespace mg {
namespace {

// A small database of `motions` motions of `frames` frames: natural edges, a ring of transitions
// from each motion's end to the next one's start (so it is strongly connected), and `extra`
// random transitions with random costs.
struct RandomDatabase {
  DatabaseMotionGraph graph;
  std::vector<KeySegment> keys;
};

RandomDatabase randomDatabase(std::mt19937& rng, int motions, int frames, int extra, int keyCount,
                              int keyLength) {
  std::vector<DmgVertex> vertices;
  for (int m = 0; m < motions; ++m) {
    for (int f = 0; f < frames; ++f) vertices.push_back({m, f});
  }
  std::vector<DmgEdgeInput> edges;
  std::uniform_real_distribution<float> cost(0.0f, 1.0f);
  for (int m = 0; m < motions; ++m) {
    for (int f = 0; f + 1 < frames; ++f)
      edges.push_back({m * frames + f, m * frames + f + 1, DmgEdgeKind::Natural, 0, 0});
    const float c = cost(rng);
    edges.push_back(
        {m * frames + frames - 1, ((m + 1) % motions) * frames, DmgEdgeKind::Transition, c, c});
  }
  std::uniform_int_distribution<int> vertex(0, motions * frames - 1);
  for (int i = 0; i < extra; ++i) {
    const int a = vertex(rng), b = vertex(rng);
    if (a == b || (b == a + 1 && a / frames == b / frames)) continue;  // not a natural edge
    const float c = cost(rng);
    edges.push_back({a, b, DmgEdgeKind::Transition, c, c});
  }
  RandomDatabase db;
  Result<DatabaseMotionGraph> g =
      DatabaseMotionGraph::create(30.0, std::vector<int>(motions, frames), vertices, edges);
  EXPECT_TRUE(g) << g.error().message;
  db.graph = std::move(g.value());
  // Keys on distinct motions, so they never overlap.
  std::vector<int> order(motions);
  for (int m = 0; m < motions; ++m) order[m] = m;
  std::shuffle(order.begin(), order.end(), rng);
  std::uniform_int_distribution<int> begin(0, frames - keyLength);
  for (int k = 0; k < std::min(keyCount, motions); ++k) {
    const int b = begin(rng);
    db.keys.push_back({"key" + std::to_string(k), order[k], b, b + keyLength});
  }
  return db;
}

Requirement requirementOf(int kind, int gamma) {
  Requirement r;
  r.kind = static_cast<RequirementKind>(kind);
  r.gamma = gamma;
  r.alpha = 3.0;
  r.entryFrames = 2;
  return r;
}

TEST(IsaSteps, RequiredSubgraphIsExactlyWhatRemovingEachVertexBreaks) {
  std::mt19937 rng(2009);
  int requiredSeen = 0, tested = 0;
  for (int trial = 0; trial < 60; ++trial) {
    const int kind = 1 + trial % 4;
    RandomDatabase db = randomDatabase(rng, 5 + trial % 4, 6, 8 + trial % 10, 3, 1 + trial % 3);
    const int gamma = kind == 4 ? 6 + trial % 10 : 3 + trial % 9;
    const Requirement req = requirementOf(kind, gamma);
    for (bool fromCore : {false, true}) {
      Result<PreparedSubgraphSearch> prepared =
          prepareSubgraphSearch(db.graph, db.keys, req, fromCore, {}, 1);
      ASSERT_TRUE(prepared) << prepared.error().message;
      const SubgraphSearchSpace& s = prepared->space;
      VertexFlags candidates(s.vertexCount(), 0);
      for (int v = 0; v < s.vertexCount(); ++v) candidates[v] = !s.keys[v];
      const VertexFlags required = requiredSubgraph(s, candidates, 1 + trial % 2);
      // Reference: the search graph without v, checked by the verifier. On CORE the verifier's
      // graph is CORE itself (a DMG of its own), so bounds relaxed to the DMG minimum stay those
      // of the DMG: compare with bounds computed on the DMG.
      std::vector<int> all(s.dmgOf);
      for (int v = 0; v < s.vertexCount(); ++v) {
        if (s.keys[v]) continue;
        std::vector<int> without;
        for (int u : all) {
          if (u != s.dmgOf[v]) without.push_back(u);
        }
        Result<VerificationReport> rep = verifySubgraph(db.graph, db.keys, req, without);
        ASSERT_TRUE(rep);
        ++tested;
        requiredSeen += required[v];
        EXPECT_EQ(required[v] != 0, !rep->allSatisfied())
            << "trial " << trial << " requirement " << kind << (fromCore ? " CORE" : " DMG")
            << " vertex " << s.dmgOf[v];
      }
    }
  }
  EXPECT_GT(requiredSeen, 20);  // the cases are not all trivial
  EXPECT_GT(tested, 1000);
}

// IterativeCSP as Algorithm 1 reads: for every pair, search the current subgraph from scratch.
VertexFlags naiveIterativeCsp(const SubgraphSearchSpace& s, const VertexFlags& start,
                              int& searches) {
  VertexFlags sub = start;
  SearchScratch scratch(s.vertexCount());
  ConstrainedPathSearch csp(s.vertexCount());
  VertexFlags mark(s.vertexCount(), 0);
  searches = 0;
  for (const SubgraphSearchSpace::Pair& p : s.pairs) {
    for (int t : s.groups[p.group]) mark[t] = 1;
    const int d = boundedDistance(s.unitGraph(), p.source, mark, sub, p.bound, -1, scratch);
    if (d > p.bound) {
      ++searches;
      for (int v : csp.find(s.unitGraph(), p.source, mark, s.distance[p.group], sub, p.bound))
        sub[v] = 1;
    }
    for (int t : s.groups[p.group]) mark[t] = 0;
  }
  return sub;
}

TEST(IsaSteps, IterativeCspSearchesAgainOnlyWhatANewPathCanChange) {
  std::mt19937 rng(17);
  for (int trial = 0; trial < 80; ++trial) {
    const int kind = 1 + trial % 4;
    RandomDatabase db = randomDatabase(rng, 6 + trial % 5, 8, 12 + trial % 15, 4, 1 + trial % 4);
    const Requirement req = requirementOf(kind, kind == 4 ? 8 + trial % 12 : 4 + trial % 8);
    Result<PreparedSubgraphSearch> prepared =
        prepareSubgraphSearch(db.graph, db.keys, req, trial % 3 == 0, {}, 1);
    ASSERT_TRUE(prepared) << prepared.error().message;
    const SubgraphSearchSpace& s = prepared->space;
    int fast = 0, naive = 0;
    Result<VertexFlags> sub = iterativeCsp(s, s.keys, fast);
    ASSERT_TRUE(sub) << sub.error().message;
    EXPECT_EQ(sub.value(), naiveIterativeCsp(s, s.keys, naive)) << "trial " << trial;
    EXPECT_EQ(fast, naive) << "trial " << trial;
    std::vector<int> kept;
    for (int v = 0; v < s.vertexCount(); ++v) {
      if (sub.value()[v]) kept.push_back(s.dmgOf[v]);
    }
    Result<VerificationReport> rep = verifySubgraph(db.graph, db.keys, req, kept);
    ASSERT_TRUE(rep);
    EXPECT_TRUE(rep->allSatisfied()) << "trial " << trial << ": " << rep->failures[0];
  }
}

TEST(IsaSteps, BranchVerticesCountKeyPairShortestPaths) {
  std::mt19937 rng(23);
  for (int trial = 0; trial < 40; ++trial) {
    RandomDatabase db = randomDatabase(rng, 6, 8, 20, 4, 2);
    const Requirement req = requirementOf(1, 5 + trial % 6);
    Result<PreparedSubgraphSearch> prepared =
        prepareSubgraphSearch(db.graph, db.keys, req, false, {}, 1);
    ASSERT_TRUE(prepared);
    const SubgraphSearchSpace& s = prepared->space;
    int searches = 0;
    Result<VertexFlags> sub = iterativeCsp(s, s.keys, searches);
    ASSERT_TRUE(sub);
    // Reference: breadth-first trees inside the subgraph, one path per pair walked back.
    std::vector<int> count(s.vertexCount(), 0);
    for (const SubgraphSearchSpace::Pair& p : s.pairs) {
      const ShortestPathTree tree = breadthFirst(s.graph, std::vector<int>{p.source}, sub.value());
      int best = -1;
      for (int t : s.groups[p.group]) {
        if (tree.distance[t] != kUnreachable &&
            (best < 0 || tree.distance[t] < tree.distance[best]))
          best = t;
      }
      for (int v = best; v >= 0; v = tree.parent[v]) ++count[v];
    }
    std::vector<int> expected;
    for (int v = 0; v < s.vertexCount(); ++v) {
      if (sub.value()[v] && !s.keys[v] && count[v] > 0) expected.push_back(v);
    }
    std::stable_sort(expected.begin(), expected.end(),
                     [&](int a, int b) { return count[a] > count[b]; });
    EXPECT_EQ(branchVertices(s, sub.value(), s.keys, 1.0), expected) << "trial " << trial;
    const std::vector<int> top = branchVertices(s, sub.value(), s.keys, 0.3);
    EXPECT_EQ(top.size(), (expected.size() * 3 + 9) / 10);
  }
}

TEST(IsaSteps, ChosenFramesAreKeptAndCompleted) {
  std::mt19937 rng(5);
  RandomDatabase db = randomDatabase(rng, 8, 10, 25, 3, 2);
  SubgraphJob job;
  job.graph = &db.graph;
  job.keys = db.keys;
  job.requirement = requirementOf(1, 8);
  // The author picks a whole motion that holds no key.
  int free = 0;
  while (std::any_of(db.keys.begin(), db.keys.end(),
                     [&](const KeySegment& k) { return k.motion == free; }))
    ++free;
  for (int f = 0; f < 10; ++f) job.include.push_back(db.graph.vertexOf(free, f));
  for (bool fromCore : {false, true}) {
    job.settings.fromCore = fromCore;
    Result<SubgraphResult> r = findMinimumSubgraph(job);
    ASSERT_TRUE(r) << r.error().message;
    for (int v : job.include) {
      const auto at = std::lower_bound(r->vertices.begin(), r->vertices.end(), v);
      ASSERT_TRUE(at != r->vertices.end() && *at == v) << "chosen vertex " << v << " dropped";
      EXPECT_EQ(r->reasons[at - r->vertices.begin()], KeptReason::Chosen);
    }
    Result<VerificationReport> rep =
        verifySubgraph(db.graph, db.keys, job.requirement, r->vertices);
    ASSERT_TRUE(rep);
    EXPECT_TRUE(rep->allSatisfied());
  }
  job.include.push_back(db.graph.vertexCount());
  Result<SubgraphResult> bad = findMinimumSubgraph(job);
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().message.find("chosen vertex"), std::string::npos);
}

}  // namespace
}  // namespace mg
