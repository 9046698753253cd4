// SPDX-License-Identifier: MIT
#include "core/io/subgraph_export.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>

#include <gtest/gtest.h>

#include "core/dmg/dmg_builder.h"
#include "core/dmg/dmg_walk.h"
#include "core/import/import_motion_loader.h"
#include "core/import/import_test_util.h"
#include "core/import/motion_reader.h"
#include "core/io/graph_input.h"
#include "support/synthetic_motion.h"

namespace mg {
namespace {

namespace fs = std::filesystem;

struct Exported {
  std::vector<std::shared_ptr<const Motion>> motions;
  DatabaseMotionGraph graph;
  std::vector<KeySegment> keys = {{"slow", 0, 20, 26}, {"fast", 1, 30, 34}};
  Requirement requirement;
  SubgraphResult result;
  VerificationReport report;
  fs::path dir;
};

Exported exportOnce(const std::string& name, RequirementKind kind = RequirementKind::PairTime) {
  Exported x;
  // Names of their own, so a test can tell which motion a label names.
  Motion slow = test::makeSwingMotion(150, 30.0, 1.0, 0.5),
         fast = test::makeSwingMotion(120, 30.0, 1.4, 0.4);
  slow.name = "slow swing";
  fast.name = "fast swing";
  x.motions.push_back(std::make_shared<Motion>(std::move(slow)));
  x.motions.push_back(std::make_shared<Motion>(std::move(fast)));
  std::vector<const Motion*> p = {x.motions[0].get(), x.motions[1].get()};
  DmgBuildSettings settings;
  settings.threshold = 0.03;
  settings.grid.threads = 1;
  Result<DmgBuildResult> built = buildDatabaseMotionGraph(p, settings);
  EXPECT_TRUE(built);
  x.graph = std::move(built->graph);
  x.requirement.kind = kind;
  x.requirement.gamma = kind == RequirementKind::Quality ? 20 : 6;  // tight: some pairs relax
  SubgraphJob job;
  job.graph = &x.graph;
  job.keys = x.keys;
  job.requirement = x.requirement;
  Result<SubgraphResult> r = findMinimumSubgraph(job);
  EXPECT_TRUE(r) << r.error().message;
  x.result = r.value();
  x.report = verifySubgraph(x.graph, x.keys, x.requirement, x.result.vertices).value();
  EXPECT_TRUE(x.report.allSatisfied());
  x.dir = fs::temp_directory_path() / ("mg_subgraph_" + name + "_" + std::to_string(::getpid()));
  fs::remove_all(x.dir);
  SubgraphExportInput in;
  in.graph = &x.graph;
  in.motions = x.motions;
  in.keptVertices = x.result.vertices;
  in.reasons = x.result.reasons;
  in.keys = x.keys;
  in.requirement = x.requirement;
  in.verification = &x.report;
  in.trimLeadingFrames = 3;
  in.buildSeconds = 0.75;
  EXPECT_TRUE(exportSubgraph(x.dir.string(), in));
  return x;
}

TEST(SubgraphExport, RoundTripsAndReChecksTheRequirement) {
  for (RequirementKind kind : {RequirementKind::PairTime, RequirementKind::DmgMinimum,
                               RequirementKind::ClipToClip, RequirementKind::Quality}) {
    const Exported x = exportOnce("round", kind);
    Result<SubgraphFile> file = readSubgraphFile(x.dir.string());
    ASSERT_TRUE(file) << file.error().message;
    const DatabaseMotionGraph& g = file->graph;
    ASSERT_EQ(g.vertexCount(), static_cast<int>(x.result.vertices.size()));
    for (int i = 0; i < g.vertexCount(); ++i)
      EXPECT_EQ(g.vertex(i), x.graph.vertex(x.result.vertices[i]));
    EXPECT_EQ(g.edgeCount(), x.result.edges);
    for (int v = 0; v < g.vertexCount(); ++v) {
      for (int e = g.graph().edgeBegin(v); e < g.graph().edgeEnd(v); ++e) {
        const int old = x.graph.findEdge(x.result.vertices[v], x.result.vertices[g.edgeTarget(e)]);
        ASSERT_GE(old, 0);
        EXPECT_EQ(g.edgeKind(e), x.graph.edgeKind(old));
        EXPECT_EQ(g.transitionCost(e), x.graph.transitionCost(old));  // exact round trip
      }
    }
    EXPECT_EQ(file->keys, x.keys);
    EXPECT_EQ(file->requirement.kind, kind);
    EXPECT_EQ(file->trimLeadingFrames, 3);
    EXPECT_EQ(file->buildSeconds, 0.75);
    EXPECT_EQ(file->reasons, x.result.reasons);
    // The reader re-checks the requirement from the export alone, and agrees with the verifier.
    Result<VerificationReport> check = checkSubgraphFile(file.value());
    ASSERT_TRUE(check) << check.error().message;
    EXPECT_TRUE(check->allSatisfied()) << (check->failures.empty() ? "" : check->failures[0]);
    ASSERT_EQ(check->pairs.size(), x.report.pairs.size());
    for (size_t p = 0; p < check->pairs.size(); ++p) {
      EXPECT_EQ(check->pairs[p].subgraphUnits, x.report.pairs[p].subgraphUnits);
      EXPECT_EQ(check->pairs[p].boundUnits, x.report.pairs[p].boundUnits);
    }
    // Clip files hold exactly their frames.
    ASSERT_FALSE(file->clips.empty());
    Result<std::vector<std::shared_ptr<const Motion>>> clips =
        readSubgraphClips(*file, importMotionLoader());
    ASSERT_TRUE(clips) << clips.error().message;
    ASSERT_EQ(clips->size(), file->clips.size());
    int frames = 0;
    for (size_t c = 0; c < file->clips.size(); ++c) {
      const Motion* clip = (*clips)[c].get();
      EXPECT_EQ(clip->fps, file->fps);
      EXPECT_EQ(clip->frameCount(), file->clips[c].frameCount());
      const Motion& source = *x.motions[file->clips[c].motion];
      EXPECT_LT((clip->rootPositions[0] - source.rootPositions[file->clips[c].beginFrame]).norm(),
                1e-4);
      frames += clip->frameCount();
    }
    EXPECT_EQ(frames, g.vertexCount());
  }
}

TEST(SubgraphExport, ATighterExportFailsTheCheck) {
  const Exported x = exportOnce("tamper");
  // Drop every transition edge from the file: pairs across motions can no longer be met.
  const fs::path path = x.dir / "subgraph.json";
  const std::string edited = std::regex_replace(test::readText(path.string()),
                                                std::regex(R"(\[\d+, \d+, 1, [0-9.e-]+\],?)"), "");
  std::string fixed = std::regex_replace(edited, std::regex(R"(\],\s*\])"), "]\n  ]");
  std::ofstream(path) << fixed;
  Result<SubgraphFile> file = readSubgraphFile(x.dir.string());
  ASSERT_TRUE(file) << file.error().message;
  Result<VerificationReport> check = checkSubgraphFile(file.value());
  ASSERT_TRUE(check);
  EXPECT_FALSE(check->allSatisfied());
  ASSERT_FALSE(check->failures.empty());
  EXPECT_NE(check->failures[0].find("key '"), std::string::npos);
}

TEST(SubgraphExport, TheClipLevelGraphPlaysAsOneContinuousWalk) {
  const Exported x = exportOnce("walk");
  Result<SubgraphFile> file = readSubgraphFile(x.dir.string());
  ASSERT_TRUE(file);
  auto graph = std::make_shared<DatabaseMotionGraph>(clipLevelGraph(file.value()));
  std::vector<std::shared_ptr<const Motion>> clips;
  for (size_t c = 0; c < file->clips.size(); ++c) {
    const Clip& clip = file->clips[c];
    clips.push_back(std::make_shared<Motion>(
        sliceFrames(*x.motions[clip.motion], clip.beginFrame, clip.endFrame)));
  }
  ASSERT_TRUE(DmgWalkStream::validateFor(graph.get(), clips));
  DmgWalkStream walk(graph, clips, 0, randomDmgEdgeChooser(1), {8});
  Pose pose;
  int frames = 0;
  while (frames < 300 && walk.next(pose)) ++frames;
  EXPECT_EQ(frames, 300);
  EXPECT_GT(walk.transitions().size(), 0u);
}

// The opened export's walk names a transition's ends by the source motion and its frame (the
// Quality dock once said "motion 16 frame 1", clip 16 of the export, in a project of 6 motions).
TEST(SubgraphExport, AnOpenedExportsTransitionsNameTheSourceMotionAndFrame) {
  Exported x = exportOnce("names");
  Result<std::unique_ptr<GraphInput>> input = openGraphInput(x.dir.string(), importMotionLoader());
  ASSERT_TRUE(input) << input.error().message;
  Result<std::unique_ptr<PoseStream>> stream = (*input)->makeStream(3);
  ASSERT_TRUE(stream) << stream.error().message;
  Pose pose;
  for (int i = 0; i < 600 && (*stream)->transitions().size() < 5; ++i) {
    ASSERT_TRUE((*stream)->next(pose));
  }
  ASSERT_FALSE((*stream)->transitions().empty());
  const std::regex end(R"((.+) frame (\d+))");
  for (const StreamTransition& t : (*stream)->transitions()) {
    const size_t arrow = t.label.find(" -> ");
    ASSERT_NE(arrow, std::string::npos) << t.label;
    for (const std::string& side : {t.label.substr(0, arrow), t.label.substr(arrow + 4)}) {
      std::smatch m;
      ASSERT_TRUE(std::regex_match(side, m, end)) << t.label;
      const auto named = std::find_if(x.motions.begin(), x.motions.end(),
                                      [&](const auto& motion) { return motion->name == m[1]; });
      ASSERT_NE(named, x.motions.end()) << "no source motion is called '" << m[1] << "'";
      EXPECT_LT(std::stoi(m[2]), (*named)->frameCount()) << t.label;
    }
  }
  fs::remove_all(x.dir);
}

TEST(SubgraphExport, BadFilesAreRejectedWithTheField) {
  const Exported x = exportOnce("bad");
  const fs::path path = x.dir / "subgraph.json";
  const std::string good = test::readText(path.string());
  auto message = [&](const std::string& edited) {
    std::ofstream(path) << edited;
    Result<SubgraphFile> r = readSubgraphFile(x.dir.string());
    return r ? std::string() : r.error().message;
  };
  EXPECT_NE(message(std::regex_replace(good, std::regex("\"version\": 1"), "\"version\": 7"))
                .find("version 7"),
            std::string::npos);
  EXPECT_NE(message(std::regex_replace(good, std::regex("\"fps\": 30"), "\"fps\": -1")).find("fps"),
            std::string::npos);
  EXPECT_NE(message(std::regex_replace(good, std::regex("clips/clip_0000"), "../../etc/x"))
                .find("clips[0].file"),
            std::string::npos);
  EXPECT_NE(message(good.substr(0, good.size() / 2)).find("subgraph.json"), std::string::npos);
  EXPECT_NE(message(std::regex_replace(good, std::regex("\"vertices\""), "\"vertexes\""))
                .find("vertices"),
            std::string::npos);
  EXPECT_NE(message(std::regex_replace(good, std::regex("\"build_seconds\": 0.75"),
                                       "\"build_seconds\": -2"))
                .find("build_seconds"),
            std::string::npos);
  // Both provenance keys are optional: without them the file reads as "unknown".
  const std::string without =
      std::regex_replace(std::regex_replace(good, std::regex(",\n  \"build_seconds\": 0.75"), ""),
                         std::regex(",\n  \"trim_leading_frames\": 3"), "");
  ASSERT_NE(without, good);
  std::ofstream(path) << without;
  Result<SubgraphFile> old = readSubgraphFile(x.dir.string());
  ASSERT_TRUE(old) << old.error().message;
  EXPECT_EQ(old->trimLeadingFrames, -1);
  EXPECT_LT(old->buildSeconds, 0);
  fs::remove(path);
  EXPECT_FALSE(readSubgraphFile(x.dir.string()));
}

// clipLevelGraph turns each clip into one motion: it needs every vertex in exactly one clip and no
// natural edge between two clips. A file that breaks either (the fuzzer's first find was two clips
// over the same frames) is refused with the frame named, and never reaches clipLevelGraph.
TEST(SubgraphExport, ClipsThatOverlapSplitOrMissVerticesAreRejected) {
  const Exported x = exportOnce("clips");
  const fs::path path = x.dir / "subgraph.json";
  const std::string good = test::readText(path.string());
  const std::regex firstClip(
      R"(\{"begin_frame":(\d+),"end_frame":(\d+),"file":"clips/clip_0000.bvh","motion":0\},?)");
  std::smatch m;
  ASSERT_TRUE(std::regex_search(good, m, firstClip));
  const int begin = std::stoi(m[1]), end = std::stoi(m[2]);
  ASSERT_GE(end - begin, 2);
  auto clip = [](int b, int e, const std::string& name) {
    return "{\"begin_frame\":" + std::to_string(b) + ",\"end_frame\":" + std::to_string(e) +
           ",\"file\":\"clips/" + name + ".bvh\",\"motion\":0},";
  };
  auto message = [&](const std::string& clips) {
    std::ofstream(path) << std::regex_replace(good, firstClip, clips,
                                              std::regex_constants::format_first_only);
    Result<SubgraphFile> r = readSubgraphFile(x.dir.string());
    return r ? std::string("read") : r.error().message;
  };
  EXPECT_EQ(message(clip(begin, end, "clip_0000")), "read");  // the edit itself keeps the file good
  EXPECT_NE(message(clip(begin, end, "clip_0000") + clip(begin, begin + 1, "again"))
                .find("clips[1]: frame " + std::to_string(begin) + " is also in clips[0]"),
            std::string::npos);
  EXPECT_NE(message(clip(begin, begin + 1, "clip_0000") + clip(begin + 1, end, "rest"))
                .find("split motion 0 between frames " + std::to_string(begin) + " and " +
                      std::to_string(begin + 1)),
            std::string::npos);
  EXPECT_NE(message(clip(begin + 1, end, "clip_0000"))
                .find("leave out motion 0 frame " + std::to_string(begin)),
            std::string::npos);
}

}  // namespace
}  // namespace mg
