// SPDX-License-Identifier: MIT
#include "core/motion/source_unit.h"

#include <gtest/gtest.h>

namespace mg {
namespace {

TEST(SourceUnit, GuessSaysTheHeightItSaw) {
  const SourceUnit u{
      .name = "cm", .metresPerUnit = 0.01, .basis = UnitBasis::Guessed, .restHeightUnits = 172.4};
  EXPECT_EQ(describeSourceUnit(u), "cm, guessed from a rest height of 172.4 units");
  EXPECT_EQ(sourceUnitLabel(u), "cm");
}

TEST(SourceUnit, FallbackSaysNoHumanSizeFits) {
  const SourceUnit u{
      .name = "m", .metresPerUnit = 1, .basis = UnitBasis::Fallback, .restHeightUnits = 0};
  EXPECT_EQ(describeSourceUnit(u),
            "m, a rest height of 0 units fits no human size, taken as metres");
}

TEST(SourceUnit, AskedSaysWhoAsked) {
  const SourceUnit u{.name = "m",
                     .metresPerUnit = 1,
                     .basis = UnitBasis::Asked,
                     .restHeightUnits = 0.9,
                     .askedBy = "--units m"};
  EXPECT_EQ(describeSourceUnit(u), "m, as asked (--units m)");
  SourceUnit anonymous = u;
  anonymous.askedBy.clear();
  EXPECT_EQ(sourceUnitReason(anonymous), "as asked");
}

TEST(SourceUnit, AnUnnamedScaleShowsItsSize) {
  const SourceUnit u{.metresPerUnit = 0.0125, .basis = UnitBasis::Asked};
  EXPECT_EQ(sourceUnitLabel(u), "0.0125 m");
}

TEST(SourceUnit, UnknownForASynthesisedMotion) {
  const SourceUnit u;
  EXPECT_FALSE(u.known());
  EXPECT_EQ(describeSourceUnit(u), "?, not read from a file");
}

}  // namespace
}  // namespace mg
