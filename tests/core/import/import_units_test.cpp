// SPDX-License-Identifier: MIT
// Unit detection and explicit scale: every capture ends up as a person of plausible height.
#include <gtest/gtest.h>

#include "core/import/motion_reader.h"
#include "core/motion/forward_kinematics.h"
#include "core/motion/units.h"
#include "import_test_util.h"

namespace mg {
namespace {

// Rest height in metres of `path` imported with unit guessing, and the unit size it implies.
void expectGuessedUnit(const std::string& path, const char* unit, double minHeight,
                       double maxHeight) {
  MG_REQUIRE_FILE(path);
  Result<Motion> raw = readMotionFile(path, {.metresPerUnit = 1.0});
  Result<Motion> guessed = readMotionFile(path);
  ASSERT_TRUE(raw && guessed);
  const double h = restHeight(*guessed->skeleton);
  EXPECT_GT(h, minHeight) << path;
  EXPECT_LT(h, maxHeight) << path;
  EXPECT_NEAR(h / restHeight(*raw->skeleton), lengthUnitByName(unit).metresPerUnit, 1e-12) << path;
  EXPECT_NEAR(guessed->rootPositions[5].y() / raw->rootPositions[5].y(),
              lengthUnitByName(unit).metresPerUnit, 1e-12);
}

TEST(ImportUnits, CmuSampleIsInCmuAsfUnits) {
  expectGuessedUnit(test::samplePath("01_01.bvh"), "cmu-asf", 1.2, 2.0);
}

TEST(ImportUnits, BoxingSampleIsInCentimetres) {
  expectGuessedUnit(test::samplePath("Boxing_Toes.bvh"), "cm", 1.5, 2.0);
}

TEST(ImportUnits, SharedCmuIsInCentimetres) {
  expectGuessedUnit(test::mocapPath("cmu/08_01.bvh"), "cm", 1.4, 2.0);
}

TEST(ImportUnits, SharedTurnsAreInCentimetres) {
  expectGuessedUnit(test::mocapPath("cmu_turns/16_15.bvh"), "cm", 1.2, 2.0);
}

TEST(ImportUnits, SharedCmuRootHeightMatchesTheReadme) {
  const std::string path = test::mocapPath("cmu/08_01.bvh");
  MG_REQUIRE_FILE(path);
  Result<Motion> m = readMotionFile(path);
  ASSERT_TRUE(m);
  EXPECT_GT(m->rootPositions[0].y(), 0.73);  // "root (hip) height is 0.73 to 0.85 m"
  EXPECT_LT(m->rootPositions[0].y(), 0.85);
}

TEST(ImportUnits, ExplicitScaleOverridesTheGuess) {
  Result<Motion> m = readMotionFile(test::dataPath("small_walk.bvh"), {.metresPerUnit = 0.5});
  ASSERT_TRUE(m) << m.error().message;
  EXPECT_NEAR(m->skeleton->joints[1].offset.y(), 10.0, 1e-9);  // OFFSET 20 units
  EXPECT_NEAR(m->rootPositions[0].y(), 45.0, 1e-6);            // (90 + 0) units
}

TEST(ImportUnits, RejectsANegativeScale) {
  Result<Motion> m = readMotionFile(test::dataPath("small_walk.bvh"), {.metresPerUnit = -1.0});
  ASSERT_FALSE(m);
  EXPECT_NE(m.error().message.find("small_walk.bvh"), std::string::npos);
}

// "Frame Time: .0083333" is 120.0005 fps as written; it means 120.
TEST(ImportUnits, FrameRateIsRoundedWhenTheFrameTimeIsShort) {
  const std::string path = test::samplePath("01_01.bvh");
  MG_REQUIRE_FILE(path);
  Result<Motion> m = readMotionFile(path);
  ASSERT_TRUE(m);
  EXPECT_EQ(m->fps, 120.0);
  Result<Motion> small = readMotionFile(test::dataPath("small_walk.bvh"));  // 0.0333333
  ASSERT_TRUE(small);
  EXPECT_EQ(small->fps, 30.0);
}

TEST(ImportUnits, FrameRateFarFromAWholeNumberIsKept) {
  std::string text = test::readText(test::dataPath("small_walk.bvh"));
  text.replace(text.find("0.0333333"), 9, "0.0400000");  // 25 fps exactly: kept as 25
  test::TempDir dir;
  test::writeText(dir.file("a.bvh"), text);
  text.replace(text.find("0.0400000"), 9, "0.0070000");  // 142.857 fps
  test::writeText(dir.file("b.bvh"), text);
  Result<Motion> a = readMotionFile(dir.file("a.bvh"));
  Result<Motion> b = readMotionFile(dir.file("b.bvh"));
  ASSERT_TRUE(a && b);
  EXPECT_EQ(a->fps, 25.0);
  EXPECT_NEAR(b->fps, 1.0 / 0.007, 1e-9);
}

}  // namespace
}  // namespace mg
