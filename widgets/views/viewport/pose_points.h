// SPDX-License-Identifier: MIT
#pragma once

#include <vector>

#include <Eigen/Core>

#include "core/motion/motion.h"

namespace mg {

// World positions (metres) of one frame as the viewport draws it: every joint, then every end
// site, each shifted by `offset`. Precondition: 0 <= frame < motion.frameCount().
std::vector<Eigen::Vector3d> posePoints(const Motion& motion, int frame,
                                        const Eigen::Vector3d& offset = Eigen::Vector3d::Zero());

}  // namespace mg
