// SPDX-License-Identifier: MIT
// The process-wide pool under load: parallel loops from several threads, loops inside jobs and
// inside loops never run more bodies at once than the pool has workers, always finish, and a
// job's loop stops when it is cancelled. This binary gives the pool 3 workers (more than the
// 2 cores of the CI machine) so the bound is the pool's, not the hardware's.
#include "core/util/thread_pool.h"

#include <atomic>
#include <chrono>
#include <future>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "core/util/parallel_for.h"
#include "core/util/progress.h"

namespace mg {
namespace {

constexpr int kWorkers = 3;
const bool kConfigured = ThreadPool::setGlobalWorkerCount(kWorkers);

// Counts bodies running at once and keeps the most seen.
struct Concurrency {
  std::atomic<int> running{0};
  std::atomic<int> most{0};
  void enter() {
    const int now = running.fetch_add(1) + 1;
    for (int seen = most.load(); now > seen && !most.compare_exchange_weak(seen, now);) {
    }
  }
  void leave() { running.fetch_sub(1); }
};

void spinMicroseconds(int us) {
  const auto end = std::chrono::steady_clock::now() + std::chrono::microseconds(us);
  while (std::chrono::steady_clock::now() < end) {
  }
}

TEST(ThreadPool, GlobalPoolHasTheConfiguredWorkersAndCannotBeResized) {
  ASSERT_TRUE(kConfigured);
  EXPECT_EQ(ThreadPool::global().workerCount(), kWorkers);
  EXPECT_EQ(ThreadPool::globalWorkerCount(), kWorkers);
  EXPECT_FALSE(ThreadPool::setGlobalWorkerCount(8));
  EXPECT_EQ(effectiveThreadCount(100, 0), kWorkers);
  EXPECT_FALSE(ThreadPool::global().isWorkerThread());
}

TEST(ThreadPool, ConcurrentLoopsFromSeveralThreadsStayWithinTheWorkers) {
  Concurrency c;
  constexpr int kCallers = 5, kCount = 300;
  std::vector<std::vector<std::atomic<int>>> hits(kCallers);
  for (auto& h : hits) h = std::vector<std::atomic<int>>(kCount);
  std::vector<std::thread> callers;
  for (int t = 0; t < kCallers; ++t) {
    callers.emplace_back([&, t] {
      // Asks for more threads than there are workers: the pool still bounds them.
      parallelFor(kCount, 8, [&](int i, int worker) {
        EXPECT_GE(worker, 0);
        EXPECT_LT(worker, 8);
        c.enter();
        spinMicroseconds(50);
        ++hits[t][i];
        c.leave();
      });
    });
  }
  for (std::thread& t : callers) t.join();
  EXPECT_LE(c.most.load(), kWorkers);
  EXPECT_GE(c.most.load(), 2);  // the loops did run in parallel
  for (auto& h : hits)
    for (auto& n : h) EXPECT_EQ(n.load(), 1);
}

TEST(ThreadPool, JobsThatRunLoopsAndNestedLoopsStayWithinTheWorkersAndFinish) {
  Concurrency c;
  std::atomic<int> done{0};
  constexpr int kJobs = 6;
  std::vector<std::promise<void>> finished(kJobs);
  std::vector<std::future<void>> waits;
  for (auto& p : finished) waits.push_back(p.get_future());
  for (int j = 0; j < kJobs; ++j) {
    ThreadPool::global().submit([&, j] {
      EXPECT_TRUE(ThreadPool::global().isWorkerThread());
      // A loop inside a job, and inside it another loop: the worker takes part in both.
      parallelFor(4, 0, [&](int, int) {
        parallelFor(5, 0, [&](int, int) {
          c.enter();
          spinMicroseconds(100);
          done.fetch_add(1);
          c.leave();
        });
      });
      finished[j].set_value();
    });
  }
  // Meanwhile a loop from this (non-pool) thread.
  parallelFor(50, 0, [&](int, int) {
    c.enter();
    spinMicroseconds(50);
    c.leave();
  });
  for (auto& w : waits) ASSERT_EQ(w.wait_for(std::chrono::seconds(60)), std::future_status::ready);
  EXPECT_EQ(done.load(), kJobs * 4 * 5);
  EXPECT_LE(c.most.load(), kWorkers);
}

TEST(ThreadPool, AJobsLoopStopsWhenCancelled) {
  std::atomic<bool> cancel{false};
  const Progress progress(&cancel, {});
  std::atomic<int> ran{0};
  std::promise<void> finished;
  std::future<void> wait = finished.get_future();
  constexpr int kCount = 1000000;
  ThreadPool::global().submit([&] {
    parallelFor(kCount, 0, [&](int, int) {
      if (progress.cancelled()) return;
      ran.fetch_add(1);
      spinMicroseconds(20);
    });
    finished.set_value();
  });
  while (ran.load() < 100) std::this_thread::yield();
  cancel = true;
  ASSERT_EQ(wait.wait_for(std::chrono::seconds(30)), std::future_status::ready);
  EXPECT_LT(ran.load(), kCount / 2);
}

TEST(ThreadPool, APrivatePoolRunsTasksAndDropsQueuedOnesWhenDestroyed) {
  std::atomic<int> ran{0};
  std::promise<void> started, release;
  std::shared_future<void> gate = release.get_future().share();
  {
    ThreadPool pool(1);
    EXPECT_EQ(pool.workerCount(), 1);
    pool.submit([&, gate] {
      started.set_value();
      gate.wait();
      ++ran;
    });
    for (int i = 0; i < 10; ++i) pool.submit([&] { ++ran; });
    // Only a task that has started is joined; wait for it rather than for a fixed time, which a
    // loaded machine can overrun.
    started.get_future().wait();
    release.set_value();
  }  // joins the running task; the queued ones may or may not have run, none runs after this
  const int after = ran.load();
  EXPECT_GE(after, 1);
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_EQ(ran.load(), after);
  EXPECT_EQ(ThreadPool(0).workerCount(), 1);
}

}  // namespace
}  // namespace mg
