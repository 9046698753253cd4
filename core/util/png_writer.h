// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/util/result.h"

namespace mg {

// A complete, deflate-compressed PNG file (libpng) of an 8-bit greyscale image. `pixels` holds
// width x height bytes, row-major, 0 = black. Fails when the size is not positive or libpng
// reports an error.
Result<std::vector<std::uint8_t>> encodePngGray8(int width, int height, const std::uint8_t* pixels);

// Writes encodePngGray8 to `path` with writeTextFileAtomically (a failed write leaves an existing
// file untouched). Fails when the size is not positive or the file cannot be written.
Status writePngGray8(const std::string& path, int width, int height, const std::uint8_t* pixels);

}  // namespace mg
