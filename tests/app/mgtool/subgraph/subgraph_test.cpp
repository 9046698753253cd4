// SPDX-License-Identifier: MIT
// Runs the built mgtool binary (MGTOOL_PATH): subgraph on Assimp's two CMU samples (skipped when
// absent) end to end (export, check, walk through both walk commands) and every bad input the
// issue lists: keys outside a motion, overlapping or empty keys, a gamma no path can meet, mixed
// skeletons; a failing run leaves an earlier export untouched.
#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "core/import/bvh_writer.h"
#include "core/import/import_test_util.h"
#include "core/import/motion_reader.h"
#include "core/io/subgraph_export.h"
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

const std::string kWalk1 = test::samplePath("01_01.bvh");
const std::string kWalk3 = test::samplePath("01_03.bvh");
const std::string kBoxing = test::samplePath("Boxing_Toes.bvh");

struct Key {
  std::string name, file;
  int begin, end;
};

std::string keysFile(const test::TempDir& dir, const std::vector<Key>& keys,
                     const std::string& name = "keys.json") {
  std::string text = R"({"format": "mgstudio.keys", "version": 1, "keys": [)";
  for (size_t i = 0; i < keys.size(); ++i) {
    text += (i ? ", " : "") + std::string(R"({"name": ")") + keys[i].name + R"(", "file": ")" +
            keys[i].file + R"(", "begin_frame": )" + std::to_string(keys[i].begin) +
            R"(, "end_frame": )" + std::to_string(keys[i].end) + "}";
  }
  text += "]}";
  const std::string path = dir.file(name);
  test::writeText(path, text);
  return path;
}

std::vector<Key> goodKeys() {
  return {{"walk", kWalk1, 400, 520}, {"turn", kWalk3, 1000, 1100}, {"stop", kWalk3, 3000, 3080}};
}

// The integer after `"name": ` in the JSON text, or -1.
long long jsonInt(const std::string& text, const std::string& name) {
  const size_t at = text.find("\"" + name + "\": ");
  return at == std::string::npos ? -1 : std::stoll(text.substr(at + name.size() + 4));
}

// A take with one frame that is not motion (a thigh flipped 150 degrees): the database motion
// graph has no vertex there and stderr says so; --keep-glitches builds from it.
TEST(MgtoolDmgCliGlitches, AGlitchFrameIsLeftOutUnlessKept) {
  test::TempDir dir;
  Motion walk = test::makeSwingMotion(300, 30.0, 1.0, 0.5);
  ASSERT_TRUE(test::plantJointFlip(walk, "RightUpLeg", 150, 150));
  const std::string file = dir.file("glitched.bvh");
  ASSERT_TRUE(writeBvhFile(walk, file));
  const ToolRun left = mgtool({"dmg", file});
  ASSERT_EQ(left.status, 0) << left.err;
  EXPECT_EQ(jsonInt(left.out, "glitch_frames_left_out"), 1) << left.out;
  EXPECT_EQ(jsonInt(left.out, "database_frames"), 300) << left.out;
  EXPECT_LT(jsonInt(left.out, "vertices"), 300) << left.out;
  EXPECT_NE(
      left.err.find("glitched.bvh: left out (--keep-glitches keeps it), at 30 fps: frame 150"),
      std::string::npos)
      << left.err;
  const ToolRun kept = mgtool({"dmg", file, "--keep-glitches"});
  ASSERT_EQ(kept.status, 0) << kept.err;
  EXPECT_EQ(jsonInt(kept.out, "glitch_frames_left_out"), 0) << kept.out;
  EXPECT_EQ(kept.err.find("left out"), std::string::npos) << kept.err;
}

