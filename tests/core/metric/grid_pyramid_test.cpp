// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <limits>
#include <random>

#include "core/metric/grid_pyramid.h"
#include "metric_test_support.h"

namespace mg {
namespace {

// The brute force: the minimum of the dense grid over the block of cell (r, c) at `level`.
float blockMinimum(const DistanceGrid& g, int level, int r, int c) {
  float m = std::numeric_limits<float>::infinity();
  const int s = 1 << level;
  for (int i = r * s; i < std::min(g.rows, (r + 1) * s); ++i) {
    for (int j = c * s; j < std::min(g.cols, (c + 1) * s); ++j) m = std::min(m, g.at(i, j));
  }
  return m;
}

void expectLevelsMatchBruteForce(const GridPyramid& p, const DistanceGrid& g) {
  ASSERT_FALSE(p.levels.empty());
  for (const GridPyramidLevel& l : p.levels) {
    ASSERT_EQ(l.rows, (g.rows + (1 << l.level) - 1) >> l.level);
    ASSERT_EQ(l.cols, (g.cols + (1 << l.level) - 1) >> l.level);
    for (int r = 0; r < l.rows; ++r) {
      for (int c = 0; c < l.cols; ++c) {
        ASSERT_EQ(l.at(r, c), blockMinimum(g, l.level, r, c))
            << "level " << l.level << " cell " << r << "," << c;
      }
    }
  }
  EXPECT_LE(std::max(p.levels.back().rows, p.levels.back().cols), kPyramidTopEdge);
}

DistanceGrid randomGrid(int rows, int cols, unsigned seed) {
  DistanceGrid g;
  g.rows = rows;
  g.cols = cols;
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> u(0.0f, 1.0f);
  g.values.resize(static_cast<size_t>(rows) * cols);
  for (float& v : g.values) v = u(rng);
  return g;
}

TEST(GridPyramid, DenseMinPoolingMatchesBruteForceOnOddSizes) {
  const DistanceGrid g = randomGrid(1037, 601, 7);
  DistanceGrid copy = g;
  const GridPyramid p = buildGridPyramid(std::move(copy));
  EXPECT_EQ(p.baseLevel, 0);
  EXPECT_EQ(p.levels.size(), 4u);  // 1037 -> 519 -> 260 -> 130
  expectLevelsMatchBruteForce(p, g);
}

TEST(GridPyramid, SingleDarkCellSurvivesEveryLevel) {
  DistanceGrid g;
  g.rows = g.cols = 2000;
  g.values.assign(static_cast<size_t>(g.rows) * g.cols, 1.0f);
  g.values[static_cast<size_t>(1234) * g.cols + 777] = 0.01f;
  const GridPyramid p = buildGridPyramid(std::move(g));
  for (const GridPyramidLevel& l : p.levels) {
    EXPECT_EQ(l.at(1234 >> l.level, 777 >> l.level), 0.01f) << "level " << l.level;
    EXPECT_EQ(l.at(0, 0), 1.0f);
  }
}

TEST(GridPyramid, UpperTriangleGridIsMirrored) {
  DistanceGrid g = randomGrid(300, 300, 3);
  g.symmetric = g.upperOnly = true;
  for (int i = 0; i < 300; ++i) {
    for (int j = 0; j < i; ++j) g.values[static_cast<size_t>(i) * 300 + j] = -1;  // unused half
  }
  const DistanceGrid reference = g;
  const GridPyramid p = buildGridPyramid(std::move(g));
  EXPECT_EQ(p.levels[0].at(200, 10), reference.at(10, 200));
  expectLevelsMatchBruteForce(p, reference);
}

TEST(GridPyramid, LevelSelection) {
  EXPECT_EQ(pyramidLevelForZoom(4.0), 0);
  EXPECT_EQ(pyramidLevelForZoom(1.0), 0);
  EXPECT_EQ(pyramidLevelForZoom(0.75), 1);  // 2-frame cells, 1.5 px
  EXPECT_EQ(pyramidLevelForZoom(0.5), 1);
  EXPECT_EQ(pyramidLevelForZoom(0.3), 2);  // 4-frame cells, 1.2 px
  EXPECT_EQ(pyramidLevelForZoom(0.25), 2);
  EXPECT_EQ(pyramidLevelForZoom(1.0 / 80), 7);
  for (double zoom : {0.9, 0.4, 0.07, 0.001}) {
    const double cellPixels = (1 << pyramidLevelForZoom(zoom)) * zoom;
    EXPECT_GE(cellPixels, 1.0);
    EXPECT_LT(cellPixels, 2.0);
  }
  EXPECT_EQ(pyramidBaseLevel(1000, 1000, 1LL << 24), 0);
  EXPECT_EQ(pyramidBaseLevel(4096, 4096, 1LL << 24), 0);
  EXPECT_EQ(pyramidBaseLevel(4097, 4096, 1LL << 24), 1);
  EXPECT_EQ(pyramidBaseLevel(20000, 20000, 1LL << 24), 3);  // 2500^2 cells, 25 MB
  EXPECT_EQ(pyramidBaseLevel(20000, 300, 1LL << 24), 0);

  DistanceGrid g = randomGrid(1000, 1000, 1);
  const GridPyramid p = buildGridPyramid(std::move(g));
  EXPECT_EQ(p.levelAtOrBelow(0).level, 0);
  EXPECT_EQ(p.levelAtOrBelow(2).level, 2);
  EXPECT_EQ(p.levelAtOrBelow(99).level, p.levels.back().level);
}

TEST(GridPyramid, StreamedLevelsEqualPoolingOfTheDenseGrid) {
  const Motion a = test::makeVariedSwing(700, 1.2, 0.45, 0.3);
  const Motion b = test::makeVariedSwing(450, 0.9, 0.6, -0.2);
  const FrameSet rows = test::frameSetOf({&a});
  const FrameSet cols = test::frameSetOf({&b});
  GridOptions options;
  options.tileFrames = 128;
  for (const FrameSet* other : {static_cast<const FrameSet*>(nullptr), &cols}) {
    Result<DistanceGrid> dense = computeDistanceGrid({&rows, other, options, false});
    ASSERT_TRUE(dense.ok());
    Result<DistanceTileEngine> engine = DistanceTileEngine::create(rows, other, options);
    ASSERT_TRUE(engine.ok());
    for (int base : {0, 2, 7}) {
      Result<StreamedPyramid> s = streamGridPyramid(*engine, base, 3, 5000);
      ASSERT_TRUE(s.ok()) << s.error().message;
      EXPECT_EQ(s->pyramid.baseLevel, base);
      EXPECT_EQ(s->pyramid.levels[0].level, base);
      expectLevelsMatchBruteForce(s->pyramid, *dense);
      EXPECT_GT(s->sample.size(), 2000u);
      EXPECT_LT(s->sample.size(), 20000u);
    }
  }
}

TEST(GridPyramid, StreamRejectsBadArgumentsAndCancels) {
  const Motion a = test::makeSwingMotion(300);
  const FrameSet rows = test::frameSetOf({&a});
  GridOptions options;
  options.tileFrames = 64;
  Result<DistanceTileEngine> engine = DistanceTileEngine::create(rows, nullptr, options);
  ASSERT_TRUE(engine.ok());
  EXPECT_FALSE(streamGridPyramid(*engine, 7, 1, 100).ok());  // 128-frame blocks, 64-frame tiles
  EXPECT_FALSE(streamGridPyramid(*engine, -1, 1, 100).ok());
  EXPECT_FALSE(streamGridPyramid(*engine, 0, 1, 0).ok());
  std::atomic<bool> cancel{true};
  EXPECT_FALSE(streamGridPyramid(*engine, 0, 1, 100, Progress(&cancel, {})).ok());
}

}  // namespace
}  // namespace mg
