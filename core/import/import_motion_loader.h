// SPDX-License-Identifier: MIT
#pragma once

#include "core/import/motion_reader.h"
#include "core/motion/motion_file_loader.h"

namespace mg {

// The loader mgtool and the editor pass to core's formats and builders: readMotionFile with
// `options`, where a unit the format recorded (metresPerUnit > 0) replaces options.metresPerUnit.
// Never trims (MotionFileLoader's contract), so options.trimLeadingFrames must be 0; a non-zero
// value is ignored. Thread-safe.
MotionFileLoader importMotionLoader(ImportOptions options = {});

}  // namespace mg
