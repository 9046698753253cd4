// SPDX-License-Identifier: MIT
#pragma once

#include <memory>
#include <span>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "core/metric/metric_settings.h"
#include "core/motion/clip.h"
#include "core/motion/motion.h"
#include "core/util/result.h"

namespace mg {

// The frames a distance grid runs over: one or more motions resampled to the working rate and
// concatenated (a motion database), with the world positions of the selected joints. Frame f of
// the set is frame f - motions[m].beginFrame of motion m. Windows clamp at each motion's own ends,
// so no point cloud mixes two motions. Immutable once built; share it across threads freely.
struct FrameSet {
  std::shared_ptr<const Skeleton> skeleton;  // hierarchy common to all motions (the first one's)
  MetricSettings settings;                   // the settings it was built with (validated)
  std::vector<int> joints;                   // selected joint indices, increasing
  // Weight of every cloud point: windowFrames x joints.size(), window-offset major, sum 1.
  std::vector<double> pointWeights;
  // Frame range of every source motion in this set, in input order; Clip::motion is the input
  // index. Ranges are contiguous and cover [0, frameCount()).
  std::vector<Clip> motions;
  std::vector<std::string> motionNames;  // Motion::name of each input
  std::vector<int> frameMotion;          // per frame: index into `motions`
  // World positions, metres, frame-major: frame f, selected joint k at f * joints.size() + k.
  std::vector<Eigen::Vector3d> positions;

  int frameCount() const { return static_cast<int>(frameMotion.size()); }
  int jointCount() const { return static_cast<int>(joints.size()); }
  int windowFrames() const { return settings.windowFrames; }
  // Points per cloud: windowFrames() x jointCount().
  int pointCount() const { return windowFrames() * jointCount(); }
  // The source frame of window offset k (in [-h, h]) around `frame`, clamped to its motion.
  int windowFrame(int frame, int offset) const;
  // The cloud of `frame`: pointCount() points written to `out` in pointWeights order.
  // Precondition: 0 <= frame < frameCount().
  void cloud(int frame, Eigen::Vector3d* out) const;
};

// Builds the frame set of `motions` (in order) under `settings`: each motion is resampled to
// settings.workingFps (unless already at that rate) and run through forward kinematics. Fails when:
// the settings are invalid; there are no motions; a motion pointer is null or the motion fails
// Motion::validate(); a motion's hierarchy differs from the first one's (Skeleton::sameHierarchy);
// the joint selection fails on the skeleton; resampling leaves a motion without frames.
Result<FrameSet> buildFrameSet(std::span<const Motion* const> motions,
                               const MetricSettings& settings);
Result<FrameSet> buildFrameSet(const Motion& motion, const MetricSettings& settings);

}  // namespace mg
