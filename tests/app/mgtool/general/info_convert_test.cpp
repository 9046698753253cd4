// SPDX-License-Identifier: MIT
// Runs the built mgtool binary (MGTOOL_PATH): info, convert and the import child (general/).
#include <chrono>
#include <cstdio>

#include <gtest/gtest.h>

#include "core/import/assimp_motion.h"
#include "core/import/bvh_writer.h"
#include "core/import/import_test_util.h"
#include "core/import/isolated_import.h"
#include "core/import/motion_reader.h"
#include "support/synthetic_motion.h"
#include "support/tool_run.h"
#include "support/write_failure.h"

namespace mg {
namespace {

using test::ToolRun;

ToolRun mgtool(const std::vector<std::string>& args) {
  return test::runTool(MGTOOL_PATH, args);
}

const std::string kSmall = test::dataPath("small_walk.bvh");

TEST(MgtoolCli, InfoPrintsOneObjectPerFile) {
  const ToolRun r = mgtool({"info", kSmall, kSmall});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.front(), '[');
  EXPECT_NE(r.out.find("\"joints\": 9"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"frames\": 6"), std::string::npos);
  EXPECT_NE(r.out.find("\"fps\": 30,"), std::string::npos);
  EXPECT_NE(r.out.find("\"duration_s\": 0.2"), std::string::npos);
  EXPECT_NE(r.out.find("\"left_heel\": "), std::string::npos);
  EXPECT_NE(r.out.find("}\n]\n"), std::string::npos);
}

// A frame of a walk dropped to a calibration pose (legs spread 70 degrees) is listed with its
// frames, kind and joint; the clean walk lists none.
TEST(MgtoolCli, InfoListsTheFramesThatAreNotMotion) {
  test::TempDir dir;
  Motion walk = test::makeSwingMotion(240, 30.0);
  ASSERT_TRUE(writeBvhFile(walk, dir.file("clean.bvh")));
  const int joints = walk.jointCount();
  for (int j = 1; j < joints; ++j) {
    const std::string& name = walk.skeleton->joints[static_cast<size_t>(j)].name;
    const double degrees = name == "LeftUpLeg" ? 70 : name == "RightUpLeg" ? -70 : 0;
    walk.localRotations[static_cast<size_t>(100 * joints + j)] =
        Eigen::Quaterniond(Eigen::AngleAxisd(degrees * M_PI / 180, Eigen::Vector3d::UnitZ()));
  }
  ASSERT_TRUE(writeBvhFile(walk, dir.file("glitch.bvh")));
  const ToolRun clean = mgtool({"info", dir.file("clean.bvh")});
  EXPECT_EQ(clean.status, 0) << clean.err;
  EXPECT_NE(clean.out.find("\"glitches\": []"), std::string::npos) << clean.out;
  const ToolRun r = mgtool({"info", dir.file("glitch.bvh")});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\"begin_frame\": 100,"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"end_frame\": 101,"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"kind\": \"spike\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("UpLeg"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("frame 100: the pose jumps"), std::string::npos) << r.out;
}

TEST(MgtoolCli, InfoReportsAFailedFileAndGoesOn) {
  test::TempDir dir;
  const ToolRun r = mgtool({"info", dir.file("missing.bvh"), kSmall});
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find(dir.file("missing.bvh") + ": no such file"), std::string::npos) << r.err;
  EXPECT_NE(r.out.find("small_walk.bvh"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("missing.bvh"), std::string::npos);
}

TEST(MgtoolCli, InfoEscapesFileNamesInJson) {
  test::TempDir dir;
  const std::string odd = dir.file("we\"ird\\name.bvh");
  test::writeText(odd, test::readText(kSmall));
  const ToolRun r = mgtool({"info", odd});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("we\\\"ird\\\\name.bvh"), std::string::npos) << r.out;
}

TEST(MgtoolCli, ConvertWritesAReadableBvh) {
  test::TempDir dir;
  const std::string out = dir.file("out.bvh");
  const ToolRun r = mgtool({"convert", kSmall, out, "--fps", "60", "--trim", "1"});
  ASSERT_EQ(r.status, 0) << r.err;
  Result<Motion> m = readMotionFile(out);
  ASSERT_TRUE(m) << m.error().message;
  EXPECT_EQ(m->fps, 60.0);
  EXPECT_EQ(m->frameCount(), 9);  // frames 1..5 at 30 fps span 4/30 s: 9 frames at 60 fps
}

TEST(MgtoolCli, ConvertOfBadInputFailsAndKeepsTheOutput) {
  test::TempDir dir;
  const std::string bad = dir.file("bad.bvh"), out = dir.file("out.bvh");
  test::writeText(bad, "HIERARCHY\nROOT Hips\n{\n");
  test::writeText(out, "keep me");
  const ToolRun r = mgtool({"convert", bad, out});
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find(bad), std::string::npos) << r.err;
  EXPECT_EQ(test::readText(out), "keep me");
}

