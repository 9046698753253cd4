// SPDX-License-Identifier: MIT
#pragma once

#include <string>
#include <vector>

#include <Eigen/Core>

#include "core/import/bvh_text.h"
#include "core/util/result.h"

namespace mg {

// World positions of every joint and end site of a BVH file, frame by frame: what a viewer of
// the file sees. Computed by this module's own forward kinematics straight from the Euler
// channels (independent of core/motion), so it can judge motion made by the rest of the project.
// Plain data; positions are in the file's units, Y up.
struct PointTracks {
  std::vector<std::string> names;  // joints by name, end sites as "<joint>/end" (repeats numbered)
  std::vector<int> parents;        // parent point of each point, -1 for the root
  int frameCount = 0;
  double fps = 0.0;  // frames per second, > 0
  // Body height in file units: vertical extent (max y - min y) of all points in the rest pose
  // (every channel zero). > 0 for any skeleton with height.
  double bodyHeight = 0.0;
  double metresPerUnit = 1.0;  // guessed from bodyHeight (guessLengthUnit), for m/s figures
  std::vector<Eigen::Vector3d> positions;      // frameCount x pointCount(), frame-major
  std::vector<Eigen::Vector3d> restPositions;  // pointCount(): the rest pose (every channel zero)

  int pointCount() const { return static_cast<int>(names.size()); }
  const Eigen::Vector3d& at(int frame, int point) const {
    return positions[static_cast<size_t>(frame) * names.size() + point];
  }
};

// How a file becomes tracks.
struct TrackSettings {
  int trimLeadingFrames = 0;  // frames dropped from the start (CMU's reference pose); >= 0
  // Rate to resample to; 0 keeps the file's rate. Resampling interpolates each joint's local
  // rotation (slerp) and translation (linear) between the two nearest file frames, then runs
  // forward kinematics; frame k sits at k / fps seconds after the first kept frame, and the last
  // frame is the last one not past the file's end (as core/motion/resample).
  double fps = 0.0;
};

// Tracks of a parsed BVH document. Channels are applied as BVH defines them: a joint's
// translation is its OFFSET plus its position channels (if any); its rotation is the product of
// its rotation channels in file order, R = R(c0) R(c1) R(c2), each a right-handed rotation by the
// channel's degrees about that axis; world = parent world * (translation, rotation).
// Fails when: trimLeadingFrames < 0 or leaves no frame; fps < 0 or not finite; the document has
// no joints or a non-positive frame time.
Result<PointTracks> pointTracksFromBvh(const BvhDocument& document,
                                       const TrackSettings& settings = {});

// readBvhFile + pointTracksFromBvh. Errors name the file.
Result<PointTracks> readPointTracks(const std::string& path, const TrackSettings& settings = {});

}  // namespace mg
