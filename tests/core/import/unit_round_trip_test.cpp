// SPDX-License-Identifier: MIT
// A file read (its unit guessed or asked) and written again reads back at exactly its size: the
// writer uses the unit the file was read in, so a reader that guesses makes the same guess.
#include <cmath>
#include <cstdio>
#include <string>

#include <gtest/gtest.h>

#include "core/import/bvh_text.h"
#include "core/import/bvh_writer.h"
#include "core/import/motion_reader.h"
#include "core/motion/forward_kinematics.h"
#include "import_test_util.h"

namespace mg {
namespace {

// A legged skeleton `tall` file units high (feet at 0, head end at `tall`), upright along Y, or
// lying along Z (no vertical extent at all) when `alongZ`; three frames with the root at
// (0.1, rootY, 0.2) x unit-ish numbers and a few turned joints.
std::string syntheticBvh(double tall, bool alongZ, double rootY) {
  const double leg = 0.5 * tall, up = 0.5 * tall;
  auto v = [&](double x, double y) {
    char buf[96];
    if (alongZ) {
      std::snprintf(buf, sizeof buf, "%.6f 0 %.6f", x, y);
    } else {
      std::snprintf(buf, sizeof buf, "%.6f %.6f 0", x, y);
    }
    return std::string(buf);
  };
  std::string t = "HIERARCHY\nROOT Hips\n{\n  OFFSET " + v(0, 0) +
                  "\n  CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation\n";
  t += "  JOINT Spine\n  {\n    OFFSET " + v(0, 0.6 * up) +
       "\n    CHANNELS 3 Zrotation Xrotation Yrotation\n    End Site\n    {\n      OFFSET " +
       v(0, 0.4 * up) + "\n    }\n  }\n";
  for (const char* side : {"Left", "Right"}) {
    const double x = side[0] == 'L' ? 0.1 * tall : -0.1 * tall;
    t += std::string("  JOINT ") + side + "UpLeg\n  {\n    OFFSET " + v(x, 0) +
         "\n    CHANNELS 3 Zrotation Xrotation Yrotation\n    JOINT " + side +
         "Foot\n    {\n      OFFSET " + v(0, -0.9 * leg) +
         "\n      CHANNELS 3 Zrotation Xrotation Yrotation\n      End Site\n      {\n        "
         "OFFSET " +
         v(0, -0.1 * leg) + "\n      }\n    }\n  }\n";
  }
  t += "}\nMOTION\nFrames: 3\nFrame Time: 0.0333333\n";
  for (int f = 0; f < 3; ++f) {
    char line[256];
    std::snprintf(line, sizeof line,
                  "%.6f %.6f %.6f %d 5 %d  0 10 0  %d 0 0  0 -20 3  -15 0 0  0 %d 0\n",
                  0.1 * tall * f, rootY, 0.2 * tall, 3 * f, -7 * f, 12 * f, 4 * f);
    t += line;
  }
  return t;
}

// Reads `text` (as `name`) with `read`, writes it with `write`, reads that back with `reread`:
// the same unit, the same numbers in both files, the same size in metres.
void expectExactRoundTrip(const std::string& text, const char* expectedUnit,
                          const ImportOptions& read = {}, const BvhWriteOptions& write = {},
                          const ImportOptions& reread = {}) {
  test::TempDir dir;
  const std::string in = dir.file("in.bvh"), out = dir.file("out.bvh");
  test::writeText(in, text);
  Result<Motion> first = readMotionFile(in, read);
  ASSERT_TRUE(first) << first.error().message;
  EXPECT_EQ(first->sourceUnit.name, expectedUnit);
  ASSERT_TRUE(writeBvhFile(*first, out, write));
  Result<Motion> second = readMotionFile(out, reread);
  ASSERT_TRUE(second) << second.error().message;
  EXPECT_EQ(second->sourceUnit.name, first->sourceUnit.name);
  EXPECT_EQ(second->sourceUnit.metresPerUnit, first->sourceUnit.metresPerUnit);
  EXPECT_NEAR(second->sourceUnit.restHeightUnits, first->sourceUnit.restHeightUnits, 1e-6);
  EXPECT_NEAR(restHeight(*second->skeleton), restHeight(*first->skeleton), 1e-9);

  // The same numbers in the file: offsets and root position channels as the source has them.
  Result<BvhDocument> a = readBvhFile(in), b = readBvhFile(out);
  ASSERT_TRUE(a && b);
  ASSERT_EQ(a->joints.size(), b->joints.size());
  for (size_t j = 0; j < a->joints.size(); ++j) {
    EXPECT_LT((a->joints[j].offset - b->joints[j].offset).norm(), 1e-6) << a->joints[j].name;
  }
  for (int f = 0; f < a->frameCount; ++f) {
    for (int c = 0; c < 3; ++c) EXPECT_NEAR(a->value(f, c), b->value(f, c), 1e-6);
  }
  ASSERT_EQ(second->frameCount(), first->frameCount());
  const std::vector<Eigen::Vector3d> p = allJointPositions(*first), q = allJointPositions(*second);
  for (size_t i = 0; i < p.size(); ++i) EXPECT_LT((p[i] - q[i]).norm(), 1e-8) << i;
}

TEST(UnitRoundTrip, HumanInCentimetres) {
  expectExactRoundTrip(syntheticBvh(172, false, 95), "cm");
}

// 90 units reads as inches (2.29 m): the guess is kept on writing, so it reads back the same.
TEST(UnitRoundTrip, SmallSkeletonInCentimetresIsGuessedAsInchesAndStaysSo) {
  expectExactRoundTrip(syntheticBvh(90, false, 48), "in");
}

// Read as centimetres because the user said so: written in centimetres, it reads back exactly in
// centimetres, and the writer says that a reader guessing would take it as inches.
TEST(UnitRoundTrip, SmallSkeletonAskedInCentimetresWarnsOfTheGuess) {
  expectExactRoundTrip(syntheticBvh(90, false, 48), "cm", {.metresPerUnit = 0.01}, {},
                       {.metresPerUnit = 0.01});
  test::TempDir dir;
  test::writeText(dir.file("in.bvh"), syntheticBvh(90, false, 48));
  Result<Motion> m = readMotionFile(dir.file("in.bvh"), {.metresPerUnit = 0.01});
  ASSERT_TRUE(m);
  EXPECT_EQ(bvhUnitWarning(*m, {}),
            "its skeleton is 90 units tall, which a reader guessing the unit takes as in; read it "
            "back in cm");
  EXPECT_EQ(describeBvhUnit(*m, {}), "cm, the unit it was read in");
}

// The 0.90 m skeleton of a metres file once came back 2.3 m tall (written in cm, read as inches).
TEST(UnitRoundTrip, SmallSkeletonInMetresStaysInMetres) {
  expectExactRoundTrip(syntheticBvh(0.9, false, 0.48), "m");
}

// No vertical extent: the guess falls back to metres, and once grew x100 per pass (root Y 1 ->
// 100 -> 10000) when written in centimetres.
TEST(UnitRoundTrip, ZeroHeightSkeletonAlongZ) {
  const std::string text = syntheticBvh(2, true, 1);
  expectExactRoundTrip(text, "m");
  test::TempDir dir;
  test::writeText(dir.file("in.bvh"), text);
  Result<Motion> m = readMotionFile(dir.file("in.bvh"));
  ASSERT_TRUE(m);
  EXPECT_EQ(m->sourceUnit.basis, UnitBasis::Fallback);
  EXPECT_NEAR(m->rootPositions[0].y(), 1.0, 1e-12);
  EXPECT_EQ(bvhUnitWarning(*m, {}), "");
}

TEST(UnitRoundTrip, MetresFile) {
  expectExactRoundTrip(syntheticBvh(1.75, false, 0.95), "m");
}

TEST(UnitRoundTrip, InchesFile) {
  expectExactRoundTrip(syntheticBvh(68, false, 37), "in");
}

// 5 units fits no human in any unit: taken as metres, written in metres, guessed so again.
TEST(UnitRoundTrip, HeightThatFitsNoUnitFallsBackToMetresBothTimes) {
  expectExactRoundTrip(syntheticBvh(5, false, 2.5), "m");
}

TEST(UnitRoundTrip, AskedUnitOnWritingIsUsed) {
  test::TempDir dir;
  test::writeText(dir.file("in.bvh"), syntheticBvh(172, false, 95));
  Result<Motion> m = readMotionFile(dir.file("in.bvh"));
  ASSERT_TRUE(m);
  ASSERT_TRUE(writeBvhFile(*m, dir.file("out.bvh"), {.metresPerUnit = 1.0}));
  Result<BvhDocument> doc = readBvhFile(dir.file("out.bvh"));
  ASSERT_TRUE(doc);
  EXPECT_NEAR(doc->value(0, 1), 0.95, 1e-6);  // root Y written in metres
  Result<Motion> back = readMotionFile(dir.file("out.bvh"));
  ASSERT_TRUE(back);
  EXPECT_EQ(back->sourceUnit.name, "m");
  EXPECT_NEAR(restHeight(*back->skeleton), 1.72, 1e-6);
  EXPECT_EQ(describeBvhUnit(*m, {.metresPerUnit = 1.0}), "m, as asked");
}

TEST(UnitRoundTrip, AMotionNotReadFromAFileIsWrittenInCentimetres) {
  test::TempDir dir;
  test::writeText(dir.file("in.bvh"), syntheticBvh(172, false, 95));
  Result<Motion> m = readMotionFile(dir.file("in.bvh"));
  ASSERT_TRUE(m);
  m->sourceUnit = {};
  EXPECT_EQ(bvhMetresPerUnit(*m, {}), 0.01);
  EXPECT_EQ(describeBvhUnit(*m, {}), "cm, the default for a motion not read from a file");
}

TEST(UnitRoundTrip, TheReasonIsRecorded) {
  test::TempDir dir;
  test::writeText(dir.file("in.bvh"), syntheticBvh(172, false, 95));
  Result<Motion> guessed = readMotionFile(dir.file("in.bvh"));
  ASSERT_TRUE(guessed);
  EXPECT_EQ(guessed->sourceUnit.basis, UnitBasis::Guessed);
  EXPECT_EQ(describeSourceUnit(guessed->sourceUnit), "cm, guessed from a rest height of 172 units");
  Result<Motion> asked =
      readMotionFile(dir.file("in.bvh"), {.metresPerUnit = 0.0254, .unitAskedBy = "--units in"});
  ASSERT_TRUE(asked);
  EXPECT_EQ(describeSourceUnit(asked->sourceUnit), "in, as asked (--units in)");
}

}  // namespace
}  // namespace mg
