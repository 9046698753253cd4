// SPDX-License-Identifier: MIT
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "core/motion/motion.h"
#include "core/synth/pose_stream.h"
#include "core/util/result.h"

namespace mg {

// How to write BVH.
struct BvhWriteOptions {
  // Size of one file unit in metres, > 0. Unset: the motion's source unit (Motion::sourceUnit),
  // so that a file read and written again has the same numbers and a reader that guesses the unit
  // guesses the same; centimetres for a motion without one and for streams.
  std::optional<double> metresPerUnit;
  int decimals = 6;  // digits after the point for every number, 1 to 12
};

// The unit for a synthesised motion or a stream when none is asked: centimetres.
inline constexpr double kDefaultBvhMetresPerUnit = 0.01;

// `asked`, writing a stream synthesised from `source`'s capture in the unit `source` was read in
// when `asked` names none (a walk then reads back at its capture's size in any reader that guessed
// the capture's unit).
BvhWriteOptions bvhOptionsInUnitOf(const Motion& source, BvhWriteOptions asked = {});

// The size of one file unit formatBvh writes `motion` in with `options`.
double bvhMetresPerUnit(const Motion& motion, const BvhWriteOptions& options);

// The unit formatBvh writes `motion` in, and why: "cm, the unit it was read in", "m, as asked",
// "cm, the default for a motion not read from a file".
std::string describeBvhUnit(const Motion& motion, const BvhWriteOptions& options);

// Empty, or why a reader that guesses the unit from the skeleton's height (guessLengthUnit, and
// so mgtool without --units) would read what formatBvh writes at another size: "its skeleton is 90
// units tall, which a reader guessing the unit takes as in; read it back in cm". Writing in the
// unit the file was read in (with its guess) never warns.
std::string bvhUnitWarning(const Motion& motion, const BvhWriteOptions& options);

// The motion as BVH text. Every joint gets "Zrotation Xrotation Yrotation" channels and the root
// also "Xposition Yposition Zposition" first; the root OFFSET is joints[0].offset and its
// position channels are the world root position minus that offset, so a reader that adds OFFSET
// to the channels (the BVH convention) gets the motion's root positions back. Euler angles are
// chosen per joint to stay within 180 degrees of the previous frame's, so channels do not flip
// when the rotation does not. End sites are written inside their joint after its child joints.
// Fails when the motion does not validate, the options are out of range, or a value to write is not
// finite or exceeds 1e12 file units in magnitude (a broken transform or unit size: such a file
// would be useless), naming the first such value, or a joint name fails bvhNameProblem
// (bvh_text.h).
Result<std::string> formatBvh(const Motion& motion, const BvhWriteOptions& options = {});

// Writes formatBvh(motion) to `path` with writeTextFileAtomically (core/util/atomic_file.h), so a
// failed write (disk full included) leaves an existing file untouched. The error names the file.
Status writeBvhFile(const Motion& motion, const std::string& path,
                    const BvhWriteOptions& options = {});

// The longest walk writeBvhStream writes: 10 hours at 30 fps (a file of several gigabytes).
inline constexpr long long kMaxStreamedBvhFrames = 1'080'000;

// What writeBvhStream wrote.
struct StreamedBvh {
  long long frames = 0;      // frames written, >= 1
  bool streamEnded = false;  // the stream ended (a dead end) before `frames` were asked for
  bool stopped = false;      // onFrame asked to stop
};

// The one way a synthesised walk becomes a file: plays `stream` for up to `frames` frames and
// writes them as BVH to `path` (the format of formatBvh; the same bytes as formatBvh of the
// recorded motion), frame by frame, never holding the walk in memory. `onFrame` (may be empty)
// sees each frame after it is written, with its index; returning false ends the walk there.
// The file goes through AtomicFileWriter, so a failure leaves an existing file untouched. Fails,
// naming the file, when: frames < 1 or > kMaxStreamedBvhFrames; the stream has no skeleton or
// rate; the options or joint names cannot be written; a frame's joint count differs from the
// skeleton's or a value cannot be written (naming the frame); the stream ends before its first
// frame; the file or the scratch file cannot be written.
Result<StreamedBvh> writeBvhStream(
    PoseStream& stream, long long frames, const std::string& path,
    const BvhWriteOptions& options = {},
    const std::function<bool(long long frame, const Pose& pose)>& onFrame = {});

}  // namespace mg
