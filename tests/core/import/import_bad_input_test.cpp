// SPDX-License-Identifier: MIT
// Every kind of bad input gives an error that names the file and the problem; none crashes.
// The bad files are made in a temp folder from tests/data/small_walk.bvh.
#include <gtest/gtest.h>

#include "core/import/motion_reader.h"
#include "import_test_util.h"

namespace mg {
namespace {

class ImportBadInput : public ::testing::Test {
 protected:
  void SetUp() override { m_good = test::readText(test::dataPath("small_walk.bvh")); }

  // Text of small_walk.bvh with its second data line replaced by `line`.
  std::string withSecondDataLine(const std::string& line) const {
    std::string text = m_good;
    const size_t begin = text.find('\n', text.find("Frame Time:")) + 1;
    const size_t second = text.find('\n', begin) + 1;
    return text.replace(second, text.find('\n', second) - second, line);
  }
  std::string secondDataLine() const {
    const size_t begin = m_good.find('\n', m_good.find("Frame Time:")) + 1;
    const size_t second = m_good.find('\n', begin) + 1;
    return m_good.substr(second, m_good.find('\n', second) - second);
  }

  // Writes `text` as `name` and expects readMotionFile to fail with a message holding the path
  // and `problem`.
  void expectError(const std::string& name, const std::string& text, const std::string& problem) {
    const std::string path = m_dir.file(name);
    test::writeText(path, text);
    expectErrorAt(path, problem);
  }
  static void expectErrorAt(const std::string& path, const std::string& problem) {
    Result<Motion> m = readMotionFile(path);
    ASSERT_FALSE(m) << path << " was accepted";
    EXPECT_NE(m.error().message.find(path), std::string::npos) << m.error().message;
    EXPECT_NE(m.error().message.find(problem), std::string::npos) << m.error().message;
  }

