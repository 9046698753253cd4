// SPDX-License-Identifier: MIT
// Export of a snapped graph and reading it back: round trip, playback of the export.
#include "core/io/snap_export.h"

#include <sys/stat.h>

#include <algorithm>
#include <atomic>
#include <map>
#include <set>

#include <gtest/gtest.h>

#include "core/import/import_motion_loader.h"
#include "core/io/graph_input.h"
#include "core/io/snap_export_fixture.h"
#include "core/io/snap_import.h"
#include "core/snap/clip_sequence.h"
#include "support/write_failure.h"

namespace mg {
namespace {

class SnapExportTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    s_swing = test::snappedSwing();
    ASSERT_TRUE(s_swing);
    s_dir = std::make_unique<test::TempDir>();
    const Status s = exportSnapGraph({&s_swing->graph, &s_swing->snapped, {0.004, 8, 0, 1.5}},
                                     s_dir->file("export"));
    ASSERT_TRUE(s) << s.error().message;
  }
  static void TearDownTestSuite() {
    s_dir.reset();
    s_swing.reset();
  }
  static std::string exportDir() { return s_dir->file("export"); }
  static inline std::unique_ptr<test::SnappedSwing> s_swing;
  static inline std::unique_ptr<test::TempDir> s_dir;
};

TEST_F(SnapExportTest, WritesATaggedVersionedGraphFileAndOneBvhPerClip) {
  const Result<Json> json = readJsonText(test::readText(exportDir() + "/snap_graph.json"));
  ASSERT_TRUE(json) << json.error().message;
  EXPECT_EQ(json->at("format").get_ref<const std::string&>(), "mgstudio.snap-graph");
  EXPECT_EQ(json->at("version").get<double>(), 1.0);
  const auto& clips = json->at("clips");
  ASSERT_EQ(clips.size(), s_swing->graph.edges.size());
  ASSERT_GE(clips.size(), 2u);
  for (const Json& c : clips)
    EXPECT_TRUE(
        std::filesystem::exists(exportDir() + "/" + c.at("file").get_ref<const std::string&>()));
  // No temporary files are left behind.
  for (const auto& e : std::filesystem::recursive_directory_iterator(exportDir()))
    EXPECT_EQ(e.path().filename().string().find(".tmp"), std::string::npos) << e.path();
}

