// SPDX-License-Identifier: MIT
// Runs the built mgtool binary (MGTOOL_PATH): snap, walk, bench walk and bench snap end to end on
// Assimp's boxing sample (skipped when absent) and on synthetic exports.
#include <cstdio>

#include <gtest/gtest.h>

#include "core/import/bvh_writer.h"
#include "core/import/import_motion_loader.h"
#include "core/import/motion_reader.h"
#include "core/io/snap_export_fixture.h"
#include "core/io/snap_import.h"
#include "support/gltf_validator.h"
#include "support/joint_distance.h"
#include "support/synthetic_motion.h"
#include "support/tool_run.h"

namespace mg {
namespace {

namespace fs = std::filesystem;

using test::ToolRun;

ToolRun mgtool(const std::vector<std::string>& args) {
  return test::runTool(MGTOOL_PATH, args);
}

const std::string kBoxing = test::samplePath("Boxing_Toes.bvh");

// One `mgtool snap` of the boxing sample, shared by the tests that read its export.
class MgtoolSnapCli : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    if (!fs::exists(kBoxing)) return;
    s_dir = std::make_unique<test::TempDir>();
    s_run = mgtool({"snap", kBoxing, "--hubs", "3", "--wmin", "10", "--out", exportDir()});
  }
  static void TearDownTestSuite() { s_dir.reset(); }
  void SetUp() override {
    MG_REQUIRE_FILE(kBoxing);
    ASSERT_EQ(s_run.status, 0) << s_run.err;
  }
  static std::string exportDir() { return s_dir->file("boxing"); }
  static inline std::unique_ptr<test::TempDir> s_dir;
  static inline ToolRun s_run;
};

TEST(MgtoolSnapCliHelp, EveryNewCommandHasHelp) {
  for (const std::vector<std::string>& words :
       std::vector<std::vector<std::string>>{{"snap", "--help"},
                                             {"walk", "--help"},
                                             {"bench", "walk", "--help"},
                                             {"bench", "snap", "--help"}}) {
    const ToolRun r = mgtool(words);
    EXPECT_EQ(r.status, 0) << words[0];
    EXPECT_EQ(r.out.rfind("Usage: mgtool " + words[0], 0), 0u) << r.out;
    EXPECT_NE(r.out.find("--help"), std::string::npos);
  }
  const ToolRun list = mgtool({"--help"});
  EXPECT_NE(list.out.find("snap"), std::string::npos);
  EXPECT_NE(list.out.find("walk"), std::string::npos);
  const ToolRun bench = mgtool({"bench", "--help"});
  EXPECT_NE(bench.out.find("walk"), std::string::npos);
  EXPECT_NE(bench.out.find("snap"), std::string::npos);
}

// A take with one frame that is not motion (a thigh flipped 150 degrees): by default no clip of
// the graph plays across it and stderr says so; --keep-glitches builds from it.
TEST(MgtoolSnapCliGlitches, NoClipPlaysAcrossAGlitchUnlessKept) {
  test::TempDir dir;
  Motion walk = test::makeSwingMotion(300, 30.0, 1.0, 0.5);
  ASSERT_TRUE(test::plantJointFlip(walk, "RightUpLeg", 150, 150));
  const std::string file = dir.file("glitched.bvh");
  ASSERT_TRUE(writeBvhFile(walk, file));
  auto leftOut = [](const std::string& out) {
    const size_t at = out.find("\"glitch_edges_left_out\": ");
    return at == std::string::npos ? -1 : std::stoi(out.substr(at + 25));
  };
  const ToolRun clean =
      mgtool({"snap", file, "--hubs", "2", "--threshold", "0.02", "--out", dir.file("clean")});
  ASSERT_EQ(clean.status, 0) << clean.err;
  EXPECT_GT(leftOut(clean.out), 0) << clean.out;
  EXPECT_NE(clean.err.find("glitched, at the working rate: no clip across it (--keep-glitches "
                           "keeps it): frame 150"),
            std::string::npos)
      << clean.err;
  const ToolRun kept = mgtool({"snap", file, "--hubs", "2", "--threshold", "0.02",
                               "--keep-glitches", "--out", dir.file("kept")});
  ASSERT_EQ(kept.status, 0) << kept.err;
  EXPECT_EQ(leftOut(kept.out), 0) << kept.out;
  EXPECT_EQ(kept.err.find("no clip across it"), std::string::npos) << kept.err;
}

