// SPDX-License-Identifier: MIT
#pragma once

#include <span>
#include <vector>

#include <Eigen/Core>
#include <Eigen/Geometry>

#include "core/motion/motion.h"

namespace mg {

// The velocity of a motion state (Lee et al. 2010, section 3.1): what takes one pose to the next
// over one frame, with the character's world position and heading factored out so that a velocity
// taken from one place of the capture can be applied anywhere on the floor.
//   rootDisplacement: the root's move over the frame, metres, in the heading frame of the first
//     pose (its yaw removed: +Z is the way the root faces, +X its left, Y up).
//   rotations[0]: the root's world rotation delta, expressed in that heading frame
//     (H^-1 p0' p0^-1 H, H the yaw of p0).
//   rotations[j], j >= 1: the joint's local delta pj^-1 pj'.
// All quaternions unit.
struct FieldVelocity {
  Eigen::Vector3d rootDisplacement = Eigen::Vector3d::Zero();
  std::vector<Eigen::Quaterniond> rotations;
};

// A motion state m = (x, v): a world pose and the velocity that leaves it.
struct MotionState {
  Pose pose;
  FieldVelocity velocity;
};

// The yaw rotation (about +Y) of a root orientation, as yawAngle (core/motion/quaternion.h).
Eigen::Quaterniond headingOf(const Eigen::Quaterniond& rootRotation);

// x' (-) x: the velocity that takes `from` to `to`. Precondition: both poses have the same,
// non-zero number of rotations.
FieldVelocity poseDifference(const Pose& to, const Pose& from);

// x (+) v: the pose `velocity` takes `pose` to; writes into `out` (which may alias `pose`).
// Exact inverse of poseDifference: addVelocity(x, poseDifference(y, x)) == y up to rounding.
void addVelocity(const Pose& pose, const FieldVelocity& velocity, Pose& out);

// sum a_i v_i: the root displacements averaged linearly, each rotation the normalised weighted sum
// of the deltas after putting each on the hemisphere of the identity (w >= 0; deltas are small, so
// this is the interpolation the paper uses). Weights >= 0, not all zero; they need not sum to one.
// Precondition: velocities.size() == weights.size() > 0, every velocity of the same joint count.
void blendVelocities(std::span<const FieldVelocity* const> velocities,
                     std::span<const double> weights, FieldVelocity& out);

// (1 - t) a (+) t b for two velocities: linear on the displacement, slerp on the rotations.
void mixVelocities(const FieldVelocity& a, const FieldVelocity& b, double t, FieldVelocity& out);

}  // namespace mg