TEST_F(SnapExportTest, RoundTripGivesTheSameGraphPosesAndClips) {
  const Result<SnapGraphFile> file = readSnapGraph(exportDir(), importMotionLoader());
  ASSERT_TRUE(file) << file.error().message;
  const HubGraph& g = s_swing->graph;
  EXPECT_EQ(file->fps, 30.0);
  EXPECT_EQ(file->settings.thresholdM2, 0.004);
  EXPECT_EQ(file->settings.wminFrames, 8);
  EXPECT_EQ(file->settings.buildSeconds, 1.5);
  // The quality report sees the recorded build time and trim.
  Result<std::unique_ptr<GraphInput>> input = openGraphInput(exportDir(), importMotionLoader());
  ASSERT_TRUE(input) << input.error().message;
  EXPECT_EQ((*input)->size().buildSeconds, 1.5);
  ASSERT_FALSE((*input)->sources().empty());
  EXPECT_EQ((*input)->sources()[0].trimLeadingFrames, 0);
  ASSERT_TRUE(file->skeleton);
  EXPECT_TRUE(file->skeleton->sameHierarchy(*s_swing->originals[0]->skeleton));
  EXPECT_EQ(file->graph.frameCounts, g.frameCounts);
  ASSERT_EQ(file->motions.size(), g.frameCounts.size());
  EXPECT_EQ(file->motions[0].name, s_swing->snapped.motions[0]->name);
  ASSERT_EQ(file->graph.hubs.size(), g.hubs.size());
  for (size_t h = 0; h < g.hubs.size(); ++h) {
    const Hub &a = g.hubs[h], &b = file->graph.hubs[h];
    EXPECT_EQ(a.baseMatch, b.baseMatch);
    ASSERT_EQ(a.matchFrames.size(), b.matchFrames.size());
    for (size_t k = 0; k < a.matchFrames.size(); ++k) {
      EXPECT_EQ(a.matchFrames[k].ref, b.matchFrames[k].ref);
      EXPECT_EQ(a.matchFrames[k].toHub.theta,
                b.matchFrames[k].toHub.theta);  // exact: JSON keeps doubles
      EXPECT_EQ(a.matchFrames[k].toHub.x, b.matchFrames[k].toHub.x);
      EXPECT_EQ(a.matchFrames[k].toHub.z, b.matchFrames[k].toHub.z);
      EXPECT_EQ(a.matchFrames[k].distance, b.matchFrames[k].distance);
    }
    const PoseTriple &pa = s_swing->snapped.commonPoses[h], &pb = file->commonPoses[h];
    for (auto [x, y] : {std::pair{&pa.previous, &pb.previous},
                        {&pa.current, &pb.current},
                        {&pa.next, &pb.next}}) {
      EXPECT_EQ(x->rootPosition, y->rootPosition);
      ASSERT_EQ(x->localRotations.size(), y->localRotations.size());
      for (size_t j = 0; j < x->localRotations.size(); ++j)
        EXPECT_EQ(x->localRotations[j].coeffs(), y->localRotations[j].coeffs());
    }
  }
  ASSERT_EQ(file->graph.edges.size(), g.edges.size());
  ASSERT_EQ(file->clips.size(), g.edges.size());
  for (size_t e = 0; e < g.edges.size(); ++e) {
    const HubEdge &a = g.edges[e], &b = file->graph.edges[e];
    EXPECT_EQ(a.fromHub, b.fromHub);
    EXPECT_EQ(a.toHub, b.toHub);
    EXPECT_EQ(a.fromMatch, b.fromMatch);
    EXPECT_EQ(a.toMatch, b.toMatch);
    EXPECT_EQ(a.clip, b.clip);
    // The clip file: frames begin-1 .. end+1 of the snapped motion, within BVH precision.
    const Motion& source = *s_swing->snapped.motions[a.clip.motion];
    const Motion& clip = *file->clips[e];
    ASSERT_EQ(clip.frameCount(), a.clip.frameCount() + 3);
    for (int f = 0; f < clip.frameCount(); ++f) {
      const int s = a.clip.beginFrame - 1 + f;
      EXPECT_LT((clip.rootPositions[f] - source.rootPositions[s]).norm(), 1e-6)
          << "clip " << e << " frame " << f;
      for (int j = 0; j < clip.jointCount(); ++j)
        EXPECT_LT(clip.rotation(f, j).angularDistance(source.rotation(s, j)), 1e-6)
            << "clip " << e << " frame " << f;
    }
  }
}

TEST_F(SnapExportTest, PlayingTheExportReproducesTheSnappedMotions) {
  const Result<SnapGraphFile> file = readSnapGraph(exportDir(), importMotionLoader());
  ASSERT_TRUE(file) << file.error().message;
  const Result<PlayableSnapGraph> playable = playableSnapGraph(*file);
  ASSERT_TRUE(playable) << playable.error().message;
  const HubGraph pruned = pruneDeadEnds(s_swing->graph);
  EXPECT_EQ(playable->graph.hubs.size(), pruned.hubs.size());
  EXPECT_EQ(playable->graph.edges.size(), pruned.edges.size());
  ASSERT_TRUE(ClipSequencePlayer::validateFor(playable->graph, playable->motions));
  // A random walk over the export, and the same edges played over the in-memory snapped graph.
  RandomWalkStream walk(playable->graph, playable->motions, 0, 99);
  ClipSequencePlayer reference(s_swing->graph, s_swing->snapped.motions);
  Pose a, b;
  size_t pushed = 0;
  for (int i = 0; i < 2000; ++i) {
    ASSERT_TRUE(walk.next(a));
    for (; pushed < walk.edgesTaken().size(); ++pushed)
      ASSERT_TRUE(reference.pushEdge(playable->fileClipOfEdge[walk.edgesTaken()[pushed]]));
    ASSERT_TRUE(reference.next(b));
    ASSERT_LT((a.rootPosition - b.rootPosition).norm(), 1e-6) << "frame " << i;
    for (size_t j = 0; j < a.localRotations.size(); ++j)
      ASSERT_LT(a.localRotations[j].angularDistance(b.localRotations[j]), 1e-6);
  }
  EXPECT_GT(walk.edgesTaken().size(), 10u);
}

