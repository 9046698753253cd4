// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include "core/import/motion_reader.h"
#include "import_test_util.h"

namespace mg {
namespace {

TEST(ImportTrim, DropsLeadingFrames) {
  const std::string path = test::dataPath("small_walk.bvh");
  Result<Motion> all = readMotionFile(path);
  Result<Motion> trimmed = readMotionFile(path, {.trimLeadingFrames = 2});
  ASSERT_TRUE(all && trimmed);
  ASSERT_EQ(trimmed->frameCount(), all->frameCount() - 2);
  EXPECT_EQ(trimmed->rootPositions[0], all->rootPositions[2]);
  for (int j = 0; j < all->jointCount(); ++j) {
    EXPECT_TRUE(trimmed->rotation(1, j).isApprox(all->rotation(3, j)));
  }
  EXPECT_EQ(trimmed->name, "small_walk");
  EXPECT_EQ(trimmed->sourcePath, path);
}

TEST(ImportTrim, DropsTheCmuReferencePose) {
  const std::string path = test::mocapPath("cmu/08_01.bvh");
  MG_REQUIRE_FILE(path);
  Result<Motion> m = readMotionFile(path, {.trimLeadingFrames = 10});
  ASSERT_TRUE(m) << m.error().message;
  EXPECT_EQ(m->frameCount(), 278 - 10);
  // Frame 1 of the file is the reference pose with root rotation 0 0 0; frame 11 is capture.
  EXPECT_FALSE(m->rotation(0, 0).isApprox(Eigen::Quaterniond::Identity(), 1e-3));
}

TEST(ImportTrim, RejectsTrimmingEveryFrame) {
  Result<Motion> m = readMotionFile(test::dataPath("small_walk.bvh"), {.trimLeadingFrames = 6});
  ASSERT_FALSE(m);
  EXPECT_NE(m.error().message.find("6 leading frames of a 6-frame motion"), std::string::npos)
      << m.error().message;
}

TEST(ImportTrim, RejectsANegativeCount) {
  Result<Motion> m = readMotionFile(test::dataPath("small_walk.bvh"), {.trimLeadingFrames = -1});
  ASSERT_FALSE(m);
  EXPECT_NE(m.error().message.find("negative"), std::string::npos);
}

}  // namespace
}  // namespace mg