TEST(MgtoolSnapCliUsage, BadCommandLinesExitWithUsageOrFailure) {
  test::TempDir dir;
  EXPECT_EQ(mgtool({"snap"}).status, 2);
  EXPECT_EQ(mgtool({"snap", kBoxing}).status, 2);  // no --out
  EXPECT_EQ(mgtool({"snap", kBoxing, "--hubs", "0", "--out", dir.file("x")}).status, 2);
  EXPECT_EQ(mgtool({"snap", kBoxing, "--wmin", "1", "--out", dir.file("x")}).status, 2);
  const ToolRun missing = mgtool({"snap", dir.file("missing.bvh"), "--out", dir.file("x")});
  EXPECT_EQ(missing.status, 1);
  EXPECT_NE(missing.err.find("missing.bvh"), std::string::npos) << missing.err;
  EXPECT_FALSE(fs::exists(dir.file("x/snap_graph.json")));
  EXPECT_EQ(mgtool({"walk"}).status, 2);
  EXPECT_EQ(mgtool({"walk", dir.file("x")}).status, 2);  // no --out
  const ToolRun noExport = mgtool({"walk", dir.file("x"), "--out", dir.file("w.bvh")});
  EXPECT_EQ(noExport.status, 1);
  EXPECT_NE(noExport.err.find("snap_graph.json: no such file"), std::string::npos) << noExport.err;
}

TEST_F(MgtoolSnapCli, SnapPrintsEveryFigureAndWritesTheExport) {
  const Result<Json> json = readJsonText(s_run.out);
  ASSERT_TRUE(json) << s_run.out;
  for (const char* key : {"hubs", "edges", "dead_ends", "largest_scc", "max_pos_jump_before_m",
                          "max_pos_jump_after_m", "max_vel_jump_after_mps", "skate_before_mps",
                          "skate_after_mps", "seconds", "threshold_m2"}) {
    ASSERT_TRUE(jsonFind(*json, key) && json->at(key).is_number()) << key << " in " << s_run.out;
  }
  const auto number = [&](const char* key) { return json->at(key).get<double>(); };
  EXPECT_EQ(number("hubs"), 3);
  EXPECT_GE(number("edges"), 3);
  EXPECT_EQ(number("dead_ends") + number("largest_scc"), number("hubs"));
  EXPECT_LT(number("max_pos_jump_after_m"), 1e-3);
  EXPECT_GT(number("max_pos_jump_before_m"), number("max_pos_jump_after_m"));
  EXPECT_LT(number("max_vel_jump_after_mps"), 1e-2);
  EXPECT_GT(number("skate_before_mps"), 0);
  EXPECT_GT(number("threshold_m2"), 0);  // the automatic threshold
  // The export: the graph file and one BVH per edge, readable by the core reader.
  const Result<SnapGraphFile> file = readSnapGraph(exportDir(), importMotionLoader());
  ASSERT_TRUE(file) << file.error().message;
  EXPECT_EQ(static_cast<double>(file->graph.edges.size()), number("edges"));
  int bvhFiles = 0;
  for (const auto& e : fs::directory_iterator(exportDir() + "/clips"))
    bvhFiles += e.path().extension() == ".bvh";
  EXPECT_EQ(bvhFiles, static_cast<int>(number("edges")));
}

TEST_F(MgtoolSnapCli, SnapRejectsAFileWithAnotherSkeleton) {
  test::TempDir dir;
  const std::string other = test::dataPath("small_walk.bvh");
  const ToolRun r = mgtool({"snap", kBoxing, other, "--hubs", "2", "--out", dir.file("out")});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("small_walk.bvh: rejected: its skeleton differs from that of"),
            std::string::npos)
      << r.err;
  const Result<Json> json = readJsonText(r.out);
  ASSERT_TRUE(json) << r.out;
  ASSERT_EQ(json->at("rejected_files").size(), 1u);
  EXPECT_EQ(json->at("rejected_files")[0].get_ref<const std::string&>(), other);
  EXPECT_EQ(json->at("motions").get<double>(), 1);
}

