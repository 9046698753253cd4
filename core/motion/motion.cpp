// SPDX-License-Identifier: MIT
#include "core/motion/motion.h"

#include <cmath>

namespace mg {

Pose Motion::pose(int frame) const {
  Pose p;
  p.rootPosition = rootPositions[frame];
  p.localRotations.assign(frameRotations(frame), frameRotations(frame) + jointCount());
  return p;
}

Status Motion::validate() const {
  const std::string what = name.empty() ? std::string("motion") : "motion '" + name + "'";
  if (!skeleton) return Error{what + " has no skeleton"};
  if (Status s = skeleton->validate(); !s) return Error{what + ": " + s.error().message};
  if (!std::isfinite(fps) || fps <= 0) return Error{what + " has an invalid frame rate"};
  if (rootPositions.empty()) return Error{what + " has no frames"};
  if (localRotations.size() != rootPositions.size() * skeleton->joints.size()) {
    return Error{what + " has " + std::to_string(localRotations.size()) + " rotations for " +
                 std::to_string(frameCount()) + " frames of " + std::to_string(jointCount()) +
                 " joints"};
  }
  for (int f = 0; f < frameCount(); ++f) {
    if (!rootPositions[f].allFinite()) {
      return Error{what + ": frame " + std::to_string(f) + " has a non-finite root position"};
    }
  }
  for (size_t i = 0; i < localRotations.size(); ++i) {
    const Eigen::Quaterniond& q = localRotations[i];
    if (!q.coeffs().allFinite() || std::abs(q.squaredNorm() - 1.0) > 2e-3) {
      return Error{what + ": frame " + std::to_string(i / jointCount()) + ", joint '" +
                   skeleton->joints[i % jointCount()].name + "' has an invalid rotation"};
    }
  }
  return Status::success();
}

Motion sliceFrames(const Motion& motion, int beginFrame, int endFrame) {
  Motion out;
  out.name = motion.name;
  out.sourcePath = motion.sourcePath;
  out.sourceUnit = motion.sourceUnit;
  out.skeleton = motion.skeleton;
  out.fps = motion.fps;
  out.rootPositions.assign(motion.rootPositions.begin() + beginFrame,
                           motion.rootPositions.begin() + endFrame);
  const size_t j = motion.jointCount();
  out.localRotations.assign(motion.localRotations.begin() + beginFrame * j,
                            motion.localRotations.begin() + endFrame * j);
  return out;
}

}  // namespace mg
