// SPDX-License-Identifier: MIT
#pragma once

#include <array>
#include <string>
#include <vector>

#include "core/import/bvh_text.h"
#include "core/motion/motion.h"

namespace mg {

// Turns BVH data lines into a Motion's frames, in file units: each joint's rotation from its
// Euler channels in file order (R = R(c0) R(c1) R(c2), see eulerToQuaternion); the root's world
// position = root OFFSET + its position channels. Position channels of other joints are ignored
// (Skeleton has fixed bone offsets). The channel layout is worked out once, not per frame.
class BvhFrameConverter {
 public:
  // `document` supplies the joints and channels (its values are not read).
  explicit BvhFrameConverter(const BvhDocument& document);
  // A motion with the document's skeleton and rate and room for its declared frames.
  Motion emptyMotion(const BvhDocument& document) const;
  // Appends the frame whose valuesPerFrame values are `values`.
  void append(const double* values, Motion& motion) const;

 private:
  struct JointChannels {
    Eigen::Vector3d offset;
    std::array<int, 3> position{-1, -1, -1};  // value index of X/Y/Z position, or -1
    std::string axes;                         // rotation axes in file order ("ZXY"), at most 3
    std::array<int, 3> rotation{-1, -1, -1};  // value index of each of those axes
  };
  std::vector<JointChannels> m_joints;
};

}  // namespace mg
