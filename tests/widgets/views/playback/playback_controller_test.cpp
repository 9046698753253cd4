// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include <QSignalSpy>

#include "widgets/views/playback/playback_controller.h"

namespace mg {
namespace {

TEST(PlaybackController, StepsForwardAndBackWithLoop) {
  PlaybackController p;
  p.setClip(3, 30);
  ASSERT_TRUE(p.isLooping());
  EXPECT_EQ(p.frame(), 0);
  p.stepForward();
  p.stepForward();
  EXPECT_EQ(p.frame(), 2);
  p.stepForward();  // wraps
  EXPECT_EQ(p.frame(), 0);
  p.stepBackward();  // wraps back to the end
  EXPECT_EQ(p.frame(), 2);
}

TEST(PlaybackController, StepsStopAtEndsWithoutLoop) {
  PlaybackController p;
  p.setClip(3, 30);
  p.setLooping(false);
  p.stepBackward();
  EXPECT_EQ(p.frame(), 0);
  p.setFrame(2);
  p.stepForward();
  EXPECT_EQ(p.frame(), 2);
}

TEST(PlaybackController, SteppingPausesPlayback) {
  PlaybackController p;
  p.setClip(10, 30);
  p.setPlaying(true);
  ASSERT_TRUE(p.isPlaying());
  p.stepForward();
  EXPECT_FALSE(p.isPlaying());
}

TEST(PlaybackController, AdvanceFollowsSpeedAndRate) {
  PlaybackController p;
  p.setClip(100, 10);  // 10 s
  p.advanceSeconds(1.05);
  EXPECT_EQ(p.frame(), 10);
  p.setSpeed(2.0);
  p.advanceSeconds(0.5);  // one more second of clip time
  EXPECT_EQ(p.frame(), 20);
  p.setSpeed(0.25);
  p.advanceSeconds(2.0);  // half a second of clip time
  EXPECT_EQ(p.frame(), 25);
}

TEST(PlaybackController, AdvanceWrapsWhenLooping) {
  PlaybackController p;
  p.setClip(10, 10);  // 1 s
  QSignalSpy frames(&p, &PlaybackController::frameChanged);
  p.advanceSeconds(1.25);
  EXPECT_EQ(p.frame(), 2);
  EXPECT_EQ(frames.count(), 1);
}

TEST(PlaybackController, AdvanceStopsOnLastFrameWithoutLoop) {
  PlaybackController p;
  p.setClip(10, 10);
  p.setLooping(false);
  p.setPlaying(true);
  p.advanceSeconds(5);
  EXPECT_EQ(p.frame(), 9);
  EXPECT_FALSE(p.isPlaying());
  p.setPlaying(true);  // playing again from the end starts over
  EXPECT_EQ(p.frame(), 0);
}

TEST(PlaybackController, ClampsSpeedAndFrame) {
  PlaybackController p;
  p.setClip(5, 30);
  p.setSpeed(10);
  EXPECT_EQ(p.speed(), PlaybackController::kMaxSpeed);
  p.setSpeed(0.01);
  EXPECT_EQ(p.speed(), PlaybackController::kMinSpeed);
  p.setFrame(99);
  EXPECT_EQ(p.frame(), 4);
  p.setFrame(-3);
  EXPECT_EQ(p.frame(), 0);
}

TEST(PlaybackController, EmptyClipCannotPlay) {
  PlaybackController p;
  p.setClip(0, 30);
  p.setPlaying(true);
  EXPECT_FALSE(p.isPlaying());
  p.stepForward();
  EXPECT_EQ(p.frame(), 0);
}

TEST(PlaybackController, PlaysInRealTime) {
  PlaybackController p;
  p.setClip(1000, 100);
  QSignalSpy frames(&p, &PlaybackController::frameChanged);
  p.setPlaying(true);
  // The timer moves the clock; this only checks that it does, not how fast.
  EXPECT_TRUE(frames.wait(2000));
  EXPECT_GT(p.frame(), 0);
}

// A timeline's scrub names a working-rate frame; the clock shows its first clip frame.
TEST(PlaybackController, SetsAWorkingFrameWhateverTheClipRate) {
  PlaybackController p;
  p.setWorkingFps(30);
  p.setClip(1000, 100);  // 10 s
  p.setWorkingFrame(120);
  EXPECT_EQ(p.frame(), 400);
  EXPECT_EQ(p.workingFrame(), 120);
  p.setWorkingFrame(121);  // 403.33 capture frames: the first one in working frame 121
  EXPECT_EQ(p.frame(), 404);
  EXPECT_EQ(p.workingFrame(), 121);
  p.setWorkingFrame(10000);  // clamped to the clip
  EXPECT_EQ(p.frame(), 999);
  p.setWorkingFrame(-5);
  EXPECT_EQ(p.frame(), 0);
}

}  // namespace
}  // namespace mg
