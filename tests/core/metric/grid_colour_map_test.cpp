// SPDX-License-Identifier: MIT
#include "core/metric/grid_colour_map.h"

#include <gtest/gtest.h>

namespace mg {
namespace {

TEST(GridColourMap, PercentileAndGreyLevels) {
  std::vector<float> v(1000);
  for (int i = 0; i < 1000; ++i) v[i] = static_cast<float>(i);
  EXPECT_EQ(gridWhiteLevel(v), 950.0f);
  EXPECT_EQ(gridPercentile(v, 0), 1e-12f);  // the minimum, 0, clamped to stay a divisor
  EXPECT_EQ(gridGrey8(0.0f, 4.0f), 0);
  EXPECT_EQ(gridGrey8(1.0f, 4.0f), 128);  // sqrt(1/4) = 0.5
  EXPECT_EQ(gridGrey8(9.0f, 4.0f), 255);
}

}  // namespace
}  // namespace mg
