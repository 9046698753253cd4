// SPDX-License-Identifier: MIT
// writeTextFileAtomically against real write failures: a full tmpfs (ENOSPC, root only) and a
// file-size limit (EFBIG). The old file must survive byte for byte and no temporary may remain.
#include "core/util/atomic_file.h"

#include <sys/stat.h>
#include <utime.h>

#include <cerrno>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>

#include <gtest/gtest.h>

#include "support/write_failure.h"

namespace mg {
namespace {

namespace fs = std::filesystem;

std::string readAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

class TempFolder {
 public:
  TempFolder()
      : m_path(fs::temp_directory_path() /
               ("mg_atomic_" + std::to_string(std::random_device{}()))) {
    fs::create_directories(m_path);
  }
  ~TempFolder() {
    std::error_code ignored;
    fs::remove_all(m_path, ignored);
  }
  std::string file(const std::string& name) const { return (m_path / name).string(); }
  std::string path() const { return m_path.string(); }

 private:
  fs::path m_path;
};

TEST(AtomicFile, WritesAndReplaces) {
  TempFolder dir;
  const std::string path = dir.file("out.txt");
  ASSERT_TRUE(writeTextFileAtomically(path, "first\n"));
  EXPECT_EQ(readAll(path), "first\n");
  ASSERT_TRUE(writeTextFileAtomically(path, "second, longer\n"));
  EXPECT_EQ(readAll(path), "second, longer\n");
  ASSERT_TRUE(writeTextFileAtomically(path, ""));
  EXPECT_EQ(readAll(path), "");
  EXPECT_EQ(test::folderEntries(dir.path()), std::vector<std::string>{"out.txt"});
}

TEST(AtomicFile, KeepsThePermissionsOfTheFileItReplaces) {
  TempFolder dir;
  const std::string path = dir.file("script.sh");
  ASSERT_TRUE(writeTextFileAtomically(path, "a"));
  ASSERT_EQ(::chmod(path.c_str(), 0640), 0);
  ASSERT_TRUE(writeTextFileAtomically(path, "b"));
  struct stat st {};
  ASSERT_EQ(::stat(path.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0640u);
}

TEST(AtomicFile, FileSizeLimitKeepsTheOldFileAndLeavesNoTemporary) {
  TempFolder dir;
  const std::string path = dir.file("graph.json");
  const std::string old(1000, 'o');
  ASSERT_TRUE(writeTextFileAtomically(path, old));
  Status s = Status::success();
  {
    test::FileSizeLimit limit(4096);  // the new text is 64 KB: the write stops part-way
    s = writeTextFileAtomically(path, std::string(65536, 'n'));
  }
  ASSERT_FALSE(s);
  EXPECT_NE(s.error().message.find(path + " was not saved"), std::string::npos)
      << s.error().message;
  EXPECT_NE(s.error().message.find("your previous version is intact"), std::string::npos)
      << s.error().message;
  EXPECT_EQ(readAll(path), old);
  EXPECT_EQ(test::folderEntries(dir.path()), std::vector<std::string>{"graph.json"});
}

TEST(AtomicFile, FullDiskKeepsTheOldFileAndSaysDiskFull) {
  test::SmallFilesystem fs(64);
  if (!fs.mounted()) GTEST_SKIP() << "cannot mount a tmpfs (needs root)";
  const std::string path = fs.file("clip.bvh");
  const std::string old(3000, 'o');
  ASSERT_TRUE(writeTextFileAtomically(path, old));
  fs.fill();
  const Status s = writeTextFileAtomically(path, std::string(20000, 'n'));
  ASSERT_FALSE(s);
  EXPECT_EQ(s.error().message,
            "Disk full: " + path + " was not saved; your previous version is intact");
  EXPECT_EQ(readAll(path), old);
  EXPECT_EQ(test::folderEntries(fs.path()), (std::vector<std::string>{"clip.bvh", "filler"}));
  // A new file on the full disk: nothing appears.
  const Status fresh = writeTextFileAtomically(fs.file("new.bvh"), std::string(20000, 'n'));
  ASSERT_FALSE(fresh);
  EXPECT_EQ(fresh.error().message,
            "Disk full: " + fs.file("new.bvh") + " was not saved; no file was written");
  EXPECT_FALSE(fs::exists(fs.file("new.bvh")));
}

TEST(AtomicFile, RemovesStaleTemporariesOfAKilledWriter) {
  TempFolder dir;
  const std::string path = dir.file("walk.bvh");
  const std::string stale = dir.file(".walk.bvh.tmp123456"), fresh = dir.file(".walk.bvh.tmp99");
  const std::string unrelated = dir.file(".walk.bvh.tmpnotmine");
  for (const std::string& f : {stale, fresh, unrelated}) std::ofstream(f) << "partial";
  const utimbuf old{std::time(nullptr) - 3600, std::time(nullptr) - 3600};
  ASSERT_EQ(::utime(stale.c_str(), &old), 0);
  ASSERT_EQ(::utime(unrelated.c_str(), &old), 0);
  ASSERT_TRUE(writeTextFileAtomically(path, "walk"));
  EXPECT_FALSE(fs::exists(stale));
  EXPECT_TRUE(fs::exists(fresh));  // could be another process's write in progress
  EXPECT_TRUE(fs::exists(unrelated));
}

TEST(AtomicFile, MissingFolderOrFolderTargetFailsWithAMessage) {
  TempFolder dir;
  const Status missing = writeTextFileAtomically(dir.file("no/such/out.txt"), "x");
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().message.find("cannot create a file in that folder"), std::string::npos);
  const Status folder = writeTextFileAtomically(dir.path(), "x");
  ASSERT_FALSE(folder);
  EXPECT_TRUE(fs::is_directory(dir.path()));
}

TEST(AtomicFile, DescribesDiskFullAndOtherErrors) {
  EXPECT_EQ(describeWriteFailure("a.mgproj", ENOSPC, true),
            "Disk full: a.mgproj was not saved; your previous version is intact");
  EXPECT_EQ(describeWriteFailure("a.mgproj", EDQUOT, false),
            "Disk full: a.mgproj was not saved; no file was written");
  EXPECT_EQ(describeWriteFailure("a.mgproj", EIO, true), std::string("a.mgproj was not saved (") +
                                                             std::strerror(EIO) +
                                                             "); your previous version is intact");
}

}  // namespace
}  // namespace mg
