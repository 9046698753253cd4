// SPDX-License-Identifier: MIT
#pragma once

#include "core/motion/motion.h"
#include "core/util/result.h"

namespace mg {

// The motion sampled at `targetFps` over the same time span: frame i of the result is at time
// i / targetFps; root positions are interpolated linearly and rotations by slerp along the shorter
// arc (never by Euler channels). The last output frame is the last one at or before the input's
// last frame time. Fails when targetFps is not a positive finite number, the motion is invalid, or
// the result would hold more than 1e8 frames x (joints + 1) values (a broken frame time such as
// 1e300 s); never throws for any input.
Result<Motion> resampleMotion(const Motion& motion, double targetFps);

}  // namespace mg
