// SPDX-License-Identifier: MIT
#include "core/util/parallel_for.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>

#include "core/util/thread_pool.h"

namespace mg {
namespace {

// One loop, shared with its helper tasks. Helpers that start after the loop closed do nothing;
// the caller waits only for helpers that started, never for queued ones (which may be behind it).
struct Loop {
  Loop(int count, const std::function<void(int, int)>* body, int firstHelperWorker)
      : count(count), body(body), nextWorker(firstHelperWorker) {}

  void run(int worker) {
    for (int i = next.fetch_add(1); i < count; i = next.fetch_add(1)) (*body)(i, worker);
  }

  void help() {
    {
      std::lock_guard<std::mutex> lock(mutex);
      if (closed) return;
      ++active;
    }
    run(nextWorker.fetch_add(1));
    std::lock_guard<std::mutex> lock(mutex);
    if (--active == 0) done.notify_all();
  }

  // Waits until every index was handed out and every helper that took part has returned.
  void finish() {
    std::unique_lock<std::mutex> lock(mutex);
    done.wait(lock, [this] { return next.load() >= count && active == 0; });
    closed = true;
  }

  const int count;
  const std::function<void(int, int)>* body;  // valid until finish() returns
  std::atomic<int> next{0};
  std::atomic<int> nextWorker;
  std::mutex mutex;
  std::condition_variable done;
  int active = 0;
  bool closed = false;
};

}  // namespace

int hardwareThreadCount() {
  return std::max(1u, std::thread::hardware_concurrency());
}

int effectiveThreadCount(int count, int threads) {
  const int wanted = threads > 0 ? threads : ThreadPool::globalWorkerCount();
  return std::max(1, std::min(wanted, count));
}

void parallelFor(int count, int threads, const std::function<void(int index, int worker)>& body) {
  if (count <= 0) return;
  const int n = effectiveThreadCount(count, threads);
  ThreadPool& pool = ThreadPool::global();
  const bool onWorker = pool.isWorkerThread();
  if (onWorker && n == 1) {
    for (int i = 0; i < count; ++i) body(i, 0);
    return;
  }
  auto loop = std::make_shared<Loop>(count, &body, onWorker ? 1 : 0);
  for (int h = onWorker ? 1 : 0; h < n; ++h) pool.submit([loop] { loop->help(); });
  if (onWorker) loop->run(0);
  loop->finish();
}

}  // namespace mg
