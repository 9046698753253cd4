// SPDX-License-Identifier: MIT
#include "core/snap/match_set.h"

#include <cstdlib>
#include <random>

#include <gtest/gtest.h>

#include "match_set_brute_force.h"

namespace mg {
namespace {

std::vector<std::span<const float>> spans(const std::vector<std::vector<float>>& rows) {
  return {rows.begin(), rows.end()};
}

TEST(MatchSet, AgreesWithBruteForceOnRandomRows) {
  std::mt19937_64 rng(11);
  std::uniform_real_distribution<float> u(0.0f, 1.0f);
  for (int trial = 0; trial < 100; ++trial) {
    std::vector<std::vector<float>> rows(1 + rng() % 4);
    for (auto& r : rows) {
      r.resize(3 + rng() % 80);
      for (float& d : r) d = std::round(u(rng) * 20) / 20;  // coarse values: many ties and plateaus
    }
    const double threshold = 0.2 + 0.8 * u(rng);
    const int wmin = 2 + static_cast<int>(rng() % 8);
    std::vector<FrameRef> excluded;
    if (trial % 3 == 0) excluded.push_back({0, static_cast<int>(rng() % rows[0].size())});
    const auto rowSpans = spans(rows);
    const Result<std::vector<MatchCandidate>> set =
        MatchSetJob{rowSpans, threshold, wmin, excluded}.run();
    ASSERT_TRUE(set) << set.error().message;
    EXPECT_EQ(*set, test::bruteForceMatchSet(rows, threshold, wmin, excluded)) << "trial " << trial;
    for (size_t i = 1; i < set->size(); ++i) EXPECT_LE((*set)[i - 1].distance, (*set)[i].distance);
    for (size_t i = 0; i < set->size(); ++i)
      for (size_t j = i + 1; j < set->size(); ++j)
        if ((*set)[i].ref.motion == (*set)[j].ref.motion)
          EXPECT_GE(std::abs((*set)[i].ref.frame - (*set)[j].ref.frame), wmin);
  }
}

TEST(MatchSet, HandComputedRow) {
  // Minima at 2 (0.1), 5 (0.3), 7 (0.05) and the plateau 9-10 (0.2: its first frame counts).
  const std::vector<std::vector<float>> rows = {
      {0.9f, 0.5f, 0.1f, 0.6f, 0.7f, 0.3f, 0.4f, 0.05f, 0.6f, 0.2f, 0.2f, 0.5f, 0.8f}};
  const auto rowSpans = spans(rows);
  const auto set = MatchSetJob{rowSpans, 0.45, 3, {}}.run();
  ASSERT_TRUE(set);
  // 7 first; 5 is within 3 of 7; 2 next; then 9 (|9-7| = 2 < 3) is skipped.
  ASSERT_EQ(set->size(), 2u);
  EXPECT_EQ((*set)[0].ref.frame, 7);
  EXPECT_EQ((*set)[1].ref.frame, 2);
}

TEST(MatchSet, EndFramesAreNeverMatches) {
  const std::vector<std::vector<float>> rows = {{0.0f, 0.5f, 0.4f, 0.6f, 0.0f}};
  const auto rowSpans = spans(rows);
  const auto set = MatchSetJob{rowSpans, 1.0, 2, {}}.run();
  ASSERT_TRUE(set);
  ASSERT_EQ(set->size(), 1u);
  EXPECT_EQ((*set)[0].ref.frame, 2);
}

TEST(MatchSetValidate, RejectsNonPositiveThreshold) {
  const std::vector<std::vector<float>> rows = {{1, 0, 1}};
  const auto rowSpans = spans(rows);
  EXPECT_FALSE(MatchSetJob({rowSpans, 0.0, 2, {}}).validate());
}

TEST(MatchSetValidate, RejectsSmallWmin) {
  const std::vector<std::vector<float>> rows = {{1, 0, 1}};
  const auto rowSpans = spans(rows);
  EXPECT_FALSE(MatchSetJob({rowSpans, 1.0, 1, {}}).validate());
}

TEST(MatchSetValidate, RejectsExcludedFrameOutOfRange) {
  const std::vector<std::vector<float>> rows = {{1, 0, 1}};
  const auto rowSpans = spans(rows);
  const std::vector<FrameRef> excluded = {{0, 3}};
  EXPECT_FALSE(MatchSetJob({rowSpans, 1.0, 2, excluded}).validate());
}

TEST(MatchSetValidate, RejectsNaNDistance) {
  const std::vector<std::vector<float>> rows = {{1, std::nanf(""), 1}};
  const auto rowSpans = spans(rows);
  EXPECT_FALSE(MatchSetJob({rowSpans, 1.0, 2, {}}).run());
}

}  // namespace
}  // namespace mg