// "Frame Time: 1e300" resampled to 30 fps once aborted mgtool with std::length_error; the file is
// now refused when read (resampleMotion has its own bound, tested in resample_test.cpp).
TEST(MgtoolCli, ConvertOfAnAbsurdFrameTimeFailsWithAMessage) {
  test::TempDir dir;
  std::string text = test::readText(kSmall);
  const size_t at = text.find("Frame Time:");
  ASSERT_NE(at, std::string::npos);
  text.replace(at, text.find('\n', at) - at, "Frame Time: 1e300");
  const std::string slow = dir.file("slow.bvh"), out = dir.file("out.bvh");
  test::writeText(slow, text);
  const ToolRun r = mgtool({"convert", slow, out, "--fps", "30"});
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_NE(r.err.find("is not plausible for motion capture"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(out));
}

TEST(MgtoolCli, ConvertReadsAFileWithAByteOrderMark) {
  test::TempDir dir;
  const std::string marked = dir.file("marked.bvh"), out = dir.file("out.bvh");
  test::writeText(marked, "\xEF\xBB\xBF" + test::readText(kSmall));
  const ToolRun r = mgtool({"convert", marked, out});
  ASSERT_EQ(r.status, 0) << r.err;
  Result<Motion> m = readMotionFile(out);
  ASSERT_TRUE(m) << m.error().message;
  EXPECT_EQ(m->frameCount(), 6);
}

// A real full file system (a 64 KB tmpfs; only when the test may mount one): convert must fail
// with "Disk full", keep the old output byte for byte and leave no temporary behind.
TEST(MgtoolCli, ConvertOntoAFullDiskKeepsTheOldOutput) {
  test::SmallFilesystem fs(64);
  if (!fs.mounted()) GTEST_SKIP() << "cannot mount a tmpfs (needs root)";
  const std::string out = fs.file("out.bvh");
  ASSERT_EQ(mgtool({"convert", kSmall, out}).status, 0);
  const std::string old = test::readText(out);
  fs.fill();
  const ToolRun r = mgtool({"convert", kSmall, out, "--fps", "120"});  // 4x the frames: cannot fit
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("Disk full: " + out + " was not saved; your previous version is intact"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(test::readText(out), old);
  EXPECT_EQ(test::folderEntries(fs.path()), (std::vector<std::string>{"filler", "out.bvh"}));
}

TEST(MgtoolCli, ConvertRejectsAnotherOutputFormat) {
  test::TempDir dir;
  EXPECT_EQ(mgtool({"convert", kSmall, dir.file("out.fbx")}).status, 2);
}

// Third-party formats are imported by a child mgtool: the motion arrives exactly as Assimp read
// it, the bench prints both ways, and a child that runs out of memory is an error, not a crash.
TEST(MgtoolCli, ImportChildGivesExactlyAssimpsMotion) {
  const std::string gltf = test::dataPath("three_joint_chain.gltf");
  Result<Motion> direct = readAssimpMotion(gltf, {});
  Result<Motion> child = readAssimpMotionIsolated(gltf, MGTOOL_PATH);
  ASSERT_TRUE(direct && child) << (child ? "" : child.error().message);
  EXPECT_EQ(child->rootPositions, direct->rootPositions);
  ASSERT_EQ(child->localRotations.size(), direct->localRotations.size());
  for (size_t i = 0; i < child->localRotations.size(); ++i) {
    EXPECT_EQ(child->localRotations[i].coeffs(), direct->localRotations[i].coeffs());
  }
  const ToolRun info = mgtool({"info", gltf});
  EXPECT_EQ(info.status, 0) << info.err;
  EXPECT_NE(info.out.find("\"frames\": 3"), std::string::npos) << info.out;
  const ToolRun bench = mgtool({"bench", "import", gltf, "--repeat", "2"});
  EXPECT_EQ(bench.status, 0) << bench.err;
  EXPECT_NE(bench.out.find("\"isolated\": true"), std::string::npos) << bench.out;
  EXPECT_NE(bench.out.find("\"import_in_process\""), std::string::npos) << bench.out;
}

// A file whose name looks like an option ("-take.gltf", "--take.gltf", given after "--" or with
// its folder) reaches the child as a file: the child's command line ends its options before it.
TEST(MgtoolCli, ImportChildReadsAFileNamedLikeAnOption) {
  test::TempDir dir;
  const std::string gltf = test::readText(test::dataPath("three_joint_chain.gltf"));
  for (const char* name : {"-take.gltf", "--take.gltf", "-.5"}) {
    test::writeText(dir.file(name), gltf);
    const ToolRun r = test::runTool("/bin/sh", {"-c", "cd " + test::shellQuote(dir.file("")) +
                                                          " && " + test::shellQuote(MGTOOL_PATH) +
                                                          " info -- " + test::shellQuote(name)});
    EXPECT_EQ(r.status, 0) << name << ": " << r.err;
    EXPECT_NE(r.out.find("\"frames\": 3"), std::string::npos) << name << ": " << r.out;
  }
}

TEST(MgtoolCli, ImportChildOutOfMemoryIsAnError) {
  const std::string gltf = test::dataPath("three_joint_chain.gltf");
  IsolatedImportLimits limits;
  limits.memoryBytes = 1 << 20;  // below what the child already maps: every allocation fails
  Result<Motion> m = readAssimpMotionIsolated(gltf, MGTOOL_PATH, limits);
  ASSERT_FALSE(m);
  EXPECT_EQ(m.error().message.rfind(gltf, 0), 0u) << m.error().message;
  const bool clear = m.error().message.find("not enough memory") != std::string::npos ||
                     m.error().message.find("could not import the file") != std::string::npos;
  EXPECT_TRUE(clear) << m.error().message;
}

// Assimp's SMD loader loops forever on this truncated file; the child is killed at its limit
// (5 s + 1 s per started MB: 6 s).
TEST(MgtoolCli, AnImporterThatHangsIsStoppedWithAMessage) {
  const std::string smd =
      std::string(MG_TEST_DATA_DIR) + "/../fuzz/mgtool_regressions/assimp_smd_truncated_hangs.smd";
  const auto start = std::chrono::steady_clock::now();
  const ToolRun r = mgtool({"info", smd});
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_NE(r.err.find("could not import the file: the importer took more than 6 s"),
            std::string::npos)
      << r.err;
  EXPECT_LT(seconds, 10.0);
}

}  // namespace
}  // namespace mg
