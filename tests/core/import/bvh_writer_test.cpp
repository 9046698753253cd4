// SPDX-License-Identifier: MIT
#include "core/import/bvh_writer.h"

#include <cmath>
#include <filesystem>

#include <gtest/gtest.h>

#include "core/import/bvh_text.h"
#include "core/import/motion_reader.h"
#include "core/motion/forward_kinematics.h"
#include "import_test_util.h"

namespace mg {
namespace {

// read -> write -> read, both reads guessing the unit: the file is written in the unit it was
// read in, so the guess is the same and world joint positions agree within 0.1 mm in every frame.
void expectRoundTrip(const std::string& path) {
  MG_REQUIRE_FILE(path);
  Result<Motion> original = readMotionFile(path);
  ASSERT_TRUE(original) << original.error().message;
  test::TempDir dir;
  const std::string out = dir.file("round_trip.bvh");
  Status written = writeBvhFile(*original, out);
  ASSERT_TRUE(written) << written.error().message;
  Result<Motion> again = readMotionFile(out);
  ASSERT_TRUE(again) << again.error().message;
  EXPECT_EQ(again->sourceUnit.name, original->sourceUnit.name) << path;

  ASSERT_TRUE(again->skeleton->sameHierarchy(*original->skeleton));
  ASSERT_EQ(again->skeleton->endSites.size(), original->skeleton->endSites.size());
  ASSERT_EQ(again->frameCount(), original->frameCount());
  EXPECT_NEAR(again->fps, original->fps, 1e-6 * original->fps);
  const std::vector<Eigen::Vector3d> a = allJointPositions(*original);
  const std::vector<Eigen::Vector3d> b = allJointPositions(*again);
  double worst = 0;
  for (size_t i = 0; i < a.size(); ++i) worst = std::max(worst, (a[i] - b[i]).norm());
  EXPECT_LT(worst, 1e-4) << path;  // metres
}

TEST(BvhWriter, RoundTripSmallFile) {
  expectRoundTrip(test::dataPath("small_walk.bvh"));
}
TEST(BvhWriter, RoundTripCmuSample) {
  expectRoundTrip(test::samplePath("01_03.bvh"));
}
TEST(BvhWriter, RoundTripBoxingSample) {
  expectRoundTrip(test::samplePath("Boxing_Toes.bvh"));
}
TEST(BvhWriter, RoundTripSharedCmu) {
  expectRoundTrip(test::mocapPath("cmu/02_03.bvh"));
}
TEST(BvhWriter, RoundTripSharedTurnRun) {
  expectRoundTrip(test::mocapPath("cmu_turns/16_55.bvh"));
}

// 16_55's knee channels jump by ~160 degrees between frames in the source; the written channels
// follow the rotation, which moves by at most ~30 degrees per frame.
TEST(BvhWriter, ChannelsDoNotFlipBetweenFrames) {
  const std::string path = test::mocapPath("cmu_turns/16_55.bvh");
  MG_REQUIRE_FILE(path);
  Result<BvhDocument> source = readBvhFile(path);
  ASSERT_TRUE(source);
  double sourceJump = 0;
  for (int f = 1; f < source->frameCount; ++f) {
    for (int i = 3; i < source->valuesPerFrame; ++i) {
      sourceJump = std::max(sourceJump, std::abs(source->value(f, i) - source->value(f - 1, i)));
    }
  }
  ASSERT_GT(sourceJump, 150.0);  // the quirk this test is about is really in the file

  Result<Motion> m = readMotionFile(path);
  ASSERT_TRUE(m);
  Result<std::string> text = formatBvh(*m);
  ASSERT_TRUE(text) << text.error().message;
  Result<BvhDocument> written = parseBvhText(*text, "written.bvh");
  ASSERT_TRUE(written) << written.error().message;
  double writtenJump = 0;
  for (int f = 1; f < written->frameCount; ++f) {
    for (int i = 3; i < written->valuesPerFrame; ++i) {
      writtenJump =
          std::max(writtenJump, std::abs(written->value(f, i) - written->value(f - 1, i)));
    }
  }
  EXPECT_LT(writtenJump, 60.0);
}

TEST(BvhWriter, WritesTheRootOffsetAndCentimetres) {
  Result<Motion> m = readMotionFile(test::dataPath("small_walk.bvh"), {.metresPerUnit = 0.01});
  ASSERT_TRUE(m);
  Result<std::string> text = formatBvh(*m);
  ASSERT_TRUE(text);
  Result<BvhDocument> doc = parseBvhText(*text, "x.bvh");
  ASSERT_TRUE(doc) << doc.error().message;
  EXPECT_LT((doc->joints[0].offset - Eigen::Vector3d(1.5, 90.0, -2.0)).norm(), 1e-6);
  EXPECT_NEAR(doc->value(1, 0), 0.5, 1e-6);  // position channel = world position - OFFSET
  EXPECT_NEAR(doc->frameTimeSeconds, 1.0 / 30.0, 1e-12);  // the rate read as 30
}

TEST(BvhWriter, FailedWriteLeavesTheOldFile) {
  test::TempDir dir;
  const std::string path = dir.file("keep.bvh");
  test::writeText(path, "old content");
  Motion invalid;  // no skeleton, no frames
  Status s = writeBvhFile(invalid, path);
  ASSERT_FALSE(s);
  EXPECT_NE(s.error().message.find(path), std::string::npos);
  EXPECT_EQ(test::readText(path), "old content");
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir.file("")),
                          std::filesystem::directory_iterator()),
            1);  // no temp file left
}

