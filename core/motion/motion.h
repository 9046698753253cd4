// SPDX-License-Identifier: MIT
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <Eigen/Core>
#include <Eigen/Geometry>

#include "core/motion/skeleton.h"
#include "core/motion/source_unit.h"
#include "core/util/result.h"

namespace mg {

// One frame of a motion: where the root is and how every joint is turned.
struct Pose {
  Eigen::Vector3d rootPosition = Eigen::Vector3d::Zero();  // metres, world
  std::vector<Eigen::Quaterniond> localRotations;          // one per joint, unit, parent frame
};

// A captured or synthesised motion sampled at a fixed rate. Y is up; lengths are metres.
// Plain data: build it, call validate(), then share it as std::shared_ptr<const Motion>, which
// crosses threads; nothing mutates a shared Motion.
struct Motion {
  std::string name;        // display name, usually the file's base name
  std::string sourcePath;  // the file it was read from; empty when synthesised
  // The unit the file was written in and why it was taken as such (readMotionFile sets it);
  // writers use it so that what they write reads back at the same size. Unknown when synthesised.
  SourceUnit sourceUnit;
  std::shared_ptr<const Skeleton> skeleton;
  double fps = 30.0;  // frames per second, > 0
  // World position of the root joint, one per frame, metres.
  std::vector<Eigen::Vector3d> rootPositions;
  // Local rotation of every joint, frame-major: frame f, joint j is at f * jointCount() + j.
  // The root's rotation is its world orientation.
  std::vector<Eigen::Quaterniond> localRotations;

  int frameCount() const { return static_cast<int>(rootPositions.size()); }
  int jointCount() const { return skeleton ? skeleton->jointCount() : 0; }
  // frameCount() / fps, as BVH counts it (Frames x Frame Time).
  double durationSeconds() const { return fps > 0 ? frameCount() / fps : 0.0; }

  // Pointer to the jointCount() rotations of `frame`. Precondition: 0 <= frame < frameCount().
  const Eigen::Quaterniond* frameRotations(int frame) const {
    return localRotations.data() + static_cast<size_t>(frame) * jointCount();
  }
  const Eigen::Quaterniond& rotation(int frame, int joint) const {
    return frameRotations(frame)[joint];
  }
  Pose pose(int frame) const;

  // Fails when: there is no skeleton or it is invalid; fps is not a positive finite number;
  // there are no frames; the rotation count is not frames x joints; any value is not finite;
  // a rotation is not of unit length (within 1e-3).
  Status validate() const;
};

// Frames [beginFrame, endFrame) of `motion` as a new motion with the same skeleton and rate.
// Precondition: 0 <= beginFrame < endFrame <= motion.frameCount().
Motion sliceFrames(const Motion& motion, int beginFrame, int endFrame);

}  // namespace mg
