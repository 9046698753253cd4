// SPDX-License-Identifier: MIT
#include "core/motion/forward_kinematics.h"

#include <algorithm>

namespace mg {

void forwardKinematics(const Skeleton& skeleton, const Eigen::Vector3d& rootPosition,
                       const Eigen::Quaterniond* localRotations, Eigen::Vector3d* worldPositions,
                       Eigen::Quaterniond* worldRotations) {
  const int n = skeleton.jointCount();
  std::vector<Eigen::Quaterniond> scratch;
  Eigen::Quaterniond* rot = worldRotations;
  if (!rot) {
    scratch.resize(n);
    rot = scratch.data();
  }
  rot[0] = localRotations[0];
  worldPositions[0] = rootPosition;
  for (int j = 1; j < n; ++j) {
    const int p = skeleton.joints[j].parent;
    worldPositions[j] = worldPositions[p] + rot[p] * skeleton.joints[j].offset;
    rot[j] = rot[p] * localRotations[j];
  }
}

std::vector<Eigen::Vector3d> jointPositions(const Motion& motion, int frame) {
  std::vector<Eigen::Vector3d> out(motion.jointCount());
  forwardKinematics(*motion.skeleton, motion.rootPositions[frame], motion.frameRotations(frame),
                    out.data());
  return out;
}

std::vector<Eigen::Vector3d> allJointPositions(const Motion& motion) {
  const int j = motion.jointCount();
  std::vector<Eigen::Vector3d> out(static_cast<size_t>(motion.frameCount()) * j);
  std::vector<Eigen::Quaterniond> rot(j);
  for (int f = 0; f < motion.frameCount(); ++f) {
    forwardKinematics(*motion.skeleton, motion.rootPositions[f], motion.frameRotations(f),
                      out.data() + static_cast<size_t>(f) * j, rot.data());
  }
  return out;
}

std::vector<Eigen::Vector3d> endSitePositions(const Skeleton& skeleton,
                                              const Eigen::Vector3d* worldPositions,
                                              const Eigen::Quaterniond* worldRotations) {
  std::vector<Eigen::Vector3d> out;
  out.reserve(skeleton.endSites.size());
  for (const EndSite& e : skeleton.endSites) {
    out.push_back(worldPositions[e.joint] + worldRotations[e.joint] * e.offset);
  }
  return out;
}

double restHeight(const Skeleton& skeleton) {
  const int n = skeleton.jointCount();
  if (n == 0) return 0.0;
  std::vector<Eigen::Quaterniond> identity(n, Eigen::Quaterniond::Identity());
  std::vector<Eigen::Vector3d> pos(n);
  std::vector<Eigen::Quaterniond> rot(n);
  forwardKinematics(skeleton, Eigen::Vector3d::Zero(), identity.data(), pos.data(), rot.data());
  std::vector<Eigen::Vector3d> tips = endSitePositions(skeleton, pos.data(), rot.data());
  double lo = pos[0].y(), hi = pos[0].y();
  for (const auto& p : pos) lo = std::min(lo, p.y()), hi = std::max(hi, p.y());
  for (const auto& p : tips) lo = std::min(lo, p.y()), hi = std::max(hi, p.y());
  return hi - lo;
}

}  // namespace mg
