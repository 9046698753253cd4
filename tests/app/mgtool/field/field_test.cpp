// SPDX-License-Identifier: MIT
// Runs the mgtool binary: field build | run, bench field, on generated capture.
#include <filesystem>

#include <gtest/gtest.h>

#include "core/field/field_test_data.h"
#include "core/import/bvh_writer.h"
#include "core/util/json_text.h"
#include "support/gltf_validator.h"
#include "support/joint_distance.h"
#include "support/synthetic_motion.h"
#include "support/tool_run.h"

namespace mg {
namespace {

test::ToolRun mgtool(const std::vector<std::string>& args) {
  return test::runTool(MGTOOL_PATH, args);
}

class FieldCli : public ::testing::Test {
 protected:
  void SetUp() override {
    m_dir = std::filesystem::temp_directory_path() / ("mg_field_cli_" + std::to_string(::getpid()));
    std::filesystem::create_directories(m_dir);
    int i = 0;
    for (const auto& m : test::makeFieldMotions()) {
      const std::string path = (m_dir / ("walk" + std::to_string(i++) + ".bvh")).string();
      ASSERT_TRUE(writeBvhFile(*m, path));
      m_files.push_back(path);
    }
  }
  void TearDown() override { std::filesystem::remove_all(m_dir); }
  std::vector<std::string> withFiles(std::vector<std::string> args) {
    args.insert(args.begin() + 2, m_files.begin(), m_files.end());
    return args;
  }
  std::filesystem::path m_dir;
  std::vector<std::string> m_files;
};

TEST_F(FieldCli, BuildRunAndBadInput) {
  const std::string field = (m_dir / "walk.field").string();
  test::ToolRun b = mgtool(withFiles({"field", "build", "--out", field, "--tolerance", "0.01"}));
  ASSERT_EQ(b.status, 0) << b.err;
  EXPECT_NE(b.out.find("\"states\": "), std::string::npos) << b.out;
  EXPECT_NE(b.out.find("\"bellman_residual\": "), std::string::npos);
  EXPECT_NE(b.out.find("\"task\": \"direction\""), std::string::npos);

  const std::string walk = (m_dir / "walk_out.bvh").string();
  test::ToolRun r = mgtool({"field", "run", field, "--seconds", "6", "--out", walk, "--directions",
                            "0:0,3:90", "--push", "1.5:1:0", "--seed", "4"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\"frames\": 180"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"recovery_seconds\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"non_finite\": false"), std::string::npos);
  EXPECT_NE(r.out.find("\"start_motion\": \"walk"), std::string::npos) << r.out;
  EXPECT_TRUE(std::filesystem::file_size(walk) > 1000);
  // The same run as glTF (--format): the same world joint positions, a file the validator accepts.
  const std::string glb = (m_dir / "walk_out.motion").string();
  test::ToolRun g = mgtool({"field", "run", field, "--seconds", "6", "--out", glb, "--directions",
                            "0:0,3:90", "--push", "1.5:1:0", "--seed", "4", "--format", "glb"});
  ASSERT_EQ(g.status, 0) << g.err;
  const std::string named = (m_dir / "walk_glb.glb").string();
  std::filesystem::copy_file(glb, named);  // readMotionFile picks Assimp's glTF reader by the name
  EXPECT_LT(test::largestJointDistance(walk, named), 1e-4);
  MG_EXPECT_VALID_GLTF(named);

  // A direction field cannot follow a line.
  test::ToolRun line = mgtool({"field", "run", field, "--out", walk, "--line", "0:0:1"});
  EXPECT_EQ(line.status, 1);
  EXPECT_NE(line.err.find("cannot follow a line"), std::string::npos) << line.err;
  // A truncated field file: a clear message, nothing written.
  const std::string cut = (m_dir / "cut.field").string();
  std::filesystem::copy_file(field, cut);
  std::filesystem::resize_file(cut, std::filesystem::file_size(field) / 2);
  const std::string untouched = (m_dir / "untouched.bvh").string();
  test::ToolRun t = mgtool({"field", "run", cut, "--out", untouched});
  EXPECT_EQ(t.status, 1);
  EXPECT_NE(t.err.find("truncated"), std::string::npos) << t.err;
  EXPECT_FALSE(std::filesystem::exists(untouched));
  // A clip too short for a motion state.
  Motion two = test::makeSwingMotion(2);
  const std::string shortFile = (m_dir / "short.bvh").string();
  ASSERT_TRUE(writeBvhFile(two, shortFile));
  test::ToolRun s =
      mgtool(withFiles({"field", "build", "--out", (m_dir / "s.field").string(), shortFile}));
  EXPECT_EQ(s.status, 1);
  EXPECT_NE(s.err.find("at least 3 frames"), std::string::npos) << s.err;
  EXPECT_EQ(mgtool({"field", "build", "--out", field, "--task", "sideways", m_files[0]}).status, 2);
}

// A take with a frame that is not motion (the spine thrown 120 degrees for one frame): by default
// the field is built without it, saying so, and with --keep-glitches with it; a take that is all
// glitch gives a clear error.
TEST_F(FieldCli, BuildLeavesOutGlitchFrames) {
  Motion walk = test::makeSwingMotion(90);
  const int joints = walk.jointCount();
  const Eigen::Quaterniond thrown(Eigen::AngleAxisd(120 * M_PI / 180, Eigen::Vector3d::UnitX()));
  auto& spine = walk.localRotations[static_cast<size_t>(45 * joints + 1)];
  spine = thrown * spine;
  const std::string glitched = (m_dir / "glitched.bvh").string();
  ASSERT_TRUE(writeBvhFile(walk, glitched));
  auto states = [](const std::string& out) {
    const size_t at = out.find("\"states\": ");
    return at == std::string::npos ? -1 : std::stoi(out.substr(at + 10));
  };
  const std::string field = (m_dir / "g.field").string();
  test::ToolRun clean =
      mgtool(withFiles({"field", "build", "--out", field, "--passive", glitched}));
  ASSERT_EQ(clean.status, 0) << clean.err;
  EXPECT_NE(clean.err.find("glitched.bvh: left out (--keep-glitches keeps it): frame 45: the pose "
                           "jumps"),
            std::string::npos)
      << clean.err;
  test::ToolRun kept = mgtool(
      withFiles({"field", "build", "--out", field, "--passive", "--keep-glitches", glitched}));
  ASSERT_EQ(kept.status, 0) << kept.err;
  EXPECT_EQ(kept.err.find("left out"), std::string::npos) << kept.err;
  EXPECT_GT(states(kept.out), states(clean.out)) << clean.out << kept.out;

  // Three frames, the middle one thrown: nothing is left to build from.
  Motion three = test::makeSwingMotion(3);
  auto& middle = three.localRotations[static_cast<size_t>(1 * three.jointCount() + 1)];
  middle = thrown * middle;
  const std::string bad = (m_dir / "all_glitch.bvh").string();
  ASSERT_TRUE(writeBvhFile(three, bad));
  test::ToolRun none = mgtool({"field", "build", "--out", field, "--passive", bad});
  EXPECT_EQ(none.status, 1);
  EXPECT_NE(none.err.find("no frame of the capture is left"), std::string::npos) << none.err;
}

// field eval on the line task (Table 2): every controller of the comparison, and bad options.
TEST_F(FieldCli, EvalComparesBothControllersOnTheLineTask) {
  const std::string field = (m_dir / "walk.field").string();
  ASSERT_EQ(mgtool(withFiles({"field", "build", "--out", field, "--passive"})).status, 0);
  test::ToolRun e = mgtool({"field", "eval", field, "--task", "line", "--changes", "2",
                            "--interval", "3", "--threshold", "0.05", "--threads", "1"});
  ASSERT_EQ(e.status, 0) << e.err;
  for (const char* key : {"\"task\": \"line\"", "\"compressed_learning\": \"sampled\"", "\"N=1\"",
                          "\"N=30\"", "\"graph_controller\"", "\"faster_in_median\"",
                          "\"capture_turn_rate\"", "\"turn_rate\"", "\"physicality_weight\": 1"}) {
    EXPECT_NE(e.out.find(key), std::string::npos) << key << "\n" << e.out;
  }
  EXPECT_EQ(mgtool({"field", "eval", field, "--task", "sideways"}).status, 2);
  EXPECT_EQ(mgtool({"field", "eval", field, "--physicality", "-1"}).status, 2);
  EXPECT_EQ(mgtool({"field", "eval", field, "--compressed-learning", "some"}).status, 2);
}

// field trace: each change's frames until it is met, with the decision at each; a met change ends
// within 5 degrees of its heading. A field without a direction value function is refused.
TEST_F(FieldCli, TraceShowsEachChangeFrameByFrame) {
  const std::string field = (m_dir / "trace.field").string();
  ASSERT_EQ(mgtool(withFiles({"field", "build", "--out", field, "--tolerance", "0.01"})).status, 0);
  test::ToolRun t = mgtool({"field", "trace", field, "--changes", "3", "--interval", "3"});
  ASSERT_EQ(t.status, 0) << t.err;
  Result<Json> json = readJsonText(t.out);
  ASSERT_TRUE(json) << t.out;
  const Json& traces = (*json)["traces"];
  ASSERT_EQ(traces.size(), 3u);
  int met = 0;
  for (const Json& c : traces) {
    const Json& frames = c["frames"];
    ASSERT_FALSE(frames.empty());
    for (const Json& f : frames) {
      EXPECT_GE(f["action"].get<int>(), 0);
      EXPECT_LT(f["action"].get<int>(), f["actions"].get<int>());
      EXPECT_GE(f["q_best_turn"].get<double>(), -1e9);
      const Json& range = f["turn_range_deg_per_s"];
      EXPECT_LE(range[0].get<double>(), f["turn_deg_per_s"].get<double>() + 1e-9);
      EXPECT_GE(range[1].get<double>(), f["turn_deg_per_s"].get<double>() - 1e-9);
    }
    if (c["seconds"].is_null()) continue;
    ++met;
    EXPECT_LE(std::abs(frames.back()["error_deg"].get<double>()), 5.0) << c.dump();
    EXPECT_GT(std::abs(frames.front()["error_deg"].get<double>()), 5.0) << c.dump();
  }
  EXPECT_GT(met, 0);
  const std::string passive = (m_dir / "passive.field").string();
  ASSERT_EQ(mgtool(withFiles({"field", "build", "--out", passive, "--passive"})).status, 0);
  test::ToolRun refused = mgtool({"field", "trace", passive});
  EXPECT_EQ(refused.status, 1);
  EXPECT_NE(refused.err.find("no direction value function"), std::string::npos) << refused.err;
}

// With a walk that stops for good among the files, the stops section names it among the motions
// of the states with little mobility.
TEST_F(FieldCli, BenchPrintsFigures) {
  const std::string stop = (m_dir / "stop.bvh").string();
  ASSERT_TRUE(writeBvhFile(test::makeStoppingWalk(), stop));
  test::ToolRun b =
      mgtool(withFiles({"bench", "field", "--frames", "200", "--tolerance", "0.05", stop}));
  ASSERT_EQ(b.status, 0) << b.err;
  for (const char* key :
       {"\"kd_tree\"", "\"brute_force_gemm\"", "\"results_differing_from_kd_tree\": 0",
        "\"direction\"", "\"line\"", "\"passive\"", "\"controlled_direction\"", "\"stops\"",
        "\"mobility_metres\"", "\"start_survey\"", "\"stuck_where_the_data_has_no_escape\""}) {
    EXPECT_NE(b.out.find(key), std::string::npos) << key << "\n" << b.out;
  }
  const size_t motions = b.out.find("\"their_motions\"");
  ASSERT_NE(motions, std::string::npos);
  EXPECT_NE(b.out.find("\"stop\": ", motions), std::string::npos) << b.out;
}

}  // namespace
}  // namespace mg
