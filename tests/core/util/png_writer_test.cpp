// SPDX-License-Identifier: MIT
#include "core/util/png_writer.h"

#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>

#include <gtest/gtest.h>

namespace mg {
namespace {

std::uint32_t be32(const std::vector<std::uint8_t>& b, size_t at) {
  return (std::uint32_t(b[at]) << 24) | (std::uint32_t(b[at + 1]) << 16) |
         (std::uint32_t(b[at + 2]) << 8) | b[at + 3];
}

TEST(Checksums, KnownValues) {
  const std::string s = "123456789";
  const auto* p = reinterpret_cast<const std::uint8_t*>(s.data());
  EXPECT_EQ(crc32(p, s.size()), 0xCBF43926u);  // the CRC-32 check value
  const std::string w = "Wikipedia";
  EXPECT_EQ(adler32(reinterpret_cast<const std::uint8_t*>(w.data()), w.size()), 0x11E60398u);
  EXPECT_EQ(adler32(nullptr, 0), 1u);
}

TEST(EncodePng, SmallImageBytes) {
  const std::uint8_t pixels[6] = {0, 50, 100, 150, 200, 255};
  const std::vector<std::uint8_t> png = encodePngGray8(3, 2, pixels);
  const std::vector<std::uint8_t> signature = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  ASSERT_GT(png.size(), 8u);
  EXPECT_TRUE(std::equal(signature.begin(), signature.end(), png.begin()));
  // IHDR: length 13, type, width 3, height 2, depth 8, colour 0, then its CRC.
  EXPECT_EQ(be32(png, 8), 13u);
  EXPECT_EQ(std::string(png.begin() + 12, png.begin() + 16), "IHDR");
  EXPECT_EQ(be32(png, 16), 3u);
  EXPECT_EQ(be32(png, 20), 2u);
  EXPECT_EQ(png[24], 8);
  EXPECT_EQ(png[25], 0);
  EXPECT_EQ(be32(png, 29), crc32(png.data() + 12, 17));
  // IDAT: zlib header, one final stored block of 2 x (1 + 3) bytes, Adler-32.
  const size_t idat = 33;
  EXPECT_EQ(std::string(png.begin() + idat + 4, png.begin() + idat + 8), "IDAT");
  const std::uint32_t len = be32(png, idat);
  const std::vector<std::uint8_t> z(png.begin() + idat + 8, png.begin() + idat + 8 + len);
  EXPECT_EQ((z[0] * 256 + z[1]) % 31, 0);  // zlib header check bits
  EXPECT_EQ(z[2], 1);                      // BFINAL, stored
  EXPECT_EQ(z[3] | (z[4] << 8), 8);
  EXPECT_EQ(z[5] | (z[6] << 8), 0xFFFF ^ 8);
  const std::vector<std::uint8_t> raw = {0, 0, 50, 100, 0, 150, 200, 255};
  EXPECT_TRUE(std::equal(raw.begin(), raw.end(), z.begin() + 7));
  EXPECT_EQ(be32(z, 15), adler32(raw.data(), raw.size()));
  EXPECT_EQ(be32(png, idat + 8 + len), crc32(png.data() + idat + 4, 4 + len));
  // IEND closes the file.
  const size_t iend = idat + 12 + len;
  EXPECT_EQ(be32(png, iend), 0u);
  EXPECT_EQ(std::string(png.begin() + iend + 4, png.begin() + iend + 8), "IEND");
  EXPECT_EQ(be32(png, iend + 8), 0xAE426082u);
  EXPECT_EQ(png.size(), iend + 12);
}

TEST(EncodePng, LargeImageSplitsIntoStoredBlocks) {
  std::vector<std::uint8_t> pixels(300 * 300, 7);
  const std::vector<std::uint8_t> png = encodePngGray8(300, 300, pixels.data());
  const std::uint32_t len = be32(png, 33);
  // 300 x 301 = 90300 raw bytes: blocks of 65535 and 24765, 5 header bytes each, + 2 + 4.
  EXPECT_EQ(len, 90300u + 2 * 5 + 2 + 4);
  const std::vector<std::uint8_t> z(png.begin() + 41, png.begin() + 41 + len);
  EXPECT_EQ(z[2], 0);  // first block not final
  EXPECT_EQ(z[2 + 5 + 65535], 1);
}

TEST(WritePng, WritesFileAndRejectsBadSize) {
  const std::string path = testing::TempDir() + "/mg_png_writer_test.png";
  const std::uint8_t pixels[4] = {1, 2, 3, 4};
  ASSERT_TRUE(writePngGray8(path, 2, 2, pixels));
  std::ifstream in(path, std::ios::binary);
  std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), {});
  EXPECT_EQ(bytes, encodePngGray8(2, 2, pixels));
  std::remove(path.c_str());
  EXPECT_FALSE(writePngGray8(path, 0, 2, pixels));
  EXPECT_FALSE(writePngGray8("/nonexistent-dir/x.png", 2, 2, pixels));
}

}  // namespace
}  // namespace mg
