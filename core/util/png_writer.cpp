// SPDX-License-Identifier: MIT
#include "core/util/png_writer.h"

#include <png.h>

#include "core/util/atomic_file.h"

namespace mg {

Result<std::vector<std::uint8_t>> encodePngGray8(int width, int height,
                                                 const std::uint8_t* pixels) {
  if (width <= 0 || height <= 0) {
    return Error{"image size " + std::to_string(width) + " x " + std::to_string(height) +
                 " is not positive"};
  }
  // libpng's simplified API: no setjmp/longjmp through this C++ frame; errors come back in
  // image.message. One pass into a buffer of the documented worst-case size.
  png_image image{};
  image.version = PNG_IMAGE_VERSION;
  image.width = static_cast<png_uint_32>(width);
  image.height = static_cast<png_uint_32>(height);
  image.format = PNG_FORMAT_GRAY;
  std::vector<std::uint8_t> png(PNG_IMAGE_PNG_SIZE_MAX(image));
  png_alloc_size_t size = png.size();
  if (png_image_write_to_memory(&image, png.data(), &size, 0, pixels, width, nullptr)) {
    png.resize(size);
    return png;
  }
  const std::string why = image.message[0] != '\0' ? image.message : "unknown error";
  png_image_free(&image);
  return Error{"libpng could not encode the image: " + why};
}

Status writePngGray8(const std::string& path, int width, int height, const std::uint8_t* pixels) {
  Result<std::vector<std::uint8_t>> png = encodePngGray8(width, height, pixels);
  if (!png) return Error{"cannot write " + path + ": " + png.error().message};
  return writeTextFileAtomically(path, std::string(png->begin(), png->end()));
}

}  // namespace mg
