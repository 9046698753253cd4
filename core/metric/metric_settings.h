// SPDX-License-Identifier: MIT
#pragma once

#include <string>
#include <vector>

#include "core/motion/skeleton.h"
#include "core/util/result.h"

namespace mg {

// Which joints contribute points to a frame's point cloud.
enum class JointSelection {
  All,     // every joint of the skeleton
  Major,   // hips, spine, neck, head, and the main limb joints, found by name (see majorJoints)
  Custom,  // the joints named in MetricSettings::customJoints
};

// How the frames of a window are weighted.
enum class WindowWeighting {
  Uniform,  // every frame of the window counts the same
  Tapered,  // Hann-shaped: 0.5 (1 + cos(pi k / (h + 1))) for offset k in [-h, h]; ends stay > 0
};

// The unit of every frame distance: the weighted mean, over the points of the two clouds, of the
// squared distance after optimal alignment, in square metres. The weights sum to one, so the value
// does not grow with the joint count or window length, and because positions are metres it carries
// across files and skeletons of human size. sqrt(distance) is an RMS point error in metres.
inline constexpr const char* kFrameDistanceUnit = "m\u00b2";
inline constexpr const char* kFrameDistanceUnitDescription =
    "weighted mean squared point distance after alignment, square metres";

// Settings of the frame distance of Kovar et al. 2002 (ALGORITHMS.md section 1).
struct MetricSettings {
  // Frames in the window centred on each frame, odd, in [1, 61]. 9 frames at 30 Hz (0.3 s, about a
  // third of a walking step) carries velocity and acceleration into the cloud without blurring
  // the grid's valleys; it matches the ~1/3 s windows of Kovar et al. Windows clamp at each
  // motion's own first and last frame.
  int windowFrames = 9;
  JointSelection joints = JointSelection::All;
  std::vector<std::string> customJoints;  // joint names, used when joints == Custom
  WindowWeighting weighting = WindowWeighting::Tapered;
  double workingFps = 30.0;  // motions are resampled to this rate first; in (0, 1000]

  // Fails when: windowFrames is even, below 1 or above 61; workingFps is not finite or outside
  // (0, 1000]; joints == Custom with an empty or repeated name in customJoints.
  Status validate() const;

  bool operator==(const MetricSettings&) const = default;
};

// Indices, in increasing order, of the joints the settings select on `skeleton`. Fails when the
// settings are invalid; a custom name is not a joint of the skeleton; or Major finds fewer than
// 5 joints it recognises (then choose All or Custom).
Result<std::vector<int>> selectJoints(const Skeleton& skeleton, const MetricSettings& settings);

// Per-frame weights of the window, offsets -h..h (h = windowFrames / 2), summing to one.
// Precondition: settings.validate() succeeds.
std::vector<double> windowWeights(const MetricSettings& settings);

}  // namespace mg
