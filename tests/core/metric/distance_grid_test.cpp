// SPDX-License-Identifier: MIT
#include "core/metric/distance_grid.h"

#include <atomic>

#include <gtest/gtest.h>

#include "core/metric/frame_distance.h"
#include "metric_test_support.h"

namespace mg {
namespace {

struct Database {
  Motion a = test::makeVariedSwing(150, 1.1, 0.5, 0.4);
  Motion b = test::makeVariedSwing(130, 1.4, 0.42, -0.7);
  FrameSet set = test::frameSetOf({&a, &b});
};

DistanceGrid grid(const FrameSet& rows, const FrameSet* cols, GridOptions options = {},
                  bool upperOnly = false) {
  if (options.tileFrames == GridOptions{}.tileFrames) options.tileFrames = 64;
  DistanceGridJob job{&rows, cols, options, upperOnly};
  Result<DistanceGrid> g = computeDistanceGrid(job);
  if (!g) throw std::runtime_error(g.error().message);
  return std::move(g.value());
}

// Largest |fast - reference| over all cells, relative to the mean reference distance.
double relativeError(const DistanceGrid& g, const FrameSet& rows, const FrameSet& cols) {
  double worst = 0, sum = 0;
  for (int i = 0; i < g.rows; ++i) {
    for (int j = 0; j < g.cols; ++j) {
      const double ref = frameDistance(rows, i, cols, j).distance;
      worst = std::max(worst, std::abs(ref - g.at(i, j)));
      sum += ref;
    }
  }
  return worst / (sum / (static_cast<double>(g.rows) * g.cols));
}

TEST(DistanceGrid, SelfGridMatchesReferenceOnEveryVariant) {
  Database db;
  for (KernelIsa isa : supportedKernelIsas()) {
    SCOPED_TRACE(kernelIsaName(isa));
    GridOptions o;
    o.isa = isa;
    const DistanceGrid g = grid(db.set, nullptr, o);
    EXPECT_LT(relativeError(g, db.set, db.set), 1e-4);
  }
}

TEST(DistanceGrid, VariantsAgreeWithEachOther) {
  Database db;
  const std::vector<KernelIsa> isas = supportedKernelIsas();
  GridOptions base;
  base.isa = isas.front();
  const DistanceGrid first = grid(db.set, nullptr, base);
  for (KernelIsa isa : isas) {
    GridOptions o;
    o.isa = isa;
    const DistanceGrid g = grid(db.set, nullptr, o);
    float worst = 0;
    for (size_t k = 0; k < g.values.size(); ++k) {
      worst = std::max(worst, std::abs(g.values[k] - first.values[k]));
    }
    EXPECT_LT(worst, 1e-5f) << kernelIsaName(isa);
  }
}

TEST(DistanceGrid, CrossGridMatchesReference) {
  Database db;
  const Motion c = test::makeVariedSwing(90, 0.9, 0.55, 0.2);
  const FrameSet other = test::frameSetOf({&c});
  const DistanceGrid g = grid(db.set, &other);
  EXPECT_FALSE(g.symmetric);
  EXPECT_EQ(g.rows, 280);
  EXPECT_EQ(g.cols, 90);
  EXPECT_LT(relativeError(g, db.set, other), 1e-4);
}

TEST(DistanceGrid, SelfGridIsExactlySymmetricWithZeroDiagonal) {
  Database db;
  const DistanceGrid g = grid(db.set, nullptr);
  ASSERT_TRUE(g.symmetric);
  for (int i = 0; i < g.rows; ++i) {
    EXPECT_EQ(g.at(i, i), 0.0f);
    for (int j = 0; j < i; ++j) ASSERT_EQ(g.at(i, j), g.at(j, i)) << i << "," << j;
  }
}

TEST(DistanceGrid, UpperTriangleOnlyAgreesWithFullGrid) {
  Database db;
  const DistanceGrid full = grid(db.set, nullptr);
  const DistanceGrid upper = grid(db.set, nullptr, {}, true);
  ASSERT_TRUE(upper.upperOnly);
  for (int i = 0; i < full.rows; ++i) {
    for (int j = 0; j < full.cols; ++j) ASSERT_EQ(full.at(i, j), upper.at(i, j));
  }
}

TEST(DistanceGrid, ThreadCountDoesNotChangeTheResult) {
  Database db;
  GridOptions one, two;
  one.threads = 1;
  two.threads = 2;
  EXPECT_EQ(grid(db.set, nullptr, one).values, grid(db.set, nullptr, two).values);
}

TEST(DistanceGrid, InvariantToTurningAndMovingOnTheFloor) {
  const Motion a = test::makeVariedSwing(140, 1.2, 0.5, 0.5);
  const Motion moved = test::movedOnFloor(a, 2.1, 5.0, -3.0);
  const FrameSet sa = test::frameSetOf({&a});
  const FrameSet sm = test::frameSetOf({&moved});
  const DistanceGrid ga = grid(sa, nullptr);
  const DistanceGrid gm = grid(sm, nullptr);
  double mean = 0;
  for (float v : ga.values) mean += v;
  mean /= ga.values.size();
  for (size_t k = 0; k < ga.values.size(); ++k) {
    ASSERT_NEAR(ga.values[k], gm.values[k], 1e-4 * mean);
  }
  // Every frame matches its moved copy.
  const DistanceGrid cross = grid(sa, &sm);
  for (int i = 0; i < cross.rows; ++i) EXPECT_NEAR(cross.at(i, i), 0.0, 1e-4 * mean);
}

TEST(DistanceGrid, CancelStopsWithinOneTile) {
  Database db;
  for (int threads : {1, 2}) {
    std::atomic<bool> cancel{false};
    std::atomic<int> reports{0};
    Progress progress(&cancel, [&](double) {
      reports.fetch_add(1);
      cancel.store(true);
    });
    GridOptions o;
    o.threads = threads;
    DistanceGridJob job{&db.set, nullptr, o, false};
    job.options.tileFrames = 64;  // 280 frames: 15 tiles above the diagonal
    const Result<DistanceGrid> g = computeDistanceGrid(job, progress);
    EXPECT_FALSE(g);
    // The first finished tile cancels; each other thread finishes at most the tile it holds.
    EXPECT_GE(reports.load(), 1);
    EXPECT_LE(reports.load(), threads);
  }
}

TEST(DistanceGrid, ReportsProgressUpToOne) {
  Database db;
  std::atomic<int> reports{0};
  std::atomic<bool> sawOne{false};
  Progress progress(nullptr, [&](double f) {
    reports.fetch_add(1);
    if (f == 1.0) sawOne = true;
  });
  GridOptions o;
  o.tileFrames = 64;
  EXPECT_TRUE(computeDistanceGrid({&db.set, nullptr, o, false}, progress));
  EXPECT_EQ(reports.load(), 15);
  EXPECT_TRUE(sawOne.load());
}

TEST(DistanceGridJob, MissingRowsFails) {
  EXPECT_FALSE(computeDistanceGrid(DistanceGridJob{}));
}

TEST(DistanceGridJob, EmptyFrameSetFails) {
  FrameSet empty;
  EXPECT_FALSE(computeDistanceGrid({&empty, nullptr, {}, false}));
  Database db;
  EXPECT_FALSE(computeDistanceGrid({&db.set, &empty, {}, false}));
}

TEST(DistanceGridJob, DifferentSettingsFail) {
  Database db;
  MetricSettings s;
  s.windowFrames = 5;
  const FrameSet other = test::frameSetOf({&db.a}, s);
  EXPECT_FALSE(computeDistanceGrid({&db.set, &other, {}, false}));
}

TEST(DistanceGridJob, DifferentSkeletonsFail) {
  Database db;
  Motion c = test::makeSwingMotion(40);
  auto skeleton = std::make_shared<Skeleton>(*c.skeleton);
  skeleton->joints[2].name = "Skull";
  c.skeleton = skeleton;
  const FrameSet other = test::frameSetOf({&c});
  EXPECT_FALSE(computeDistanceGrid({&db.set, &other, {}, false}));
}

TEST(DistanceGridJob, UpperOnlyOnCrossGridFails) {
  Database db;
  const FrameSet other = test::frameSetOf({&db.a});
  EXPECT_FALSE(computeDistanceGrid({&db.set, &other, {}, true}));
}

TEST(DistanceGridJob, BadTileSizeFails) {
  Database db;
  GridOptions o;
  o.tileFrames = 16;
  EXPECT_FALSE(computeDistanceGrid({&db.set, nullptr, o, false}));
}

TEST(DistanceGridJob, NegativeThreadsFail) {
  Database db;
  GridOptions o;
  o.threads = -1;
  EXPECT_FALSE(computeDistanceGrid({&db.set, nullptr, o, false}));
}

TEST(DistanceGridJob, HugeDenseGridFails) {
  FrameSet huge;
  huge.frameMotion.assign(50000, 0);
  const DistanceGridJob job{&huge, nullptr, {}, false};
  EXPECT_FALSE(job.validate());
}

}  // namespace
}  // namespace mg