  std::string m_good;
  test::TempDir m_dir;
};

TEST_F(ImportBadInput, TheValidBaseFileImports) {
  Result<Motion> m = readMotionFile(test::dataPath("small_walk.bvh"));
  ASSERT_TRUE(m) << m.error().message;
  EXPECT_EQ(m->frameCount(), 6);
}

// Editors on Windows start UTF-8 files with a byte-order mark; the motion must be the same.
TEST_F(ImportBadInput, ByteOrderMarkIsAccepted) {
  const std::string path = m_dir.file("bom.bvh");
  test::writeText(path, "\xEF\xBB\xBF" + m_good);
  Result<Motion> withMark = readMotionFile(path);
  ASSERT_TRUE(withMark) << withMark.error().message;
  Result<Motion> plain = readMotionFile(test::dataPath("small_walk.bvh"));
  ASSERT_TRUE(plain);
  ASSERT_EQ(withMark->frameCount(), plain->frameCount());
  ASSERT_EQ(withMark->jointCount(), plain->jointCount());
  EXPECT_EQ(withMark->fps, plain->fps);
  for (int f = 0; f < plain->frameCount(); ++f) {
    EXPECT_TRUE(withMark->rootPositions[f].isApprox(plain->rootPositions[f], 1e-12));
    for (int j = 0; j < plain->jointCount(); ++j) {
      EXPECT_NEAR(withMark->rotation(f, j).angularDistance(plain->rotation(f, j)), 0, 1e-12);
    }
  }
  // Under another extension it is still recognised as BVH by its first word.
  const std::string other = m_dir.file("bom.txt");
  test::writeText(other, "\xEF\xBB\xBF" + m_good);
  Result<Motion> byWord = readMotionFile(other);
  ASSERT_TRUE(byWord) << byWord.error().message;
  EXPECT_EQ(byWord->frameCount(), plain->frameCount());
}

TEST_F(ImportBadInput, MissingFile) {
  expectErrorAt(m_dir.file("absent.bvh"), "no such file");
}

TEST_F(ImportBadInput, EmptyFile) {
  expectError("empty.bvh", "", "empty");
}

TEST_F(ImportBadInput, TruncatedInTheData) {
  expectError("cut_data.bvh", m_good.substr(0, m_good.size() - 60), ":67: data line 6 has");
}

TEST_F(ImportBadInput, TruncatedInTheHierarchy) {
  expectError("cut_hierarchy.bvh", m_good.substr(0, m_good.find("JOINT RightLeg")), "missing '}'");
}

TEST_F(ImportBadInput, TruncatedAfterTheHeader) {
  expectError("no_data.bvh", m_good.substr(0, m_good.find('\n', m_good.find("Frame Time:")) + 1),
              "'Frames: 6' of 30 channels cannot fit in the 0 bytes that follow (truncated file");
}

TEST_F(ImportBadInput, TooFewNumbersOnALine) {
  const std::string line = secondDataLine();
  expectError("few.bvh", withSecondDataLine(line.substr(0, line.rfind(' '))),
              ":63: data line 2 has 29 numbers, but the hierarchy declares 30 channels");
}

// Assimp accepts this one: it reads the surplus number as the next frame's first channel.
TEST_F(ImportBadInput, TooManyNumbersOnALine) {
  expectError("many.bvh", withSecondDataLine(secondDataLine() + " 7.0"),
              ":63: data line 2 has 31 numbers");
}

TEST_F(ImportBadInput, NonNumericValue) {
  expectError("word.bvh", withSecondDataLine("abc" + secondDataLine().substr(6)),
              "'abc' is not a number");
}

// Assimp accepts NaN and infinity as channel values.
TEST_F(ImportBadInput, NanValue) {
  expectError("nan.bvh", withSecondDataLine("nan" + secondDataLine().substr(6)),
              "'nan' is not finite");
}

TEST_F(ImportBadInput, InfiniteValue) {
  expectError("inf.bvh", withSecondDataLine("-inf" + secondDataLine().substr(6)),
              "'-inf' is not finite");
}

TEST_F(ImportBadInput, NonNumericOffset) {
  std::string text = m_good;
  text.replace(text.find("OFFSET 0.0 20.0 0.0"), 19, "OFFSET 0.0 twenty 0.0");
  expectError("offset.bvh", text, ":8: an OFFSET value: 'twenty' is not a number");
}

// Assimp computes its duration as frames - 1 in unsigned arithmetic: 4294967295 ticks.
TEST_F(ImportBadInput, ZeroFrames) {
  expectError("zero.bvh",
              m_good.substr(0, m_good.find("MOTION")) + "MOTION\nFrames: 0\nFrame Time: 0.01\n",
              "no frames");
}

// Assimp accepts a zero frame time and produces NaN root positions.
TEST_F(ImportBadInput, ZeroFrameTime) {
  const size_t at = m_good.find("Frame Time: ") + 12;
  const std::string text =
      m_good.substr(0, at) + std::string("0") + m_good.substr(m_good.find('\n', at));
  expectError("zero_time.bvh", text, "'Frame Time:' must be positive");
}

TEST_F(ImportBadInput, AbsurdFrameTime) {
  std::string text = m_good;
  const size_t at = text.find("Frame Time:");
  text.replace(at, text.find('\n', at) - at, "Frame Time: 1e300");
  expectError("slow.bvh", text, "is not plausible for motion capture");
  text = m_good;
  text.replace(at, text.find('\n', at) - at, "Frame Time: 2.5");  // slow but possible
  const std::string path = m_dir.file("slow_ok.bvh");
  test::writeText(path, text);
  Result<Motion> m = readMotionFile(path);
  ASSERT_TRUE(m) << m.error().message;
  EXPECT_NEAR(m->fps, 0.4, 1e-9);
}

TEST_F(ImportBadInput, BinaryJunk) {
  std::string junk =
      "\x7f"
      "ELF";
  for (int i = 0; i < 200; ++i) junk += static_cast<char>((i * 37) % 256);
  expectError("junk.bvh", junk, "binary data");
}

TEST_F(ImportBadInput, NoHierarchy) {
  expectError("motion_only.bvh", m_good.substr(m_good.find("MOTION")), "expected 'HIERARCHY'");
}

TEST_F(ImportBadInput, NoMotionBlock) {
  expectError("hierarchy_only.bvh", m_good.substr(0, m_good.find("MOTION")), "no motion data");
}

TEST_F(ImportBadInput, RepeatedJointName) {
  std::string text = m_good;
  text.replace(text.find("JOINT RightUpLeg"), 16, "JOINT LeftUpLeg");
  expectError("twice.bvh", text, "'LeftUpLeg' is repeated");
}

TEST_F(ImportBadInput, MeshOnlyObj) {
  expectError("cube.obj",
              "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nv 0 0 1\nv 1 0 1\nf 1 2 3 4\nf 1 2 6 5\n",
              "no animation");
}

TEST_F(ImportBadInput, MeshOnlyPly) {
  expectError("tri.ply",
              "ply\nformat ascii 1.0\nelement vertex 3\nproperty float x\nproperty float y\n"
              "property float z\nelement face 1\nproperty list uchar int vertex_indices\n"
              "end_header\n0 0 0\n1 0 0\n0 1 0\n3 0 1 2\n",
              "no animation");
}

TEST_F(ImportBadInput, UnknownFormat) {
  expectError("notes.xyz123", "just some words\n", "cannot read");
}

TEST_F(ImportBadInput, Directory) {
  std::filesystem::create_directories(m_dir.file("folder.bvh"));
  expectErrorAt(m_dir.file("folder.bvh"), "is a directory");
}

}  // namespace
}  // namespace mg
