// SPDX-License-Identifier: MIT
// runSnapPipeline: the derivation mgtool snap and the editor share, checked against the steps it
// is made of run directly (HubGraphBuildJob + SnapJob, MatchSetJob on brute-force rows).
#include "core/snap/snap_pipeline.h"

#include <algorithm>
#include <atomic>
#include <mutex>

#include <gtest/gtest.h>

#include "core/metric/frame_distance.h"
#include "core/snap/hub_graph_builder.h"
#include "core/snap/metric_rows.h"
#include "snap_fixture.h"

namespace mg {
namespace {

// Every report of one run.
std::vector<SnapPipelineResult> runAll(const SnapPipelineRequest& request,
                                       const Progress& progress = {}) {
  std::vector<SnapPipelineResult> out;
  runSnapPipeline(request, progress, [&](const SnapPipelineResult& r) { out.push_back(r); });
  return out;
}

void expectSameGraph(const HubGraph& a, const HubGraph& b) {
  ASSERT_EQ(a.hubs.size(), b.hubs.size());
  ASSERT_EQ(a.edges.size(), b.edges.size());
  for (size_t h = 0; h < a.hubs.size(); ++h) {
    ASSERT_EQ(a.hubs[h].matchFrames.size(), b.hubs[h].matchFrames.size());
    for (size_t f = 0; f < a.hubs[h].matchFrames.size(); ++f) {
      EXPECT_EQ(a.hubs[h].matchFrames[f].ref, b.hubs[h].matchFrames[f].ref);
    }
  }
  for (size_t e = 0; e < a.edges.size(); ++e) {
    EXPECT_EQ(a.edges[e].fromHub, b.edges[e].fromHub);
    EXPECT_EQ(a.edges[e].toHub, b.edges[e].toHub);
  }
}

TEST(SnapPipeline, SuggestedHubsGiveWhatTheJobsGiveRunDirectly) {
  const auto motions = test::swingDatabase();
  SnapPipelineRequest request;
  request.motions = motions;
  request.suggest = SnapSuggestRequest{2, 0.0, 3.0, 10, {}};
  const std::vector<SnapPipelineResult> reports = runAll(request);
  ASSERT_EQ(reports.size(), 2u);
  EXPECT_EQ(reports[0].stage, 1);
  const SnapPipelineResult& r = reports[1];
  ASSERT_EQ(r.stage, 2);
  ASSERT_TRUE(r.errorMessage.empty()) << r.errorMessage;
  ASSERT_TRUE(r.snapErrorMessage.empty()) << r.snapErrorMessage;
  ASSERT_TRUE(r.snapped && r.cutsBefore && r.cutsAfter);

  // The old mgtool path, step by step.
  HubGraphBuildJob job;
  job.motions = motions;
  job.hubCount = 2;
  Result<SuggestedHubGraph> built = job.run();
  ASSERT_TRUE(built) << built.error().message;
  EXPECT_EQ(r.threshold, built->threshold);
  expectSameGraph(r.graph, built->graph);
  EXPECT_EQ(r.deadEnds, deadEndHubs(built->graph));
  Result<SnapResult> snapped =
      SnapJob{motions, &built->graph, SnapSettings{.wminFrames = 10}}.run();
  ASSERT_TRUE(snapped) << snapped.error().message;
  ASSERT_EQ(r.snapped->motions.size(), snapped->motions.size());
  for (size_t m = 0; m < snapped->motions.size(); ++m) {
    EXPECT_EQ(r.snapped->motions[m]->rootPositions, snapped->motions[m]->rootPositions);
    EXPECT_EQ(r.snapped->motions[m]->localRotations.size(),
              snapped->motions[m]->localRotations.size());
  }
  Result<CutQuality> after = measureCutQuality(built->graph, snapped->motions);
  ASSERT_TRUE(after);
  EXPECT_EQ(r.cutsAfter->maxPositionJump, after->maxPositionJump);
  EXPECT_EQ(r.skateAfterMps, meanFootSkate(snapped->motions, snapped->contacts));
  EXPECT_EQ(r.skateBeforeMps, meanFootSkate(motions, snapped->contacts));
  EXPECT_EQ(r.hubRequestOfGraphHub, (std::vector<int>{0, 1}));
}

TEST(SnapPipeline, AuthoredHubsTakeMatchSetsInOrderFromBruteForceRows) {
  const auto motions = test::swingDatabase();
  SnapPipelineRequest request;
  request.motions = motions;
  request.snap = false;
  request.hubs = {{"a", 0, 40, 0.02, 10},
                  {"outside", 7, 3, 0.02, 10},
                  {"b", 1, 60, 0.02, 10},
                  {"late frame", 2, 100000, 0.02, 10}};
  const std::vector<SnapPipelineResult> reports = runAll(request);
  ASSERT_EQ(reports.size(), 1u);  // no snapping asked
  const SnapPipelineResult& r = reports[0];
  ASSERT_TRUE(r.errorMessage.empty()) << r.errorMessage;
  EXPECT_EQ(r.emptyHubRequests, (std::vector<int>{1, 3}));
  ASSERT_EQ(r.hubRequestOfGraphHub, (std::vector<int>{0, 2}));
  // Hub a's match frames are exactly MatchSetJob on rows computed here; hub b skips them.
  std::vector<FrameRef> taken;
  for (int g = 0; g < 2; ++g) {
    const SnapHubRequest& h = request.hubs[r.hubRequestOfGraphHub[g]];
    std::vector<std::vector<float>> rows;
    const int q = frameSetIndex(*r.frames, {h.motion, h.frame});
    for (const Clip& c : r.frames->motions) {
      auto& row = rows.emplace_back();
      for (int f = 0; f < c.frameCount(); ++f) {
        row.push_back(
            static_cast<float>(frameDistance(*r.frames, q, *r.frames, c.beginFrame + f).distance));
      }
    }
    Result<std::vector<MatchCandidate>> set =
        matchSetFromRows(rows, h.threshold, h.wminFrames, taken);
    ASSERT_TRUE(set);
    ASSERT_EQ(r.graph.hubs[g].matchFrames.size(), set->size());
    for (const MatchCandidate& c : *set) taken.push_back(c.ref);
  }
}

// A capture glitch (issue 27: one bad frame must not poison a graph): no clip plays across it
// and no match frame lies in it, unless it is kept; the glitch is listed either way.
TEST(SnapPipeline, NoClipPlaysAcrossACaptureGlitchUnlessKept) {
  auto motions = test::swingDatabase();
  Motion glitched = *motions[0];
  const int bad = 75;  // one frame with the thigh flipped (a swapped marker)
  ASSERT_TRUE(test::plantJointFlip(glitched, "RightUpLeg", bad, 150));
  motions[0] = std::make_shared<const Motion>(std::move(glitched));

  SnapPipelineRequest request;
  request.motions = motions;
  request.snap = false;
  request.hubs = {{"a", 1, 60, 0.02, 10}};
  auto crossing = [bad](const SnapPipelineResult& r) {
    int n = 0;
    for (const HubEdge& e : r.graph.edges)
      if (e.clip.motion == 0 && e.clip.beginFrame <= bad && bad <= e.clip.endFrame) ++n;
    return n;
  };
  const std::vector<SnapPipelineResult> left = runAll(request);
  ASSERT_EQ(left.size(), 1u);
  const SnapPipelineResult& r = left[0];
  ASSERT_TRUE(r.errorMessage.empty()) << r.errorMessage;
  ASSERT_EQ(r.glitches.size(), 3u);
  ASSERT_EQ(r.glitches[0].size(), 1u);
  EXPECT_EQ(r.glitches[0][0].beginFrame, bad);
  EXPECT_TRUE(r.glitches[1].empty());
  EXPECT_TRUE(r.glitches[2].empty());
  EXPECT_EQ(crossing(r), 0);
  EXPECT_GT(r.edgesLeftOut, 0);
  for (const Hub& h : r.graph.hubs)
    for (const MatchFrame& f : h.matchFrames) EXPECT_FALSE(f.ref.motion == 0 && f.ref.frame == bad);
  EXPECT_GT(r.graph.edges.size(), 0u);  // the rest of the graph is there
  // The frames the subgraph's database motion graph leaves out: that one frame.
  const std::vector<std::uint8_t> flags = glitchFrameFlags(r);
  ASSERT_EQ(static_cast<int>(flags.size()), r.frames->frameCount());
  EXPECT_EQ(std::count(flags.begin(), flags.end(), 1), 1);
  EXPECT_EQ(flags[static_cast<size_t>(r.frames->motions[0].beginFrame + bad)], 1);

  request.keepGlitches = true;
  const std::vector<SnapPipelineResult> kept = runAll(request);
  ASSERT_EQ(kept.size(), 1u);
  EXPECT_EQ(kept[0].edgesLeftOut, 0);
  EXPECT_GT(crossing(kept[0]), 0);  // the glitch lies inside a clip when kept
  EXPECT_EQ(kept[0].glitches[0].size(), 1u);
}

TEST(SnapPipeline, BadRequestsFailWithAMessage) {
  SnapPipelineRequest empty;
  std::vector<SnapPipelineResult> r = runAll(empty);
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].errorMessage, "no motions");

