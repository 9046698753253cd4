// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include <atomic>
#include <memory>

#include <QSemaphore>
#include <QTest>

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
  QThreadPool pool;
  QObject context;
  JobSlot<int> slot(&pool, &context);
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
  QThreadPool pool;
  QObject context;
  JobSlot<int> slot(&pool, &context);
  auto gate = std::make_shared<QSemaphore>();
  auto started = std::make_shared<QSemaphore>();
  auto staleSawCancel = std::make_shared<std::atomic<bool>>(false);
  Log stale, fresh;
  slot.start([gate, started, staleSawCancel](QPromise<int>& promise) {
               promise.addResult(1);  // reaches the watcher's queue before it is superseded
               started->release();
               gate->acquire();       // held until the new job has replaced this one
               staleSawCancel->store(promise.isCanceled());
               promise.addResult(2);
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
  pool.waitForDone();
  EXPECT_TRUE(staleSawCancel->load());
}

TEST(JobSlot, JobSupersededBeforeItStartsNeverRuns) {
  QThreadPool pool;
  pool.setMaxThreadCount(1);
  QObject context;
  JobSlot<int> slot(&pool, &context);
  auto gate = std::make_shared<QSemaphore>();
  auto ran = std::make_shared<std::atomic<int>>(0);
  // Occupy the only thread so the next job waits in the queue.
  pool.start([gate] { gate->acquire(); });
  Log first, second;
  slot.start([ran](QPromise<int>&) { ++*ran; }, first.callbacks());
  slot.start([](QPromise<int>& promise) { promise.addResult(5); }, second.callbacks());
  gate->release();
  ASSERT_TRUE(QTest::qWaitFor([&] { return second.finished == 1; }, 10000));
  pool.waitForDone();
  EXPECT_EQ(ran->load(), 0);
  EXPECT_EQ(first.finished, 0);
  EXPECT_EQ(second.results, QList<int>{5});
}

TEST(JobSlot, CancelReportsFinishedCancelled) {
  QThreadPool pool;
  QObject context;
  JobSlot<int> slot(&pool, &context);
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
  QThreadPool pool;
  QObject context;
  auto done = std::make_shared<std::atomic<bool>>(false);
  auto started = std::make_shared<QSemaphore>();
  {
    JobSlot<int> slot(&pool, &context);
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

}  // namespace
}  // namespace mg
