// SPDX-License-Identifier: MIT
#pragma once

#include <span>
#include <vector>

#include <Eigen/Core>

#include "core/motion/motion.h"
#include "core/snap/common_pose.h"
#include "core/util/result.h"

namespace mg {

// A smooth edit of a motion around one match frame f (Snap-Together Motion, section 4.2).
// Every degree of freedom gets a displacement d(k), k = frames from f, on each side:
//   root position: one cubic Hermite segment per coordinate (metres, added);
//   joint rotations: a cubic Hermite segment per component of a rotation vector u, applied as
//                    q * exp(u) (a quaternion displacement spline in the exponential map).
// On a side of length L >= 2 the segment runs from k = 0 to k = L with d(L) = 0, d'(L) = 0 (the
// map fades out smoothly), d(0) = the displacement that makes frame f the target pose and its
// slope at f chosen so frame f+-1 also lands exactly on the target's neighbour frame: pose and
// both one-sided velocities at f are those of the target. L == 1 (the motion's first or last
// frame) just sets that frame. Value type; evaluation is thread-safe.
struct DisplacementMap {
  // One side of the map: d(k) = value h00(k/L) + tangent h10(k/L) for 0 <= k <= L.
  struct Side {
    int lengthFrames = 0;  // L >= 0; 0: the map does not extend here
    Eigen::Vector3d rootTangent = Eigen::Vector3d::Zero();  // metres per unit k/L
    std::vector<Eigen::Vector3d> rotationTangents;          // radians per unit k/L, per joint
    Eigen::Vector3d rootEnd = Eigen::Vector3d::Zero();      // L == 1 only: d(1)
    std::vector<Eigen::Vector3d> rotationEnds;              // L == 1 only: d(1) per joint
  };
  int centerFrame = 0;                                  // f, the match frame
  Eigen::Vector3d rootValue = Eigen::Vector3d::Zero();  // d(0) of the root, metres
  std::vector<Eigen::Vector3d> rotationValues;          // d(0) per joint, rotation vectors
  Side before;                                          // frames f-1, f-2, ... (k = f - frame)
  Side after;                                           // frames f+1, f+2, ... (k = frame - f)

  int firstFrame() const { return centerFrame - before.lengthFrames; }
  int lastFrame() const { return centerFrame + after.lengthFrames; }

  // Adds the displacement at `frame` to `root` and `rotations` (rotation vectors, jointCount of
  // them). Frames outside [firstFrame(), lastFrame()] add nothing.
  void accumulate(int frame, Eigen::Vector3d& root, Eigen::Vector3d* rotations) const;
};

// Builds the map that takes frames f-1, f, f+1 of `motion` exactly to `target` (given in the
// motion's own coordinates), fading out over `framesBefore` / `framesAfter` frames.
// Fails when: frame is not interior; framesBefore or framesAfter < 1 or reaches past the motion;
// target's joint counts differ from the motion's.
Result<DisplacementMap> buildDisplacementMap(const Motion& motion, int frame,
                                             const PoseTriple& target, int framesBefore,
                                             int framesAfter);

// Applies maps to a motion: the displacements of all maps are summed per frame, then the root
// displacement is added and each rotation becomes q * exp(sum of u). Maps whose ranges overlap
// only where each other is zero (as the snap job builds them) keep every map's frames f-1..f+1
// exact. Precondition: every map was built for this motion.
Motion applyDisplacementMaps(const Motion& motion, std::span<const DisplacementMap> maps);

// Cubic Hermite basis for a segment starting at the value and ending at zero with zero slope:
// h00(t) = 2t^3 - 3t^2 + 1, h10(t) = t^3 - 2t^2 + t, t in [0, 1].
inline double hermiteH00(double t) {
  return (2 * t - 3) * t * t + 1;
}
inline double hermiteH10(double t) {
  return ((t - 2) * t + 1) * t;
}

}  // namespace mg
