// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include "core/param/step_cycles.h"
#include "param_fixture.h"

namespace mg {
namespace {

TEST(StepCycles, TwoStepCyclesOfTheWalks) {
  const NodeSource source = test::walkNodeSource();
  ASSERT_GE(source.examples.size(), 10u);
  for (const ExampleRef& e : source.examples) {
    // Two steps of a walk at about 1 m/s take about one second.
    EXPECT_GE(e.endFrame - e.beginFrame, 25) << e.path;
    EXPECT_LE(e.endFrame - e.beginFrame, 45) << e.path;
  }
  StepCycleSettings bad;
  bad.steps = 0;
  EXPECT_FALSE(bad.validate());
}

}  // namespace
}  // namespace mg
