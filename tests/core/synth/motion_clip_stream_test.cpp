// SPDX-License-Identifier: MIT
// A clip of one motion played as a stream gives exactly that motion's frames, names each frame's
// source, ends on time and makes no transition.
#include "core/synth/motion_clip_stream.h"

#include <gtest/gtest.h>

#include "support/synthetic_motion.h"

namespace mg {
namespace {

TEST(MotionClipStream, PlaysTheClipsFramesAsCaptured) {
  auto motion = std::make_shared<const Motion>(test::makeSwingMotion(20, 30.0));
  MotionClipStream stream(motion, 5, 12, 3);
  EXPECT_EQ(stream.skeleton(), motion->skeleton);
  EXPECT_DOUBLE_EQ(stream.fps(), 30.0);
  EXPECT_EQ(stream.lastSource().motion, -1);  // nothing played yet
  Pose pose;
  for (int f = 5; f < 12; ++f) {
    ASSERT_TRUE(stream.next(pose)) << f;
    EXPECT_EQ(pose.rootPosition, motion->rootPositions[static_cast<size_t>(f)]);
    ASSERT_EQ(pose.localRotations.size(), static_cast<size_t>(motion->jointCount()));
    for (int j = 0; j < motion->jointCount(); ++j) {
      EXPECT_TRUE(pose.localRotations[static_cast<size_t>(j)].coeffs() ==
                  motion->rotation(f, j).coeffs())
          << f << " " << j;
    }
    EXPECT_EQ(stream.lastSource().motion, 3);
    EXPECT_EQ(stream.lastSource().frame, f);
    EXPECT_EQ(stream.framesPlayed(), f - 4);
  }
  EXPECT_FALSE(stream.next(pose));
  EXPECT_EQ(stream.framesPlayed(), 7);
  EXPECT_TRUE(stream.transitions().empty());
  EXPECT_FALSE(stream.canFollow(Directive::Kind::Heading));
}

TEST(MotionClipStream, AnEmptyClipEndsAtOnce) {
  auto motion = std::make_shared<const Motion>(test::makeSwingMotion(10));
  MotionClipStream stream(motion, 4, 4);
  Pose pose;
  EXPECT_FALSE(stream.next(pose));
  EXPECT_EQ(stream.framesPlayed(), 0);
}

}  // namespace
}  // namespace mg
