// SPDX-License-Identifier: MIT
// readSnapGraph on damaged exports: every case fails with a message that says what is wrong.
#include <gtest/gtest.h>

#include "core/import/bvh_writer.h"
#include "core/import/import_motion_loader.h"
#include "core/io/snap_export_fixture.h"
#include "core/io/snap_import.h"

namespace mg {
namespace {

namespace fs = std::filesystem;

class SnapImportBadInput : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    s_swing = test::snappedSwing();
    ASSERT_TRUE(s_swing);
    s_dir = std::make_unique<test::TempDir>();
    const Status s = exportSnapGraph({&s_swing->graph, &s_swing->snapped, {}}, s_dir->file("good"));
    ASSERT_TRUE(s) << s.error().message;
  }
  static void TearDownTestSuite() {
    s_dir.reset();
    s_swing.reset();
  }
  // A fresh copy of the good export to damage.
  void SetUp() override {
    m_dir = m_temp.file("export");
    test::copyExport(s_dir->file("good"), m_dir);
    Result<Json> json = readJsonText(test::readText(m_dir + "/snap_graph.json"));
    ASSERT_TRUE(json);
    m_json = std::move(json.value());
  }
  Json& at(Json& v, const std::string& key) { return v.at(key); }
  Json& root(const std::string& key) { return at(m_json, key); }
  Json& hub(size_t h) { return root("hubs")[h]; }
  Json& clip(size_t c) { return root("clips")[c]; }
  // Writes the edited graph file and expects readSnapGraph to fail with every one of `parts`.
  void expectFailure(std::initializer_list<const char*> parts) {
    test::writeText(m_dir + "/snap_graph.json", jsonText(m_json, 2));
    expectReadFails(parts);
  }
  void expectReadFails(std::initializer_list<const char*> parts) {
    const Result<SnapGraphFile> r = readSnapGraph(m_dir, importMotionLoader());
    ASSERT_FALSE(r) << "expected a failure";
    for (const char* p : parts)
      EXPECT_NE(r.error().message.find(p), std::string::npos) << r.error().message;
  }

  static inline std::unique_ptr<test::SnappedSwing> s_swing;
  static inline std::unique_ptr<test::TempDir> s_dir;
  test::TempDir m_temp;
  std::string m_dir;
  Json m_json;
};

TEST_F(SnapImportBadInput, UntouchedCopyReads) {
  const Result<SnapGraphFile> r = readSnapGraph(m_dir, importMotionLoader());
  EXPECT_TRUE(r) << r.error().message;
}

// The clips come through the caller's loader, with the unit the graph file records, and its
// errors name the clip.
TEST_F(SnapImportBadInput, ClipsComeThroughTheGivenLoader) {
  std::vector<std::pair<std::string, double>> calls;
  const MotionFileLoader real = importMotionLoader();
  const MotionFileLoader counting = [&](const std::string& path, double metresPerUnit) {
    calls.emplace_back(path, metresPerUnit);
    return real(path, metresPerUnit);
  };
  const Result<SnapGraphFile> r = readSnapGraph(m_dir, counting);
  ASSERT_TRUE(r) << r.error().message;
  ASSERT_EQ(calls.size(), r->clips.size());
  for (size_t c = 0; c < calls.size(); ++c) {
    EXPECT_EQ(fs::path(calls[c].first), fs::path(m_dir) / r->clipFiles[c]);
    EXPECT_EQ(calls[c].second, kSnapClipMetresPerUnit);
  }
  const MotionFileLoader failing = [](const std::string& path,
                                      double) -> Result<std::shared_ptr<const Motion>> {
    return Error{path + ": refused by the test loader"};
  };
  const Result<SnapGraphFile> refused = readSnapGraph(m_dir, failing);
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().message.find("clips[0]"), std::string::npos) << refused.error().message;
  EXPECT_NE(refused.error().message.find("refused by the test loader"), std::string::npos);
  const Result<SnapGraphFile> none = readSnapGraph(m_dir, MotionFileLoader{});
  ASSERT_FALSE(none);
  EXPECT_NE(none.error().message.find("no motion loader"), std::string::npos)
      << none.error().message;
}

