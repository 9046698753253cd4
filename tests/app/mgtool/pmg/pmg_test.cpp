// SPDX-License-Identifier: MIT
// Runs the built mgtool binary (MGTOOL_PATH): pmg build and pmg walk on bundled CMU capture.
#include <filesystem>

#include <gtest/gtest.h>

#include "core/import/bvh_writer.h"
#include "core/import/import_test_util.h"
#include "core/import/motion_reader.h"
#include "support/gltf_validator.h"
#include "support/joint_distance.h"
#include "support/synthetic_motion.h"
#include "support/tool_run.h"

namespace mg {
namespace {

using test::ToolRun;

ToolRun mgtool(const std::vector<std::string>& args) {
  return test::runTool(MGTOOL_PATH, args);
}

// `cd SPEC_DIR && mgtool pmg build spec.json --out ELSEWHERE/g.pmg` once wrote example paths
// relative to the working directory ("../mocap/x.bvh"), which do not resolve from ELSEWHERE.
TEST(MgtoolCli, PmgBuildFromARelativeSpecWritesPathsRelativeToTheOutput) {
  const std::string capture = std::string(MG_SAMPLE_DIR) + "/01_01.bvh";
  if (!std::filesystem::exists(capture)) GTEST_SKIP() << "no " << capture;
  test::TempDir dir;
  std::filesystem::create_directories(dir.file("mocap"));
  std::filesystem::create_directories(dir.file("specs"));
  std::filesystem::create_directories(dir.file("elsewhere/deeper"));
  std::filesystem::copy_file(capture, dir.file("mocap/x.bvh"));
  test::writeText(dir.file("specs/spec.json"), R"({
    "format": "mg-pmg-spec", "version": 1,
    "nodes": [{"name": "n", "parameters": [{"metric": "travel_speed"}],
               "examples": [{"file": "../mocap/x.bvh", "begin_frame": 0, "end_frame": 60},
                            {"file": "../mocap/x.bvh", "begin_frame": 60, "end_frame": 120},
                            {"file": "../mocap/x.bvh", "begin_frame": 120, "end_frame": 180}],
               "inversion": {"samples": 20, "seed": 1}}],
    "edges": []
  })");
  const std::string out = dir.file("elsewhere/deeper/g.pmg");
  const ToolRun r =
      test::runTool("/bin/sh", {"-c", "cd " + test::shellQuote(dir.file("specs")) + " && " +
                                          test::shellQuote(MGTOOL_PATH) +
                                          " pmg build spec.json --out " + test::shellQuote(out)});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string text = test::readText(out);
  const size_t at = text.find("example \"");
  ASSERT_NE(at, std::string::npos) << text;
  const size_t begin = at + 9, end = text.find('"', begin);
  const std::string path = text.substr(begin, end - begin);
  EXPECT_FALSE(std::filesystem::path(path).is_absolute()) << path;
  EXPECT_TRUE(std::filesystem::exists(std::filesystem::path(dir.file("elsewhere/deeper")) / path))
      << path << " does not resolve from the output's folder";
  EXPECT_EQ(
      std::filesystem::weakly_canonical(std::filesystem::path(dir.file("elsewhere/deeper")) / path),
      std::filesystem::weakly_canonical(dir.file("mocap/x.bvh")));
  // A walk of the parametric graph as glTF: the same world joint positions as its BVH.
  for (const char* name : {"w.bvh", "w.glb"}) {
    const ToolRun w = mgtool({"pmg", "walk", out, "--seconds", "2", "--out", dir.file(name)});
    ASSERT_EQ(w.status, 0) << w.err;
  }
  EXPECT_LT(test::largestJointDistance(dir.file("w.bvh"), dir.file("w.glb")), 1e-4);
  MG_EXPECT_VALID_GLTF(dir.file("w.glb"));
}

// An example that holds a frame that is not motion (a thigh flipped 150 degrees) is left out of
// its node with a note; --keep-glitches keeps it.
TEST(MgtoolCli, PmgBuildLeavesOutAnExampleThatHoldsACaptureGlitch) {
  const std::string capture = std::string(MG_SAMPLE_DIR) + "/01_01.bvh";
  if (!std::filesystem::exists(capture)) GTEST_SKIP() << "no " << capture;
  test::TempDir dir;
  Result<Motion> walk = readMotionFile(capture);
  ASSERT_TRUE(walk) << walk.error().message;
  ASSERT_TRUE(test::plantJointFlip(*walk, "RightUpLeg", 150, 150));
  ASSERT_TRUE(writeBvhFile(*walk, dir.file("x.bvh")));
  test::writeText(dir.file("spec.json"), R"({
    "format": "mg-pmg-spec", "version": 1,
    "nodes": [{"name": "n", "parameters": [{"metric": "travel_speed"}],
               "examples": [{"file": "x.bvh", "begin_frame": 60, "end_frame": 120},
                            {"file": "x.bvh", "begin_frame": 120, "end_frame": 180},
                            {"file": "x.bvh", "begin_frame": 180, "end_frame": 240}],
               "inversion": {"samples": 20, "seed": 1}}],
    "edges": []
  })");
  auto examples = [](const std::string& text) {
    int n = 0;
    for (size_t at = text.find("example \""); at != std::string::npos;
         at = text.find("example \"", at + 1))
      ++n;
    return n;
  };
  const ToolRun left = mgtool({"pmg", "build", dir.file("spec.json"), "--out", dir.file("l.pmg")});
  ASSERT_EQ(left.status, 0) << left.err;
  EXPECT_NE(left.err.find("node 'n': example x.bvh frames 120-179 left out (--keep-glitches "
                          "keeps it): frame 150"),
            std::string::npos)
      << left.err;
  EXPECT_EQ(examples(test::readText(dir.file("l.pmg"))), 2);
  const ToolRun kept = mgtool(
      {"pmg", "build", dir.file("spec.json"), "--keep-glitches", "--out", dir.file("k.pmg")});
  ASSERT_EQ(kept.status, 0) << kept.err;
  EXPECT_EQ(kept.err.find("left out"), std::string::npos) << kept.err;
  EXPECT_EQ(examples(test::readText(dir.file("k.pmg"))), 3);
}

}  // namespace
}  // namespace mg
