// SPDX-License-Identifier: MIT
#include "core/motion/reference_pose.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

namespace mg {

namespace {

double degrees(double radians) {
  return radians * 180.0 / std::numbers::pi;
}

// Mean angle of the non-root joints' local rotations from identity (the rest pose), degrees.
double restDistance(const Motion& m, int f) {
  double sum = 0.0;
  for (int j = 1; j < m.jointCount(); ++j)
    sum += degrees(m.rotation(f, j).angularDistance(Eigen::Quaterniond::Identity()));
  return sum / (m.jointCount() - 1);
}

// Mean joint angle change between frames f and f + 1, non-root joints, degrees.
double poseSpeed(const Motion& m, int f) {
  double sum = 0.0;
  for (int j = 1; j < m.jointCount(); ++j)
    sum += degrees(m.rotation(f, j).angularDistance(m.rotation(f + 1, j)));
  return sum / (m.jointCount() - 1);
}

}  // namespace

int leadingReferencePoseFrames(const Motion& motion) {
  const int frames = motion.frameCount();
  if (frames < 4 || motion.jointCount() < 2) return 0;
  // Frame 0 is a rest pose, and the performance is well away from it.
  const double first = restDistance(motion, 0);
  if (first > kReferencePoseDegrees) return 0;
  std::vector<double> rest;
  for (int f = 1; f < frames; f += std::max(1, frames / 200))
    rest.push_back(restDistance(motion, f));
  std::nth_element(rest.begin(), rest.begin() + static_cast<long>(rest.size() / 2), rest.end());
  if (!(rest[rest.size() / 2] > 4 * std::max(first, 0.25))) return 0;
  // The blend leaves the rest pose fast and slows into the performance: it ends at the first
  // local minimum of the pose speed; that frame is the performance's first.
  const int maxBlend = std::max(0, static_cast<int>(std::floor(kMaxBlendSeconds * motion.fps)));
  std::vector<double> speeds;  // the performance's own pose speed, after the longest blend
  for (int f = std::min(maxBlend + 1, frames - 2); f + 1 < frames; f += std::max(1, frames / 400)) {
    speeds.push_back(poseSpeed(motion, f));
  }
  std::nth_element(speeds.begin(), speeds.begin() + static_cast<long>(speeds.size() / 2),
                   speeds.end());
  const double typical = speeds[speeds.size() / 2];
  for (int f = 1; f <= maxBlend && f + 2 < frames; ++f) {
    const double speed = poseSpeed(motion, f);
    if (speed <= 1.5 * typical) return f;  // moving as the performance does
    if (speed < poseSpeed(motion, f - 1) && speed <= poseSpeed(motion, f + 1)) return f;
  }
  return 1;  // no blend found: the rest pose alone
}

}  // namespace mg
