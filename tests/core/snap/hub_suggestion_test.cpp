// SPDX-License-Identifier: MIT
#include "core/snap/hub_suggestion.h"

#include <atomic>
#include <cmath>
#include <random>

#include <gtest/gtest.h>

#include "match_set_brute_force.h"

namespace mg {
namespace {

// A toy collection: every frame has a scalar "pose" and D is the absolute difference.
struct ToyRows {
  std::vector<std::vector<double>> values;
  std::vector<float> buffer;
  DistanceRowSource source() {
    return [this](const FrameRef& q, int m) {
      const double v = values[q.motion][q.frame];
      buffer.resize(values[m].size());
      for (size_t f = 0; f < buffer.size(); ++f)
        buffer[f] = static_cast<float>(std::abs(values[m][f] - v));
      return std::span<const float>(buffer);
    };
  }
  std::vector<int> counts() const {
    std::vector<int> c;
    for (const auto& v : values) c.push_back(static_cast<int>(v.size()));
    return c;
  }
};

TEST(HubSuggestion, PicksTheLargestMatchSetLikeBruteForce) {
  std::mt19937_64 rng(3);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  for (int trial = 0; trial < 20; ++trial) {
    ToyRows toy;
    toy.values.resize(1 + rng() % 3);
    for (auto& v : toy.values) {
      v.resize(20 + rng() % 60);
      const double period = 8 + 10 * u(rng);
      for (size_t f = 0; f < v.size(); ++f) v[f] = std::sin(2 * M_PI * f / period) + 0.3 * u(rng);
    }
    const std::vector<int> counts = toy.counts();
    const double threshold = 0.1 + 0.2 * u(rng);
    const int wmin = 3 + static_cast<int>(rng() % 4);
    HubSuggestionJob job{toy.source(), counts, threshold, wmin};
    const auto got = job.run(2);
    // Brute force over every query frame, with the same exclusions between rounds.
    std::vector<FrameRef> excluded;
    for (int round = 0; round < 2; ++round) {
      size_t bestSize = 0;
      double bestMean = 0;
      FrameRef bestQuery{-1, -1};
      for (int qm = 0; qm < static_cast<int>(counts.size()); ++qm) {
        for (int qf = 0; qf < counts[qm]; ++qf) {
          bool blocked = false;
          for (const auto& e : excluded) blocked |= e.motion == qm && std::abs(e.frame - qf) < wmin;
          if (blocked) continue;
          std::vector<std::vector<float>> rows;
          for (int m = 0; m < static_cast<int>(counts.size()); ++m) {
            std::vector<float> r;
            for (double v : toy.values[m])
              r.push_back(static_cast<float>(std::abs(v - toy.values[qm][qf])));
            rows.push_back(r);
          }
          const auto set = test::bruteForceMatchSet(rows, threshold, wmin, excluded);
          if (set.size() < 2) continue;
          double mean = 0;
          for (const auto& c : set) mean += c.distance;
          mean /= set.size();
          if (set.size() > bestSize || (set.size() == bestSize && mean < bestMean)) {
            bestSize = set.size();
            bestMean = mean;
            bestQuery = {qm, qf};
          }
        }
      }
      if (bestSize == 0) {
        if (round == 0) EXPECT_FALSE(got);
        if (got) EXPECT_EQ(got->size(), static_cast<size_t>(round));
        break;
      }
      ASSERT_TRUE(got) << got.error().message;
      ASSERT_GT(got->size(), static_cast<size_t>(round));
      const HubSuggestion& s = (*got)[round];
      EXPECT_EQ(s.query, bestQuery) << "trial " << trial << " round " << round;
      EXPECT_EQ(s.matches.size(), bestSize);
      EXPECT_NEAR(s.meanDistance, bestMean, 1e-6);
      for (const auto& c : s.matches) excluded.push_back(c.ref);
    }
  }
}

TEST(HubSuggestion, LaterHubsAvoidEarlierMatchFrames) {
  ToyRows toy;
  toy.values.resize(1);
  for (int f = 0; f < 120; ++f) toy.values[0].push_back(std::sin(2 * M_PI * f / 20.0));
  const std::vector<int> counts = toy.counts();
  const auto got = HubSuggestionJob{toy.source(), counts, 0.05, 5}.run(3);
  ASSERT_TRUE(got);
  ASSERT_GE(got->size(), 2u);
  for (size_t a = 0; a < got->size(); ++a)
    for (size_t b = a + 1; b < got->size(); ++b)
      for (const auto& x : (*got)[a].matches)
        for (const auto& y : (*got)[b].matches) EXPECT_GE(std::abs(x.ref.frame - y.ref.frame), 5);
}

TEST(HubSuggestion, StopsWhenCancelled) {
  ToyRows toy;
  toy.values = {{0, 1, 0, 1, 0, 1, 0}};
  const std::vector<int> counts = toy.counts();
  std::atomic<bool> cancel{true};
  const Progress progress(&cancel, nullptr);
  HubSuggestionJob job{toy.source(), counts, 0.5, 2};
  job.progress = &progress;
  EXPECT_FALSE(job.run());
}

TEST(HubSuggestion, FailsWhenNoFrameHasAMatch) {
  ToyRows toy;
  toy.values = {{0, 1, 2, 3, 4, 5}};
  const std::vector<int> counts = toy.counts();
  EXPECT_FALSE(HubSuggestionJob({toy.source(), counts, 0.5, 2}).run());
}

TEST(HubSuggestionValidate, RejectsMissingRows) {
  const std::vector<int> counts = {5};
  EXPECT_FALSE(HubSuggestionJob({nullptr, counts, 0.5, 2}).validate());
}

TEST(HubSuggestionValidate, RejectsEmptyMotion) {
  ToyRows toy;
  const std::vector<int> counts = {0};
  EXPECT_FALSE(HubSuggestionJob({toy.source(), counts, 0.5, 2}).validate());
}

TEST(HubSuggestionValidate, RejectsBadThresholdAndWmin) {
  ToyRows toy;
  const std::vector<int> counts = {5};
  EXPECT_FALSE(HubSuggestionJob({toy.source(), counts, -1.0, 2}).validate());
  EXPECT_FALSE(HubSuggestionJob({toy.source(), counts, 0.5, 1}).validate());
}

TEST(HubSuggestion, RejectsRowOfWrongLength) {
  ToyRows toy;
  toy.values = {{0, 1, 0, 1, 0}};
  const std::vector<int> counts = {6};
  EXPECT_FALSE(HubSuggestionJob({toy.source(), counts, 0.5, 2}).run());
}

}  // namespace
}  // namespace mg
