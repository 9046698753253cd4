// SPDX-License-Identifier: MIT
#include "core/snap/snap_job.h"

#include <gtest/gtest.h>

#include "core/snap/cut_quality.h"
#include "snap_fixture.h"

namespace mg {
namespace {

class SnapJobTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    s_motions = test::swingDatabase();
    s_metric = std::make_unique<test::ReferenceMetric>(s_motions);
    auto g = test::suggestedGraph(s_motions, *s_metric, 0.004, 8);
    ASSERT_TRUE(g) << g.error().message;
    s_graph = std::make_unique<HubGraph>(std::move(g.value()));
  }
  static inline std::vector<std::shared_ptr<const Motion>> s_motions;
  static inline std::unique_ptr<test::ReferenceMetric> s_metric;
  static inline std::unique_ptr<HubGraph> s_graph;
};

TEST_F(SnapJobTest, HubsHaveManyMatchFramesAcrossMotions) {
  ASSERT_GE(s_graph->hubs.size(), 1u);
  EXPECT_GE(s_graph->hubs[0].matchFrames.size(), 6u);
  EXPECT_GE(s_graph->edges.size(), 4u);
}

TEST_F(SnapJobTest, CutsBecomeSeamlessWithDisplacementMapsOnly) {
  SnapSettings settings;
  settings.wminFrames = 8;
  settings.enforceFootPlants = false;
  const auto snapped = SnapJob{s_motions, s_graph.get(), settings}.run();
  ASSERT_TRUE(snapped) << snapped.error().message;
  const auto before = measureCutQuality(*s_graph, s_motions);
  const auto after = measureCutQuality(snapped->graph, snapped->motions);
  ASSERT_TRUE(before && after);
  ASSERT_FALSE(after->cuts.empty());
  EXPECT_GT(before->maxPositionJump, 0.01);
  EXPECT_LT(after->maxPositionJump, 1e-3);
  EXPECT_LT(after->maxVelocityJump, 1e-2);
  // Frames far from every match frame are untouched.
  for (size_t m = 0; m < s_motions.size(); ++m)
    EXPECT_EQ(snapped->motions[m]->frameCount(), s_motions[m]->frameCount());
}

TEST_F(SnapJobTest, FootPlantsKeepCutsSeamlessAndReduceSkate) {
  SnapSettings settings;
  settings.wminFrames = 8;
  const auto snapped = SnapJob{s_motions, s_graph.get(), settings}.run();
  ASSERT_TRUE(snapped) << snapped.error().message;
  const auto after = measureCutQuality(snapped->graph, snapped->motions);
  ASSERT_TRUE(after);
  EXPECT_LT(after->maxPositionJump, 1e-3);
  EXPECT_LT(after->maxVelocityJump, 1e-2);
  int samples = 0;
  for (size_t m = 0; m < s_motions.size(); ++m) {
    const FootSkate displaced =
        measureFootSkate(*snapped->displacedMotions[m], snapped->contacts[m]);
    const FootSkate constrained = measureFootSkate(*snapped->motions[m], snapped->contacts[m]);
    samples += constrained.samples;
    if (displaced.samples > 0) EXPECT_LE(constrained.meanSpeed, displaced.meanSpeed + 1e-9);
  }
  EXPECT_GT(samples, 0);
}

TEST_F(SnapJobTest, StopsWhenCancelled) {
  std::atomic<bool> cancel{true};
  const Progress progress(&cancel, nullptr);
  SnapJob job{s_motions, s_graph.get(), {}};
  job.progress = &progress;
  EXPECT_FALSE(job.run());
}

TEST_F(SnapJobTest, RejectsMissingGraph) {
  EXPECT_FALSE(SnapJob({s_motions, nullptr, {}}).validate());
}

TEST_F(SnapJobTest, RejectsMotionCountMismatch) {
  const std::vector<std::shared_ptr<const Motion>> fewer(s_motions.begin(), s_motions.end() - 1);
  EXPECT_FALSE(SnapJob({fewer, s_graph.get(), {}}).validate());
}

TEST_F(SnapJobTest, RejectsBadSettings) {
  SnapSettings s;
  s.wminFrames = 1;
  EXPECT_FALSE(SnapJob({s_motions, s_graph.get(), s}).validate());
  s = {};
  s.refinementIterations = -1;
  EXPECT_FALSE(SnapJob({s_motions, s_graph.get(), s}).validate());
}

}  // namespace
}  // namespace mg
