// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include <cmath>

#include "core/param/edge_lookup.h"

namespace mg {
namespace {

TEST(EdgeLookup, WeightsByHand) {
  ParametricEdge e;
  e.exists = true;
  e.sourceDims = 2;
  e.targetDims = 1;
  const ParameterVector sources[] = {{0, 0, 0}, {4, 0, 0}, {0, 3, 0}, {10, 10, 0}};
  for (int i = 0; i < 4; ++i) {
    TransitionSample t;
    t.source = sources[i];
    t.centre = {10.0 * i, 0, 0};
    t.widths = {1.0 + i, 0, 0};
    t.sourceTime = 0.8 + 0.01 * i;
    t.targetTime = 0.1 * i;
    e.samples.push_back(t);
  }
  // Query (1, 1): nearest (0,0) at sqrt 2, then (0,3) at sqrt 5, then (4,0) at sqrt 10 (k = 3).
  // w' = 1/sqrt2 - 1/sqrt10 = 0.3908788, 1/sqrt5 - 1/sqrt10 = 0.1309858, 0.
  Result<TransitionLookup> r = lookupTransition(e, {1, 1, 0});
  ASSERT_TRUE(r);
  ASSERT_EQ(r->neighbours, (std::vector<int>{0, 2, 1}));
  const double w0 = 0.3908788 / (0.3908788 + 0.1309858), w2 = 0.1309858 / (0.3908788 + 0.1309858);
  EXPECT_NEAR(r->weights[0], w0, 1e-6);
  EXPECT_NEAR(r->weights[1], w2, 1e-6);
  EXPECT_NEAR(r->weights[2], 0.0, 1e-12);
  EXPECT_NEAR(r->box.centre()[0], w0 * 0 + w2 * 20, 1e-5);
  EXPECT_NEAR(r->box.widths()[0], w0 * 1 + w2 * 3, 1e-5);
  EXPECT_NEAR(r->sourceTime, w0 * 0.8 + w2 * 0.82, 1e-6);
  EXPECT_NEAR(r->targetTime, w2 * 0.2, 1e-6);
  // An exact hit takes all the weight.
  Result<TransitionLookup> hit = lookupTransition(e, {4, 0, 0});
  ASSERT_TRUE(hit);
  EXPECT_EQ(hit->neighbours[0], 1);
  EXPECT_DOUBLE_EQ(hit->weights[0], 1.0);
  EXPECT_NEAR(hit->box.centre()[0], 10.0, 1e-12);
  // Invalid: NaN parameter, missing edge.
  EXPECT_FALSE(lookupTransition(e, {std::nan(""), 0, 0}));
  e.exists = false;
  EXPECT_FALSE(lookupTransition(e, {1, 1, 0}));
}

}  // namespace
}  // namespace mg
