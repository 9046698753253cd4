// SPDX-License-Identifier: MIT
// What every libFuzzer target shares: a private scratch folder (readers that take a path get the
// input written to a file there), fixture files copied into it once, and a check that fails the
// run loudly when an invariant breaks (libFuzzer keeps the input as a crash).
#pragma once

#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

namespace mg::fuzz {

// A folder of this process, under /dev/shm when it exists (no disk writes per input), removed at
// exit.
class Scratch {
 public:
  static Scratch& get() {
    static Scratch s;
    return s;
  }
  const std::filesystem::path& dir() const { return m_dir; }
  std::string file(const std::string& name) const { return (m_dir / name).string(); }

  // Writes `data` to `name` inside the folder (replacing it) and returns the path.
  std::string write(const std::string& name, const std::uint8_t* data, size_t size) const {
    const std::string path = file(name);
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    if (!out) fatal("cannot write " + path);
    return path;
  }

  // Copies the fixture folder `from` (files and subfolders) into the scratch folder.
  void copyFixture(const std::filesystem::path& from) const {
    std::error_code ec;
    std::filesystem::copy(from, m_dir,
                          std::filesystem::copy_options::recursive |
                              std::filesystem::copy_options::overwrite_existing,
                          ec);
    if (ec) fatal("cannot copy the fixture " + from.string() + ": " + ec.message());
  }

  [[noreturn]] static void fatal(const std::string& what) {
    std::fprintf(stderr, "fuzz target setup failed: %s\n", what.c_str());
    std::abort();
  }

 private:
  Scratch() {
    const std::filesystem::path base = std::filesystem::is_directory("/dev/shm")
                                           ? std::filesystem::path("/dev/shm")
                                           : std::filesystem::temp_directory_path();
    std::string pattern = (base / "mg_fuzz_XXXXXX").string();
    if (!::mkdtemp(pattern.data())) fatal("cannot create a scratch folder under " + base.string());
    m_dir = pattern;
    std::atexit([] {
      std::error_code ignored;
      std::filesystem::remove_all(get().m_dir, ignored);
    });
  }
  std::filesystem::path m_dir;
};

// Fails the run (abort: libFuzzer saves the input) when `ok` is false.
inline void require(bool ok, std::string_view what, std::string_view detail = {}) {
  if (ok) return;
  std::fprintf(stderr, "fuzz invariant broken: %.*s %.*s\n", static_cast<int>(what.size()),
               what.data(), static_cast<int>(detail.size()), detail.data());
  std::abort();
}

}  // namespace mg::fuzz
