// SPDX-License-Identifier: MIT
#pragma once

#include <string>

#include "core/motion/motion.h"
#include "core/util/progress.h"
#include "core/util/result.h"

namespace mg {

// Limits of readBvhMotion. The file is read in chunks and each frame goes straight into the
// motion, so memory is the motion's own (reserved once from the declared frames) plus one chunk:
// a 1 GB file needs no second gigabyte for its text or its numbers.
inline constexpr long long kMaxBvhMotionFileBytes = 8LL << 30;  // 8 GiB
inline constexpr long long kMaxBvhMotionRotations = 1LL << 27;  // Frames x joints (4 GB of them)
inline constexpr size_t kMaxBvhHeaderBytes = 64u << 20;         // HIERARCHY to "Frame Time:"

// Reads the BVH file at `path` as a Motion in file units, as parseBvhText + bvhDocumentToMotion
// would (the same rules and messages, see bvh_text.h), without holding the file's text or values:
// the header is parsed from the first chunk, then data lines are converted as they are read.
// Fails also when the file is over kMaxBvhMotionFileBytes, its header over kMaxBvhHeaderBytes, or
// its Frames x joints over kMaxBvhMotionRotations. `progress` follows the job convention
// (core/util/progress.h): the bytes read are the work; cancelled, it fails with "reading ... was
// cancelled". Thread-safe.
Result<Motion> readBvhMotion(const std::string& path, const Progress& progress = {});

}  // namespace mg
