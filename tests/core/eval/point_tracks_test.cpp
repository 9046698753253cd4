// SPDX-License-Identifier: MIT
#include "core/eval/point_tracks.h"

#include <cmath>

#include <gtest/gtest.h>

#include "../import/import_test_util.h"
#include "core/motion/forward_kinematics.h"
#include "eval_test_bvh.h"

namespace mg {
namespace {

BvhDocument parse(const std::string& text) {
  Result<BvhDocument> doc = parseBvhText(text, "test.bvh");
  EXPECT_TRUE(doc) << doc.error().message;
  return *doc;
}

// Hand-computed: a root turned 90 degrees about Z, then 90 about X (channel order Z X), with a
// child 10 units up. R = Rz(90) Rx(90): Rx takes +Y to +Z, Rz leaves +Z alone.
TEST(PointTracks, EulerChannelsComposeInFileOrder) {
  const std::string text =
      "HIERARCHY\nROOT r\n{\n  OFFSET 0 0 0\n  CHANNELS 6 Xposition Yposition Zposition Zrotation "
      "Xrotation Yrotation\n"
      "  JOINT c\n  {\n    OFFSET 0 10 0\n    CHANNELS 3 Zrotation Xrotation Yrotation\n"
      "    End Site\n    {\n      OFFSET 0 5 0\n    }\n  }\n}\n"
      "MOTION\nFrames: 2\nFrame Time: 0.1\n"
      "1 2 3 90 90 0 0 0 0\n"
      "0 0 0 90 0 0 0 0 0\n";
  Result<PointTracks> t = pointTracksFromBvh(parse(text));
  ASSERT_TRUE(t) << t.error().message;
  ASSERT_EQ(t->pointCount(), 3);
  EXPECT_EQ(t->names[2], "c/end");
  EXPECT_EQ(t->parents[2], 1);
  EXPECT_NEAR((t->at(0, 0) - Eigen::Vector3d(1, 2, 3)).norm(), 0.0, 1e-12);
  EXPECT_NEAR((t->at(0, 1) - Eigen::Vector3d(1, 2, 13)).norm(), 0.0, 1e-12);
  EXPECT_NEAR((t->at(0, 2) - Eigen::Vector3d(1, 2, 18)).norm(), 0.0, 1e-12);
  // Rz(90) alone takes +Y to -X.
  EXPECT_NEAR((t->at(1, 1) - Eigen::Vector3d(-10, 0, 0)).norm(), 0.0, 1e-12);
  EXPECT_DOUBLE_EQ(t->bodyHeight, 15.0);
  EXPECT_DOUBLE_EQ(t->fps, 10.0);
}

TEST(PointTracks, ResamplingPicksEveryFourthFrameOf120Hz) {
  const auto root = [](int f) { return Eigen::Vector3d(std::sin(0.1 * f), 90, 0.3 * f * f); };
  const BvhDocument doc = parse(test::stickFigureBvh(41, 120.0, root));
  Result<PointTracks> t = pointTracksFromBvh(doc, {.trimLeadingFrames = 1, .fps = 30.0});
  ASSERT_TRUE(t) << t.error().message;
  EXPECT_EQ(t->frameCount, 10);  // 39 steps of 1/120 s after the trim: 9.75 steps of 1/30 s
  for (int f = 0; f < t->frameCount; ++f) {
    EXPECT_NEAR((t->at(f, 0) - root(1 + 4 * f)).norm(), 0.0, 1e-9) << f;
  }
  // Halfway between two frames at 60 Hz: the mean of the two root positions.
  Result<PointTracks> half = pointTracksFromBvh(doc, {.fps = 240.0});
  ASSERT_TRUE(half);
  EXPECT_NEAR((half->at(1, 0) - 0.5 * (root(0) + root(1))).norm(), 0.0, 1e-9);
}

TEST(PointTracks, BadSettingsFail) {
  const BvhDocument doc =
      parse(test::stickFigureBvh(5, 30.0, [](int) { return Eigen::Vector3d(0, 90, 0); }));
  EXPECT_FALSE(pointTracksFromBvh(doc, {.trimLeadingFrames = 5}));
  EXPECT_FALSE(pointTracksFromBvh(doc, {.trimLeadingFrames = -1}));
  EXPECT_FALSE(pointTracksFromBvh(doc, {.fps = -30.0}));
  EXPECT_FALSE(pointTracksFromBvh(doc, {.fps = std::nan("")}));
  Result<PointTracks> missing = readPointTracks("/nonexistent/walk.bvh");
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().message.find("/nonexistent/walk.bvh"), std::string::npos);
}

// Two independent forward kinematics agree on real capture: this module's and core/motion's.
TEST(PointTracks, MatchesTheProjectsForwardKinematicsOnRealCapture) {
  const std::string path = test::samplePath("Boxing_Toes.bvh");
  MG_REQUIRE_FILE(path);
  Result<BvhDocument> doc = readBvhFile(path);
  ASSERT_TRUE(doc) << doc.error().message;
  Result<PointTracks> t = pointTracksFromBvh(*doc);
  ASSERT_TRUE(t) << t.error().message;
  const Motion m = bvhDocumentToMotion(*doc);
  const int joints = m.jointCount();
  std::vector<Eigen::Vector3d> pos(joints);
  std::vector<Eigen::Quaterniond> rot(joints);
  double worst = 0.0;
  for (int f = 0; f < m.frameCount(); f += 97) {
    forwardKinematics(*m.skeleton, m.rootPositions[f], m.frameRotations(f), pos.data(), rot.data());
    for (int j = 0; j < joints; ++j) worst = std::max(worst, (pos[j] - t->at(f, j)).norm());
  }
  EXPECT_LT(worst, 1e-9 * t->bodyHeight);
  EXPECT_GT(t->bodyHeight, 0.0);
}

}  // namespace
}  // namespace mg