TEST_F(SnapImportBadInput, MissingGraphFile) {
  fs::remove(m_dir + "/snap_graph.json");
  expectReadFails({"snap_graph.json", "no such file"});
}

TEST_F(SnapImportBadInput, NotJson) {
  test::writeText(m_dir + "/snap_graph.json", "{\"format\": \"mgstudio.snap-graph\",");
  expectReadFails({"snap_graph.json", "line"});
}

TEST_F(SnapImportBadInput, WrongFormatTag) {
  root("format") = "mgstudio.pmg";
  expectFailure({"format is 'mgstudio.pmg'", "mgstudio.snap-graph"});
}

TEST_F(SnapImportBadInput, MissingFormatTag) {
  m_json.erase("format");
  expectFailure({"format: missing"});
}

TEST_F(SnapImportBadInput, NewerVersion) {
  root("version") = 2;
  expectFailure({"version 2 is not supported", "reads version 1"});
}

TEST_F(SnapImportBadInput, VersionNotANumber) {
  root("version") = "1";
  expectFailure({"version: must be a number"});
}

TEST_F(SnapImportBadInput, MissingTopLevelField) {
  m_json.erase("clips");
  expectFailure({"clips: missing"});
}

TEST_F(SnapImportBadInput, MissingNestedField) {
  hub(1).erase("common_pose");
  expectFailure({"hubs[1].common_pose: missing"});
}

TEST_F(SnapImportBadInput, WrongFieldType) {
  at(at(hub(0), "match_frames")[0], "frame") = "12";
  expectFailure({"hubs[0].match_frames[0].frame: must be a number"});
}

TEST_F(SnapImportBadInput, NonPositiveFps) {
  root("fps") = 0;
  expectFailure({"fps: must be positive"});
}

TEST_F(SnapImportBadInput, HubIndexOutOfRange) {
  at(clip(0), "to_hub") = 7;
  expectFailure({"clips[0].to_hub", "7 is out of range", "from 0 to 1"});
}

TEST_F(SnapImportBadInput, MatchIndexOutOfRange) {
  at(clip(1), "from_match") = -1;
  expectFailure({"clips[1].from_match", "out of range"});
}

TEST_F(SnapImportBadInput, BaseMatchOutOfRange) {
  at(hub(0), "base_match") = 100;
  expectFailure({"hubs[0].base_match", "out of range"});
}

TEST_F(SnapImportBadInput, MatchFrameOfAMissingMotion) {
  at(at(hub(0), "match_frames")[0], "motion") = 3;
  expectFailure({"hubs[0].match_frames[0].motion", "out of range"});
}

TEST_F(SnapImportBadInput, MatchFrameOnTheLastFrame) {
  Json& mf = at(hub(0), "match_frames")[0];
  at(mf, "frame") =
      at(root("motions")[static_cast<size_t>(at(mf, "motion").get<double>())], "frames");
  expectFailure({"hubs[0].match_frames[0].frame", "out of range"});
}

TEST_F(SnapImportBadInput, ClipSourceDisagreesWithItsHubs) {
  Json& source = at(clip(0), "source");
  at(source, "end_frame") = at(source, "end_frame").get<double>() + 1;
  expectFailure({"clips[0].source", "does not run from its from_match to its to_match"});
}

TEST_F(SnapImportBadInput, ClipAlignmentDisagreesWithItsHub) {
  at(at(clip(0), "begin_to_hub"), "theta") = 0.25;
  expectFailure({"clips[0]", "begin_to_hub"});
}

TEST_F(SnapImportBadInput, CommonPoseWithTheWrongJointCount) {
  at(at(at(hub(0), "common_pose"), "current"), "rotations").get_ref<JsonArray&>().pop_back();
  expectFailure({"hubs[0].common_pose.current.rotations", "joints"});
}

