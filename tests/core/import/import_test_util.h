// SPDX-License-Identifier: MIT
#pragma once

#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>

#include <gtest/gtest.h>

#include "support/capture.h"

namespace mg::test {

inline std::string samplePath(const std::string& name) {
  return std::string(MG_SAMPLE_DIR) + "/" + name;
}
// CMU capture: the bundled subset (tests/data/mocap), else the shared folder.
inline std::string mocapPath(const std::string& name) {
  return capturePath(name);
}
inline std::string dataPath(const std::string& name) {
  return std::string(MG_TEST_DATA_DIR) + "/" + name;
}

// Skips the calling test when a file from the optional shared capture (or the sample package)
// is missing.
#define MG_REQUIRE_FILE(path)                                                        \
  do {                                                                               \
    if (!std::filesystem::exists(path)) GTEST_SKIP() << "not available: " << (path); \
  } while (0)

inline std::string readText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

inline void writeText(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

// A fresh folder under the system temp dir, removed with the object.
class TempDir {
 public:
  TempDir() {
    std::random_device r;
    m_path = std::filesystem::temp_directory_path() / ("mg_import_test_" + std::to_string(r()));
    std::filesystem::create_directories(m_path);
  }
  ~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(m_path, ignored);
  }
  std::string file(const std::string& name) const { return (m_path / name).string(); }

 private:
  std::filesystem::path m_path;
};

}  // namespace mg::test
