// SPDX-License-Identifier: MIT
#include "core/util/file_checksum.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

namespace mg {
namespace {

TEST(FileChecksum, SameBytesSameValueOtherBytesOther) {
  EXPECT_EQ(checksum64("walk"), checksum64("walk"));
  EXPECT_NE(checksum64("walk"), checksum64("walks"));
  EXPECT_NE(checksum64(""), checksum64(std::string(1, '\0')));  // the length counts
  EXPECT_NE(checksum64("abcdefgh"), checksum64("abcdefgi"));
  EXPECT_NE(checksum64("walk", 1), checksum64("walk", 2));
}

TEST(FileChecksum, FileInBlocksEqualsBytesAtOnce) {
  const auto path = std::filesystem::temp_directory_path() / "mg_file_checksum_test.bin";
  std::string bytes;
  for (int i = 0; i < (1 << 20) + 13; ++i) bytes.push_back(static_cast<char>(i * 31 + 7));
  {
    std::ofstream out(path, std::ios::binary);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  }
  Result<FileFingerprint> f = fingerprintFile(path.string());
  ASSERT_TRUE(f.ok());
  EXPECT_EQ(f->sizeBytes, static_cast<std::int64_t>(bytes.size()));
  EXPECT_EQ(f->checksum, checksum64(bytes));
  EXPECT_EQ(fingerprintFileRemembered(path.string()).value(), *f);
  EXPECT_EQ(fingerprintFileRemembered(path.string()).value(), *f);  // remembered
  {
    std::ofstream out(path, std::ios::binary | std::ios::app);
    out << "more";  // another size: read again
  }
  EXPECT_EQ(fingerprintFileRemembered(path.string())->sizeBytes, f->sizeBytes + 4);
  std::filesystem::remove(path);
}

TEST(FileChecksum, MissingFileFailsNamingIt) {
  Result<FileFingerprint> f = fingerprintFile("/nonexistent/mg/none.bvh");
  ASSERT_FALSE(f.ok());
  EXPECT_NE(f.error().message.find("none.bvh"), std::string::npos);
}

TEST(FileChecksum, HexRoundTripAndBadHex) {
  const std::uint64_t v = 0x0123456789abcdefull;
  EXPECT_EQ(checksumHex(v), "0123456789abcdef");
  EXPECT_EQ(checksumFromHex(checksumHex(v)).value(), v);
  EXPECT_FALSE(checksumFromHex("123").ok());
  EXPECT_FALSE(checksumFromHex("0123456789abcdeg").ok());
}

}  // namespace
}  // namespace mg
