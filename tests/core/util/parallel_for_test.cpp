// SPDX-License-Identifier: MIT
#include "core/util/parallel_for.h"

#include <atomic>
#include <mutex>
#include <set>
#include <vector>

#include <gtest/gtest.h>

namespace mg {
namespace {

TEST(ParallelFor, EveryIndexExactlyOnce) {
  for (int threads : {0, 1, 2, 5}) {
    std::vector<std::atomic<int>> hits(1000);
    parallelFor(1000, threads, [&](int i, int) { hits[i].fetch_add(1); });
    for (auto& h : hits) ASSERT_EQ(h.load(), 1);
  }
}

TEST(ParallelFor, WorkersAreDistinctAndInRange) {
  const int n = effectiveThreadCount(64, 3);
  EXPECT_EQ(n, 3);
  std::mutex mutex;
  std::set<int> seen;
  std::vector<std::atomic<int>> busy(n);
  std::atomic<bool> clash{false};
  parallelFor(64, 3, [&](int, int worker) {
    if (busy[worker].fetch_add(1) != 0) clash = true;
    {
      std::lock_guard<std::mutex> lock(mutex);
      seen.insert(worker);
    }
    busy[worker].fetch_sub(1);
  });
  EXPECT_FALSE(clash.load());
  for (int w : seen) EXPECT_TRUE(w >= 0 && w < n);
}

TEST(ParallelFor, NoWorkNoCalls) {
  int calls = 0;
  parallelFor(0, 4, [&](int, int) { ++calls; });
  parallelFor(-3, 4, [&](int, int) { ++calls; });
  EXPECT_EQ(calls, 0);
}

TEST(ParallelFor, NeverMoreThreadsThanWork) {
  EXPECT_EQ(effectiveThreadCount(1, 8), 1);
  EXPECT_EQ(effectiveThreadCount(10, 0), std::min(10, hardwareThreadCount()));
}

}  // namespace
}  // namespace mg
