// SPDX-License-Identifier: MIT
#include "core/subgraph/subgraph_verifier.h"

#include <algorithm>
#include <climits>
#include <random>

#include <gtest/gtest.h>

#include "subgraph_test_graphs.h"

namespace mg {
namespace {

TEST(SubgraphVerifier, ReportsTheFailingPairsAndAgreesWithFloydWarshall) {
  const DatabaseMotionGraph g = test::hubGraph(1);  // private bridges 2 long, hub 2 long
  const auto keys = test::singleFrameKeys({0, 1, 2});
  Result<VerificationReport> onlyKeys =
      verifySubgraph(g, keys, test::gammaOf(2), std::vector<int>{0, 1, 2});
  ASSERT_TRUE(onlyKeys);
  EXPECT_EQ(onlyKeys->satisfied, 0);
  EXPECT_EQ(onlyKeys->pairs.size(), 6u);
  ASSERT_FALSE(onlyKeys->failures.empty());
  EXPECT_NE(onlyKeys->failures[0].find("not joined"), std::string::npos);
  // One private bridge: only that pair is met.
  Result<VerificationReport> one =
      verifySubgraph(g, keys, test::gammaOf(2), std::vector<int>{0, 1, 2, 4});
  ASSERT_TRUE(one);
  EXPECT_EQ(one->satisfied, 1);
  // Random subsets of random graphs against Floyd-Warshall on the kept vertices.
  std::mt19937 rng(9);
  for (int trial = 0; trial < 30; ++trial) {
    const int n = 6 + trial % 5;
    std::uniform_int_distribution<int> pick(0, n - 1);
    std::vector<std::pair<int, int>> edges;
    for (int i = 0; i < 3 * n; ++i) edges.emplace_back(pick(rng), pick(rng));
    const DatabaseMotionGraph rg = test::singleFrameGraph(n, edges);
    std::vector<int> kept = {0, 1, 2};
    for (int v = 3; v < n; ++v) {
      if (rng() % 2) kept.push_back(v);
    }
    const int gamma = 1 + trial % 4;
    Result<VerificationReport> rep =
        verifySubgraph(rg, test::singleFrameKeys({0, 1, 2}), test::gammaOf(gamma), kept);
    ASSERT_TRUE(rep);
    const int inf = 1 << 20;
    std::vector<int> d(n * n, inf);
    std::vector<bool> in(n, false);
    for (int v : kept) in[v] = true;
    for (int v = 0; v < n; ++v) d[v * n + v] = 0;
    for (auto [a, b] : edges) {
      if (in[a] && in[b] && a != b) d[a * n + b] = 1;
    }
    for (int k = 0; k < n; ++k)
      for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j)
          d[i * n + j] = std::min(d[i * n + j], d[i * n + k] + d[k * n + j]);
    int pairIndex = 0;
    for (int s = 0; s < 3; ++s) {
      for (int t = 0; t < 3; ++t) {
        if (s == t) continue;
        const VerifiedPair& p = rep->pairs[pairIndex++];
        const int expected = d[s * n + t] >= inf ? INT_MAX : d[s * n + t];
        EXPECT_EQ(p.subgraphUnits, expected) << p.label;
      }
    }
  }
}

}  // namespace
}  // namespace mg
