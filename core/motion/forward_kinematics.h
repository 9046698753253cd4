// SPDX-License-Identifier: MIT
#pragma once

#include <vector>

#include <Eigen/Core>
#include <Eigen/Geometry>

#include "core/motion/motion.h"
#include "core/motion/skeleton.h"

namespace mg {

// World transforms of every joint of one pose. `localRotations` holds skeleton.jointCount()
// unit quaternions. Outputs are arrays of jointCount() elements owned by the caller;
// `worldRotations` may be null. Thread-safe: touches nothing but its arguments.
void forwardKinematics(const Skeleton& skeleton, const Eigen::Vector3d& rootPosition,
                       const Eigen::Quaterniond* localRotations, Eigen::Vector3d* worldPositions,
                       Eigen::Quaterniond* worldRotations = nullptr);

// World joint positions of one frame (jointCount() of them, metres).
std::vector<Eigen::Vector3d> jointPositions(const Motion& motion, int frame);

// World joint positions of every frame, frame-major (frameCount() x jointCount()).
std::vector<Eigen::Vector3d> allJointPositions(const Motion& motion);

// World positions of the skeleton's end sites for one pose, given that pose's world transforms.
std::vector<Eigen::Vector3d> endSitePositions(const Skeleton& skeleton,
                                              const Eigen::Vector3d* worldPositions,
                                              const Eigen::Quaterniond* worldRotations);

// Height of the skeleton in its rest pose (all rotations identity): the vertical extent of its
// joints and end sites, in the skeleton's units. Used to scale thresholds and to guess units.
double restHeight(const Skeleton& skeleton);

}  // namespace mg
