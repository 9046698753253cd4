// SPDX-License-Identifier: MIT
// The BVH parser's limits: each fails with a message (and the line) before the memory it bounds is
// asked for. The hostile inputs are made here; the sizes come from the limits in bvh_text.h.
#include <filesystem>

#include <gtest/gtest.h>

#include "core/import/bvh_motion_file.h"
#include "core/import/bvh_text.h"
#include "core/import/motion_reader.h"
#include "import_test_util.h"

namespace mg {
namespace {

void expectFailure(const std::string& text, const std::string& problem) {
  Result<BvhDocument> doc = parseBvhText(text, "limits.bvh");
  ASSERT_FALSE(doc) << "accepted: " << text.substr(0, 200);
  EXPECT_NE(doc.error().message.find(problem), std::string::npos) << doc.error().message;
  EXPECT_EQ(doc.error().message.rfind("limits.bvh:", 0), 0u) << doc.error().message;
}

// A chain of `joints` one-channel joints, each inside the previous, then `frames` data lines.
std::string chain(int joints, int frames, const std::string& motionHeader = "") {
  std::string text = "HIERARCHY\nROOT J0\n{\nOFFSET 0 0 0\nCHANNELS 1 Zrotation\n";
  for (int j = 1; j < joints; ++j)
    text += "JOINT J" + std::to_string(j) + "\n{\nOFFSET 0 1 0\nCHANNELS 1 Zrotation\n";
  for (int j = 0; j < joints; ++j) text += "}\n";
  text += motionHeader.empty() ? "MOTION\nFrames: " + std::to_string(frames) + "\nFrame Time: 0.1\n"
                               : motionHeader;
  for (int f = 0; f < frames; ++f) {
    for (int j = 0; j < joints; ++j) text += j ? " 1" : "1";
    text += '\n';
  }
  return text;
}

TEST(BvhLimits, TheDeepestAllowedChainReads) {
  Result<BvhDocument> doc = parseBvhText(chain(kMaxBvhDepth, 2), "deep.bvh");
  ASSERT_TRUE(doc) << doc.error().message;
  EXPECT_EQ(doc->joints.size(), static_cast<size_t>(kMaxBvhDepth));
  EXPECT_EQ(doc->joints.back().parent, kMaxBvhDepth - 2);
}

TEST(BvhLimits, NestingDeeperThanTheLimitFails) {
  expectFailure(chain(kMaxBvhDepth + 1, 2), "nested deeper than 256");
  // 100000 levels (Assimp's recursive loader overflowed its stack on such a file).
  std::string text = "HIERARCHY\nROOT A\n{\nOFFSET 0 0 0\nCHANNELS 1 Zrotation\n";
  for (int i = 0; i < 100000; ++i)
    text += "JOINT B" + std::to_string(i) + " { OFFSET 0 0 0 CHANNELS 1 Zrotation\n";
  expectFailure(text, "nested deeper");
}

TEST(BvhLimits, MoreJointsThanTheLimitFail) {
  std::string text = "HIERARCHY\nROOT R\n{\nOFFSET 0 0 0\nCHANNELS 1 Zrotation\n";
  for (int j = 0; j < kMaxBvhJoints; ++j) {
    text +=
        "JOINT J" + std::to_string(j) + " { OFFSET 0 1 0 CHANNELS 0 End Site { OFFSET 0 1 0 } }\n";
  }
  text += "}\nMOTION\nFrames: 1\nFrame Time: 0.1\n1\n";
  expectFailure(text, "more than 4096 joints");
}

// A truncated file that declares 100 million frames: refused from its size, not by allocating
// 100 million frames of values first.
TEST(BvhLimits, DeclaredFramesMustFitInTheBytesThatFollow) {
  const std::string header = "MOTION\nFrames: 100000000\nFrame Time: 0.1\n";
  expectFailure(chain(31, 3, header), "'Frames: 100000000' of 31 channels cannot fit in the");
  // Exactly enough bytes: "1 1\n1 1" holds 2 frames of 2 values in 7 bytes.
  Result<BvhDocument> tight =
      parseBvhText(chain(2, 0, "MOTION\nFrames: 2\nFrame Time: 0.1\n") + "1 1\n1 1", "tight.bvh");
  ASSERT_TRUE(tight) << tight.error().message;
  EXPECT_EQ(tight->frameCount, 2);
  expectFailure(chain(2, 0, "MOTION\nFrames: 2\nFrame Time: 0.1\n") + "1 1\n1 ", "cannot fit");
}

TEST(BvhLimits, TooManyValuesFail) {
  // 6 channels x 4096 joints x 3000 frames is over 2^26 values; a file claiming that many frames
  // with enough bytes (blank lines count) is refused before the values are allocated.
  const int frames = static_cast<int>(kMaxBvhValues / 6 / 1000) + 1;
  std::string text =
      "HIERARCHY\nROOT R\n{\nOFFSET 0 0 0\nCHANNELS 6 Xposition Yposition Zposition Zrotation "
      "Xrotation Yrotation\n";
  for (int j = 1; j < 1000; ++j)
    text += "JOINT J" + std::to_string(j) +
            " { OFFSET 0 1 0 CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation "
            "Yrotation End Site { OFFSET 0 1 0 } }\n";
  text += "}\nMOTION\nFrames: " + std::to_string(frames) + "\nFrame Time: 0.1\n";
  text.append(static_cast<size_t>(2) * frames * 6000, '\n');
  expectFailure(text, "too large to import");
}

TEST(BvhLimits, AnOverlongLineFails) {
  std::string text = chain(2, 2);
  text.insert(text.find("OFFSET 0 1 0") + 12, std::string(kMaxBvhLineBytes, ' '));
  expectFailure(text, "longer than 1048576 bytes");
  Result<BvhDocument> doc = parseBvhText(text, "long.bvh");
  ASSERT_FALSE(doc);
  EXPECT_EQ(doc.error().message.rfind("long.bvh:8: ", 0), 0u) << doc.error().message;
}

TEST(BvhLimits, JointNamesMustReadBack) {
  std::string text = chain(2, 2);
  text.replace(text.find("J1"), 2, std::string("J\x01x", 3));
  expectFailure(text, "control character");
  EXPECT_TRUE(bvhNameProblem("Hips").empty());
  EXPECT_TRUE(bvhNameProblem("mixamorig:LeftHand_01").empty());
  EXPECT_TRUE(bvhNameProblem("H\xC3\xBC"
                             "fte")
                  .empty());  // UTF-8 is fine
  EXPECT_FALSE(bvhNameProblem("").empty());
  EXPECT_FALSE(bvhNameProblem(std::string("a\0b", 3)).empty());
  EXPECT_FALSE(bvhNameProblem("left hand").empty());
  EXPECT_FALSE(bvhNameProblem("a{").empty());
  EXPECT_FALSE(bvhNameProblem("a\x7f").empty());
  EXPECT_FALSE(bvhNameProblem(std::string(257, 'a')).empty());
}

// A file over kMaxBvhFileBytes is refused from its size (the test file is sparse: no disk used).
TEST(BvhLimits, AFileOverTheSizeLimitIsRefusedUnread) {
  test::TempDir dir;
  const std::string path = dir.file("huge.bvh");
  test::writeText(path, chain(2, 2));
  std::filesystem::resize_file(path, static_cast<std::uintmax_t>(kMaxBvhFileBytes) + 1);
  Result<BvhDocument> doc = readBvhFile(path);
  ASSERT_FALSE(doc);
  EXPECT_NE(doc.error().message.find("more than a BVH file may be"), std::string::npos)
      << doc.error().message;
  // readMotionFile streams (bvh_motion_file.h): its limit is larger, checked the same way.
  std::filesystem::resize_file(path, static_cast<std::uintmax_t>(kMaxBvhMotionFileBytes) + 1);
  Result<Motion> motion = readMotionFile(path);
  ASSERT_FALSE(motion);
  EXPECT_NE(motion.error().message.find("more than a BVH file may be"), std::string::npos);
}

// Without Assimp's restriction, a root with position channels in any layout keeps them.
TEST(BvhLimits, ARootWithThreePositionsOfFourChannelsReads) {
  const std::string text =
      "HIERARCHY\nROOT R\n{\nOFFSET 1 2 3\nCHANNELS 4 Xposition Yposition Zposition Yrotation\n"
      "End Site\n{\nOFFSET 0 10 0\n}\n}\nMOTION\nFrames: 2\nFrame Time: 0.5\n0 0 0 0\n10 20 30 "
      "90\n";
  test::TempDir dir;
  test::writeText(dir.file("four.bvh"), text);
  Result<Motion> m = readMotionFile(dir.file("four.bvh"), {.metresPerUnit = 1.0});
  ASSERT_TRUE(m) << m.error().message;
  EXPECT_TRUE(m->rootPositions[1].isApprox(Eigen::Vector3d(11, 22, 33)));
  EXPECT_NEAR(m->rotation(1, 0).angularDistance(
                  Eigen::Quaterniond(Eigen::AngleAxisd(M_PI / 2, Eigen::Vector3d::UnitY()))),
              0, 1e-12);
}

}  // namespace
}  // namespace mg