TEST_F(MgtoolSnapCli, WalkWritesOneContinuousBvhDeterministicForASeed) {
  test::TempDir dir;
  const ToolRun a =
      mgtool({"walk", exportDir(), "--seconds", "20", "--seed", "3", "--out", dir.file("a.bvh")});
  ASSERT_EQ(a.status, 0) << a.err;
  const Result<Json> json = readJsonText(a.out);
  ASSERT_TRUE(json) << a.out;
  EXPECT_EQ(json->at("frames").get<double>(), 600);
  EXPECT_GT(json->at("cuts").get<double>(), 0);
  ASSERT_EQ(
      mgtool({"walk", exportDir(), "--seconds", "20", "--seed", "3", "--out", dir.file("b.bvh")})
          .status,
      0);
  ASSERT_EQ(
      mgtool({"walk", exportDir(), "--seconds", "20", "--seed", "4", "--out", dir.file("c.bvh")})
          .status,
      0);
  EXPECT_EQ(test::readText(dir.file("a.bvh")), test::readText(dir.file("b.bvh")));
  EXPECT_NE(test::readText(dir.file("a.bvh")), test::readText(dir.file("c.bvh")));

  const Result<Motion> walk = readMotionFile(dir.file("a.bvh"), {.metresPerUnit = 0.01});
  ASSERT_TRUE(walk) << walk.error().message;
  ASSERT_EQ(walk->frameCount(), 600);
  // Continuous: no root step larger than the largest step inside any clip (BVH rounding aside).
  const Result<SnapGraphFile> file = readSnapGraph(exportDir(), importMotionLoader());
  ASSERT_TRUE(file) << file.error().message;
  double maxClipStep = 0;
  for (const auto& c : file->clips)
    for (int f = 1; f < c->frameCount(); ++f)
      maxClipStep = std::max(maxClipStep, (c->rootPositions[f] - c->rootPositions[f - 1]).norm());
  for (int f = 1; f < walk->frameCount(); ++f)
    EXPECT_LE((walk->rootPositions[f] - walk->rootPositions[f - 1]).norm(), maxClipStep + 1e-5)
        << "frame " << f;
}

// --format glb (or a .glb name) writes the same walk as glTF: the same world joint positions as
// the BVH of the same seed, and a file the Khronos validator accepts.
TEST_F(MgtoolSnapCli, WalkAsGltfHasTheBvhWalkJointPositions) {
  test::TempDir dir;
  const std::vector<std::string> walk{"walk",   exportDir(), "--seconds", "5",
                                      "--seed", "3",         "--out"};
  auto with = [&](std::vector<std::string> extra) {
    std::vector<std::string> args = walk;
    args.insert(args.end(), extra.begin(), extra.end());
    return mgtool(args);
  };
  ASSERT_EQ(with({dir.file("w.bvh")}).status, 0);
  const ToolRun glb = with({dir.file("w.glb")});
  ASSERT_EQ(glb.status, 0) << glb.err;
  ASSERT_EQ(with({dir.file("w.walk"), "--format", "gltf"}).status, 0);
  EXPECT_LT(test::largestJointDistance(dir.file("w.bvh"), dir.file("w.glb")), 1e-4);
  MG_EXPECT_VALID_GLTF(dir.file("w.glb"));
  EXPECT_TRUE(fs::exists(dir.file("w.bin")));  // the .gltf's buffer, named after it
  EXPECT_EQ(with({dir.file("w2.glb"), "--format", "bvh"}).status, 2);
}

// --format glb writes every clip also as .glb beside its BVH: the same world joint positions; a
// later export without it removes them with the rest of the earlier export.
TEST_F(MgtoolSnapCli, ClipCopiesAsGlbMatchTheirBvhAndGoWithTheExport) {
  test::TempDir dir;
  const std::string out = dir.file("e");
  const ToolRun run =
      mgtool({"snap", kBoxing, "--hubs", "3", "--wmin", "10", "--out", out, "--format", "glb"});
  ASSERT_EQ(run.status, 0) << run.err;
  int clips = 0;
  for (const fs::directory_entry& e : fs::directory_iterator(fs::path(out) / "clips")) {
    if (e.path().extension() != ".bvh") continue;
    const std::string glb = fs::path(e.path()).replace_extension(".glb").string();
    ASSERT_TRUE(fs::exists(glb)) << glb;
    EXPECT_LT(test::largestJointDistance(e.path().string(), glb), 1e-4) << glb;
    if (clips++ == 0) MG_EXPECT_VALID_GLTF(glb);
  }
  EXPECT_GT(clips, 2);
  ASSERT_EQ(mgtool({"snap", kBoxing, "--hubs", "3", "--wmin", "10", "--out", out}).status, 0);
  for (const fs::directory_entry& e : fs::recursive_directory_iterator(out))
    EXPECT_NE(e.path().extension(), ".glb") << e.path();
  const ToolRun fbx =
      mgtool({"snap", kBoxing, "--hubs", "3", "--out", dir.file("f"), "--format", "fbx"});
  EXPECT_EQ(fbx.status, 2);
  EXPECT_NE(fbx.err.find("FBX is not offered"), std::string::npos) << fbx.err;
}

