// SPDX-License-Identifier: MIT
#pragma once

#include <memory>
#include <span>
#include <vector>

#include <Eigen/Core>
#include <Eigen/Geometry>

#include "core/metric/metric_settings.h"
#include "core/motion/floor_transform.h"
#include "core/motion/motion.h"
#include "core/util/progress.h"
#include "core/util/result.h"

namespace mg {

// One example of a parametric motion space: frames [beginFrame, endFrame) of a shared motion.
struct ExampleSegment {
  std::shared_ptr<const Motion> motion;  // shared, immutable
  int beginFrame = 0;                    // inclusive
  int endFrame = 0;                      // exclusive; at least 4 frames per segment
};

// How examples are registered onto each other (ALGORITHMS.md section 3, Registration).
struct RegistrationSettings {
  int referenceExample = 0;  // index of the example the others are warped onto
  MetricSettings metric;     // the frame distance used for the time warp and the root alignment
  int smoothingFrames = 5;   // moving average over the warp, >= 1 (1 = raw DTW path)
  bool matchFootContacts = true;  // pin the warp at corresponding foot-plant onsets
  // Onsets further apart than this fraction of the example's length are not paired.
  double maxContactShift = 0.25;

  // Fails when: smoothingFrames < 1; maxContactShift is not in [0, 1]; the metric is invalid.
  Status validate() const;
};

// One example after registration, in the space's common coordinates: its root is moved by the
// rigid floor alignment that best fits its first frames onto the reference's first frames, and
// the reference itself starts at the origin facing +Z.
struct RegisteredExample {
  ExampleSegment segment;
  // Example frame (continuous, in [0, frameCount - 1]) of every reference frame; strictly
  // increasing, warp.front() == 0, warp.back() == frameCount - 1.
  std::vector<double> warp;
  FloorTransform alignment;  // segment coordinates -> space coordinates
  int frameCount = 0;        // frames of the segment
  // Aligned root positions (metres, one per frame) and rotations (frame-major, joints per frame;
  // the root's is aligned, the others are the segment's local rotations).
  std::vector<Eigen::Vector3d> rootPositions;
  std::vector<Eigen::Quaterniond> rotations;
  // Onset frames (segment frames) of the foot plants that were pinned, and the reference frames
  // they were pinned to: the registration's foot-contact correspondence.
  std::vector<std::pair<int, int>> contactPins;  // (reference frame, example frame)
};

// A set of registered examples that blends into clips for any weight vector.
// Immutable after registerExamples(); share it as std::shared_ptr<const ParametricSpace>.
struct ParametricSpace {
  std::shared_ptr<const Skeleton> skeleton;
  double fps = 30.0;
  int referenceExample = 0;
  int referenceFrames = 0;  // frames of the reference example
  std::vector<RegisteredExample> examples;

  int exampleCount() const { return static_cast<int>(examples.size()); }
  int jointCount() const { return skeleton ? skeleton->jointCount() : 0; }
};

// Registers `examples`: builds their frame sets, warps each onto the reference by dynamic time
// warping on the distance grid (monotone, smoothed, optionally pinned at matching foot-plant
// onsets), and aligns each root onto the reference by the point-cloud alignment of their first
// frames. Fails when: the settings are invalid; there are no examples; an example has no motion,
// an invalid motion, fewer than 4 frames or a range outside its motion; skeletons differ in
// hierarchy (mismatched skeletons cannot blend); frame rates differ; referenceExample is out of
// range; cancelled.
Result<ParametricSpace> registerExamples(std::span<const ExampleSegment> examples,
                                         const RegistrationSettings& settings,
                                         const Progress& progress = {});

// Frames of the clip blended with `weights`: round(sum_i w_i (n_i - 1)) + 1, at least 2.
int blendedFrameCount(const ParametricSpace& space, std::span<const double> weights);

// Blends the examples with `weights` (one per example; they are normalised by their sum, which
// must be positive; small negative weights extrapolate) into `out`: output frame k is reference
// time r = k (m - 1) / (N - 1), each example is sampled at its warped time (root linearly,
// rotations by normalised lerp with sign alignment), and the samples are blended (root positions
// linearly, rotations by normalised weighted quaternion sums after sign alignment, as
// blendQuaternions). `out` keeps its buffers between calls (no allocation once sized): it gets the
// space's skeleton and fps and the name "blend". Fails when weights.size() differs from the example
// count, a weight is not finite, or the weights sum to <= 1e-9.
Status blendClip(const ParametricSpace& space, std::span<const double> weights, Motion& out);

// Only the root path of the blend (the rootPositions of blendClip, plus root rotations), for
// controllers that look ahead. Same failures as blendClip.
Status blendRootPath(const ParametricSpace& space, std::span<const double> weights,
                     std::vector<Eigen::Vector3d>& positions,
                     std::vector<Eigen::Quaterniond>& rootRotations);

}  // namespace mg
