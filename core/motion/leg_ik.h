// SPDX-License-Identifier: MIT
#pragma once

#include <optional>
#include <span>

#include <Eigen/Core>

#include "core/motion/foot_contacts.h"
#include "core/motion/motion.h"
#include "core/util/result.h"

namespace mg {

// The three joints of a leg, as joint indices: thigh (hip joint), shin (knee), foot (ankle).
struct LegChain {
  int thigh = -1;
  int shin = -1;
  int foot = -1;
};

// The chain ending at `footJoint` (its parent is the shin, the shin's parent the thigh), or
// nullopt when footJoint is out of range or has fewer than two ancestors below the root.
// The thigh may be the root's child or sit deeper (e.g. CMU's hip -> buttock -> thigh).
std::optional<LegChain> findLegChain(const Skeleton& skeleton, int footJoint);

// Analytic two-bone IK on one leg of one pose (edits pose.localRotations of thigh, shin, foot).
//  1. Bend the knee about its bending axis until hip-to-ankle distance equals the target's
//     (clamped to what the bones can span), towards where the knee points off the
//     hip-ankle line; a nearly straight knee bends more and more the way the foot points (the
//     toe point; without one, +Z of the root), continuously, so it never flips between frames.
//  2. Swing the thigh about the hip by the smallest rotation that points the ankle at the target.
//  3. Keep the foot's world orientation, or, with a toe target, turn the foot by the smallest
//     rotation that points the toe at it.
// Bone lengths never change (only rotations are edited). A reachable target is met exactly.
// Owns nothing; thread-safe on distinct poses.
struct LegIkJob {
  const Skeleton* skeleton = nullptr;  // not owned
  LegChain leg;
  Eigen::Vector3d ankleTarget = Eigen::Vector3d::Zero();  // world, metres
  std::optional<Eigen::Vector3d> toeTarget;               // world, metres; optional
  FootPointLocation toePoint;  // the toe as a point of the foot chain (joint at or below foot)

  // Fails when: skeleton is null; the leg's joints are out of range or not a parent chain
  // (foot's parent is shin, shin's parent is thigh); a target is not finite; toeTarget is set but
  // toePoint.joint is not the foot or one of its descendants; the pose's joint count is wrong.
  Status validate(const Pose& pose) const;

  // Solves in place. Returns the remaining ankle error in metres (0 when reachable).
  Result<double> run(Pose& pose) const;
};

// Moves pose.rootPosition by the smallest amount along each leg's hip-to-target line that
// brings every ankle target within `reachFraction` (0 < f <= 1) of its leg's full length, a few
// rounds so that fixing one leg does not break the other. Returns the total root shift (metres).
// `legs` and `ankleTargets` pair up; a null target means that leg is free.
Eigen::Vector3d adjustRootForReach(const Skeleton& skeleton, std::span<const LegChain> legs,
                                   std::span<const std::optional<Eigen::Vector3d>> ankleTargets,
                                   Pose& pose, double reachFraction = 0.995);

}  // namespace mg
