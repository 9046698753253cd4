// SPDX-License-Identifier: MIT
#include "core/motion/units.h"

#include <gtest/gtest.h>

namespace mg {
namespace {

TEST(Units, GuessesFromHumanHeight) {
  EXPECT_EQ(guessLengthUnit(1.75).name, "m");
  EXPECT_EQ(guessLengthUnit(175).name, "cm");
  EXPECT_EQ(guessLengthUnit(1750).name, "mm");
  EXPECT_EQ(guessLengthUnit(68).name, "in");
  EXPECT_EQ(guessLengthUnit(31).name, "cmu-asf");
  EXPECT_NEAR(guessLengthUnit(31).metresPerUnit * 31, 1.75, 0.01);
}

TEST(Units, HumanHeightIsFalseWhereTheGuessFallsBack) {
  EXPECT_TRUE(isHumanHeight(172));
  EXPECT_FALSE(isHumanHeight(0));
  EXPECT_FALSE(isHumanHeight(5));
  EXPECT_EQ(guessLengthUnit(5).name, "m");
}

TEST(Units, NameOfAScale) {
  EXPECT_EQ(lengthUnitNameOf(0.0254), "in");
  EXPECT_EQ(lengthUnitNameOf(0.0125), "");
  EXPECT_EQ(lengthUnitLabel(0.01), "cm");
  EXPECT_EQ(lengthUnitLabel(0.0125), "0.0125 m");
}

TEST(Units, ByName) {
  EXPECT_DOUBLE_EQ(lengthUnitByName("cm").metresPerUnit, 0.01);
  EXPECT_DOUBLE_EQ(lengthUnitByName("furlong").metresPerUnit, 0.0);
}

}  // namespace
}  // namespace mg
