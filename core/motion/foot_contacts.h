// SPDX-License-Identifier: MIT
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include <Eigen/Core>

#include "core/motion/motion.h"

namespace mg {

// The four points of the feet that can be planted.
enum class FootPoint : int { LeftHeel = 0, LeftToe = 1, RightHeel = 2, RightToe = 3 };
inline constexpr int kFootPointCount = 4;

// Where a foot point sits: a point rigidly attached to a joint.
struct FootPointLocation {
  int joint = -1;                                    // -1 when the skeleton has no such point
  Eigen::Vector3d offset = Eigen::Vector3d::Zero();  // metres, in the joint's local frame
};

// Finds heel (ankle) and toe points by joint names (foot/ankle, toe; left/right as "l", "left").
// When there is no toe joint the foot's end site, if any, serves as the toe.
std::array<FootPointLocation, kFootPointCount> findFootPoints(const Skeleton& skeleton);

// Thresholds, as fractions of the skeleton's rest height so one setting fits any capture.
struct ContactSettings {
  double heightFraction = 0.05;          // planted: within this of the point's floor level
  double speedFractionPerSecond = 0.25;  // and slower than this (0.25 x 1.7 m = 0.43 m/s)
  int minRunFrames = 3;                  // shorter planted or unplanted runs are absorbed
};

// Per-frame planted flags: bit (1 << FootPoint) is set where that point is planted.
struct FootContacts {
  std::vector<std::uint8_t> planted;  // one per frame
  bool isPlanted(int frame, FootPoint p) const {
    return planted[frame] & (1u << static_cast<int>(p));
  }
  int plantedFrameCount(FootPoint p) const;
};

// Detects contacts: a point is planted where it is low (within heightFraction x height of its
// own floor level, the 5th percentile of its heights in the motion) and slow (speed from central
// differences). Runs shorter than minRunFrames are merged into their neighbours. Points the
// skeleton lacks are never planted. Precondition: motion.validate() succeeds.
FootContacts detectFootContacts(const Motion& motion, const ContactSettings& settings = {});

}  // namespace mg
