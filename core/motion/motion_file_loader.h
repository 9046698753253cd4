// SPDX-License-Identifier: MIT
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "core/motion/motion.h"
#include "core/util/result.h"

namespace mg {

// How core gets a capture file that a graph file or a build spec names. Core never opens capture
// files itself (core/param, core/snap and core/io do not include core/import): the application
// passes the importer-based loader (importMotionLoader in core/import/motion_reader.h); tests may
// pass anything.
//
// Contract of a loader: `path` is as resolved by the caller (relative paths already joined to the
// referencing file's folder). `metresPerUnit` > 0 is the unit the referencing format recorded for
// that file (its clips are written in it); 0 lets the loader choose (a user setting or its guess).
// Returns every frame of the file at the file's own rate: frame ranges stored in formats count
// those frames, so a loader never trims or resamples. Errors name the file. Must be callable from
// any thread when the caller says so (buildGraphFromSpec and readPmgText call it on theirs).
using MotionFileLoader = std::function<Result<std::shared_ptr<const Motion>>(
    const std::string& path, double metresPerUnit)>;

}  // namespace mg
