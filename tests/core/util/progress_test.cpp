// SPDX-License-Identifier: MIT
#include "core/util/progress.h"

#include <vector>

#include <gtest/gtest.h>

namespace mg {
namespace {

TEST(Progress, SliceMapsAPhaseOntoItsPartOfTheWhole) {
  std::vector<double> seen;
  const Progress whole(nullptr, [&](double f) { seen.push_back(f); });
  const Progress second = whole.slice(0.25, 0.75);
  second.report(0.0);
  second.report(0.5);
  second.report(1.0);
  second.report(7.0);  // clamped by the slice before mapping
  const Progress nested = second.slice(0.5, 1.0);
  nested.report(0.5);
  EXPECT_EQ(seen, (std::vector<double>{0.25, 0.5, 0.75, 0.75, 0.625}));
}

TEST(Progress, SliceSharesTheCancelFlagAndOutlivesItsParent) {
  std::atomic<bool> cancel{false};
  double last = -1;
  Progress slice;
  {
    const Progress whole(&cancel, [&](double f) { last = f; });
    slice = whole.slice(0.5, 1.0);
  }
  EXPECT_FALSE(slice.cancelled());
  cancel = true;
  EXPECT_TRUE(slice.cancelled());
  slice.report(0.5);
  EXPECT_EQ(last, 0.75);
  const Progress silent = Progress().slice(0.0, 0.5);
  EXPECT_FALSE(silent.cancelled());
  silent.report(0.3);  // reports nowhere, does not crash
}

}  // namespace
}  // namespace mg
