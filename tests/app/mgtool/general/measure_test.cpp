// SPDX-License-Identifier: MIT
// Runs the built mgtool binary (MGTOOL_PATH): mgtool measure.
#include <gtest/gtest.h>

#include "core/eval/eval_test_bvh.h"
#include "core/import/import_test_util.h"
#include "support/tool_run.h"

namespace mg {
namespace {

using test::ToolRun;

ToolRun mgtool(const std::vector<std::string>& args) {
  return test::runTool(MGTOOL_PATH, args);
}

// A walk with one pop at frame 20 and its "source", the same without the pop.
struct Files {
  test::TempDir dir;
  std::string walk = dir.file("walk.bvh"), source = dir.file("source.bvh");
  Files() {
    test::writeText(walk, test::stickFigureBvh(60, 30.0, [](int f) {
                      return Eigen::Vector3d(f == 20 ? 1.0 : 0.0, 90, 4.0 * f);
                    }));
    test::writeText(source, test::stickFigureBvh(
                                60, 30.0, [](int f) { return Eigen::Vector3d(0, 90, 4.0 * f); }));
  }
};

TEST(MgtoolMeasure, PrintsAccelerationSkateSourceAndCuts) {
  Files files;
  const ToolRun r =
      mgtool({"measure", files.walk, "--source", files.source, files.source, "--cuts", "20,40"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\"acceleration\": {"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"worst_frame\": 20"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"max\": 10.5882352941"), std::string::npos) << r.out;  // 2 x 900 / 170
  EXPECT_NE(r.out.find("\"skate\": {"), std::string::npos);
  EXPECT_NE(r.out.find("\"median_p99\": 0"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"p99_over_source_median_p99\""), std::string::npos);
  EXPECT_NE(r.out.find("\"velocity_jump_bhps\""), std::string::npos);
  EXPECT_NE(r.out.find("\"plants_across_cuts\""), std::string::npos);
}

TEST(MgtoolMeasure, BadCommandLinesAndFiles) {
  Files files;
  EXPECT_EQ(mgtool({"measure"}).status, 2);
  EXPECT_EQ(mgtool({"measure", files.walk, files.walk}).status, 2);
  EXPECT_EQ(mgtool({"measure", files.walk, "--source"}).status, 2);
  EXPECT_EQ(mgtool({"measure", files.walk, "--cuts", "1,x"}).status, 2);
  EXPECT_EQ(mgtool({"measure", files.walk, "--fps", "0"}).status, 2);
  const ToolRun missing = mgtool({"measure", files.dir.file("none.bvh")});
  EXPECT_EQ(missing.status, 1);
  EXPECT_NE(missing.err.find("none.bvh"), std::string::npos) << missing.err;
  test::writeText(files.dir.file("bad.bvh"), "HIERARCHY\nROOT a\n{\n");
  const ToolRun bad = mgtool({"measure", files.walk, "--source", files.dir.file("bad.bvh")});
  EXPECT_EQ(bad.status, 1);
  EXPECT_NE(bad.err.find("bad.bvh"), std::string::npos) << bad.err;
  const ToolRun help = mgtool({"measure", "--help"});
  EXPECT_EQ(help.status, 0);
  EXPECT_EQ(help.out.rfind("Usage: mgtool measure", 0), 0u) << help.out;
}

}  // namespace
}  // namespace mg
