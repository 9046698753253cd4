// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include <cmath>

#include "core/param/transition_grid.h"
#include "param_fixture.h"

namespace mg {
namespace {

TEST(EdgeWalk, TransitionGridOfOnePairMatchesTheBatchedMinimum) {
  std::shared_ptr<const ParametricGraph> g = test::walkGraph();
  ASSERT_TRUE(g);
  const EdgeSampling& s = *g->edges[0].sampling;
  const ParametricNode* node = g->nodes[0].get();
  for (auto [i, t] : {std::pair{0, 0}, std::pair{3, 17}, std::pair{19, 199}}) {
    Result<TransitionGrid> grid =
        computeTransitionGrid(node, s.sourceParameters[i], node, s.targetParameters[t], s.settings);
    ASSERT_TRUE(grid) << grid.error().message;
    float lowest = 3e38f;
    for (float v : grid->grid.values) lowest = std::min(lowest, v);
    EXPECT_EQ(lowest, grid->bestDistance);
    EXPECT_NEAR(grid->bestDistance, s.minimum[s.pair(i, t)], 1e-4 * s.minimum[s.pair(i, t)] + 1e-7);
    EXPECT_NEAR(grid->sourceTime, s.sourceTime[s.pair(i, t)], 0.05);
    EXPECT_NEAR(grid->targetTime, s.targetTime[s.pair(i, t)], 0.05);
    EXPECT_NEAR(grid->alignment.distance, grid->bestDistance, 1e-4);
  }
  EXPECT_FALSE(computeTransitionGrid(node, {std::nan(""), 0, 0}, node, {0, 0, 0}, s.settings));
  EXPECT_FALSE(computeTransitionGrid(nullptr, {0, 0, 0}, node, {0, 0, 0}, s.settings));
}

}  // namespace
}  // namespace mg
