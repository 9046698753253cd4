// SPDX-License-Identifier: MIT
#include "core/util/png_writer.h"

#include <png.h>

#include <csetjmp>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>

#include <gtest/gtest.h>

namespace mg {
namespace {

struct Decoded {
  bool ok = false;
  png_uint_32 width = 0, height = 0;
  int bitDepth = 0, colorType = 0;
  std::vector<std::uint8_t> pixels;
};

struct ReadCursor {
  const std::vector<std::uint8_t>* bytes;
  size_t at;
};

void readBytes(png_structp png, png_bytep out, png_size_t n) {
  auto* c = static_cast<ReadCursor*>(png_get_io_ptr(png));
  if (c->at + n > c->bytes->size()) png_error(png, "read past the end");
  std::memcpy(out, c->bytes->data() + c->at, n);
  c->at += n;
}

// The reading steps, out of decode()'s frame so that no object there changes between its setjmp
// and a longjmp from libpng.
void readImage(png_structp png, png_infop info, Decoded& d, std::vector<png_bytep>& rows) {
  png_read_info(png, info);
  d.width = png_get_image_width(png, info);
  d.height = png_get_image_height(png, info);
  d.bitDepth = png_get_bit_depth(png, info);
  d.colorType = png_get_color_type(png, info);
  const size_t rowBytes = png_get_rowbytes(png, info);
  d.pixels.resize(rowBytes * d.height);
  for (png_uint_32 y = 0; y < d.height; ++y) rows.push_back(d.pixels.data() + y * rowBytes);
  png_read_image(png, rows.data());
  png_read_end(png, nullptr);
  d.ok = true;
}

// Decodes with libpng's low-level read API (not the simplified API the writer uses), which checks
// every chunk's CRC and the zlib stream; any libpng error leaves ok false.
Decoded decode(const std::vector<std::uint8_t>& bytes) {
  Decoded d;
  if (bytes.size() < 8 || png_sig_cmp(bytes.data(), 0, 8) != 0) return d;
  png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, nullptr, nullptr, nullptr);
  png_infop info = png_create_info_struct(png);
  ReadCursor cursor{&bytes, 0};
  std::vector<png_bytep> rows;
  png_set_read_fn(png, &cursor, readBytes);
  if (setjmp(png_jmpbuf(png)) == 0)
    readImage(png, info, d, rows);
  else
    d.ok = false;
  png_destroy_read_struct(&png, &info, nullptr);
  return d;
}

std::vector<std::uint8_t> gradient(int w, int h) {
  std::vector<std::uint8_t> p(static_cast<size_t>(w) * h);
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x)
      p[static_cast<size_t>(y) * w + x] = static_cast<std::uint8_t>((x * 7 + y * 3) % 256);
  }
  return p;
}

TEST(EncodePng, DecodesToTheSamePixels) {
  const std::uint8_t pixels[6] = {0, 50, 100, 150, 200, 255};
  const Result<std::vector<std::uint8_t>> png = encodePngGray8(3, 2, pixels);
  ASSERT_TRUE(png) << png.error().message;
  const Decoded d = decode(*png);
  ASSERT_TRUE(d.ok);
  EXPECT_EQ(d.width, 3u);
  EXPECT_EQ(d.height, 2u);
  EXPECT_EQ(d.bitDepth, 8);
  EXPECT_EQ(d.colorType, PNG_COLOR_TYPE_GRAY);
  EXPECT_EQ(d.pixels, std::vector<std::uint8_t>(pixels, pixels + 6));
}

TEST(EncodePng, LargeImageIsCompressedAndExact) {
  const int w = 640, h = 480;
  const std::vector<std::uint8_t> pixels = gradient(w, h);
  const Result<std::vector<std::uint8_t>> png = encodePngGray8(w, h, pixels.data());
  ASSERT_TRUE(png) << png.error().message;
  // A smooth image deflates far below its raw size (the old stored-block writer was larger).
  EXPECT_LT(png->size(), pixels.size() / 4);
  const Decoded d = decode(*png);
  ASSERT_TRUE(d.ok);
  EXPECT_EQ(d.width, static_cast<png_uint_32>(w));
  EXPECT_EQ(d.height, static_cast<png_uint_32>(h));
  EXPECT_EQ(d.pixels, pixels);
}

TEST(EncodePng, DamagedFileFailsTheDecoder) {
  // Guards the decoder above: it must notice a corrupted file, or the pixel checks prove little.
  const std::vector<std::uint8_t> pixels = gradient(64, 64);
  Result<std::vector<std::uint8_t>> png = encodePngGray8(64, 64, pixels.data());
  ASSERT_TRUE(png);
  std::vector<std::uint8_t> bad = *png;
  bad[bad.size() / 2] ^= 0x55;
  EXPECT_FALSE(decode(bad).ok);
}

TEST(EncodePng, RejectsNonPositiveSize) {
  const std::uint8_t pixels[1] = {0};
  EXPECT_FALSE(encodePngGray8(0, 1, pixels));
  EXPECT_FALSE(encodePngGray8(1, -3, pixels));
}

TEST(WritePng, WritesFileAndRejectsBadSize) {
  const std::string path = testing::TempDir() + "/mg_png_writer_test.png";
  const std::vector<std::uint8_t> pixels = gradient(5, 4);
  ASSERT_TRUE(writePngGray8(path, 5, 4, pixels.data()));
  std::ifstream in(path, std::ios::binary);
  const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), {});
  const Decoded d = decode(bytes);
  ASSERT_TRUE(d.ok);
  EXPECT_EQ(d.pixels, pixels);
  std::remove(path.c_str());
  const Status zero = writePngGray8(path, 0, 2, pixels.data());
  ASSERT_FALSE(zero);
  EXPECT_NE(zero.error().message.find(path), std::string::npos);
  EXPECT_FALSE(writePngGray8("/nonexistent-dir/x.png", 2, 2, pixels.data()));
}

}  // namespace
}  // namespace mg
