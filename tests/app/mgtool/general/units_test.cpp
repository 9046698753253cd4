// SPDX-License-Identifier: MIT
// Runs the built mgtool binary (MGTOOL_PATH): --units on the commands that read or write capture,
// the unit mgtool info reports and why, and convert round trips that keep a file's size.
#include <cstdio>
#include <string>

#include <gtest/gtest.h>

#include "core/import/bvh_text.h"
#include "core/import/import_test_util.h"
#include "core/import/motion_reader.h"
#include "core/motion/forward_kinematics.h"
#include "support/tool_run.h"

namespace mg {
namespace {

using test::ToolRun;

ToolRun mgtool(const std::vector<std::string>& args) {
  return test::runTool(MGTOOL_PATH, args);
}

// Two joints along Z (no vertical extent) with the root at height `rootY`, as usdBVHAnim's
// test_bvh.bvh: the unit guess falls back to metres.
std::string flatSkeleton(double rootY) {
  char frames[256];
  std::snprintf(frames, sizeof frames, "0 %.6f 0 0 0 0 0 0 0\n0 %.6f 0 90 0 0 0 90 0\n", rootY,
                rootY);
  return std::string(
             "HIERARCHY\nROOT Root\n{\n  OFFSET 0 0 0\n  CHANNELS 6 Xposition Yposition "
             "Zposition Xrotation Yrotation Zrotation\n  JOINT Foo\n  {\n    OFFSET 0 0 1\n    "
             "CHANNELS 3 Xrotation Yrotation Zrotation\n    End Site\n    {\n      OFFSET 0 0 1\n"
             "    }\n  }\n}\nMOTION\nFrames: 2\nFrame Time: 0.041667\n") +
         frames;
}

// A person `tall` units high along Y (feet at the bottom).
std::string upright(double tall) {
  char t[1024];
  std::snprintf(t, sizeof t,
                "HIERARCHY\nROOT Hips\n{\n  OFFSET 0 0 0\n  CHANNELS 6 Xposition Yposition "
                "Zposition Zrotation Xrotation Yrotation\n  JOINT Head\n  {\n    OFFSET 0 %.6f 0\n"
                "    CHANNELS 3 Zrotation Xrotation Yrotation\n    End Site\n    {\n      OFFSET "
                "0 %.6f 0\n    }\n  }\n  JOINT Leg\n  {\n    OFFSET 0 %.6f 0\n    CHANNELS 3 "
                "Zrotation Xrotation Yrotation\n    End Site\n    {\n      OFFSET 0 %.6f 0\n    "
                "}\n  }\n}\nMOTION\nFrames: 1\nFrame Time: 0.033333\n0 %.6f 0 0 0 0 0 0 0 0 0 0\n",
                0.3 * tall, 0.2 * tall, -0.25 * tall, -0.25 * tall, 0.5 * tall);
  return t;
}

// The root Y channel of a BVH file, in its own units.
double rootYOf(const std::string& path) {
  Result<BvhDocument> doc = readBvhFile(path);
  EXPECT_TRUE(doc) << (doc ? "" : doc.error().message);
  return doc ? doc->value(0, 1) : -1;
}

// usdBVHAnim's shape once grew x100 per pass (root Y 1 -> 100 -> 10000): now every pass writes
// the metres it read, the same numbers.
TEST(MgtoolUnits, ConvertOfItsOwnOutputIsStableForAFlatSkeleton) {
  test::TempDir dir;
  test::writeText(dir.file("a.bvh"), flatSkeleton(1));
  for (const char* step : {"b.bvh", "c.bvh"}) {
    const std::string from = std::string(step) == "b.bvh" ? dir.file("a.bvh") : dir.file("b.bvh");
    const ToolRun r = mgtool({"convert", from, dir.file(step)});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.err.find("m, the unit it was read in"), std::string::npos) << r.err;
    EXPECT_NEAR(rootYOf(dir.file(step)), 1.0, 1e-9) << step;
  }
}

// A 0.90 m person in a metres file once came back 2.3 m tall (written in cm, read as inches).
TEST(MgtoolUnits, ConvertKeepsASmallSkeletonInMetres) {
  test::TempDir dir;
  test::writeText(dir.file("a.bvh"), upright(0.9));
  ASSERT_EQ(mgtool({"convert", dir.file("a.bvh"), dir.file("b.bvh")}).status, 0);
  Result<Motion> back = readMotionFile(dir.file("b.bvh"));
  ASSERT_TRUE(back) << back.error().message;
  EXPECT_NEAR(restHeight(*back->skeleton), 0.9, 1e-6);
  EXPECT_EQ(back->sourceUnit.name, "m");
}

// --units on convert: IN is read in it and OUT written in it, so the numbers stay; a unit a
// guessing reader would take otherwise is said on stderr.
TEST(MgtoolUnits, ConvertWithUnitsReadsAndWritesInThem) {
  test::TempDir dir;
  test::writeText(dir.file("a.bvh"), upright(90));
  const ToolRun r = mgtool({"convert", dir.file("a.bvh"), dir.file("b.bvh"), "--units", "cm"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NEAR(rootYOf(dir.file("b.bvh")), 45.0, 1e-9);
  EXPECT_NE(r.err.find("which a reader guessing the unit takes as in; read it back in cm"),
            std::string::npos)
      << r.err;
  Result<Motion> back = readMotionFile(dir.file("b.bvh"), {.metresPerUnit = 0.01});
  ASSERT_TRUE(back);
  EXPECT_NEAR(restHeight(*back->skeleton), 0.9, 1e-6);
}

TEST(MgtoolUnits, InfoSaysTheUnitAndWhy) {
  test::TempDir dir;
  test::writeText(dir.file("person.bvh"), upright(172));
  test::writeText(dir.file("flat.bvh"), flatSkeleton(1));
  ToolRun r = mgtool({"info", dir.file("person.bvh"), dir.file("flat.bvh")});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\"units\": \"cm, guessed from a rest height of 172 units\""),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("\"metres_per_unit\": 0.01"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"units\": \"m, a rest height of 0 units fits no human size, taken as "
                       "metres\""),
            std::string::npos)
      << r.out;
  r = mgtool({"info", dir.file("person.bvh"), "--units", "m"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\"units\": \"m, as asked (--units m)\""), std::string::npos) << r.out;
  r = mgtool({"info", dir.file("person.bvh"), "--scale", "0.0125"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\"units\": \"0.0125 m, as asked (--scale)\""), std::string::npos) << r.out;
}

TEST(MgtoolUnits, AnUnknownUnitIsAUsageErrorNamingTheChoices) {
  test::TempDir dir;
  test::writeText(dir.file("a.bvh"), upright(172));
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"info", dir.file("a.bvh"), "--units", "furlong"},
        std::vector<std::string>{"convert", dir.file("a.bvh"), dir.file("b.bvh"), "--units",
                                 "furlong"},
        std::vector<std::string>{"grid", dir.file("a.bvh"), "--units", "furlong"},
        std::vector<std::string>{"bench", "import", dir.file("a.bvh"), "--units", "furlong"}}) {
    const ToolRun r = mgtool(args);
    EXPECT_EQ(r.status, 2) << args[0];
    EXPECT_NE(r.err.find("--units must be cm, m, mm or in, not 'furlong'"), std::string::npos)
        << r.err;
  }
  const ToolRun empty = mgtool({"info", dir.file("a.bvh"), "--units", ""});
  EXPECT_EQ(empty.status, 2);
  EXPECT_NE(empty.err.find("--units must be cm, m, mm or in, not ''"), std::string::npos)
      << empty.err;
}

