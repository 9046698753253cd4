// SPDX-License-Identifier: MIT
#pragma once

#include <functional>

namespace mg {

// Number of hardware threads (at least 1).
int hardwareThreadCount();

// Runs body(index, worker) for every index in [0, count), spread over `threads` threads (0 = all
// hardware threads; never more than `count`). Indices are handed out one at a time in increasing
// order, so early indices start first. `worker` is in [0, effective thread count) and is unique
// among the calls running at the same moment: use it to pick per-thread scratch. The calling
// thread is one of the workers. Returns when every call has returned. `body` must not throw.
void parallelFor(int count, int threads, const std::function<void(int index, int worker)>& body);

// The thread count parallelFor will use for these arguments.
int effectiveThreadCount(int count, int threads);

}  // namespace mg
