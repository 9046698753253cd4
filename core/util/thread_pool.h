// SPDX-License-Identifier: MIT
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace mg {

// A fixed set of worker threads running submitted tasks in submission order. The process has one
// (global()) that core's parallelFor and the editor's background jobs (widgets/jobs/job_slot.h)
// share, so that everything running at once never uses more threads than it has workers: two
// jobs on two cores run on two threads, not on two threads each plus their loops' helpers.
// Thread-safe.
class ThreadPool {
 public:
  // Starts `workers` (>= 1; less is taken as 1) threads.
  explicit ThreadPool(int workers);
  // Stops the workers after the tasks they are running; tasks still queued are dropped unrun.
  ~ThreadPool();
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  int workerCount() const { return static_cast<int>(m_threads.size()); }
  // Queues `task` to run on a worker. A task must not throw and must not wait for a task queued
  // after it (parallelFor never does: its caller works through the loop itself).
  void submit(std::function<void()> task);
  // True on the threads of this pool.
  bool isWorkerThread() const;

  // The process-wide pool, created on first use with globalWorkerCount() workers.
  static ThreadPool& global();
  // Its worker count: the value given to setGlobalWorkerCount, else the environment variable
  // MG_WORKER_THREADS (a whole number >= 1), else every hardware thread.
  static int globalWorkerCount();
  // Sets the global pool's worker count (>= 1). Only before the pool is first used: returns false,
  // changing nothing, once it exists.
  static bool setGlobalWorkerCount(int workers);

 private:
  void work();

  std::mutex m_mutex;
  std::condition_variable m_wake;
  std::deque<std::function<void()>> m_queue;
  bool m_stopping = false;
  std::vector<std::thread> m_threads;
};

}  // namespace mg
