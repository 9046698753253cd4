// SPDX-License-Identifier: MIT
#include "core/motion/motion.h"

#include <gtest/gtest.h>

#include <limits>

#include "support/synthetic_motion.h"

namespace mg {
namespace {

TEST(Motion, SyntheticIsValid) {
  Motion m = test::makeSwingMotion(10);
  EXPECT_TRUE(m.validate().ok()) << m.validate().error().message;
  EXPECT_EQ(m.frameCount(), 10);
  EXPECT_NEAR(m.durationSeconds(), 10 / 30.0, 1e-12);
}

TEST(Motion, NoSkeleton) {
  Motion m = test::makeSwingMotion(3);
  m.skeleton = nullptr;
  EXPECT_FALSE(m.validate().ok());
}

TEST(Motion, NoFrames) {
  Motion m = test::makeSwingMotion(0);
  const Status s = m.validate();
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.error().message.find("no frames"), std::string::npos);
}

TEST(Motion, RotationCountMismatch) {
  Motion m = test::makeSwingMotion(3);
  m.localRotations.pop_back();
  EXPECT_FALSE(m.validate().ok());
}

TEST(Motion, NaNRootPosition) {
  Motion m = test::makeSwingMotion(3);
  m.rootPositions[1].x() = std::numeric_limits<double>::quiet_NaN();
  EXPECT_FALSE(m.validate().ok());
}

TEST(Motion, NonUnitRotation) {
  Motion m = test::makeSwingMotion(3);
  m.localRotations[4].coeffs() *= 2;
  EXPECT_FALSE(m.validate().ok());
}

TEST(Motion, BadFrameRate) {
  Motion m = test::makeSwingMotion(3);
  m.fps = 0;
  EXPECT_FALSE(m.validate().ok());
}

TEST(Motion, SliceKeepsFrames) {
  Motion m = test::makeSwingMotion(10);
  Motion s = sliceFrames(m, 3, 7);
  ASSERT_EQ(s.frameCount(), 4);
  EXPECT_TRUE(s.rootPositions[0].isApprox(m.rootPositions[3]));
  EXPECT_TRUE(s.rotation(1, 4).isApprox(m.rotation(4, 4)));
  EXPECT_TRUE(s.validate().ok());
}

}  // namespace
}  // namespace mg
