// SPDX-License-Identifier: MIT
#pragma once

#include <algorithm>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace mg::test {

// The CMU capture the tests read. tests/data/mocap holds a small subset (README there: credit,
// checksums) laid out like the shared folder, so tests that use only those files run from a bare
// clone. A file outside the subset comes from MG_SHARED_MOCAP_DIR and may be absent: such a test
// skips. Always the subset first, so a test reads the same bytes with or without shared capture.
inline std::string capturePath(std::string_view relative) {
  const std::filesystem::path bundled =
      std::filesystem::path(MG_TEST_DATA_DIR) / "mocap" / relative;
  if (std::filesystem::exists(bundled)) return bundled.string();
  return (std::filesystem::path(MG_SHARED_MOCAP_DIR) / relative).string();
}

// The folder of the bundled subset, e.g. captureDir("cmu_turns").
inline std::string captureDir(std::string_view folder) {
  return (std::filesystem::path(MG_TEST_DATA_DIR) / "mocap" / folder).string();
}

// Every .bvh of a bundled folder, sorted.
inline std::vector<std::string> captureFiles(std::string_view folder) {
  std::vector<std::string> out;
  for (const auto& e : std::filesystem::directory_iterator(captureDir(folder))) {
    if (e.path().extension() == ".bvh") out.push_back(e.path().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace mg::test
