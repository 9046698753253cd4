// SPDX-License-Identifier: MIT
#pragma once

#include <string>

#include "core/motion/motion.h"
#include "core/util/progress.h"
#include "core/util/result.h"

namespace mg {

// How to read a capture file.
struct ImportOptions {
  // Size of one file unit in metres; 0 guesses it from the skeleton's rest height
  // (see guessLengthUnit).
  double metresPerUnit = 0.0;
  // Frames dropped from the start (e.g. CMU's reference pose blending into the capture).
  int trimLeadingFrames = 0;
  // Who asked for metresPerUnit when it is > 0, for Motion::sourceUnit's reason ("--units cm",
  // "the project's import options"); may be empty.
  std::string unitAskedBy = {};
};

// Reads the skeleton and the first animation of a capture file, converted to metres, Y up, at the
// file's own frame rate (a rate within 0.01% of a whole number, such as CMU's 1 / 0.0083333 s, is
// rounded to it). BVH goes through the project's own parser (bvh_text.h: errors carry line
// numbers, sizes are bounded before allocating); FBX, glTF/GLB, Collada and the other formats
// through Assimp, in a child process when importHelperProgram() is set (isolated_import.h).
// Fails, with a message that names the file and the problem, on a missing or unreadable file,
// malformed content, a file without a skeleton or animation, zero frames, non-finite values, or
// a frame time over 1000 s (such as 1e300, which would overflow every resampled frame count).
// Motion::sourceUnit records the unit (metresPerUnit, its name when it has one) and why: asked,
// guessed, or the metres fallback of a rest height that fits no human size (guessLengthUnit).
// Thread-safe (one Assimp importer per call). `progress` follows the job convention
// (core/util/progress.h) for BVH files, which are read in chunks (bvh_motion_file.h): cancelled,
// the read stops within a few megabytes and fails with "reading ... was cancelled".
Result<Motion> readMotionFile(const std::string& path, const ImportOptions& options = {},
                              const Progress& progress = {});

}  // namespace mg
