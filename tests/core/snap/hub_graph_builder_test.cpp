// SPDX-License-Identifier: MIT
#include "core/snap/hub_graph_builder.h"

#include <gtest/gtest.h>

#include "core/snap/cut_quality.h"
#include "core/snap/snap_job.h"
#include "snap_fixture.h"

namespace mg {
namespace {

HubGraphBuildJob jobFor(const std::vector<std::shared_ptr<const Motion>>& motions) {
  HubGraphBuildJob job;
  job.motions = motions;
  job.grid.threads = 1;
  job.wminFrames = 8;
  job.hubCount = 2;
  return job;
}

TEST(HubGraphBuild, SuggestsHubsWithTheMetric) {
  const auto motions = test::swingDatabase();
  const auto built = jobFor(motions).run();
  ASSERT_TRUE(built) << built.error().message;
  EXPECT_GT(built->threshold, 0.0);
  ASSERT_EQ(built->graph.hubs.size(), built->suggestions.size());
  EXPECT_GE(built->graph.hubs[0].matchFrames.size(), 3u);
  EXPECT_TRUE(built->graph.validate());
  EXPECT_EQ(built->frames->frameCount(), 150 + 140 + 160);
}

// Turning one input about Y (and moving it) turns that snapped motion the same way and leaves the
// others as they were: the whole pipeline (metric alignment, common pose, maps, plants) does not
// care where a capture stood.
TEST(HubGraphBuild, SnappingIsInvariantToTurningAnInput) {
  auto motions = test::swingDatabase();
  const auto built = jobFor(motions).run();
  ASSERT_TRUE(built);
  const auto snapped = SnapJob{motions, &built->graph, {}}.run();
  ASSERT_TRUE(snapped) << snapped.error().message;
  const FloorTransform turn{-2.2, 0.7, 4.0};
  for (int k = 0; k < static_cast<int>(motions.size()); ++k) {
    auto turned = motions;
    turned[k] =
        std::make_shared<Motion>(test::rotatedAboutY(*motions[k], turn.theta, turn.x, turn.z));
    const auto built2 = jobFor(turned).run();
    ASSERT_TRUE(built2);
    ASSERT_EQ(built2->graph.edges.size(), built->graph.edges.size());
    const auto snapped2 = SnapJob{turned, &built2->graph, {}}.run();
    ASSERT_TRUE(snapped2);
    for (int m = 0; m < static_cast<int>(motions.size()); ++m) {
      const Motion& a = *snapped->motions[m];
      const Motion& b = *snapped2->motions[m];
      double worst = 0;
      for (int f = 0; f < a.frameCount(); ++f) {
        const Eigen::Vector3d expected =
            m == k ? turn.apply(a.rootPositions[f]) : a.rootPositions[f];
        worst = std::max(worst, (expected - b.rootPositions[f]).norm());
        const Eigen::Quaterniond root = m == k ? turn.apply(a.rotation(f, 0)) : a.rotation(f, 0);
        worst = std::max(worst, root.angularDistance(b.rotation(f, 0)));
        for (int j = 1; j < a.jointCount(); ++j)
          worst = std::max(worst, a.rotation(f, j).angularDistance(b.rotation(f, j)));
      }
      EXPECT_LT(worst, 1e-5) << "turned " << k << ", motion " << m;
    }
  }
}

TEST(HubGraphBuildValidate, RejectsNoMotions) {
  EXPECT_FALSE(jobFor({}).validate());
}

TEST(HubGraphBuildValidate, RejectsMotionNotAtTheWorkingRate) {
  const std::vector<std::shared_ptr<const Motion>> motions = {
      std::make_shared<Motion>(test::makeSwingMotion(60, 120.0))};
  EXPECT_FALSE(jobFor(motions).validate());
}

TEST(HubGraphBuildValidate, RejectsNullMotion) {
  const std::vector<std::shared_ptr<const Motion>> motions = {nullptr};
  EXPECT_FALSE(jobFor(motions).validate());
}

TEST(HubGraphBuildValidate, RejectsBadNumbers) {
  const auto motions = test::swingDatabase();
  HubGraphBuildJob job = jobFor(motions);
  job.threshold = -1;
  EXPECT_FALSE(job.validate());
  job = jobFor(motions);
  job.thresholdPercentile = 100;
  EXPECT_FALSE(job.validate());
  job = jobFor(motions);
  job.wminFrames = 1;
  EXPECT_FALSE(job.validate());
  job = jobFor(motions);
  job.hubCount = 0;
  EXPECT_FALSE(job.validate());
}

}  // namespace
}  // namespace mg