TEST(MgtoolUnits, UnitsAndScaleTogetherAreAUsageError) {
  test::TempDir dir;
  test::writeText(dir.file("a.bvh"), upright(172));
  const ToolRun r = mgtool({"info", dir.file("a.bvh"), "--units", "cm", "--scale", "0.01"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("give --units or --scale, not both"), std::string::npos) << r.err;
}

// Every command that reads or writes capture lists --units in its help.
TEST(MgtoolUnits, EveryCaptureCommandTakesUnits) {
  for (const std::vector<std::string>& command : {std::vector<std::string>{"info"},
                                                  {"convert"},
                                                  {"grid"},
                                                  {"snap"},
                                                  {"dmg"},
                                                  {"subgraph"},
                                                  {"field", "build"},
                                                  {"pmg", "build"},
                                                  {"walk"},
                                                  {"subgraph", "walk"},
                                                  {"pmg", "walk"},
                                                  {"pmg", "goto"},
                                                  {"field", "run"},
                                                  {"bench", "import"},
                                                  {"bench", "grid"},
                                                  {"bench", "snap"},
                                                  {"bench", "walk"},
                                                  {"bench", "smooth"},
                                                  {"bench", "subgraph"},
                                                  {"bench", "field"}}) {
    std::vector<std::string> args = command;
    args.push_back("--help");
    const ToolRun r = mgtool(args);
    EXPECT_EQ(r.status, 0) << command[0];
    EXPECT_NE((r.out + r.err).find("--units"), std::string::npos)
        << command[0] << (command.size() > 1 ? " " + command[1] : "");
  }
}

}  // namespace
}  // namespace mg
