// SPDX-License-Identifier: MIT
#pragma once

#include <unistd.h>

#include <string>

#include <gtest/gtest.h>

namespace mg::test {

// A name for a temporary file or folder no other test process uses at the same time: `prefix`,
// this process's id and the running test's name (ctest runs tests of one binary side by side, in
// processes that may start in the same millisecond, so gtest's time-based random seed collides).
inline std::string uniqueTempName(const std::string& prefix) {
  const ::testing::TestInfo* test = ::testing::UnitTest::GetInstance()->current_test_info();
  return prefix + std::to_string(::getpid()) +
         (test ? std::string("_") + test->name() : std::string());
}

}  // namespace mg::test
