// SPDX-License-Identifier: MIT
#include "core/subgraph/iterative_subgraph.h"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <random>

#include <gtest/gtest.h>

#include "core/dmg/dmg_builder.h"
#include "core/graph/graph_search.h"
#include "subgraph_test_graphs.h"
#include "support/synthetic_motion.h"

namespace mg {
namespace {

Result<SubgraphResult> run(const DatabaseMotionGraph& g, std::vector<KeySegment> keys,
                           Requirement req, IsaSettings settings = {}) {
  SubgraphJob job;
  job.graph = &g;
  job.keys = std::move(keys);
  job.requirement = req;
  job.settings = settings;
  return findMinimumSubgraph(job);
}

TEST(IterativeSubgraph, HubSharedByAllPairsIsTheKnownMinimum) {
  const DatabaseMotionGraph g = test::hubGraph(2);  // private bridges: 3 frames, hub: 2
  const auto keys = test::singleFrameKeys({0, 1, 2});
  for (int gamma : {2, 3, 5}) {
    Result<SubgraphResult> r = run(g, keys, test::gammaOf(gamma));
    ASSERT_TRUE(r) << r.error().message;
    EXPECT_EQ(r->vertices, (std::vector<int>{0, 1, 2, 3})) << "gamma " << gamma;
    EXPECT_EQ(static_cast<int>(r->vertices.size()),
              test::bruteForceMinimum(g, keys, test::gammaOf(gamma)));
    EXPECT_EQ(r->keyPairs, 6);
    EXPECT_EQ(r->edges, 6);
  }
}

TEST(IterativeSubgraph, MatchesBruteForceMinimumOnHandMadeGraphs) {
  // A ring of 8 with two chords; keys on opposite sides.
  const DatabaseMotionGraph ring = test::singleFrameGraph(
      8, {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 6}, {6, 7}, {7, 0}, {2, 6}, {6, 1}});
  const auto ringKeys = test::singleFrameKeys({0, 4});
  for (int gamma : {4, 5, 8}) {
    Result<SubgraphResult> r = run(ring, ringKeys, test::gammaOf(gamma));
    ASSERT_TRUE(r) << r.error().message;
    EXPECT_EQ(static_cast<int>(r->vertices.size()),
              test::bruteForceMinimum(ring, ringKeys, test::gammaOf(gamma)))
        << "gamma " << gamma;
  }
  // Two routes A -> B: two frames via 5-6 or one frame via 7 but 7 only comes back through 2-3.
  const DatabaseMotionGraph two = test::singleFrameGraph(
      8, {{0, 5}, {5, 6}, {6, 1}, {0, 7}, {7, 1}, {1, 2}, {2, 3}, {3, 0}, {1, 4}, {4, 0}});
  const auto twoKeys = test::singleFrameKeys({0, 1});
  for (int gamma : {2, 3, 6}) {
    Result<SubgraphResult> r = run(two, twoKeys, test::gammaOf(gamma));
    ASSERT_TRUE(r) << r.error().message;
    EXPECT_EQ(static_cast<int>(r->vertices.size()),
              test::bruteForceMinimum(two, twoKeys, test::gammaOf(gamma)))
        << "gamma " << gamma;
  }
}

TEST(IterativeSubgraph, RequiredSubgraphHoldsExactlyTheIndispensableVertices) {
  // Private bridges of 2 frames make every private path 3 long: with gamma 2 the hub is the only
  // way, so it is required; with gamma 3 there are alternatives and nothing else is.
  const DatabaseMotionGraph g = test::hubGraph(2);
  const auto keys = test::singleFrameKeys({0, 1, 2});
  Result<SubgraphResult> tight = run(g, keys, test::gammaOf(2));
  ASSERT_TRUE(tight);
  EXPECT_EQ(tight->requiredVertices, (std::vector<int>{0, 1, 2, 3}));
  Result<SubgraphResult> loose = run(g, keys, test::gammaOf(3));
  ASSERT_TRUE(loose);
  EXPECT_EQ(loose->requiredVertices, (std::vector<int>{0, 1, 2}));
  // Reference: remove each vertex and check every pair in the whole graph with the verifier.
  std::vector<int> all(g.vertexCount());
  for (int v = 0; v < g.vertexCount(); ++v) all[v] = v;
  for (int v = 3; v < g.vertexCount(); ++v) {
    std::vector<int> without = all;
    without.erase(without.begin() + v);
    Result<VerificationReport> rep = verifySubgraph(g, keys, test::gammaOf(2), without);
    ASSERT_TRUE(rep);
    EXPECT_EQ(!rep->allSatisfied(), v == 3) << "vertex " << v;
  }
}

TEST(IterativeSubgraph, CoreIsTheUnionOfShortestPaths) {
  const DatabaseMotionGraph g = test::hubGraph(2);
  Result<SubgraphResult> r = run(g, test::singleFrameKeys({0, 1, 2}), test::gammaOf(10));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->coreVertices, (std::vector<int>{0, 1, 2, 3}));
  EXPECT_EQ(r->coreEdges, 6);

