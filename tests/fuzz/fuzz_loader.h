// SPDX-License-Identifier: MIT
#pragma once

#include <filesystem>

#include "core/import/import_motion_loader.h"

namespace mg::fuzz {

// The application's loader, for BVH files only: a fuzzed path may name any file of the scratch
// folder, and Assimp (the other formats) is not what these targets fuzz (it runs in a child
// process in the application, see core/import/isolated_import.h).
inline MotionFileLoader bvhOnlyLoader() {
  return [load = importMotionLoader()](const std::string& path, double metresPerUnit) -> Result<std::shared_ptr<const Motion>> {
    if (std::filesystem::path(path).extension() != ".bvh") return Error{path + ": not a .bvh file (fuzz loader)"};
    return load(path, metresPerUnit);
  };
}

}  // namespace mg::fuzz
