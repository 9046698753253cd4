// SPDX-License-Identifier: MIT
#include "core/metric/grid_minima.h"

#include <atomic>
#include <tuple>

#include <gtest/gtest.h>

#include <span>

#include "metric_test_support.h"

namespace mg {
namespace {

struct MinimaDatabase {
  Motion a = test::makeVariedSwing(170, 1.1, 0.5, 0.4);
  Motion b = test::makeVariedSwing(140, 1.4, 0.42, -0.7);
  Motion c = test::makeVariedSwing(100, 0.9, 0.6, 0.1);
  FrameSet set = test::frameSetOf({&a, &b, &c});
};

DistanceGrid denseGrid(const FrameSet& rows, const FrameSet* cols, int tile) {
  GridOptions o;
  o.tileFrames = tile;
  Result<DistanceGrid> g = computeDistanceGrid({&rows, cols, o, false});
  if (!g) throw std::runtime_error(g.error().message);
  return std::move(g.value());
}

double median(std::span<const float> values) {
  std::vector<float> v(values.begin(), values.end());
  std::nth_element(v.begin(), v.begin() + v.size() / 2, v.end());
  return v[v.size() / 2];
}

// An independent statement of the rule: a candidate cell is a minimum when, among itself and its
// neighbours in the same motion-pair block, it is the least (distance, row, col) triple.
std::vector<std::pair<int, int>> bruteForceMinima(const DistanceGrid& g, const FrameSet& rows,
                                                  const FrameSet& cols, double threshold,
                                                  int exclude) {
  std::vector<std::pair<int, int>> out;
  for (int r = 0; r < g.rows; ++r) {
    for (int c = 0; c < g.cols; ++c) {
      if (!(g.at(r, c) < static_cast<float>(threshold))) continue;
      if (g.symmetric &&
          (c <= r || (rows.frameMotion[r] == rows.frameMotion[c] && c - r < exclude))) {
        continue;
      }
      std::tuple<float, int, int> least{g.at(r, c), r, c};
      for (int rn = std::max(0, r - 1); rn <= std::min(g.rows - 1, r + 1); ++rn) {
        for (int cn = std::max(0, c - 1); cn <= std::min(g.cols - 1, c + 1); ++cn) {
          if (rows.frameMotion[rn] != rows.frameMotion[r]) continue;
          if (cols.frameMotion[cn] != cols.frameMotion[c]) continue;
          least = std::min(least, std::tuple<float, int, int>{g.at(rn, cn), rn, cn});
        }
      }
      if (least == std::tuple<float, int, int>{g.at(r, c), r, c}) out.emplace_back(r, c);
    }
  }
  return out;
}

std::vector<std::pair<int, int>> cells(const std::vector<GridMinimum>& minima) {
  std::vector<std::pair<int, int>> out;
  for (const GridMinimum& m : minima) out.emplace_back(m.row, m.col);
  return out;
}

TEST(FindGridMinima, HandMadeGridWithPlateauAndMotionBoundary) {
  // Rows: one motion of 4 frames. Columns: two motions of 3 frames each (boundary after col 2).
  const Motion r = test::makeSwingMotion(4);
  const Motion c1 = test::makeSwingMotion(3), c2 = test::makeSwingMotion(3);
  const FrameSet rows = test::frameSetOf({&r});
  const FrameSet cols = test::frameSetOf({&c1, &c2});
  DistanceGrid g;
  g.rows = 4;
  g.cols = 6;
  g.values = {5, 5, 5,   0.5, 9, 9,  //
              5, 1, 5,   9,   9, 9,  //
              5, 5, 5,   9,   2, 2,  //
              7, 7, 0.9, 9,   2, 2};
  // (1,1): strict minimum. (3,2): 0.9 < its neighbours in its block; (0,3) is across the
  // boundary and does not count. (0,3): 0.5 at a block corner. Plateau of 2s: only the first
  // in (distance, row, col) order, (2,4). Threshold 3 excludes nothing else.
  MinimaSettings s;
  s.threshold = 3;
  Result<std::vector<GridMinimum>> m = findGridMinima(g, rows, &cols, s);
  ASSERT_TRUE(m);
  EXPECT_EQ(cells(*m), (std::vector<std::pair<int, int>>{{0, 3}, {1, 1}, {2, 4}, {3, 2}}));
  s.threshold = 0.9;  // strictly below: 0.9 itself is out
  m = findGridMinima(g, rows, &cols, s);
  ASSERT_TRUE(m);
  EXPECT_EQ(cells(*m), (std::vector<std::pair<int, int>>{{0, 3}}));
}

TEST(FindGridMinima, MatchesBruteForceOnADatabase) {
  MinimaDatabase db;
  const DistanceGrid g = denseGrid(db.set, nullptr, 64);
  MinimaSettings s;
  s.threshold = median(g.values);
  Result<std::vector<GridMinimum>> m = findGridMinima(g, db.set, nullptr, s);
  ASSERT_TRUE(m);
  EXPECT_GT(m->size(), 10u);
  EXPECT_EQ(cells(*m), bruteForceMinima(g, db.set, db.set, s.threshold, s.excludeDiagonalFrames));
  for (const GridMinimum& x : *m) {
    EXPECT_GT(x.col, x.row);
    if (db.set.frameMotion[x.row] == db.set.frameMotion[x.col]) {
      EXPECT_GE(x.col - x.row, s.excludeDiagonalFrames);
    }
    const FrameAlignment ref = frameDistance(db.set, x.row, db.set, x.col);
    EXPECT_EQ(x.alignment.theta, ref.theta);
    EXPECT_NEAR(x.distance, ref.distance, 1e-4 * s.threshold);
  }
}

TEST(StreamGridMinima, EqualsDenseMinimaForSelfAndCrossGrids) {
  MinimaDatabase db;
  const Motion extra = test::makeVariedSwing(120, 1.0, 0.47, -0.3);
  const FrameSet other = test::frameSetOf({&extra, &db.b});
  for (int tile : {64, 100, 1024}) {
    for (const FrameSet* cols : {static_cast<const FrameSet*>(nullptr), &other}) {
      SCOPED_TRACE(testing::Message() << "tile " << tile << (cols ? " cross" : " self"));
      const DistanceGrid g = denseGrid(db.set, cols, tile);
      double meanDistance = 0;
      for (float v : g.values) meanDistance += v / g.values.size();
      for (double quantile : {0.05, 0.5}) {
        std::vector<float> sorted(g.values.begin(), g.values.end());
        std::sort(sorted.begin(), sorted.end());
        MinimaSettings s;
        s.threshold = sorted[static_cast<size_t>(quantile * (sorted.size() - 1))] + 1e-6;
        const Result<std::vector<GridMinimum>> dense = findGridMinima(g, db.set, cols, s);
        GridMinimaJob job{&db.set, cols, s, {}};
        job.options.tileFrames = tile;
        const Result<std::vector<GridMinimum>> streamed = streamGridMinima(job);
        ASSERT_TRUE(dense && streamed);
        EXPECT_FALSE(dense->empty());
        ASSERT_EQ(cells(*dense), cells(*streamed));
        for (size_t k = 0; k < dense->size(); ++k) {
          EXPECT_EQ((*dense)[k].distance, (*streamed)[k].distance);
          const FrameAlignment& a = (*dense)[k].alignment;
          const FrameAlignment& b = (*streamed)[k].alignment;
          EXPECT_NEAR(std::remainder(a.theta - b.theta, 2 * M_PI), 0.0, 1e-5);
          EXPECT_NEAR(a.x0, b.x0, 1e-5);
          EXPECT_NEAR(a.z0, b.z0, 1e-5);
          EXPECT_EQ(b.distance, (*streamed)[k].distance);
          EXPECT_NEAR(a.distance, b.distance, 1e-4 * meanDistance);
        }
      }
    }
  }
}

TEST(StreamGridMinima, CancelStopsWithinOneTile) {
  MinimaDatabase db;
  std::atomic<bool> cancel{false};
  std::atomic<int> reports{0};
  Progress progress(&cancel, [&](double) {
    reports.fetch_add(1);
    cancel.store(true);
  });
  GridMinimaJob job{&db.set, nullptr, {}, {}};
  job.minima.threshold = 1;
  job.options.tileFrames = 64;
  job.options.threads = 1;
  EXPECT_FALSE(streamGridMinima(job, progress));
  EXPECT_EQ(reports.load(), 1);
}

TEST(MinimaSettings, NonPositiveThresholdFails) {
  MinimaSettings s;
  EXPECT_FALSE(s.validate());
  s.threshold = -1;
  EXPECT_FALSE(s.validate());
  s.threshold = std::nan("");
  EXPECT_FALSE(s.validate());
}

TEST(MinimaSettings, ZeroDiagonalBandFails) {
  MinimaSettings s;
  s.threshold = 1;
  s.excludeDiagonalFrames = 0;
  EXPECT_FALSE(s.validate());
}

TEST(FindGridMinima, SizeMismatchFails) {
  MinimaDatabase db;
  DistanceGrid g;
  g.rows = g.cols = 3;
  g.symmetric = true;
  g.values.assign(9, 0.f);
  MinimaSettings s;
  s.threshold = 1;
  EXPECT_FALSE(findGridMinima(g, db.set, nullptr, s));
}

TEST(FindGridMinima, SymmetryMismatchFails) {
  MinimaDatabase db;
  DistanceGrid g = denseGrid(db.set, nullptr, 64);
  g.symmetric = false;
  MinimaSettings s;
  s.threshold = 1;
  EXPECT_FALSE(findGridMinima(g, db.set, nullptr, s));
}

TEST(GridMinimaJob, InvalidJobsFail) {
  MinimaDatabase db;
  GridMinimaJob missing;
  missing.minima.threshold = 1;
  EXPECT_FALSE(streamGridMinima(missing));
  GridMinimaJob noThreshold{&db.set, nullptr, {}, {}};
  EXPECT_FALSE(streamGridMinima(noThreshold));
  GridMinimaJob badTile{&db.set, nullptr, {}, {}};
  badTile.minima.threshold = 1;
  badTile.options.tileFrames = 5000;
  EXPECT_FALSE(streamGridMinima(badTile));
  FrameSet empty;
  GridMinimaJob emptyCols{&db.set, &empty, {}, {}};
  emptyCols.minima.threshold = 1;
  EXPECT_FALSE(streamGridMinima(emptyCols));
}

}  // namespace
}  // namespace mg
