// SPDX-License-Identifier: MIT
#include "core/motion/resample.h"

#include <gtest/gtest.h>

#include "core/motion/forward_kinematics.h"
#include "support/synthetic_motion.h"

namespace mg {
namespace {

TEST(Resample, DownsampleByFourKeepsEveryFourthFrame) {
  Motion m = test::makeSwingMotion(121, 120.0);
  Result<Motion> r = resampleMotion(m, 30.0);
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r->frameCount(), 31);
  for (int f = 0; f < 31; ++f) {
    EXPECT_TRUE(r->rootPositions[f].isApprox(m.rootPositions[4 * f]));
    for (int j = 0; j < m.jointCount(); ++j) {
      EXPECT_NEAR(r->rotation(f, j).angularDistance(m.rotation(4 * f, j)), 0, 1e-9);
    }
  }
}

TEST(Resample, MidpointIsSlerpHalfway) {
  Motion m = test::makeSwingMotion(2, 1.0);
  m.localRotations[m.jointCount() + 3] =
      Eigen::Quaterniond(Eigen::AngleAxisd(2.0, Eigen::Vector3d::UnitX()));
  m.localRotations[3] = Eigen::Quaterniond::Identity();
  Result<Motion> r = resampleMotion(m, 2.0);
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r->frameCount(), 3);
  EXPECT_NEAR(r->rotation(1, 3).angularDistance(
                  Eigen::Quaterniond(Eigen::AngleAxisd(1.0, Eigen::Vector3d::UnitX()))),
              0, 1e-9);
  EXPECT_TRUE(r->rootPositions[1].isApprox(0.5 * (m.rootPositions[0] + m.rootPositions[1])));
}

TEST(Resample, SmoothMotionUpsampledStaysClose) {
  // The synthetic motion is smooth: 30 -> 120 Hz interpolates within a few millimetres of the
  // analytic motion sampled directly at 120 Hz.
  Motion coarse = test::makeSwingMotion(31, 30.0);
  Motion fine = test::makeSwingMotion(121, 120.0);
  Result<Motion> r = resampleMotion(coarse, 120.0);
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r->frameCount(), 121);
  for (int f = 0; f < 121; ++f) {
    const auto a = jointPositions(*r, f), b = jointPositions(fine, f);
    for (size_t j = 0; j < a.size(); ++j) EXPECT_LT((a[j] - b[j]).norm(), 0.01);
  }
}

TEST(Resample, RejectsBadRate) {
  Motion m = test::makeSwingMotion(5);
  EXPECT_FALSE(resampleMotion(m, 0).ok());
  EXPECT_FALSE(resampleMotion(m, std::nan("")).ok());
}

// A BVH "Frame Time: 1e300" read as is: resampling it to 30 fps would ask for 3e301 frames. It
// must fail with a message, not throw std::length_error (or allocate terabytes).
TEST(Resample, RejectsAnAbsurdFrameTimeWithAMessage) {
  Motion m = test::makeSwingMotion(6);
  m.fps = 1e-300;
  Result<Motion> r = resampleMotion(m, 30.0);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("too many to hold"), std::string::npos) << r.error().message;
  EXPECT_NE(r.error().message.find("frame time"), std::string::npos) << r.error().message;
  m.fps = 1e-6;  // 5e6 s at 30 fps: 1.5e8 frames x 10 values, still far too many
  EXPECT_FALSE(resampleMotion(m, 30.0).ok());
  m.fps = 0.5;  // 10 s at 30 fps: 301 frames, fine
  Result<Motion> fine = resampleMotion(m, 30.0);
  ASSERT_TRUE(fine.ok()) << fine.error().message;
  EXPECT_EQ(fine->frameCount(), 301);
}

TEST(Resample, RejectsInvalidMotion) {
  Motion m = test::makeSwingMotion(0);
  EXPECT_FALSE(resampleMotion(m, 30).ok());
}

}  // namespace
}  // namespace mg
