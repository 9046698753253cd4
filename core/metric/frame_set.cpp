// SPDX-License-Identifier: MIT
#include "core/metric/frame_set.h"

#include <algorithm>
#include <cmath>

#include "core/motion/forward_kinematics.h"
#include "core/motion/resample.h"

namespace mg {

int FrameSet::windowFrame(int frame, int offset) const {
  const Clip& range = motions[frameMotion[frame]];
  return std::clamp(frame + offset, range.beginFrame, range.endFrame - 1);
}

void FrameSet::cloud(int frame, Eigen::Vector3d* out) const {
  const int h = windowFrames() / 2;
  const int nj = jointCount();
  for (int k = -h; k <= h; ++k) {
    const Eigen::Vector3d* src = positions.data() + static_cast<size_t>(windowFrame(frame, k)) * nj;
    std::copy(src, src + nj, out + static_cast<size_t>(k + h) * nj);
  }
}

Result<FrameSet> buildFrameSet(std::span<const Motion* const> motions,
                               const MetricSettings& settings) {
  if (Status s = settings.validate(); !s) return s.error();
  if (motions.empty()) return Error{"no motions to build a frame set from"};
  for (size_t m = 0; m < motions.size(); ++m) {
    if (!motions[m]) return Error{"motion " + std::to_string(m) + " is missing"};
    if (Status s = motions[m]->validate(); !s) {
      return Error{"motion '" + motions[m]->name + "': " + s.error().message};
    }
    if (!motions[m]->skeleton->sameHierarchy(*motions[0]->skeleton)) {
      return Error{"motion '" + motions[m]->name + "' has a different skeleton from '" +
                   motions[0]->name + "'; a distance grid needs one joint hierarchy"};
    }
  }
  FrameSet set;
  set.skeleton = motions[0]->skeleton;
  set.settings = settings;
  Result<std::vector<int>> joints = selectJoints(*set.skeleton, settings);
  if (!joints) return joints.error();
  set.joints = std::move(joints.value());

  const std::vector<double> window = windowWeights(settings);
  const int nj = set.jointCount();
  for (double w : window) {
    for (int k = 0; k < nj; ++k) set.pointWeights.push_back(w / nj);
  }

  for (size_t m = 0; m < motions.size(); ++m) {
    const Motion* source = motions[m];
    Motion resampled;
    if (std::abs(source->fps - settings.workingFps) > 1e-9 * settings.workingFps) {
      Result<Motion> r = resampleMotion(*source, settings.workingFps);
      if (!r) return Error{"motion '" + source->name + "': " + r.error().message};
      resampled = std::move(r.value());
      source = &resampled;
    }
    if (source->frameCount() == 0) {
      return Error{"motion '" + motions[m]->name + "' has no frames at " +
                   std::to_string(settings.workingFps) + " fps"};
    }
    const int begin = set.frameCount();
    const std::vector<Eigen::Vector3d> all = allJointPositions(*source);
    const int total = source->jointCount();
    for (int f = 0; f < source->frameCount(); ++f) {
      for (int k : set.joints) set.positions.push_back(all[static_cast<size_t>(f) * total + k]);
      set.frameMotion.push_back(static_cast<int>(m));
    }
    set.motions.push_back({static_cast<int>(m), begin, set.frameCount()});
    set.motionNames.push_back(motions[m]->name);
  }
  return set;
}

Result<FrameSet> buildFrameSet(const Motion& motion, const MetricSettings& settings) {
  const Motion* one[] = {&motion};
  return buildFrameSet(one, settings);
}

}  // namespace mg
