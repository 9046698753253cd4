// SPDX-License-Identifier: MIT
#pragma once

#include <gtest/gtest.h>

#include "core/snap/cut_quality.h"
#include "core/snap/snap_job.h"

namespace mg::test {

// Every cut of a snapped graph is exact: no position jump (1e-6 m) and no velocity jump
// (1e-5 m/s) at any hub, and there is at least one cut.
inline void expectExactCuts(const SnapResult& snapped) {
  const auto cuts = measureCutQuality(snapped.graph, snapped.motions);
  ASSERT_TRUE(cuts) << cuts.error().message;
  ASSERT_FALSE(cuts->cuts.empty());
  EXPECT_LT(cuts->maxPositionJump, 1e-6);
  EXPECT_LT(cuts->maxVelocityJump, 1e-5);
}

}  // namespace mg::test
