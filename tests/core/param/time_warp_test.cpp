// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include <random>

#include "core/metric/frame_set.h"
#include "core/param/time_warp.h"
#include "param_fixture.h"

namespace mg {
namespace {

TEST(TimeWarp, PathIsMonotoneAndOptimal) {
  std::mt19937_64 rng(5);
  std::uniform_real_distribution<float> u(0.0f, 1.0f);
  for (int trial = 0; trial < 20; ++trial) {
    const int rows = 5 + trial % 7, cols = 4 + (trial * 3) % 11;
    std::vector<float> cost(rows * cols);
    for (float& c : cost) c = u(rng);
    Result<WarpPath> path = dynamicTimeWarp(cost, rows, cols);
    ASSERT_TRUE(path);
    ASSERT_EQ(path->cells.front(), std::make_pair(0, 0));
    ASSERT_EQ(path->cells.back(), std::make_pair(rows - 1, cols - 1));
    double sum = 0;
    for (size_t k = 0; k < path->cells.size(); ++k) {
      sum += cost[path->cells[k].first * cols + path->cells[k].second];
      if (k == 0) continue;
      const int di = path->cells[k].first - path->cells[k - 1].first;
      const int dj = path->cells[k].second - path->cells[k - 1].second;
      EXPECT_TRUE((di == 1 && dj == 0) || (di == 0 && dj == 1) || (di == 1 && dj == 1));
    }
    EXPECT_NEAR(sum, path->cost, 1e-4);
    // Brute force over all monotone paths by a memoised recursion written independently.
    std::vector<double> memo(rows * cols, -1);
    std::function<double(int, int)> best = [&](int i, int j) -> double {
      if (i < 0 || j < 0) return 1e30;
      if (i == 0 && j == 0) return cost[0];
      double& m = memo[i * cols + j];
      if (m >= 0) return m;
      return m = cost[i * cols + j] +
                 std::min({best(i - 1, j), best(i, j - 1), best(i - 1, j - 1)});
    };
    EXPECT_NEAR(path->cost, best(rows - 1, cols - 1), 1e-4);
    const std::vector<double> warp = warpFromPath(*path, rows, cols, 3);
    for (int r = 1; r < rows; ++r) EXPECT_GT(warp[r], warp[r - 1]);
    EXPECT_DOUBLE_EQ(warp.front(), 0.0);
    EXPECT_DOUBLE_EQ(warp.back(), cols - 1.0);
  }
  EXPECT_FALSE(dynamicTimeWarp({}, 0, 0));
  const float negative[] = {1.0f, -1.0f};
  EXPECT_FALSE(dynamicTimeWarp(negative, 1, 2));
}

TEST(TimeWarp, SimilarSegmentsFindTheQueryItself) {
  std::vector<Motion> motions;
  for (const std::string& f : test::cmuWalkFiles()) {
    Result<std::shared_ptr<const Motion>> m =
        test::fileLoader()(test::cmuTurnsDir() + "/" + f, 0.0);
    ASSERT_TRUE(m);
    motions.push_back(**m);
  }
  std::vector<const Motion*> pointers;
  for (const Motion& m : motions) pointers.push_back(&m);
  Result<FrameSet> set = buildFrameSet(pointers, {});
  ASSERT_TRUE(set);
  SimilarSegmentJob job;
  job.query = job.database = &set.value();
  job.queryBegin = 36, job.queryEnd = 71;  // a two-step cycle of 16_15
  job.maxResults = 6;
  Result<std::vector<SimilarSegment>> found = findSimilarSegments(job);
  ASSERT_TRUE(found) << found.error().message;
  ASSERT_FALSE(found->empty());
  EXPECT_EQ(found->front().motion, 0);
  EXPECT_NEAR(found->front().beginFrame, 36, 1);
  EXPECT_NEAR(found->front().endFrame, 71, 1);
  EXPECT_NEAR(found->front().cost, 0.0, 1e-6);
  // Other walks hold similar cycles too.
  bool otherMotion = false;
  for (const SimilarSegment& s : *found) otherMotion = otherMotion || s.motion != 0;
  EXPECT_TRUE(otherMotion);
  job.queryEnd = job.queryBegin + 1;
  EXPECT_FALSE(findSimilarSegments(job));
}

}  // namespace
}  // namespace mg
