// SPDX-License-Identifier: MIT
#include "core/util/parallel_for.h"

#include <algorithm>
#include <atomic>
#include <thread>
#include <vector>

namespace mg {

int hardwareThreadCount() {
  return std::max(1u, std::thread::hardware_concurrency());
}

int effectiveThreadCount(int count, int threads) {
  const int wanted = threads > 0 ? threads : hardwareThreadCount();
  return std::max(1, std::min(wanted, count));
}

void parallelFor(int count, int threads, const std::function<void(int index, int worker)>& body) {
  if (count <= 0) return;
  const int n = effectiveThreadCount(count, threads);
  std::atomic<int> next{0};
  auto work = [&](int worker) {
    for (int i = next.fetch_add(1); i < count; i = next.fetch_add(1)) body(i, worker);
  };
  std::vector<std::thread> pool;
  pool.reserve(n - 1);
  for (int w = 1; w < n; ++w) pool.emplace_back(work, w);
  work(0);
  for (std::thread& t : pool) t.join();
}

}  // namespace mg
