// SPDX-License-Identifier: MIT
// The paper's first example on real capture: a walking node parameterised by the change of
// travel direction, built from two-step cycles of CMU subject 16's walks.
#include <gtest/gtest.h>

#include <cstdio>

#include "param_fixture.h"

namespace mg {
namespace {

TEST(WalkNode, InversionResidualAcrossTheRange) {
  std::shared_ptr<const ParametricNode> node = test::walkNode();
  ASSERT_TRUE(node);
  EXPECT_EQ(node->dimensions(), 1);
  // The examples turn both ways: the range spans straight walking.
  EXPECT_LT(node->rangeMin()[0], -30.0);
  EXPECT_GT(node->rangeMax()[0], 10.0);
  Result<InversionResidual> r = node->residual(100);
  ASSERT_TRUE(r);
  std::printf(
      "walk node: %d examples, range [%.1f, %.1f] deg, residual over %d requests: mean %.3f, "
      "rms %.3f, max %.3f deg (at %.1f)\n",
      node->space().exampleCount(), node->rangeMin()[0], node->rangeMax()[0], r->requests,
      r->meanError, r->rmsError, r->maxError, r->worstRequest[0]);
  const double range = node->rangeMax()[0] - node->rangeMin()[0];
  EXPECT_LT(r->meanError, 0.02 * range);
  EXPECT_LT(r->maxError, 0.1 * range);
}

TEST(WalkNode, RegistrationKeepsFootContactsConsistent) {
  std::shared_ptr<const ParametricNode> node = test::walkNode();
  ASSERT_TRUE(node);
  const ParametricSpace& space = node->space();
  int pinned = 0;
  for (const RegisteredExample& e : space.examples) {
    // Every pin maps a reference onset exactly onto the example's onset.
    for (auto [r, f] : e.contactPins) {
      EXPECT_NEAR(e.warp[r], f, 1e-3 * e.frameCount + 1e-9);
      ++pinned;
    }
    for (size_t r = 1; r < e.warp.size(); ++r) EXPECT_GT(e.warp[r], e.warp[r - 1]);
  }
  EXPECT_GE(pinned, space.exampleCount());  // at least one matched plant per example on average
}

TEST(WalkNode, ClipForMeasuresTheRequest) {
  std::shared_ptr<const ParametricNode> node = test::walkNode();
  ASSERT_TRUE(node);
  Motion clip;
  for (double l : {-40.0, -10.0, 0.0, 8.0}) {
    ASSERT_TRUE(node->clipFor({l, 0, 0}, clip));
    ASSERT_TRUE(clip.validate());
    EXPECT_NEAR(node->measure().measure(clip)[0], l, 3.0) << l;
  }
}

}  // namespace
}  // namespace mg
