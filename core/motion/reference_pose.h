// SPDX-License-Identifier: MIT
#pragma once

#include "core/motion/motion.h"

namespace mg {

// Capture exports often start with the skeleton's reference pose (CMU's BVH conversions: frame 1
// is a T-pose with nearly every joint rotation zero), then a few frames that ease from it into the
// performance. Those frames are not motion: they show as a stripe on a distance heatmap and make
// a bad hub or clip. leadingReferencePoseFrames finds them:
//  - frame 0 is a reference pose when its non-root joints are on average within
//    kReferencePoseDegrees of their rest orientation (identity), and the performance's median
//    frame is at least four times as far from rest;
//  - the blend frames after it leave the rest pose fast and slow into the performance: the
//    performance starts at the first frame whose pose speed (mean joint angle change to the next
//    frame) is a local minimum or no more than 1.5 times the performance's median speed, found
//    within kMaxBlendSeconds (else only frame 0 is dropped).
// Returns how many leading frames to drop: 0 (no reference pose), or 1 + the blend frames, always
// fewer than frameCount() - 2. Precondition: motion.validate().
inline constexpr double kReferencePoseDegrees = 3.0;
inline constexpr double kMaxBlendSeconds = 0.25;
int leadingReferencePoseFrames(const Motion& motion);

}  // namespace mg