  SnapPipelineRequest mixed;
  mixed.motions = test::swingDatabase();
  Motion other = *mixed.motions[0];
  auto skeleton = std::make_shared<Skeleton>(*other.skeleton);
  skeleton->joints[2].name = "Elsewhere";
  other.skeleton = skeleton;
  other.name = "renamed";
  mixed.motions.push_back(std::make_shared<const Motion>(other));
  r = runAll(mixed);
  ASSERT_EQ(r.size(), 1u);
  EXPECT_NE(r[0].errorMessage.find("renamed: its skeleton differs"), std::string::npos)
      << r[0].errorMessage;

  SnapPipelineRequest null;
  null.motions = {nullptr};
  r = runAll(null);
  ASSERT_EQ(r.size(), 1u);
  EXPECT_NE(r[0].errorMessage.find("missing"), std::string::npos);

  SnapPipelineRequest badHub;
  badHub.motions = test::swingDatabase();
  badHub.hubs = {{"zero threshold", 0, 40, 0.0, 10}};
  r = runAll(badHub);
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].errorMessage.rfind("zero threshold: ", 0), 0u) << r[0].errorMessage;
}

TEST(SnapPipeline, ProgressRisesToOneAndCancelStopsWithoutAReport) {
  SnapPipelineRequest request;
  request.motions = test::swingDatabase();
  request.suggest = SnapSuggestRequest{2, 0.0, 3.0, 10, {}};
  std::vector<double> seen;
  std::mutex lock;
  const Progress progress(nullptr, [&](double f) {
    std::lock_guard<std::mutex> g(lock);
    seen.push_back(f);
  });
  ASSERT_EQ(runAll(request, progress).size(), 2u);
  ASSERT_FALSE(seen.empty());
  EXPECT_EQ(seen.back(), 1.0);
  for (double f : seen) EXPECT_TRUE(f >= 0.0 && f <= 1.0) << f;
  // Each phase stays inside its slice: nothing reported before 0.5 after the graph's 0.5.
  const auto half = std::find(seen.begin(), seen.end(), 0.5);
  ASSERT_NE(half, seen.end());
  for (auto it = half; it != seen.end(); ++it) EXPECT_GE(*it, 0.5);

  std::atomic<bool> cancel{true};
  EXPECT_TRUE(runAll(request, Progress(&cancel, {})).empty());
}

TEST(SnapPipeline, PlayableGraphKeepsTheLiveHubsAndEdges) {
  const auto motions = test::swingDatabase();
  SnapPipelineRequest request;
  request.motions = motions;
  request.snap = false;
  request.suggest = SnapSuggestRequest{3, 0.0, 3.0, 10, {}};
  const std::vector<SnapPipelineResult> reports = runAll(request);
  ASSERT_EQ(reports.size(), 1u);
  const HubGraph& g = reports[0].graph;
  const PlayableGraph p = playableGraph(g);
  EXPECT_EQ(p.graph.hubs.size() + reports[0].deadEnds.size(), g.hubs.size());
  ASSERT_EQ(p.originalEdge.size(), p.graph.edges.size());
  for (size_t e = 0; e < p.graph.edges.size(); ++e) {
    const HubEdge& original = g.edges[p.originalEdge[e]];
    EXPECT_EQ(p.originalHub[p.graph.edges[e].fromHub], original.fromHub);
    EXPECT_EQ(p.originalHub[p.graph.edges[e].toHub], original.toHub);
  }
}

}  // namespace
}  // namespace mg
