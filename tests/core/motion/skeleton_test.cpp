// SPDX-License-Identifier: MIT
#include "core/motion/skeleton.h"

#include <gtest/gtest.h>

#include "support/synthetic_motion.h"

namespace mg {
namespace {

TEST(Skeleton, RepeatedNameAndBadParent) {
  Skeleton s = *test::makeBipedSkeleton();
  s.joints[2].name = s.joints[1].name;
  EXPECT_FALSE(s.validate().ok());
  s = *test::makeBipedSkeleton();
  s.joints[1].parent = 5;
  EXPECT_FALSE(s.validate().ok());
  s.joints.clear();
  EXPECT_FALSE(s.validate().ok());
}

}  // namespace
}  // namespace mg