TEST(MgtoolSubgraphCli, ExportsChecksAndWalks) {
  MG_REQUIRE_FILE(kWalk1);
  MG_REQUIRE_FILE(kWalk3);
  test::TempDir dir;
  const std::string out = dir.file("sub");
  const ToolRun run = mgtool({"subgraph", kWalk1, kWalk3, "--keys", keysFile(dir, goodKeys()),
                              "--gamma", "30", "--out", out, "--format", "gltf"});
  ASSERT_EQ(run.status, 0) << run.err;
  // --format gltf: every clip also as .gltf (and its .bin) beside its BVH, the same positions.
  int copies = 0;
  for (const std::filesystem::directory_entry& e :
       std::filesystem::directory_iterator(std::filesystem::path(out) / "clips")) {
    if (e.path().extension() != ".bvh") continue;
    const std::string gltf = std::filesystem::path(e.path()).replace_extension(".gltf").string();
    ASSERT_TRUE(std::filesystem::exists(std::filesystem::path(e.path()).replace_extension(".bin")))
        << gltf;
    EXPECT_LT(test::largestJointDistance(e.path().string(), gltf), 1e-4) << gltf;
    if (copies++ == 0) MG_EXPECT_VALID_GLTF(gltf);
  }
  EXPECT_GT(copies, 0);
  const long long pairs = jsonInt(run.out, "key_pairs");
  EXPECT_GT(pairs, 1000);
  EXPECT_EQ(jsonInt(run.out, "key_pairs_satisfied"), pairs) << run.out;
  EXPECT_LT(jsonInt(run.out, "subgraph_vertices"), jsonInt(run.out, "core_vertices"));
  EXPECT_LT(jsonInt(run.out, "core_vertices"), jsonInt(run.out, "dmg_vertices"));
  // The export re-checks on its own, and both walk commands play it as one continuous BVH.
  const ToolRun check = mgtool({"subgraph", "check", out});
  EXPECT_EQ(check.status, 0) << check.err;
  for (const std::vector<std::string>& walk :
       {std::vector<std::string>{"walk", out}, std::vector<std::string>{"subgraph", "walk", out}}) {
    std::vector<std::string> args = walk;
    const std::string bvh = dir.file("walk_" + std::to_string(walk.size()) + ".bvh");
    for (const char* a : {"--seconds", "4", "--out"}) args.push_back(a);
    args.push_back(bvh);
    const ToolRun w = mgtool(args);
    ASSERT_EQ(w.status, 0) << walk[0] << ": " << w.err;
    Result<Motion> played = readMotionFile(bvh);
    ASSERT_TRUE(played) << played.error().message;
    EXPECT_EQ(played->frameCount(), 120);
    // The same walk as glTF: the same world joint positions, a file the validator accepts.
    const std::string glb = dir.file("walk_" + std::to_string(walk.size()) + ".glb");
    args.back() = glb;
    const ToolRun g = mgtool(args);
    ASSERT_EQ(g.status, 0) << walk[0] << ": " << g.err;
    EXPECT_LT(test::largestJointDistance(bvh, glb), 1e-4) << walk[0];
    MG_EXPECT_VALID_GLTF(glb);
  }
  // The same keys given as --key options give the same subgraph.
  const ToolRun again = mgtool({"subgraph", kWalk1, kWalk3, "--key", kWalk1 + ":400:520", "--key",
                                kWalk3 + ":1000:1100", "--key", kWalk3 + ":3000:3080", "--gamma",
                                "30", "--out", dir.file("again")});
  ASSERT_EQ(again.status, 0) << again.err;
  EXPECT_EQ(jsonInt(again.out, "subgraph_vertices"), jsonInt(run.out, "subgraph_vertices"));
}

TEST(MgtoolSubgraphCli, BadInputNamesTheKeyOrPairAndKeepsTheEarlierExport) {
  MG_REQUIRE_FILE(kWalk1);
  MG_REQUIRE_FILE(kWalk3);
  MG_REQUIRE_FILE(kBoxing);
  test::TempDir dir;
  const std::string out = dir.file("sub");
  ASSERT_EQ(mgtool({"subgraph", kWalk1, kWalk3, "--keys", keysFile(dir, goodKeys()), "--out", out})
                .status,
            0);
  const std::string before = test::readText(out + "/" + kSubgraphFileName);
  ASSERT_FALSE(before.empty());
  struct Case {
    const char* what;
    std::vector<Key> keys;
    std::vector<std::string> extra;
    std::vector<std::string> expected;  // substrings of stderr
  };
  const std::vector<Case> cases = {
      {"key outside its motion",
       {{"walk", kWalk1, 400, 520}, {"late", kWalk1, 2700, 2900}},
       {},
       {"'late'"}},
      {"overlapping keys",
       {{"walk", kWalk1, 400, 520}, {"again", kWalk1, 500, 600}},
       {},
       {"'walk'", "'again'", "overlap"}},
      {"empty key", {{"walk", kWalk1, 400, 520}, {"none", kWalk3, 700, 700}}, {}, {"'none'"}},
      {"a gamma no path can meet",
       goodKeys(),
       {"--gamma", "3", "--strict"},
       {"gamma 3 cannot be met", "key '", "->"}},
      {"mixed skeletons", goodKeys(), {kBoxing}, {"Boxing_Toes.bvh", "different skeletons"}},
  };
  for (const Case& c : cases) {
    std::vector<std::string> args = {"subgraph", kWalk1, kWalk3};
    args.insert(args.end(), c.extra.begin(), c.extra.end());
    for (const std::string& a :
         {std::string("--keys"), keysFile(dir, c.keys, "bad.json"), std::string("--out"), out})
      args.push_back(a);
    const ToolRun r = mgtool(args);
    EXPECT_NE(r.status, 0) << c.what;
    for (const std::string& s : c.expected)
      EXPECT_NE(r.err.find(s), std::string::npos) << c.what << ": " << r.err;
    EXPECT_EQ(test::readText(out + "/" + kSubgraphFileName), before) << c.what;
  }
  // Command-line mistakes are usage errors.
  EXPECT_EQ(mgtool({"subgraph", kWalk1, "--key", "nonsense", "--out", out}).status, 2);
  EXPECT_EQ(
      mgtool({"subgraph", kWalk1, "--key", kWalk1 + ":1:5", "--gamma", "0", "--out", out}).status,
      2);
  EXPECT_EQ(mgtool({"subgraph", kWalk1, "--key", kWalk1 + ":1:5"}).status, 2);  // no --out
}

}  // namespace
}  // namespace mg
