// SPDX-License-Identifier: MIT
#pragma once

#include <cmath>
#include <memory>
#include <vector>

#include <Eigen/Geometry>

#include "core/metric/frame_set.h"
#include "core/motion/motion.h"
#include "support/synthetic_motion.h"

namespace mg::test {

// `motion` turned by `yawRadians` about the vertical axis through the origin and then moved by
// (dx, 0, dz): the same performance elsewhere on the floor.
inline Motion movedOnFloor(const Motion& motion, double yawRadians, double dx, double dz) {
  Motion out = motion;
  const Eigen::Quaterniond yaw(Eigen::AngleAxisd(yawRadians, Eigen::Vector3d::UnitY()));
  const int j = motion.jointCount();
  for (int f = 0; f < motion.frameCount(); ++f) {
    out.rootPositions[f] = yaw * motion.rootPositions[f] + Eigen::Vector3d(dx, 0, dz);
    out.localRotations[static_cast<size_t>(f) * j] = yaw * motion.rotation(f, 0);
  }
  return out;
}

// A swing motion whose step length and speed differ, so that two of them are not copies.
inline Motion makeVariedSwing(int frames, double speed, double stepSeconds, double turnPerSecond) {
  Motion m = makeSwingMotion(frames, 30.0, speed, stepSeconds);
  const std::vector<Eigen::Vector3d> straight = m.rootPositions;
  const int j = m.jointCount();
  for (int f = 1; f < frames; ++f) {
    const double heading = turnPerSecond * f / 30.0;
    const Eigen::Quaterniond yaw(Eigen::AngleAxisd(heading, Eigen::Vector3d::UnitY()));
    m.rootPositions[f] = m.rootPositions[f - 1] + yaw * (straight[f] - straight[f - 1]);
    m.localRotations[static_cast<size_t>(f) * j] = yaw * m.rotation(f, 0);
  }
  return m;
}

inline FrameSet frameSetOf(const std::vector<const Motion*>& motions,
                           const MetricSettings& settings = {}) {
  Result<FrameSet> set = buildFrameSet(motions, settings);
  if (!set) throw std::runtime_error(set.error().message);
  return std::move(set.value());
}

}  // namespace mg::test
