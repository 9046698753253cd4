// SPDX-License-Identifier: MIT
#include "core/util/png_writer.h"

#include <algorithm>
#include <array>

#include "core/util/atomic_file.h"

namespace mg {
namespace {

const std::array<std::uint32_t, 256>& crcTable() {
  static const std::array<std::uint32_t, 256> table = [] {
    std::array<std::uint32_t, 256> t{};
    for (std::uint32_t n = 0; n < 256; ++n) {
      std::uint32_t c = n;
      for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
      t[n] = c;
    }
    return t;
  }();
  return table;
}

void putBigEndian32(std::vector<std::uint8_t>& out, std::uint32_t v) {
  for (int shift = 24; shift >= 0; shift -= 8) out.push_back(static_cast<std::uint8_t>(v >> shift));
}

// Appends length, type, data and the CRC of type + data.
void putChunk(std::vector<std::uint8_t>& out, const char* type,
              const std::vector<std::uint8_t>& data) {
  putBigEndian32(out, static_cast<std::uint32_t>(data.size()));
  const std::size_t typeAt = out.size();
  out.insert(out.end(), type, type + 4);
  out.insert(out.end(), data.begin(), data.end());
  putBigEndian32(out, crc32(out.data() + typeAt, 4 + data.size()));
}

}  // namespace

std::uint32_t crc32(const std::uint8_t* data, std::size_t size) {
  const auto& table = crcTable();
  std::uint32_t c = 0xFFFFFFFFu;
  for (std::size_t i = 0; i < size; ++i) c = table[(c ^ data[i]) & 0xFF] ^ (c >> 8);
  return c ^ 0xFFFFFFFFu;
}

std::uint32_t adler32(const std::uint8_t* data, std::size_t size) {
  std::uint32_t a = 1, b = 0;
  for (std::size_t i = 0; i < size; ++i) {
    a = (a + data[i]) % 65521u;
    b = (b + a) % 65521u;
  }
  return (b << 16) | a;
}

std::vector<std::uint8_t> encodePngGray8(int width, int height, const std::uint8_t* pixels) {
  // Raw scanlines: a filter byte (0 = none) before every row.
  std::vector<std::uint8_t> raw;
  raw.reserve(static_cast<std::size_t>(height) * (width + 1));
  for (int y = 0; y < height; ++y) {
    raw.push_back(0);
    const std::uint8_t* row = pixels + static_cast<std::size_t>(y) * width;
    raw.insert(raw.end(), row, row + width);
  }
  // zlib header (deflate, 32K window, no dictionary, check bits) + stored blocks + Adler-32.
  std::vector<std::uint8_t> z = {0x78, 0x01};
  constexpr std::size_t kMaxStored = 65535;
  std::size_t at = 0;
  do {
    const std::size_t len = std::min(kMaxStored, raw.size() - at);
    const bool last = at + len == raw.size();
    z.push_back(last ? 1 : 0);  // BFINAL, BTYPE = 00 (stored)
    z.push_back(static_cast<std::uint8_t>(len & 0xFF));
    z.push_back(static_cast<std::uint8_t>(len >> 8));
    z.push_back(static_cast<std::uint8_t>(~len & 0xFF));
    z.push_back(static_cast<std::uint8_t>((~len >> 8) & 0xFF));
    z.insert(z.end(), raw.begin() + at, raw.begin() + at + len);
    at += len;
  } while (at < raw.size());
  putBigEndian32(z, adler32(raw.data(), raw.size()));

  std::vector<std::uint8_t> png = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  std::vector<std::uint8_t> ihdr;
  putBigEndian32(ihdr, static_cast<std::uint32_t>(width));
  putBigEndian32(ihdr, static_cast<std::uint32_t>(height));
  ihdr.insert(ihdr.end(), {8, 0, 0, 0, 0});  // 8-bit, greyscale, deflate, adaptive, no interlace
  putChunk(png, "IHDR", ihdr);
  putChunk(png, "IDAT", z);
  putChunk(png, "IEND", {});
  return png;
}

Status writePngGray8(const std::string& path, int width, int height, const std::uint8_t* pixels) {
  if (width <= 0 || height <= 0) {
    return Error{"cannot write " + path + ": image size " + std::to_string(width) + " x " +
                 std::to_string(height) + " is not positive"};
  }
  const std::vector<std::uint8_t> png = encodePngGray8(width, height, pixels);
  return writeTextFileAtomically(path, std::string(png.begin(), png.end()));
}

}  // namespace mg
