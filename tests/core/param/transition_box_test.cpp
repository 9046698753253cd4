// SPDX-License-Identifier: MIT
#include "core/param/transition_box.h"

#include <gtest/gtest.h>

#include <random>
#include <vector>

namespace mg {
namespace {

// The slow reference: every box whose faces sit at the GOOD bounding box or at a BAD sample's
// coordinate plus or minus epsilon; keep those with every BAD sample epsilon outside; best = most
// GOOD samples inside, then least total (range-normalised) face movement.
struct Brute {
  int good = -1;
  double shrink = 0;
};

Brute bruteForce(const std::vector<ParameterVector>& good, const std::vector<ParameterVector>& bad,
                 int dims, double eps, const ParameterVector& scale) {
  const ParameterBox bb = boundingBox(good, dims);
  std::vector<std::vector<double>> los(dims), his(dims);
  for (int d = 0; d < dims; ++d) {
    los[d].push_back(bb.lo[d]);
    his[d].push_back(bb.hi[d]);
    for (const ParameterVector& b : bad) {
      if (b[d] + eps > bb.lo[d] && b[d] + eps <= bb.hi[d]) los[d].push_back(b[d] + eps);
      if (b[d] - eps < bb.hi[d] && b[d] - eps >= bb.lo[d]) his[d].push_back(b[d] - eps);
    }
  }
  Brute best;
  std::vector<size_t> idx(2 * dims, 0);
  while (true) {
    ParameterBox box;
    box.dims = dims;
    box.empty = false;
    bool ok = true;
    for (int d = 0; d < dims; ++d) {
      box.lo[d] = los[d][idx[2 * d]];
      box.hi[d] = his[d][idx[2 * d + 1]];
      ok = ok && box.lo[d] <= box.hi[d];
    }
    for (const ParameterVector& b : bad) ok = ok && box.excludes(b, eps);
    if (ok) {
      int inside = 0;
      for (const ParameterVector& g : good) inside += box.contains(g) ? 1 : 0;
      double shrink = 0;
      for (int d = 0; d < dims; ++d)
        shrink += ((box.lo[d] - bb.lo[d]) + (bb.hi[d] - box.hi[d])) / scale[d];
      if (inside > best.good || (inside == best.good && shrink < best.shrink - 1e-9))
        best = {inside, shrink};
    }
    int k = 0;
    for (; k < 2 * dims; ++k) {
      const size_t limit = (k % 2 == 0 ? los[k / 2] : his[k / 2]).size();
      if (++idx[k] < limit) break;
      idx[k] = 0;
    }
    if (k == 2 * dims) break;
  }
  return best;
}

void checkAgainstBruteForce(int dims, int trials, int goods, int bads, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(0.0, 10.0);
  const ParameterVector scale{10.0, 10.0, 10.0};
  const double eps = 0.3;
  for (int trial = 0; trial < trials; ++trial) {
    std::vector<ParameterVector> good(goods), bad(bads);
    for (auto& p : good)
      for (int d = 0; d < dims; ++d) p[d] = 2.0 + 0.6 * u(rng);
    for (auto& p : bad)
      for (int d = 0; d < dims; ++d) p[d] = u(rng);
    const BoxShrinkResult r = shrinkBoxAwayFromBad(good, bad, dims, eps, scale);
    const Brute b = bruteForce(good, bad, dims, eps, scale);
    ASSERT_TRUE(r.exact);
    if (b.good <= 0) {
      EXPECT_TRUE(r.after.empty) << "trial " << trial;
      continue;
    }
    ASSERT_FALSE(r.after.empty) << "trial " << trial;
    EXPECT_EQ(r.goodInside, b.good) << "trial " << trial;
    EXPECT_NEAR(r.shrink, b.shrink, 1e-9) << "trial " << trial;
    for (const ParameterVector& p : bad) EXPECT_TRUE(r.after.excludes(p, eps)) << "trial " << trial;
    int inside = 0;
    for (const ParameterVector& g : good) inside += r.after.contains(g) ? 1 : 0;
    EXPECT_EQ(inside, r.goodInside);
    for (int d = 0; d < dims; ++d) {
      EXPECT_GE(r.after.lo[d], r.before.lo[d]);
      EXPECT_LE(r.after.hi[d], r.before.hi[d]);
    }
  }
}

TEST(TransitionBox, OneDimensionMatchesBruteForce) {
  checkAgainstBruteForce(1, 300, 12, 8, 11);
}
TEST(TransitionBox, TwoDimensionsMatchBruteForce) {
  checkAgainstBruteForce(2, 200, 10, 6, 12);
}
TEST(TransitionBox, ThreeDimensionsMatchBruteForce) {
  checkAgainstBruteForce(3, 60, 8, 4, 13);
}

TEST(TransitionBox, HandCaseOneDimension) {
  // GOOD at 0..10, one BAD at 7 inside: cutting the top face to 7 - 1 keeps 0..6 (7 samples);
  // cutting the bottom to 8 keeps 8..10 (3). The minimal adjustment keeps more GOOD samples.
  std::vector<ParameterVector> good;
  for (int i = 0; i <= 10; ++i) good.push_back({static_cast<double>(i), 0, 0});
  const std::vector<ParameterVector> bad{{7.0, 0, 0}, {20.0, 0, 0}};
  const BoxShrinkResult r = shrinkBoxAwayFromBad(good, bad, 1, 1.0, {10.0, 1, 1});
  EXPECT_DOUBLE_EQ(r.before.lo[0], 0.0);
  EXPECT_DOUBLE_EQ(r.before.hi[0], 10.0);
  EXPECT_DOUBLE_EQ(r.after.lo[0], 0.0);
  EXPECT_DOUBLE_EQ(r.after.hi[0], 6.0);
  EXPECT_EQ(r.goodInside, 7);
  EXPECT_TRUE(r.shrunk);
}

TEST(TransitionBox, NoBadInsideLeavesTheBox) {
  const std::vector<ParameterVector> good{{1, 1, 0}, {2, 3, 0}};
  const std::vector<ParameterVector> bad{{5, 5, 0}};
  const BoxShrinkResult r = shrinkBoxAwayFromBad(good, bad, 2, 0.5, {1, 1, 1});
  EXPECT_FALSE(r.shrunk);
  EXPECT_EQ(r.goodInside, 2);
  EXPECT_DOUBLE_EQ(r.after.hi[1], 3.0);
}

TEST(TransitionBox, NoGoodMeansEmpty) {
  const BoxShrinkResult r =
      shrinkBoxAwayFromBad({}, std::vector<ParameterVector>{{1, 0, 0}}, 1, 0.5, {1, 1, 1});
  EXPECT_TRUE(r.before.empty);
  EXPECT_TRUE(r.after.empty);
}

TEST(TransitionBox, GoodCoveredByBadIsEmpty) {
  // The only GOOD sample sits on a BAD one: no box can keep it and exclude the BAD sample.
  const std::vector<ParameterVector> good{{1, 1, 0}};
  const std::vector<ParameterVector> bad{{1, 1, 0}};
  EXPECT_TRUE(shrinkBoxAwayFromBad(good, bad, 2, 0.1, {1, 1, 1}).after.empty);
  EXPECT_TRUE(shrinkBoxAwayFromBad(good, bad, 1, 0.1, {1, 1, 1}).after.empty);
}

}  // namespace
}  // namespace mg
