// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include <algorithm>
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
  QList<int> maxima;
  QStringList texts;
  int finished = 0;
  bool lastCancelled = false;
  JobCallbacks<int> callbacks() {
    return {[this](const int& r) { results.push_back(r); },
            [this](int value, int maximum, const QString& text) {
              progress.push_back(value);
              maxima.push_back(maximum);
              texts.push_back(text);
            },
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
  slot.start(
      [](JobContext<int>& job) {
        for (int i = 0; i < 3; ++i) {
          job.addResult(i * 10);
          job.progress().report((i + 1) / 3.0);
        }
      },
      log.callbacks());
  EXPECT_TRUE(slot.isRunning());
  ASSERT_TRUE(QTest::qWaitFor([&] { return log.finished == 1; }, 10000));
  EXPECT_EQ(log.results, (QList<int>{0, 10, 20}));
  EXPECT_FALSE(log.lastCancelled);
  ASSERT_FALSE(log.progress.isEmpty());
  EXPECT_EQ(log.progress.last(), kJobProgressSteps);  // the last report, 1.0
  for (int maximum : log.maxima) EXPECT_EQ(maximum, kJobProgressSteps);
  EXPECT_TRUE(std::is_sorted(log.progress.begin(), log.progress.end()));
  EXPECT_FALSE(slot.isRunning());
}

// Fractions of the whole job and of its phases (slices) arrive scaled to the progress range,
// with the phase text set before them.
TEST(JobSlot, ProgressFractionsAndPhasesArrive) {
  QObject context;
  JobSlot<int> slot(&context);
  Log log;
  auto gate = std::make_shared<QSemaphore>();
  slot.start(
      [gate](JobContext<int>& job) {
        job.setPhase(QStringLiteral("first"));
        job.progress().slice(0.0, 0.5).report(0.5);  // 0.25 of the job
        gate->acquire();                             // the UI sees this report before the next one
        job.setPhase(QStringLiteral("second"));
        job.progress().slice(0.5, 1.0).report(1.0);
      },
      log.callbacks());
  ASSERT_TRUE(QTest::qWaitFor([&] { return !log.progress.isEmpty(); }, 10000));
  gate->release();
  ASSERT_TRUE(QTest::qWaitFor([&] { return log.finished == 1; }, 10000));
  ASSERT_EQ(log.progress, (QList<int>{kJobProgressSteps / 4, kJobProgressSteps}));
  EXPECT_EQ(log.texts, (QStringList{QStringLiteral("first"), QStringLiteral("second")}));
}

// The slot's cancel reaches the work through its context, its Progress and the Progress's slices.
TEST(JobSlot, CancelReachesTheProgressOfTheWork) {
  QObject context;
  JobSlot<int> slot(&context);
  Log log;
  auto started = std::make_shared<QSemaphore>();
  auto gate = std::make_shared<QSemaphore>();
  auto before = std::make_shared<std::atomic<bool>>(true);
  auto after = std::make_shared<std::atomic<int>>(0);
  slot.start(
      [started, gate, before, after](JobContext<int>& job) {
        before->store(job.cancelled() || job.progress().cancelled());
        started->release();
        gate->acquire();
        *after = int(job.cancelled()) + int(job.progress().cancelled()) +
                 int(job.progress().slice(0.2, 0.4).cancelled());
      },
      log.callbacks());
  started->acquire();
  slot.cancel();
  gate->release();
  ASSERT_TRUE(QTest::qWaitFor([&] { return log.finished == 1; }, 10000));
  EXPECT_FALSE(before->load());
  EXPECT_EQ(after->load(), 3);
  EXPECT_TRUE(log.lastCancelled);
}

TEST(JobSlot, SupersededJobIsCancelledAndSilenced) {
  QObject context;
  JobSlot<int> slot(&context);
  auto gate = std::make_shared<QSemaphore>();
  auto started = std::make_shared<QSemaphore>();
  auto staleSawCancel = std::make_shared<std::atomic<bool>>(false);
  auto staleDone = std::make_shared<QSemaphore>();
  Log stale, fresh;
  slot.start(
      [gate, started, staleSawCancel, staleDone](JobContext<int>& job) {
        job.addResult(1);  // reaches the watcher's queue before it is superseded
        job.progress().report(0.5);
        started->release();
        gate->acquire();  // held until the new job has replaced this one
        staleSawCancel->store(job.cancelled() && job.progress().cancelled());
        job.addResult(2);
        job.progress().report(1.0);
        staleDone->release();
      },
      stale.callbacks());
  // Superseding a job that has not started yet means it never runs; this one is running.
  started->acquire();
  slot.start([](JobContext<int>& job) { job.addResult(42); }, fresh.callbacks());
  gate->release();
  ASSERT_TRUE(QTest::qWaitFor([&] { return fresh.finished == 1; }, 10000));
  QTest::qWait(100);  // any late signal of the stale job would arrive now
  EXPECT_EQ(fresh.results, QList<int>{42});
  EXPECT_TRUE(stale.results.isEmpty());
  EXPECT_TRUE(stale.progress.isEmpty());
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
  slot.start([ran](JobContext<int>&) { ++*ran; }, first.callbacks());
  slot.start([](JobContext<int>& job) { job.addResult(5); }, second.callbacks());
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
  slot.start(
      [gate](JobContext<int>& job) {
        gate->acquire();
        if (job.cancelled()) return;
        job.addResult(7);
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
    slot.start(
        [done, started](JobContext<int>&) {
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
    jobs.back()->start(
        [&](JobContext<int>& job) {
          parallelFor(20, 0, [&](int, int) {
            const int now = running.fetch_add(1) + 1;
            for (int seen = most.load(); now > seen && !most.compare_exchange_weak(seen, now);) {
            }
            QThread::usleep(500);
            running.fetch_sub(1);
          });
          job.addResult(1);
        },
        log.callbacks());
  }
  for (Log& log : logs) ASSERT_TRUE(QTest::qWaitFor([&] { return log.finished == 1; }, 20000));
  for (Log& log : logs) EXPECT_EQ(log.results, QList<int>{1});
  EXPECT_LE(most.load(), ThreadPool::global().workerCount());
}

}  // namespace
}  // namespace mg
