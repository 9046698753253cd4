// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include <atomic>
#include <memory>
#include <vector>

#include <QSemaphore>
#include <QTest>

#include "core/util/parallel_for.h"
#include "widgets/jobs/job_slot.h"

namespace mg {
namespace {

struct Log {
  QList<int> results;
  QList<int> progress;
  int finished = 0;
  bool lastCancelled = false;
  JobCallbacks<int> callbacks() {
    return {[this](const int& r) { results.push_back(r); },
            [this](int value, int, const QString&) { progress.push_back(value); },
            [this](bool cancelled) {
              ++finished;
              lastCancelled = cancelled;
            }};
  }
};

TEST(JobSlot, DeliversResultsProgressAndFinishOnTheContextThread) {
  QObject context;
  JobSlot<int> slot(&context);
  Log log;
  slot.start([](QPromise<int>& promise) {
               promise.setProgressRange(0, 3);
               for (int i = 0; i < 3; ++i) {
                 promise.addResult(i * 10);
                 promise.setProgressValue(i + 1);
               }
             },
             log.callbacks());
  EXPECT_TRUE(slot.isRunning());
  ASSERT_TRUE(QTest::qWaitFor([&] { return log.finished == 1; }, 10000));
  EXPECT_EQ(log.results, (QList<int>{0, 10, 20}));
  EXPECT_FALSE(log.lastCancelled);
  ASSERT_FALSE(log.progress.isEmpty());
  EXPECT_EQ(log.progress.last(), 3);
  EXPECT_FALSE(slot.isRunning());
}

TEST(JobSlot, SupersededJobIsCancelledAndSilenced) {
  QObject context;
  JobSlot<int> slot(&context);
  auto gate = std::make_shared<QSemaphore>();
  auto started = std::make_shared<QSemaphore>();
  auto staleSawCancel = std::make_shared<std::atomic<bool>>(false);
  auto staleDone = std::make_shared<QSemaphore>();
  Log stale, fresh;
  slot.start([gate, started, staleSawCancel, staleDone](QPromise<int>& promise) {
               promise.addResult(1);  // reaches the watcher's queue before it is superseded
               started->release();
               gate->acquire();       // held until the new job has replaced this one
               staleSawCancel->store(promise.isCanceled());
               promise.addResult(2);
               staleDone->release();
             },
             stale.callbacks());
  // Superseding a job that has not started yet means it never runs; this one is running.
  started->acquire();
  slot.start([](QPromise<int>& promise) { promise.addResult(42); }, fresh.callbacks());
  gate->release();
  ASSERT_TRUE(QTest::qWaitFor([&] { return fresh.finished == 1; }, 10000));
  QTest::qWait(100);  // any late signal of the stale job would arrive now
  EXPECT_EQ(fresh.results, QList<int>{42});
  EXPECT_TRUE(stale.results.isEmpty());
  EXPECT_EQ(stale.finished, 0);
  ASSERT_TRUE(staleDone->tryAcquire(1, 10000));
  EXPECT_TRUE(staleSawCancel->load());
}

TEST(JobSlot, JobSupersededBeforeItStartsNeverRuns) {
  QObject context;
  JobSlot<int> slot(&context);
  auto gate = std::make_shared<QSemaphore>();
  auto ran = std::make_shared<std::atomic<int>>(0);
  // Occupy every worker of the shared pool so the next job waits in the queue.
  const int workers = ThreadPool::global().workerCount();
  auto freed = std::make_shared<QSemaphore>();
  for (int w = 0; w < workers; ++w) {
    ThreadPool::global().submit([gate, freed] {
      gate->acquire();
      freed->release();
    });
  }
  Log first, second;
  slot.start([ran](QPromise<int>&) { ++*ran; }, first.callbacks());
  slot.start([](QPromise<int>& promise) { promise.addResult(5); }, second.callbacks());
  gate->release(workers);
  ASSERT_TRUE(QTest::qWaitFor([&] { return second.finished == 1; }, 10000));
  ASSERT_TRUE(freed->tryAcquire(workers, 10000));
  EXPECT_EQ(ran->load(), 0);
  EXPECT_EQ(first.finished, 0);
  EXPECT_EQ(second.results, QList<int>{5});
}

TEST(JobSlot, CancelReportsFinishedCancelled) {
  QObject context;
  JobSlot<int> slot(&context);
  auto gate = std::make_shared<QSemaphore>();
  Log log;
  slot.start([gate](QPromise<int>& promise) {
               gate->acquire();
               if (promise.isCanceled()) return;
               promise.addResult(7);
             },
             log.callbacks());
  slot.cancel();
  gate->release();
  ASSERT_TRUE(QTest::qWaitFor([&] { return log.finished == 1; }, 10000));
  EXPECT_TRUE(log.lastCancelled);
  EXPECT_TRUE(log.results.isEmpty());
}

TEST(JobSlot, DestructionWaitsForTheRunningWork) {
  QObject context;
  auto done = std::make_shared<std::atomic<bool>>(false);
  auto started = std::make_shared<QSemaphore>();
  {
    JobSlot<int> slot(&context);
    Log log;
    slot.start([done, started](QPromise<int>&) {
                 started->release();
                 QThread::msleep(50);
                 done->store(true);
               },
               log.callbacks());
    started->acquire();
  }
  EXPECT_TRUE(done->load());
}

// Jobs of several slots at once, each running a parallel loop: every body runs on the shared
// pool, so no more run at once than it has workers, and every job finishes.
TEST(JobSlot, JobsAndTheirLoopsShareThePoolsWorkers) {
  QObject context;
  std::atomic<int> running{0}, most{0};
  std::vector<std::unique_ptr<JobSlot<int>>> jobs;
  std::vector<Log> logs(4);
  for (Log& log : logs) {
    jobs.push_back(std::make_unique<JobSlot<int>>(&context));
    jobs.back()->start([&](QPromise<int>& promise) {
                          parallelFor(20, 0, [&](int, int) {
                            const int now = running.fetch_add(1) + 1;
                            for (int seen = most.load(); now > seen && !most.compare_exchange_weak(seen, now);) {
                            }
                            QThread::usleep(500);
                            running.fetch_sub(1);
                          });
                          promise.addResult(1);
                        },
                        log.callbacks());
  }
  for (Log& log : logs) ASSERT_TRUE(QTest::qWaitFor([&] { return log.finished == 1; }, 20000));
  for (Log& log : logs) EXPECT_EQ(log.results, QList<int>{1});
  EXPECT_LE(most.load(), ThreadPool::global().workerCount());
}

}  // namespace
}  // namespace mg
