// SPDX-License-Identifier: MIT
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/util/result.h"

namespace mg {

// CRC-32 as PNG and zlib use it (polynomial 0xEDB88320, initial and final xor 0xFFFFFFFF).
std::uint32_t crc32(const std::uint8_t* data, std::size_t size);

// Adler-32 checksum of a zlib stream.
std::uint32_t adler32(const std::uint8_t* data, std::size_t size);

// A complete PNG file of an 8-bit greyscale image: signature, IHDR, one IDAT holding a zlib stream
// of stored (uncompressed) deflate blocks, IEND. `pixels` holds width x height bytes, row-major,
// 0 = black. Large but valid and dependency-free. Precondition: width, height > 0.
std::vector<std::uint8_t> encodePngGray8(int width, int height, const std::uint8_t* pixels);

// Writes encodePngGray8 to `path` with writeTextFileAtomically (a failed write leaves an existing
// file untouched). Fails when the size is not positive or the file cannot be written.
Status writePngGray8(const std::string& path, int width, int height, const std::uint8_t* pixels);

}  // namespace mg