TEST_F(SnapExportTest, WalkOverTheExportIsContinuousAcrossCuts) {
  const Result<SnapGraphFile> file = readSnapGraph(exportDir(), importMotionLoader());
  ASSERT_TRUE(file) << file.error().message;
  const Result<PlayableSnapGraph> playable = playableSnapGraph(*file);
  ASSERT_TRUE(playable) << playable.error().message;
  double maxStep = 0;
  for (const auto& m : playable->motions)
    for (int f = 1; f < m->frameCount(); ++f)
      maxStep = std::max(maxStep, (m->rootPositions[f] - m->rootPositions[f - 1]).norm());
  RandomWalkStream stream(playable->graph, playable->motions, 0, 4321,
                          FloorTransform{1.0, -2.0, 0.5});
  Pose previous, pose;
  ASSERT_TRUE(stream.next(previous));
  int cuts = 0;
  for (int i = 0; i < 3000; ++i) {
    const int edgeBefore = stream.player().currentEdge();
    const FloorTransform before = stream.player().rootTransform();
    ASSERT_TRUE(stream.next(pose)) << "stopped at frame " << i;
    EXPECT_LE((pose.rootPosition - previous.rootPosition).norm(), maxStep + 1e-6) << "frame " << i;
    if (stream.player().rootTransform().theta != before.theta ||
        stream.player().currentEdge() != edgeBefore) {
      // At a cut the new clip's first frame is where the old clip's next frame (the hub pose) is.
      const HubEdge& in = playable->graph.edges[edgeBefore];
      const Motion& m = *playable->motions[in.clip.motion];
      if (stream.player().currentEdge() != edgeBefore) ++cuts;
      EXPECT_LT((pose.rootPosition - before.apply(m.rootPositions[in.clip.endFrame])).norm(), 1e-5)
          << "cut at " << i;
      EXPECT_LT(
          pose.localRotations[0].angularDistance(before.apply(m.rotation(in.clip.endFrame, 0))),
          1e-5);
    }
    previous = pose;
  }
  EXPECT_GT(cuts, 20);
}

TEST_F(SnapExportTest, WalkOverTheExportIsDeterministicForASeed) {
  const Result<SnapGraphFile> file = readSnapGraph(exportDir(), importMotionLoader());
  ASSERT_TRUE(file) << file.error().message;
  const Result<PlayableSnapGraph> playable = playableSnapGraph(*file);
  ASSERT_TRUE(playable) << playable.error().message;
  auto run = [&](std::uint64_t seed) {
    RandomWalkStream stream(playable->graph, playable->motions, 0, seed);
    Pose pose;
    std::vector<double> values;
    for (int i = 0; i < 1500; ++i) {
      EXPECT_TRUE(stream.next(pose));
      values.push_back(pose.rootPosition.x() + pose.rootPosition.z() + pose.localRotations[3].w());
    }
    return std::make_pair(values, stream.edgesTaken());
  };
  EXPECT_EQ(run(5), run(5));
  ASSERT_GT(playable->graph.edges.size(), playable->graph.hubs.size());  // so walks can differ
  EXPECT_NE(run(5).second, run(6).second);
}

