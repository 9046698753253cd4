// SPDX-License-Identifier: MIT
#pragma once

#include <chrono>

namespace mg {

// Wall-clock time since construction or the last restart(), on a monotonic clock.
class Stopwatch {
 public:
  Stopwatch() : m_start(std::chrono::steady_clock::now()) {}
  void restart() { m_start = std::chrono::steady_clock::now(); }
  double seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - m_start).count();
  }

 private:
  std::chrono::steady_clock::time_point m_start;
};

}  // namespace mg
