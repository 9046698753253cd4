// SPDX-License-Identifier: MIT
// Runs the built mgtool binary (MGTOOL_PATH): pmg build and pmg walk on bundled CMU capture.
#include <filesystem>

#include <gtest/gtest.h>

#include "core/import/import_test_util.h"
#include "support/gltf_validator.h"
#include "support/joint_distance.h"
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

}  // namespace
}  // namespace mg