TEST(SnapExport, GraphWithoutACycleIsNotPlayable) {
  test::TempDir dir;
  const Status s = test::exportAcyclicGraph(dir.file("acyclic"));
  ASSERT_TRUE(s) << s.error().message;
  const Result<SnapGraphFile> file = readSnapGraph(dir.file("acyclic"), importMotionLoader());
  ASSERT_TRUE(file) << file.error().message;  // a valid export, just not walkable
  EXPECT_EQ(file->graph.edges.size(), 1u);
  const Result<PlayableSnapGraph> playable = playableSnapGraph(*file);
  ASSERT_FALSE(playable);
  EXPECT_NE(playable.error().message.find("no cycle"), std::string::npos)
      << playable.error().message;
}

// Every file of an export with its inode (a rename changes it) and content.
std::map<std::string, std::pair<ino_t, std::string>> exportFiles(const std::string& dir) {
  std::map<std::string, std::pair<ino_t, std::string>> files;
  for (const auto& e : std::filesystem::recursive_directory_iterator(dir)) {
    if (!e.is_regular_file()) continue;
    struct stat st {};
    ::stat(e.path().c_str(), &st);
    files[std::filesystem::relative(e.path(), dir).string()] = {st.st_ino,
                                                                test::readText(e.path().string())};
  }
  return files;
}

// A write failure in the middle of an export (a file-size limit, then a really full tmpfs when
// the test may mount one) replaces none of the previous export's files and leaves no temporary.
TEST(SnapExport, ExportThatCannotBeWrittenReplacesNothing) {
  const auto swing = test::snappedSwing();
  ASSERT_TRUE(swing);
  const SnapExportInput input{&swing->graph, &swing->snapped, {0.004, 8, 0}};
  test::TempDir dir;
  const std::string out = dir.file("export");
  ASSERT_TRUE(exportSnapGraph(input, out));
  const auto before = exportFiles(out);
  ASSERT_GT(before.size(), 2u);
  Status s = Status::success();
  {
    test::FileSizeLimit limit(2048);
    s = exportSnapGraph(input, out);
  }
  ASSERT_FALSE(s);
  EXPECT_NE(s.error().message.find("the previous export in " + out + " is intact"),
            std::string::npos)
      << s.error().message;
  EXPECT_EQ(exportFiles(out), before);

  test::SmallFilesystem fs(1024);
  if (!fs.mounted()) GTEST_SKIP() << "cannot mount a tmpfs (needs root)";
  const std::string small = fs.file("export");
  ASSERT_TRUE(exportSnapGraph(input, small));
  const auto first = exportFiles(small);
  fs.fill();
  const Status full = exportSnapGraph(input, small);
  ASSERT_FALSE(full);
  EXPECT_EQ(full.error().message.rfind("Disk full: ", 0), 0u) << full.error().message;
  EXPECT_EQ(exportFiles(small), first);
}

