// SPDX-License-Identifier: MIT
#include "core/util/atomic_file.h"

#include <filesystem>
#include <fstream>
#include <random>

namespace mg {

Status writeTextFileAtomically(const std::string& path, const std::string& text) {
  namespace fs = std::filesystem;
  std::random_device random;
  const fs::path target(path);
  const fs::path temp =
      target.parent_path() / ("." + target.filename().string() + ".tmp" + std::to_string(random()));
  {
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    if (!out) return Error{path + ": cannot create a file in that folder"};
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
    out.close();
    if (!out) {
      std::error_code ignored;
      fs::remove(temp, ignored);
      return Error{path + ": writing failed (disk full?)"};
    }
  }
  std::error_code ec;
  fs::rename(temp, target, ec);
  if (ec) {
    std::error_code ignored;
    fs::remove(temp, ignored);
    return Error{path + ": cannot replace the file: " + ec.message()};
  }
  return Status::success();
}

}  // namespace mg
