// SPDX-License-Identifier: MIT
#include "core/motion/reference_pose.h"

#include <filesystem>

#include <gtest/gtest.h>

#include "core/import/motion_reader.h"
#include "support/capture.h"
#include "support/synthetic_motion.h"

namespace mg {
namespace {

// A walk whose first frames are a rest pose and an ease-out blend into the walk's frame `blend`
// (fast out of the rest pose, slowing into the motion, as capture exports blend), at 120 fps like
// CMU's conversions, so a blend step is several times a walk step.
Motion withReferencePose(int blend) {
  Motion m = test::makeSwingMotion(480, 120.0);
  const int joints = m.jointCount();
  std::vector<Eigen::Quaterniond> target(m.frameRotations(blend), m.frameRotations(blend) + joints);
  for (int f = 0; f < blend; ++f) {
    const double u = 1.0 - static_cast<double>(f) / blend;
    const double t = 1.0 - u * u;
    for (int j = 1; j < joints; ++j) {
      m.localRotations[static_cast<size_t>(f * joints + j)] =
          Eigen::Quaterniond::Identity().slerp(t, target[static_cast<size_t>(j)]);
    }
  }
  return m;
}

TEST(ReferencePose, FindsTheRestPoseAndItsBlendFrames) {
  for (int blend : {1, 2, 4, 6}) {
    const Motion m = withReferencePose(blend);
    ASSERT_TRUE(m.validate());
    // Nothing of the performance is dropped, and what stays starts at most a few percent of the
    // way back to the rest pose (the tail of an ease-out is within a hair of the walk).
    const int drop = leadingReferencePoseFrames(m);
    EXPECT_GE(drop, 1);
    EXPECT_LE(drop, blend) << "blend over " << blend << " frames";
    auto apart = [&m](int a, int b) {
      double sum = 0;
      for (int j = 1; j < m.jointCount(); ++j)
        sum += m.rotation(a, j).angularDistance(m.rotation(b, j));
      return sum;
    };
    EXPECT_LE(apart(drop, blend), 0.15 * apart(0, blend))
        << "blend over " << blend << " frames, dropped " << drop;
  }
}

TEST(ReferencePose, LeavesOrdinaryMotionAlone) {
  EXPECT_EQ(leadingReferencePoseFrames(test::makeSwingMotion(120)), 0);
  // A still rest-pose take has nothing to drop either.
  Motion still = test::makeSwingMotion(30);
  for (auto& q : still.localRotations) q = Eigen::Quaterniond::Identity();
  EXPECT_EQ(leadingReferencePoseFrames(still), 0);
  // The blend never runs past kMaxBlendSeconds.
  const Motion slow = withReferencePose(40);
  EXPECT_LE(leadingReferencePoseFrames(slow), static_cast<int>(kMaxBlendSeconds * slow.fps) + 1);
}

TEST(ReferencePose, CmuConversionsStartWithATPose) {
  const std::string path = test::capturePath("cmu/08_01.bvh");
  if (!std::filesystem::exists(path)) GTEST_SKIP() << "no " << path;
  Result<Motion> m = readMotionFile(path);
  ASSERT_TRUE(m) << m.error().message;
  const int drop = leadingReferencePoseFrames(*m);
  EXPECT_GE(drop, 3);  // the T-pose and the blend frames (about 40 ms at 120 fps)
  EXPECT_LE(drop, static_cast<int>(kMaxBlendSeconds * m->fps) + 1);
  // What stays starts in the performance: far from the rest pose.
  double away = 0;
  for (int j = 1; j < m->jointCount(); ++j)
    away = std::max(away, m->rotation(drop, j).angularDistance(Eigen::Quaterniond::Identity()));
  EXPECT_GT(away, 0.1);
}

TEST(ReferencePose, AssimpSampleHasNone) {
  const std::string path = std::string(MG_SAMPLE_DIR) + "/Boxing_Toes.bvh";
  if (!std::filesystem::exists(path)) GTEST_SKIP() << "no " << path;
  Result<Motion> m = readMotionFile(path);
  ASSERT_TRUE(m) << m.error().message;
  EXPECT_EQ(leadingReferencePoseFrames(*m), 0);
}

}  // namespace
}  // namespace mg
