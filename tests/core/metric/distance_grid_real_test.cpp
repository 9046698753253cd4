// SPDX-License-Identifier: MIT
// The fast grid against the reference on real capture (CMU walks and runs, Assimp's samples).
#include <filesystem>
#include <random>

#include <gtest/gtest.h>

#include "core/import/motion_reader.h"
#include "core/metric/distance_grid.h"
#include "core/metric/grid_minima.h"
#include "metric_test_support.h"
#include "support/capture.h"

namespace mg {
namespace {

const std::string kSample = MG_SAMPLE_DIR;

// Reads a file; CMU files of the shared folder lose their first 10 frames (reference pose).
std::optional<Motion> load(const std::string& path) {
  if (!std::filesystem::exists(path)) return std::nullopt;
  const bool cmu = path.find("/cmu/") != std::string::npos;
  Result<Motion> m = readMotionFile(path, {.trimLeadingFrames = cmu ? 10 : 0});
  if (!m) throw std::runtime_error(m.error().message);
  return std::move(m.value());
}

DistanceGrid fastGrid(const FrameSet& rows, const FrameSet* cols, int tile = 256) {
  GridOptions o;
  o.tileFrames = tile;
  Result<DistanceGrid> g = computeDistanceGrid({&rows, cols, o, false});
  if (!g) throw std::runtime_error(g.error().message);
  return std::move(g.value());
}

// Largest |fast - reference| relative to the mean reference distance, over `pairs` cells (all
// cells when pairs is empty).
double relativeError(const DistanceGrid& g, const FrameSet& rows, const FrameSet& cols,
                     std::vector<std::pair<int, int>> pairs = {}) {
  if (pairs.empty()) {
    for (int i = 0; i < g.rows; ++i) {
      for (int j = 0; j < g.cols; ++j) pairs.emplace_back(i, j);
    }
  }
  double worst = 0, sum = 0;
  for (auto [i, j] : pairs) {
    const double ref = frameDistance(rows, i, cols, j).distance;
    worst = std::max(worst, std::abs(ref - g.at(i, j)));
    sum += ref;
  }
  return worst / (sum / pairs.size());
}

TEST(RealMotion, SelfGridOfCmuWalkMatchesReferenceEverywhere) {
  const std::optional<Motion> walk = load(kSample + "/01_01.bvh");
  if (!walk) GTEST_SKIP() << "no " << kSample << "/01_01.bvh";
  const FrameSet set = test::frameSetOf({&*walk});
  ASSERT_EQ(set.jointCount(), 31);
  for (KernelIsa isa : supportedKernelIsas()) {
    SCOPED_TRACE(kernelIsaName(isa));
    GridOptions o;
    o.isa = isa;
    o.tileFrames = 256;
    Result<DistanceGrid> g = computeDistanceGrid({&set, nullptr, o, false});
    ASSERT_TRUE(g);
    EXPECT_LT(relativeError(*g, set, set), 1e-4);
  }
}

TEST(RealMotion, DatabaseOfCmuClipsMatchesReferenceOnSampledPairs) {
  std::vector<Motion> motions;
  // The bundled walk and run (tests/data/mocap).
  for (const char* name : {"08_01", "02_03"}) {
    std::optional<Motion> m = load(test::capturePath(std::string("cmu/") + name + ".bvh"));
    ASSERT_TRUE(m) << name;
    motions.push_back(*m);
  }
  std::vector<const Motion*> pointers;
  for (const Motion& m : motions) pointers.push_back(&m);
  const FrameSet set = test::frameSetOf(pointers);
  const DistanceGrid g = fastGrid(set, nullptr);
  std::mt19937 rng(3);
  std::uniform_int_distribution<int> frame(0, set.frameCount() - 1);
  std::vector<std::pair<int, int>> pairs(50000);
  for (auto& p : pairs) p = {frame(rng), frame(rng)};
  EXPECT_LT(relativeError(g, set, set, pairs), 1e-4);

  // The streamed minima are the dense ones on real data too.
  std::vector<float> sorted(g.values.begin(), g.values.end());
  const size_t quantile = sorted.size() / 4;  // enough minima in two clips to compare many
  std::nth_element(sorted.begin(), sorted.begin() + quantile, sorted.end());
  GridMinimaJob job{&set, nullptr, {}, {}};
  job.minima.threshold = sorted[quantile];
  job.options.tileFrames = 256;
  const Result<std::vector<GridMinimum>> dense = findGridMinima(g, set, nullptr, job.minima);
  const Result<std::vector<GridMinimum>> streamed = streamGridMinima(job);
  ASSERT_TRUE(dense && streamed);
  EXPECT_GT(dense->size(), 10u);  // 14 in the two bundled clips
  ASSERT_EQ(dense->size(), streamed->size());
  for (size_t k = 0; k < dense->size(); ++k) {
    EXPECT_EQ((*dense)[k].row, (*streamed)[k].row);
    EXPECT_EQ((*dense)[k].col, (*streamed)[k].col);
    EXPECT_NEAR((*dense)[k].alignment.x0, (*streamed)[k].alignment.x0, 1e-5);
  }
}

TEST(RealMotion, CrossGridOfTwoTakesMatchesReference) {
  const std::optional<Motion> a = load(kSample + "/01_03.bvh");
  const std::optional<Motion> b = load(kSample + "/01_01.bvh");
  if (!a || !b) GTEST_SKIP() << "capture files not found";
  const FrameSet sa = test::frameSetOf({&*a});
  const FrameSet sb = test::frameSetOf({&*b});
  const DistanceGrid g = fastGrid(sa, &sb);
  std::vector<std::pair<int, int>> pairs;
  for (int i = 0; i < g.rows; i += 7) {
    for (int j = 0; j < g.cols; ++j) pairs.emplace_back(i, j);
  }
  EXPECT_LT(relativeError(g, sa, sb, pairs), 1e-4);
}

TEST(RealMotion, GridIgnoresWhereOnTheFloorTheTakeWasCaptured) {
  const std::optional<Motion> run = load(test::capturePath("cmu/02_03.bvh"));
  ASSERT_TRUE(run);
  const Motion moved = test::movedOnFloor(*run, -1.3, -4.0, 7.5);
  const FrameSet a = test::frameSetOf({&*run});
  const FrameSet b = test::frameSetOf({&moved});
  const DistanceGrid ga = fastGrid(a, nullptr, 64), gb = fastGrid(b, nullptr, 64);
  double mean = 0;
  for (float v : ga.values) mean += v / ga.values.size();
  for (size_t k = 0; k < ga.values.size(); ++k)
    ASSERT_NEAR(ga.values[k], gb.values[k], 1e-4 * mean);
}

TEST(RealMotion, DifferentSkeletonsCannotShareAGrid) {
  const std::optional<Motion> walk = load(kSample + "/01_01.bvh");
  const std::optional<Motion> boxing = load(kSample + "/Boxing_Toes.bvh");
  if (!walk || !boxing) GTEST_SKIP() << "Assimp's BVH samples not found";
  const std::vector<const Motion*> both = {&*walk, &*boxing};
  EXPECT_FALSE(buildFrameSet(both, {}));
  const FrameSet sw = test::frameSetOf({&*walk});
  const FrameSet sb = test::frameSetOf({&*boxing});
  EXPECT_FALSE(computeDistanceGrid({&sw, &sb, {}, false}));
}

}  // namespace
}  // namespace mg
