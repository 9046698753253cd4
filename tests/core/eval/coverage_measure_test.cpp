// SPDX-License-Identifier: MIT
// Coverage of the source, on counts with known answers.
#include "core/eval/coverage_measure.h"

#include <cmath>

#include <gtest/gtest.h>

namespace mg {
namespace {

// Two sources of 10 frames; the graph plays frames 2-7 of the first and none of the second; a
// walk showed frames 2-5 once each and frame 6 four times.
TEST(MeasureCoverage, KnownCountsGiveKnownFigures) {
  std::vector<std::vector<char>> playable{std::vector<char>(10, 0), std::vector<char>(10, 0)};
  std::vector<std::vector<int>> visits{std::vector<int>(10, 0), std::vector<int>(10, 0)};
  for (int f = 2; f < 8; ++f) playable[0][static_cast<size_t>(f)] = 1;
  for (int f = 2; f < 6; ++f) visits[0][static_cast<size_t>(f)] = 1;
  visits[0][6] = 4;
  const CoverageStats c = measureCoverage(playable, visits);
  EXPECT_EQ(c.sourceFrames, 20);
  EXPECT_EQ(c.playableFrames, 6);
  EXPECT_DOUBLE_EQ(c.playableFraction, 0.3);
  EXPECT_EQ(c.visits, 8);
  EXPECT_EQ(c.visitedFrames, 5);
  EXPECT_DOUBLE_EQ(c.visitedFraction, 5.0 / 6.0);
  const double h = -(4 * (1.0 / 8) * std::log(1.0 / 8) + 0.5 * std::log(0.5));
  EXPECT_NEAR(c.evenness, h / std::log(6.0), 1e-12);
  EXPECT_DOUBLE_EQ(c.maxOverMean, 4.0 / (8.0 / 6.0));
  // Perfectly even visits read 1.
  for (int f = 2; f < 8; ++f) visits[0][static_cast<size_t>(f)] = 3;
  EXPECT_NEAR(measureCoverage(playable, visits).evenness, 1.0, 1e-12);
}

}  // namespace
}  // namespace mg
