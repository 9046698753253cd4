// SPDX-License-Identifier: MIT
#include "core/util/thread_pool.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <string>

namespace mg {
namespace {

thread_local const ThreadPool* t_pool = nullptr;  // the pool whose worker this thread is

std::mutex g_globalMutex;
int g_requestedWorkers = 0;  // 0: not set
std::atomic<bool> g_globalCreated{false};

}  // namespace

ThreadPool::ThreadPool(int workers) {
  const int n = std::max(1, workers);
  m_threads.reserve(n);
  for (int i = 0; i < n; ++i) m_threads.emplace_back([this] { work(); });
}

ThreadPool::~ThreadPool() {
  {
    std::lock_guard<std::mutex> lock(m_mutex);
    m_stopping = true;
  }
  m_wake.notify_all();
  for (std::thread& t : m_threads) t.join();
}

void ThreadPool::submit(std::function<void()> task) {
  {
    std::lock_guard<std::mutex> lock(m_mutex);
    if (m_stopping) return;
    m_queue.push_back(std::move(task));
  }
  m_wake.notify_one();
}

bool ThreadPool::isWorkerThread() const {
  return t_pool == this;
}

void ThreadPool::work() {
  t_pool = this;
  for (;;) {
    std::function<void()> task;
    {
      std::unique_lock<std::mutex> lock(m_mutex);
      m_wake.wait(lock, [this] { return m_stopping || !m_queue.empty(); });
      if (m_stopping) return;
      task = std::move(m_queue.front());
      m_queue.pop_front();
    }
    task();
  }
}

int ThreadPool::globalWorkerCount() {
  {
    std::lock_guard<std::mutex> lock(g_globalMutex);
    if (g_requestedWorkers > 0) return g_requestedWorkers;
  }
  if (const char* env = std::getenv("MG_WORKER_THREADS")) {
    char* end = nullptr;
    const long n = std::strtol(env, &end, 10);
    if (end != env && *end == '\0' && n >= 1 && n <= 4096) return static_cast<int>(n);
  }
  return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

bool ThreadPool::setGlobalWorkerCount(int workers) {
  std::lock_guard<std::mutex> lock(g_globalMutex);
  if (g_globalCreated.load() || workers < 1) return false;
  g_requestedWorkers = workers;
  return true;
}

ThreadPool& ThreadPool::global() {
  static ThreadPool pool([] {
    const int n = globalWorkerCount();
    std::lock_guard<std::mutex> lock(g_globalMutex);
    g_globalCreated = true;
    return n;
  }());
  return pool;
}

}  // namespace mg