// Sets x of every non-identity floor transform ({theta, x, z}) to `x`.
void moveTransforms(Json& v, double x) {
  if (v.is_array()) {
    for (Json& e : v) moveTransforms(e, x);
  } else if (v.is_object()) {
    auto& o = v;
    if (o.count("theta") && o.count("x") && o.count("z") && o.at("x").get<double>() != 0)
      o.at("x") = x;
    for (auto& [key, e] : o.get_ref<JsonObject&>()) moveTransforms(e, x);
  }
}

// An export whose numbers are absurd (a unit of 1e60 m, written as asked in centimetres; hub
// transforms 1e300 m away): the walk cannot be written as BVH. mgtool must say so and exit 1, not
// write garbage and exit 0. (Without --units the first walk is written in the clips' own unit of
// 1e60 m, the numbers they hold.)
TEST_F(MgtoolSnapCli, WalkOfAnExportWithAbsurdNumbersFailsCleanly) {
  test::TempDir dir;
  const std::string copy = dir.file("absurd");
  const std::string graphFile = copy + "/snap_graph.json";
  for (int variant = 0; variant < 2; ++variant) {
    std::filesystem::remove_all(copy);
    test::copyExport(exportDir(), copy);
    Result<Json> json = readJsonText(test::readText(graphFile));
    ASSERT_TRUE(json);
    if (variant == 0)
      json->at("bvh_metres_per_unit") = 1e60;
    else
      moveTransforms(*json, 1e300);
    test::writeText(graphFile, jsonText(*json, 2));
    std::vector<std::string> args = {"walk", copy, "--seconds", "5", "--out", dir.file("w.bvh")};
    if (variant == 0) args.insert(args.end(), {"--units", "cm"});
    const ToolRun r = mgtool(args);
    EXPECT_EQ(r.status, 1) << "variant " << variant << ": " << r.err;
    EXPECT_FALSE(r.err.empty());
    EXPECT_FALSE(fs::exists(dir.file("w.bvh")))
        << "variant " << variant << ": " << test::readText(dir.file("w.bvh")).substr(0, 2000);
  }
}

TEST(MgtoolWalkCli, GraphWithoutACycleFailsCleanly) {
  test::TempDir dir;
  const Status s = test::exportAcyclicGraph(dir.file("acyclic"));
  ASSERT_TRUE(s) << s.error().message;
  const ToolRun r = mgtool({"walk", dir.file("acyclic"), "--out", dir.file("w.bvh")});
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("no cycle"), std::string::npos) << r.err;
  EXPECT_TRUE(r.out.empty());
  EXPECT_FALSE(fs::exists(dir.file("w.bvh")));
}

TEST_F(MgtoolSnapCli, BenchWalkOverTheExportPrintsRates) {
  const ToolRun r = mgtool({"bench", "walk", exportDir(), "--frames", "20000"});
  ASSERT_EQ(r.status, 0) << r.err;
  const Result<Json> json = readJsonText(r.out);
  ASSERT_TRUE(json) << r.out;
  EXPECT_EQ(json->at("source").get_ref<const std::string&>(), "export");
  for (const char* run : {"without_fk", "with_fk"}) {
    const Json* o = jsonFind(*json, run);
    ASSERT_TRUE(o) << r.out;
    EXPECT_EQ(o->at("frames").get<double>(), 20000);
    EXPECT_GT(o->at("frames_per_second").get<double>(), 0);
  }
}

TEST_F(MgtoolSnapCli, BenchSnapTimesGridAndSuggestionSeparately) {
  const ToolRun r = mgtool({"bench", "snap", kBoxing, "--hubs", "2", "--threads", "1"});
  ASSERT_EQ(r.status, 0) << r.err;
  const Result<Json> json = readJsonText(r.out);
  ASSERT_TRUE(json) << r.out;
  for (const char* key :
       {"grid_seconds", "suggest_seconds", "hub_graph_seconds", "build_job_seconds"})
    EXPECT_GT(json->at(key).get<double>(), 0) << key;
  EXPECT_EQ(json->at("hubs").get<double>(), 2);
}

}  // namespace
}  // namespace mg
