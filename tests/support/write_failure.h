// SPDX-License-Identifier: MIT
// Two ways for a test to make real writes fail: a tiny tmpfs that fills up (ENOSPC, needs root
// and a kernel that lets it mount), and a file-size limit on this process (EFBIG, needs nothing).
#pragma once

#include <sys/mount.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

namespace mg::test {

// A tmpfs of `kilobytes` mounted on a fresh folder under the temp dir for the life of the object.
// mounted() is false (and the caller skips) when this process may not mount file systems.
class SmallFilesystem {
 public:
  explicit SmallFilesystem(int kilobytes) {
    m_path = std::filesystem::temp_directory_path() /
             ("mg_small_fs_" + std::to_string(std::random_device{}()));
    std::filesystem::create_directories(m_path);
    if (::geteuid() != 0) return;
    const std::string options = "size=" + std::to_string(kilobytes) + "k";
    m_mounted = ::mount("tmpfs", m_path.c_str(), "tmpfs", 0, options.c_str()) == 0;
  }
  ~SmallFilesystem() {
    if (m_mounted) ::umount2(m_path.c_str(), MNT_DETACH);
    std::error_code ignored;
    std::filesystem::remove_all(m_path, ignored);
  }
  SmallFilesystem(const SmallFilesystem&) = delete;
  SmallFilesystem& operator=(const SmallFilesystem&) = delete;

  bool mounted() const { return m_mounted; }
  std::string path() const { return m_path.string(); }
  std::string file(const std::string& name) const { return (m_path / name).string(); }

  // Remounts the file system read-only: every later create, write or rename fails with EROFS.
  bool makeReadOnly() const {
    return m_mounted &&
           ::mount("tmpfs", m_path.c_str(), "tmpfs", MS_REMOUNT | MS_RDONLY, nullptr) == 0;
  }

  // Writes a filler file until the file system refuses more: every later write fails with ENOSPC.
  void fill() const {
    std::ofstream filler(m_path / "filler", std::ios::binary);
    const std::string block(4096, 'x');
    for (int i = 0; i < 1 << 20 && filler.write(block.data(), block.size()); ++i) filler.flush();
    const std::string byte(1, 'x');
    for (int i = 0; i < 4096 && filler.write(byte.data(), 1); ++i) filler.flush();
  }

 private:
  std::filesystem::path m_path;
  bool m_mounted = false;
};

// While alive, no file of this process may grow beyond `bytes` (RLIMIT_FSIZE): a write past it
// fails with EFBIG (SIGXFSZ is ignored meanwhile). Affects every thread, so keep it short.
class FileSizeLimit {
 public:
  explicit FileSizeLimit(rlim_t bytes) {
    ::getrlimit(RLIMIT_FSIZE, &m_old);
    m_oldHandler = std::signal(SIGXFSZ, SIG_IGN);
    rlimit limit = m_old;
    limit.rlim_cur = bytes;
    ::setrlimit(RLIMIT_FSIZE, &limit);
  }
  ~FileSizeLimit() {
    ::setrlimit(RLIMIT_FSIZE, &m_old);
    std::signal(SIGXFSZ, m_oldHandler);
  }
  FileSizeLimit(const FileSizeLimit&) = delete;
  FileSizeLimit& operator=(const FileSizeLimit&) = delete;

 private:
  rlimit m_old{};
  void (*m_oldHandler)(int) = nullptr;
};

// The sorted names in `folder`, so a test can check that no temporary is left behind.
inline std::vector<std::string> folderEntries(const std::string& folder) {
  std::vector<std::string> names;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(folder, ec))
    names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace mg::test