  // Random graphs: every pair keeps its DMG distance inside CORE, and every CORE vertex lies on a
  // shortest path of some pair.
  std::mt19937 rng(5);
  for (int trial = 0; trial < 30; ++trial) {
    const int n = 10 + trial;
    std::vector<std::pair<int, int>> edges;
    for (int v = 0; v < n; ++v) edges.emplace_back(v, (v + 1) % n);  // strongly connected
    std::uniform_int_distribution<int> pick(0, n - 1);
    for (int i = 0; i < n; ++i) edges.emplace_back(pick(rng), pick(rng));
    const DatabaseMotionGraph rg = test::singleFrameGraph(n, edges);
    const std::vector<int> keyVertices = {0, n / 3, 2 * n / 3};
    Result<SubgraphResult> rr = run(rg, test::singleFrameKeys(keyVertices), test::gammaOf(3));
    ASSERT_TRUE(rr) << rr.error().message;
    VertexMask core(n, 0);
    for (int v : rr->coreVertices) core[v] = 1;
    std::vector<bool> onSome(n, false);
    for (int s : keyVertices) {
      const std::vector<int> whole = breadthFirst(rg.graph(), std::vector<int>{s}).distance;
      const std::vector<int> inside = breadthFirst(rg.graph(), std::vector<int>{s}, core).distance;
      for (int t : keyVertices) {
        if (s == t) continue;
        EXPECT_EQ(inside[t], whole[t]);
        const std::vector<int> back = breadthFirst(rg.reverseGraph(), std::vector<int>{t}).distance;
        for (int v = 0; v < n; ++v) {
          if (whole[v] != kUnreachable && back[v] != kUnreachable && whole[v] + back[v] == whole[t])
            onSome[v] = true;
        }
      }
    }
    for (int v : rr->coreVertices) EXPECT_TRUE(onSome[v]) << "trial " << trial << " vertex " << v;
  }
}

struct SwingDmg {
  std::vector<Motion> motions;
  DatabaseMotionGraph graph;
};

const SwingDmg& swingDmg() {
  static const SwingDmg db = [] {
    SwingDmg d;
    d.motions.push_back(test::makeSwingMotion(150, 30.0, 1.0, 0.5));
    d.motions.push_back(test::makeSwingMotion(120, 30.0, 1.4, 0.4));
    d.motions.push_back(test::makeSwingMotion(100, 30.0, 0.6, 0.7));
    std::vector<const Motion*> p;
    for (const Motion& m : d.motions) p.push_back(&m);
    DmgBuildSettings s;
    s.threshold = 0.03;
    s.grid.threads = 1;
    Result<DmgBuildResult> built = buildDatabaseMotionGraph(p, s);
    EXPECT_TRUE(built) << built.error().message;
    d.graph = std::move(built->graph);
    return d;
  }();
  return db;
}

std::vector<KeySegment> swingKeys() {
  return {{"slow", 0, 20, 26}, {"fast", 1, 30, 34}, {"sneak", 2, 40, 45}};
}

TEST(IterativeSubgraph, EveryRequirementIsMetPerTheVerifier) {
  const DatabaseMotionGraph& g = swingDmg().graph;
  for (int k = 1; k <= 4; ++k) {
    Requirement req = test::gammaOf(k == 4 ? 30 : 12, static_cast<RequirementKind>(k));
    req.entryFrames = 3;
    for (bool fromCore : {false, true}) {
      IsaSettings settings;
      settings.fromCore = fromCore;
      Result<SubgraphResult> r = run(g, swingKeys(), req, settings);
      ASSERT_TRUE(r) << r.error().message;
      Result<VerificationReport> rep = verifySubgraph(g, swingKeys(), req, r->vertices);
      ASSERT_TRUE(rep);
      EXPECT_TRUE(rep->allSatisfied())
          << "requirement " << k << (rep->failures.empty() ? "" : ": " + rep->failures[0]);
      EXPECT_EQ(rep->pairs.size(), static_cast<size_t>(r->keyPairs));
      EXPECT_LT(r->vertices.size(), static_cast<size_t>(g.vertexCount()));
      if (fromCore) {
        EXPECT_TRUE(std::includes(r->coreVertices.begin(), r->coreVertices.end(),
                                  r->vertices.begin(), r->vertices.end()));
      }
      if (k == 2) {
        for (const VerifiedPair& p : rep->pairs) EXPECT_EQ(p.subgraphUnits, p.dmgUnits) << p.label;
      }
      if (k == 3) {
        EXPECT_EQ(r->keyPairs, 9);
      }
      if (k == 1) {
        EXPECT_EQ(r->keyPairs, 15 * 14);
      }
      // Sizes shrink or stop: the result is the smallest iteration.
      int smallest = INT_MAX;
      for (const IsaIteration& it : r->iterations)
        smallest = std::min(smallest, it.subgraphVertices);
      EXPECT_EQ(static_cast<int>(r->vertices.size()), smallest);
      std::printf(
          "requirement %d%s: DMG %d, CORE %zu, required %zu, subgraph %zu vertices, %zu "
          "iterations\n",
          k, fromCore ? " (CORE)" : "", g.vertexCount(), r->coreVertices.size(),
          r->requiredVertices.size(), r->vertices.size(), r->iterations.size());
    }
  }
}

