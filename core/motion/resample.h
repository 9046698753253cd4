// SPDX-License-Identifier: MIT
#pragma once

#include "core/motion/motion.h"
#include "core/util/result.h"

namespace mg {

// The motion sampled at `targetFps` over the same time span: frame i of the result is at time
// i / targetFps; root positions are interpolated linearly and rotations by slerp along the shorter
// arc (never by Euler channels). The last output frame is the last one at or before the input's
// last frame time. Fails when targetFps is not a positive finite number or the motion is invalid.
Result<Motion> resampleMotion(const Motion& motion, double targetFps);

}  // namespace mg
