// SPDX-License-Identifier: MIT
#include "widgets/views/viewport/pose_points.h"

#include <Eigen/Geometry>

#include "core/motion/forward_kinematics.h"

namespace mg {

std::vector<Eigen::Vector3d> posePoints(const Motion& motion, int frame,
                                        const Eigen::Vector3d& offset) {
  const Skeleton& skeleton = *motion.skeleton;
  const int joints = skeleton.jointCount();
  std::vector<Eigen::Vector3d> points(joints + skeleton.endSites.size());
  std::vector<Eigen::Quaterniond> rotations(joints);
  forwardKinematics(skeleton, motion.rootPositions[frame] + offset, motion.frameRotations(frame),
                    points.data(), rotations.data());
  for (size_t e = 0; e < skeleton.endSites.size(); ++e) {
    const EndSite& site = skeleton.endSites[e];
    points[joints + e] = points[site.joint] + rotations[site.joint] * site.offset;
  }
  return points;
}

}  // namespace mg