// Values to_chars cannot format in 64 characters used to leave the buffer's stack garbage in the
// file. Huge or non-finite values now fail with a message naming them, and no file is written.
TEST(BvhWriter, RejectsHugeAndNonFiniteValues) {
  Result<Motion> m = readMotionFile(test::dataPath("small_walk.bvh"));
  ASSERT_TRUE(m);
  test::TempDir dir;
  const std::string path = dir.file("huge.bvh");
  Motion far = *m;
  far.rootPositions[3].x() = 1e300;  // a to_hub translation of 1e300
  Status s = writeBvhFile(far, path);
  ASSERT_FALSE(s);
  EXPECT_NE(s.error().message.find("root position value"), std::string::npos) << s.error().message;
  EXPECT_NE(s.error().message.find(path), std::string::npos) << s.error().message;
  EXPECT_FALSE(std::filesystem::exists(path));

  // A unit of 1e-60 m per file unit (bvh_metres_per_unit upside down) makes every OFFSET 1e60+.
  Result<std::string> tiny = formatBvh(*m, {.metresPerUnit = 1e-60});
  ASSERT_FALSE(tiny);
  EXPECT_NE(tiny.error().message.find("OFFSET value"), std::string::npos) << tiny.error().message;

  Motion nan = *m;
  nan.rootPositions[0].y() = std::nan("");
  EXPECT_FALSE(formatBvh(nan));  // validate() or the writer, never a "nan" in the file

  // Large but sane values are written and read back.
  Motion wide = *m;
  for (Eigen::Vector3d& p : wide.rootPositions) p.x() += 5e5;  // 500 km: 5e7 cm, within 1e12
  Result<std::string> text = formatBvh(wide);
  ASSERT_TRUE(text) << text.error().message;
  EXPECT_EQ(text->find('\0'), std::string::npos);
}

TEST(BvhWriter, ReportsAMissingFolder) {
  Result<Motion> m = readMotionFile(test::dataPath("small_walk.bvh"));
  ASSERT_TRUE(m);
  test::TempDir dir;
  Status s = writeBvhFile(*m, dir.file("no/such/folder/out.bvh"));
  ASSERT_FALSE(s);
  EXPECT_NE(s.error().message.find("out.bvh"), std::string::npos);
}

TEST(BvhWriter, ReplacesAnExistingFile) {
  Result<Motion> m = readMotionFile(test::dataPath("small_walk.bvh"));
  ASSERT_TRUE(m);
  test::TempDir dir;
  const std::string path = dir.file("replace.bvh");
  test::writeText(path, "old content");
  ASSERT_TRUE(writeBvhFile(*m, path));
  EXPECT_EQ(test::readText(path).rfind("HIERARCHY\n", 0), 0u);
}

}  // namespace
}  // namespace mg
