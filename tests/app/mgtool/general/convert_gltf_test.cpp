// SPDX-License-Identifier: MIT
// Runs the built mgtool (MGTOOL_PATH): `convert` to .glb and .gltf on bundled CMU capture, read
// back by the project's reader and checked by the Khronos glTF validator; the refusals of --format.
#include <filesystem>
#include <fstream>
#include <random>
#include <string>

#include <gtest/gtest.h>

#include "support/capture.h"
#include "support/gltf_validator.h"
#include "support/joint_distance.h"
#include "support/tool_run.h"

namespace mg {
namespace {

namespace fs = std::filesystem;
using test::ToolRun;

ToolRun mgtool(const std::vector<std::string>& args) {
  return test::runTool(MGTOOL_PATH, args);
}

class GltfCli : public ::testing::Test {
 protected:
  void SetUp() override {
    m_dir = fs::temp_directory_path() / ("mg_gltf_cli_" + std::to_string(std::random_device{}()));
    fs::create_directories(m_dir);
  }
  void TearDown() override { fs::remove_all(m_dir); }
  std::string file(const std::string& name) const { return (m_dir / name).string(); }
  fs::path m_dir;
};

const std::string kCapture = test::capturePath("cmu_turns/16_55.bvh");

TEST_F(GltfCli, ConvertedCaptureHasTheBvhJointPositions) {
  for (const char* name : {"turn.glb", "turn.gltf"}) {
    const ToolRun run = mgtool({"convert", kCapture, file(name)});
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_LT(test::largestJointDistance(kCapture, file(name)), 1e-4) << name;  // 0.1 mm
  }
}

TEST_F(GltfCli, KhronosValidatorFindsNoErrorOrWarning) {
  const std::string glb = file("turn.glb"), gltf = file("turn.gltf");
  ASSERT_EQ(mgtool({"convert", kCapture, glb}).status, 0);
  ASSERT_EQ(mgtool({"convert", kCapture, gltf, "--fps", "30"}).status, 0);
  const test::GltfValidation probe = test::validateGltf(glb);
  if (!probe.available) GTEST_SKIP() << "the glTF validator is not installed: " << probe.why;
  EXPECT_TRUE(probe.valid) << probe.report;
  const test::GltfValidation text = test::validateGltf(gltf);
  EXPECT_TRUE(text.valid) << text.report;
  // The check can fail: a file with a broken buffer length is reported.
  std::string bytes;
  {
    std::ifstream in(glb, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  bytes.resize(bytes.size() - 100);
  const std::string cut = file("cut.glb");
  std::ofstream(cut, std::ios::binary) << bytes;
  EXPECT_FALSE(test::validateGltf(cut).valid);
}

TEST_F(GltfCli, FormatOptionIsCheckedAgainstTheName) {
  const ToolRun clash = mgtool({"convert", kCapture, file("a.glb"), "--format", "bvh"});
  EXPECT_EQ(clash.status, 2);
  EXPECT_NE(clash.err.find("ends in .glb"), std::string::npos) << clash.err;
  const ToolRun unknown = mgtool({"convert", kCapture, file("a.usd")});
  EXPECT_EQ(unknown.status, 2);
  EXPECT_NE(unknown.err.find("cannot tell the format"), std::string::npos) << unknown.err;
  const ToolRun fbx = mgtool({"convert", kCapture, file("a.fbx")});
  EXPECT_EQ(fbx.status, 2);
  EXPECT_NE(fbx.err.find("FBX is not offered"), std::string::npos) << fbx.err;
  // A name without a known extension is written in the format asked for.
  const ToolRun named = mgtool({"convert", kCapture, file("a.motion"), "--format", "glb"});
  ASSERT_EQ(named.status, 0) << named.err;
  std::ifstream in(file("a.motion"), std::ios::binary);
  char magic[4] = {};
  in.read(magic, 4);
  EXPECT_EQ(std::string(magic, 4), "glTF");
  for (const char* f : {"a.glb", "a.usd", "a.fbx"}) EXPECT_FALSE(fs::exists(file(f))) << f;
}

}  // namespace
}  // namespace mg