TEST(IterativeSubgraph, IsDeterministic) {
  const DatabaseMotionGraph& g = swingDmg().graph;
  IsaSettings one, two;
  one.threads = 1;
  two.threads = 2;
  Result<SubgraphResult> a = run(g, swingKeys(), test::gammaOf(10), one);
  Result<SubgraphResult> b = run(g, swingKeys(), test::gammaOf(10), two);
  ASSERT_TRUE(a && b);
  EXPECT_EQ(a->vertices, b->vertices);
  EXPECT_EQ(a->requiredVertices, b->requiredVertices);
  EXPECT_EQ(a->iterations.size(), b->iterations.size());
}

TEST(IterativeSubgraph, BadInputNamesTheKey) {
  const DatabaseMotionGraph& g = swingDmg().graph;
  auto message = [&](std::vector<KeySegment> keys, Requirement req = test::gammaOf(10)) {
    Result<SubgraphResult> r = run(g, std::move(keys), req);
    return r ? std::string() : r.error().message;
  };
  EXPECT_NE(message({{"walk", 0, 140, 160}}).find("key 'walk'"), std::string::npos);
  EXPECT_NE(message({{"walk", 0, 10, 10}}).find("empty"), std::string::npos);
  EXPECT_NE(message({{"a", 0, 10, 20}, {"b", 0, 15, 25}}).find("key 'a' and key 'b' overlap"),
            std::string::npos);
  EXPECT_NE(message({{"a", 7, 0, 2}}).find("key 'a'"), std::string::npos);
  EXPECT_NE(message({}).find("no key"), std::string::npos);
  EXPECT_NE(message({{"a", 0, 10, 20}, {"a", 1, 10, 20}}).find("'a'"), std::string::npos);
  EXPECT_NE(message(swingKeys(), test::gammaOf(0)).find("gamma"), std::string::npos);
  EXPECT_NE(message(swingKeys(), test::gammaOf(kMaxGamma + 1)).find("gamma"), std::string::npos);
  // A pair no path joins (an unpruned graph with a dead end).
  const DatabaseMotionGraph dead = test::singleFrameGraph(3, {{0, 1}, {1, 0}, {1, 2}});
  Result<SubgraphResult> r = run(dead, test::singleFrameKeys({0, 2}), test::gammaOf(5));
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("key 'k2' frame 0 -> key 'k0' frame 0"), std::string::npos)
      << r.error().message;
  // Cancelled.
  std::atomic<bool> cancel{true};
  SubgraphJob job;
  job.graph = &g;
  job.keys = swingKeys();
  EXPECT_FALSE(findMinimumSubgraph(job, Progress(&cancel, {})));
}

// The job convention (core/util/progress.h): every phase reports inside [0, 1], the last report
// is 1, and a cancel raised in any phase (key distances, RequiredSubgraph's tests, the
// iterations) ends the search with a "cancelled" error.
TEST(IterativeSubgraph, ReportsItsPhasesAndStopsWhenCancelledInAnyOfThem) {
  SubgraphJob job;
  job.graph = &swingDmg().graph;
  job.keys = swingKeys();
  job.requirement = test::gammaOf(12);
  job.settings.threads = 2;
  std::mutex lock;
  std::vector<double> seen;
  const Progress record(nullptr, [&](double f) {
    std::lock_guard<std::mutex> g(lock);
    seen.push_back(f);
  });
  ASSERT_TRUE(findMinimumSubgraph(job, record));
  ASSERT_FALSE(seen.empty());
  EXPECT_EQ(seen.back(), 1.0);
  for (double f : seen) EXPECT_TRUE(f >= 0.0 && f <= 1.0) << f;
  bool inRequired = false;
  for (double f : seen) inRequired = inRequired || (f > 0.3 && f <= 0.45);
  EXPECT_TRUE(inRequired);  // RequiredSubgraph reports through its own slice
  // The first report of each phase: key distances, RequiredSubgraph's first pass and tests, the
  // first iteration.
  for (double at : {0.0, 0.2, 0.3, 0.45}) {
    std::atomic<bool> cancel{false};
    const Progress cancelling(&cancel, [&cancel, at](double f) {
      if (f >= at) cancel = true;
    });
    Result<SubgraphResult> r = findMinimumSubgraph(job, cancelling);
    ASSERT_FALSE(r) << "cancel at " << at;
    EXPECT_NE(r.error().message.find("cancelled"), std::string::npos) << r.error().message;
  }
}

}  // namespace
}  // namespace mg