// The author's hub names and colours are kept, and name the clip files after their hubs.
TEST(SnapExport, KeepsHubNamesAndColoursAndNamesClipsFromHubToHub) {
  const auto swing = test::snappedSwing();
  ASSERT_TRUE(swing);
  SnapExportInput input{&swing->graph, &swing->snapped, {0.004, 8, 0}, {}};
  const size_t hubs = swing->graph.hubs.size();
  ASSERT_GE(hubs, 2u);
  for (size_t h = 0; h < hubs; ++h) {
    input.hubLabels.push_back(
        {h == 0 ? "Walk start" : "Hub/" + std::to_string(h), h == 0 ? "#ff8800" : ""});
  }
  test::TempDir dir;
  const std::string out = dir.file("named");
  ASSERT_TRUE(exportSnapGraph(input, out));
  const Result<SnapGraphFile> file = readSnapGraph(out, importMotionLoader());
  ASSERT_TRUE(file) << file.error().message;
  EXPECT_LT(file->settings.buildSeconds, 0);  // not given: not written, unknown on reading
  ASSERT_EQ(file->hubLabels.size(), hubs);
  EXPECT_EQ(file->hubLabels[0].name, "Walk start");
  EXPECT_EQ(file->hubLabels[0].colour, "#ff8800");
  EXPECT_EQ(file->hubLabels[1].name, "Hub/1");
  // Clip files: FROM_to_TO.bvh with unsafe characters replaced, a counter for repeats, all
  // distinct.
  std::map<std::pair<int, int>, int> seen;
  std::set<std::string> names;
  for (size_t e = 0; e < swing->graph.edges.size(); ++e) {
    const HubEdge& edge = swing->graph.edges[e];
    auto stem = [&](int h) {
      return h == 0 ? std::string("Walk_start") : "Hub_" + std::to_string(h);
    };
    const int n = ++seen[{edge.fromHub, edge.toHub}];
    const std::string expected = "clips/" + stem(edge.fromHub) + "_to_" + stem(edge.toHub) +
                                 (n > 1 ? "_" + std::to_string(n) : std::string()) + ".bvh";
    EXPECT_EQ(file->clipFiles[e], expected);
    EXPECT_TRUE(names.insert(file->clipFiles[e]).second);
    EXPECT_TRUE(std::filesystem::exists(out + "/" + expected));
  }
  // Without labels, the numbered names as before; bad labels are refused.
  EXPECT_EQ(snapClipFileNames(SnapExportInput{&swing->graph, &swing->snapped, {}, {}})[0],
            "clips/clip_0000.bvh");
  SnapExportInput bad = input;
  bad.hubLabels.pop_back();
  EXPECT_FALSE(bad.validate());
  bad = input;
  bad.hubLabels[0].colour = "orange";
  EXPECT_FALSE(bad.validate());
  bad = input;
  bad.hubLabels[1].name.clear();
  EXPECT_FALSE(bad.validate());
}

TEST(SnapExport, RejectsInputThatDoesNotMatchTheGraph) {
  const auto swing = test::snappedSwing();
  ASSERT_TRUE(swing);
  EXPECT_FALSE(SnapExportInput{}.validate());
  EXPECT_FALSE((SnapExportInput{&swing->graph, nullptr, {}}.validate()));
  SnapResult fewer = swing->snapped;
  fewer.motions.pop_back();
  EXPECT_FALSE((SnapExportInput{&swing->graph, &fewer, {}}.validate()));
  SnapResult noPoses = swing->snapped;
  noPoses.commonPoses.clear();
  EXPECT_FALSE((SnapExportInput{&swing->graph, &noPoses, {}}.validate()));
  test::TempDir dir;
  EXPECT_FALSE(exportSnapGraph({&swing->graph, &noPoses, {}}, dir.file("x")));
  EXPECT_FALSE(std::filesystem::exists(dir.file("x/snap_graph.json")));
}

}  // namespace
}  // namespace mg

namespace mg {
namespace {

// The editor runs the export as a background job: progress rises to 1, and a cancel before the
// files are written leaves the previous export as it was.
TEST(SnapExport, ReportsProgressAndCancelsWithoutWriting) {
  const auto swing = test::snappedSwing();
  ASSERT_TRUE(swing);
  const SnapExportInput input{&swing->graph, &swing->snapped, {}};
  test::TempDir dir;
  const std::string out = dir.file("export");
  std::vector<double> reports;
  std::atomic<bool> cancel{false};
  const Progress progress(&cancel, [&reports](double f) { reports.push_back(f); });
  ASSERT_TRUE(exportSnapGraph(input, out, progress));
  ASSERT_GE(reports.size(), swing->graph.edges.size());
  EXPECT_TRUE(std::is_sorted(reports.begin(), reports.end()));
  EXPECT_EQ(reports.back(), 1.0);
  const std::string before = test::readText(out + "/snap_graph.json");

  cancel = true;
  const Status cancelled = exportSnapGraph(input, out, progress);
  ASSERT_FALSE(cancelled);
  EXPECT_NE(cancelled.error().message.find("export cancelled"), std::string::npos)
      << cancelled.error().message;
  EXPECT_EQ(test::readText(out + "/snap_graph.json"), before);
  EXPECT_TRUE(readSnapGraph(out, importMotionLoader()));
}

}  // namespace
}  // namespace mg
