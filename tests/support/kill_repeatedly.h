// SPDX-License-Identifier: MIT
// Kill -9 at random moments while a child process writes: the harness of the kill-during-write
// tests (core exports, the editor's project saves).
#pragma once

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <functional>
#include <random>
#include <thread>

#include <gtest/gtest.h>

namespace mg::test {

inline constexpr int kKills = 150;

// Runs `write(version)` in a child for versions 1, 0, 1, 0, ... (version 0 is on disk before),
// kills it after a random delay up to `maxDelay`, and calls `onDisk()` after each kill, which
// returns the version it finds (or -1 when the files are broken or mixed). The version found must
// be the last one the child completed or the one it was writing.
inline void killRepeatedly(const std::function<void(int version)>& write,
                           const std::function<int()>& onDisk, std::chrono::microseconds maxDelay,
                           int kills = kKills) {
  std::mt19937 rng(20261125);
  int previous = 0;  // the version on disk before this child starts
  for (int k = 0; k < kills; ++k) {
    int done[2];
    ASSERT_EQ(::pipe(done), 0);
    const int first = 1 - previous;
    const pid_t child = ::fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
      ::close(done[0]);
      for (int v = first;; v = 1 - v) {
        write(v);
        const char c = static_cast<char>(v);
        (void)!::write(done[1], &c, 1);
      }
    }
    ::close(done[1]);
    std::this_thread::sleep_for(
        std::chrono::microseconds(std::uniform_int_distribution<long>(0, maxDelay.count())(rng)));
    ::kill(child, SIGKILL);
    ::waitpid(child, nullptr, 0);
    int completed = 0;
    char c;
    while (::read(done[0], &c, 1) == 1) ++completed;
    ::close(done[0]);
    const int lastComplete = completed == 0 ? previous : (completed % 2 == 1 ? first : 1 - first);
    const int inFlight = 1 - lastComplete;
    const int found = onDisk();
    ASSERT_TRUE(found == lastComplete || found == inFlight)
        << "kill " << k << ": found version " << found << ", the child had completed " << completed
        << " writes (last complete version " << lastComplete << ")";
    previous = found;
  }
}

}  // namespace mg::test
