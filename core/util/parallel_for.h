// SPDX-License-Identifier: MIT
#pragma once

#include <functional>

namespace mg {

// Number of hardware threads (at least 1).
int hardwareThreadCount();

// Runs body(index, worker) for every index in [0, count), spread over up to `threads` threads
// (0 = the global pool's worker count; never more than `count`) of the process-wide ThreadPool
// (core/util/thread_pool.h), so loops and background jobs together never run on more threads
// than the pool has. Indices are handed out one at a time in increasing order, so early indices
// start first. `worker` is in [0, effectiveThreadCount(count, threads)) and is unique among the
// calls of this loop running at the same moment: use it to pick per-thread scratch. Called on a
// pool worker (a loop inside a job or inside another loop), the calling thread works through the
// loop itself while idle workers help, so nesting cannot deadlock; called on another thread, that
// thread waits while the workers run the loop. Returns when every call has returned. `body` must
// not throw.
void parallelFor(int count, int threads, const std::function<void(int index, int worker)>& body);

// The thread count parallelFor will use for these arguments.
int effectiveThreadCount(int count, int threads);

}  // namespace mg
