// SPDX-License-Identifier: MIT
#pragma once

#include <span>

#include "core/motion/floor_transform.h"
#include "core/motion/motion.h"

namespace mg {

// Three consecutive frames f-1, f, f+1 of a motion. Its two steps carry the velocity: both
// one-sided differences, and so the central one, are those of the motion at f.
struct PoseTriple {
  Pose previous;  // frame f-1
  Pose current;   // frame f
  Pose next;      // frame f+1
};

// Frames f-1, f, f+1 of `motion`. Precondition: 0 < frame < motion.frameCount() - 1.
PoseTriple poseTriple(const Motion& motion, int frame);

// `triple` moved by the floor transform `t` (root positions and root rotations; joint rotations
// are relative to their parents and do not change).
PoseTriple transformTriple(const PoseTriple& triple, const FloorTransform& t);

// The common pose of a hub (Snap-Together Motion, section 4.2) in hub coordinates, with the
// common velocity carried by its neighbour frames. Averaging is done in hub coordinates:
//   current: mean root position; every joint's rotation averaged (sign-aligned, normalised sum);
//   steps:   the forward step (root displacement f -> f+1 and each joint's local rotation
//            increment q_f^-1 q_f+1) and the backward step are averaged over the match frames and
//            applied to the averaged current pose.
// So the common pose moves with the mean velocity of the match frames, and rotating any input
// about Y (with its alignment updated to match) leaves it unchanged.
// `triples[i]` is match frame i in its motion's coordinates and `toHub[i]` its alignment.
// Precondition: triples.size() == toHub.size() > 0, all with the same joint count.
PoseTriple averageCommonPose(std::span<const PoseTriple> triples,
                             std::span<const FloorTransform> toHub);

}  // namespace mg
