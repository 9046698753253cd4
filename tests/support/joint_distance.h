// SPDX-License-Identifier: MIT
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/import/motion_reader.h"
#include "core/motion/forward_kinematics.h"

namespace mg::test {

// Largest distance between the world joint positions of two motions with the same skeleton
// hierarchy and frame count (metres); fails the calling test (and returns 1e9) when the shapes
// differ.
inline double largestJointDistance(const Motion& a, const Motion& b) {
  EXPECT_TRUE(a.skeleton->sameHierarchy(*b.skeleton));
  EXPECT_EQ(a.frameCount(), b.frameCount());
  if (!a.skeleton->sameHierarchy(*b.skeleton) || a.frameCount() != b.frameCount()) return 1e9;
  const std::vector<Eigen::Vector3d> pa = allJointPositions(a), pb = allJointPositions(b);
  double worst = 0;
  for (size_t i = 0; i < pa.size(); ++i) worst = std::max(worst, (pa[i] - pb[i]).norm());
  return worst;
}

// Reads two files of one motion (a walk written as BVH and as glTF, say) with readMotionFile and
// returns largestJointDistance of them; 1e9 (and a test failure) when either cannot be read.
inline double largestJointDistance(const std::string& a, const std::string& b) {
  const Result<Motion> ma = readMotionFile(a), mb = readMotionFile(b);
  EXPECT_TRUE(ma) << (ma ? "" : ma.error().message);
  EXPECT_TRUE(mb) << (mb ? "" : mb.error().message);
  if (!ma || !mb) return 1e9;
  EXPECT_EQ(ma->fps, mb->fps) << a << " and " << b;
  return largestJointDistance(*ma, *mb);
}

}  // namespace mg::test
