// SPDX-License-Identifier: MIT
#pragma once

#include <string>

#include "core/util/result.h"

namespace mg {

// Writes `text` to `path` through a temporary file in the same folder renamed over `path`, so a
// failed write leaves an existing file untouched. The error names the file.
Status writeTextFileAtomically(const std::string& path, const std::string& text);

}  // namespace mg