TEST_F(SnapImportBadInput, CommonPoseWithANonUnitRotation) {
  at(at(at(hub(1), "common_pose"), "next"), "rotations")[2] = JsonArray{2.0, 0.0, 0.0, 0.0};
  expectFailure({"hubs[1].common_pose.next.rotations[2]", "unit quaternion"});
}

TEST_F(SnapImportBadInput, JointParentIsNotAnEarlierJoint) {
  at(at(root("skeleton"), "joints")[2], "parent") = 5;
  expectFailure({"skeleton.joints[2].parent", "out of range"});
}

TEST_F(SnapImportBadInput, ClipFileMissing) {
  fs::remove(m_dir + "/" + at(clip(1), "file").get_ref<const std::string&>());
  expectReadFails({"clips[1]", "clip file missing", "clip_0001.bvh"});
}

TEST_F(SnapImportBadInput, ClipPathLeavesTheFolder) {
  at(clip(0), "file") = "../elsewhere/clip.bvh";
  expectFailure({"clips[0]", "leaves the export folder"});
}

TEST_F(SnapImportBadInput, ClipPathIsAbsolute) {
  at(clip(0), "file") = m_dir + "/clips/clip_0000.bvh";
  expectFailure({"clips[0]", "must be relative"});
}

TEST_F(SnapImportBadInput, ClipFileOfAnotherLength) {
  // Clip 0's file replaced by a longer clip's: the frame count gives it away.
  const std::string other = at(clip(1), "file").get_ref<const std::string&>();
  fs::copy_file(m_dir + "/" + other,
                m_dir + "/" + at(clip(0), "file").get_ref<const std::string&>(),
                fs::copy_options::overwrite_existing);
  ASSERT_NE(at(clip(0), "file_frames").get<double>(), at(clip(1), "file_frames").get<double>());
  expectReadFails({"clips[0]", "frames, the graph file says"});
}

TEST_F(SnapImportBadInput, ClipFileIsNotBvh) {
  test::writeText(m_dir + "/" + at(clip(0), "file").get_ref<const std::string&>(),
                  "HIERARCHY\nROOT\n");
  expectReadFails({"clips[0]", "clip_0000.bvh"});
}

TEST_F(SnapImportBadInput, SkeletonMismatchBetweenClips) {
  // Clip 1 rewritten with a renamed joint: its hierarchy no longer matches the first clip's.
  const Result<SnapGraphFile> good = readSnapGraph(m_dir, importMotionLoader());
  ASSERT_TRUE(good);
  Motion renamed = *good->clips[1];
  auto skeleton = std::make_shared<Skeleton>(*renamed.skeleton);
  skeleton->joints[3].name = "Tail";
  renamed.skeleton = skeleton;
  ASSERT_TRUE(writeBvhFile(renamed, m_dir + "/" + good->clipFiles[1]));
  expectReadFails({"clips[1]", "skeleton mismatch at joint 3", "'Tail'"});
}

TEST_F(SnapImportBadInput, SkeletonProportionsDifferBetweenClips) {
  const Result<SnapGraphFile> good = readSnapGraph(m_dir, importMotionLoader());
  ASSERT_TRUE(good);
  Motion longer = *good->clips[1];
  auto skeleton = std::make_shared<Skeleton>(*longer.skeleton);
  skeleton->joints[2].offset *= 1.2;
  longer.skeleton = skeleton;
  ASSERT_TRUE(writeBvhFile(longer, m_dir + "/" + good->clipFiles[1]));
  expectReadFails({"clips[1]", "skeleton mismatch", "another offset than in the first clip"});
}

TEST_F(SnapImportBadInput, ClipsDoNotFormTheHubGraph) {
  // Drop the first clip: its source range is then missing from the graph.
  root("clips").erase(root("clips").begin());
  expectFailure({"hubs and clips"});
}

}  // namespace
}  // namespace mg
