// SPDX-License-Identifier: MIT
#pragma once

#include <string>

#include "core/motion/motion.h"
#include "core/util/result.h"

namespace mg {

// How to write BVH.
struct BvhWriteOptions {
  double metresPerUnit = 0.01;  // size of one file unit; the default writes centimetres, > 0
  int decimals = 6;             // digits after the point for every number, 1 to 12
};

// The motion as BVH text. Every joint gets "Zrotation Xrotation Yrotation" channels and the root
// also "Xposition Yposition Zposition" first; the root OFFSET is joints[0].offset and its
// position channels are the world root position minus that offset, so a reader that adds OFFSET
// to the channels (the BVH convention) gets the motion's root positions back. Euler angles are
// chosen per joint to stay within 180 degrees of the previous frame's, so channels do not flip
// when the rotation does not. End sites are written inside their joint after its child joints.
// Fails when the motion does not validate, the options are out of range, or a value to write is not
// finite or exceeds 1e12 file units in magnitude (a broken transform or unit size: such a file
// would be useless), naming the first such value.
Result<std::string> formatBvh(const Motion& motion, const BvhWriteOptions& options = {});

// Writes formatBvh(motion) to `path` with writeTextFileAtomically (core/util/atomic_file.h), so a
// failed write (disk full included) leaves an existing file untouched. The error names the file.
Status writeBvhFile(const Motion& motion, const std::string& path,
                    const BvhWriteOptions& options = {});

}  // namespace mg
