// SPDX-License-Identifier: MIT
#include "core/motion/resample.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/motion/quaternion.h"

namespace mg {
namespace {
// At most this many root positions + joint rotations (32 bytes each) in a resampled motion:
// 3.2 GB, far beyond an hour of 120 Hz capture with 60 joints (26 million).
constexpr double kMaxResampledValues = 1e8;
}  // namespace

Result<Motion> resampleMotion(const Motion& motion, double targetFps) {
  if (!std::isfinite(targetFps) || targetFps <= 0) {
    return Error{"cannot resample to a frame rate of " + std::to_string(targetFps)};
  }
  if (Status s = motion.validate(); !s) return s.error();
  if (std::abs(targetFps - motion.fps) < 1e-9) return motion;

  const int inFrames = motion.frameCount();
  const int joints = motion.jointCount();
  const double lastTime = (inFrames - 1) / motion.fps;
  // A tiny tolerance keeps exact multiples (e.g. 120 -> 30 Hz) from losing their last frame.
  const double lastOut = std::floor(lastTime * targetFps + 1e-6);
  // A broken frame time (1e300 s) would ask for more frames than memory holds; say so instead.
  if (!std::isfinite(lastOut) || (lastOut + 1) * (joints + 1) > kMaxResampledValues) {
    char why[200];
    std::snprintf(
        why, sizeof why,
        "cannot resample %d frames of %.6g s each to %.6g fps: the result would have %.3g frames, "
        "too many to hold (check the file's frame time)",
        inFrames, 1.0 / motion.fps, targetFps, lastOut + 1);
    return Error{why};
  }
  const int outFrames = static_cast<int>(lastOut) + 1;

  Motion out;
  out.name = motion.name;
  out.sourcePath = motion.sourcePath;
  out.sourceUnit = motion.sourceUnit;
  out.skeleton = motion.skeleton;
  out.fps = targetFps;
  out.rootPositions.resize(outFrames);
  out.localRotations.resize(static_cast<size_t>(outFrames) * joints);
  for (int i = 0; i < outFrames; ++i) {
    const double src = i / targetFps * motion.fps;
    const int f0 = std::clamp(static_cast<int>(std::floor(src)), 0, inFrames - 1);
    const int f1 = std::min(f0 + 1, inFrames - 1);
    const double t = std::clamp(src - f0, 0.0, 1.0);
    out.rootPositions[i] = (1 - t) * motion.rootPositions[f0] + t * motion.rootPositions[f1];
    Eigen::Quaterniond* dst = out.localRotations.data() + static_cast<size_t>(i) * joints;
    for (int j = 0; j < joints; ++j) {
      dst[j] = slerpShortest(motion.rotation(f0, j), motion.rotation(f1, j), t);
    }
  }
  return out;
}

}  // namespace mg
