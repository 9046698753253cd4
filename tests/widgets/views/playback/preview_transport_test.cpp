// SPDX-License-Identifier: MIT
// The parametric previews and the transport: a node blend or transition clip and a walk play
// through the one StreamPlayer under the one PlaybackController, so Space, scrubbing and stepping
// act on them; a steered walk is pulled only a frame or two ahead, so a new heading acts at once;
// another preview replacing it turns the preview off; and the readout is one clock (seconds,
// frames at the working rate) whatever the clip's own rate.
#include <gtest/gtest.h>

#include <QSignalSpy>

#include "core/param/graph_player.h"
#include "core/param/param_fixture.h"
#include "support/synthetic_motion.h"
#include "widgets/views/param/parametric_preview.h"
#include "widgets/views/playback/playback_bar.h"
#include "widgets/views/playback/playback_controller.h"
#include "widgets/views/playback/stream_player.h"

namespace mg {
namespace {

TEST(ParametricPreview, AClipPlaysUnderTheTransportAndTheStripFollows) {
  PlaybackController transport;
  StreamPlayer player;
  player.attachTransport(&transport);
  TransitionStrip strip;
  ParametricPreview preview(&player, nullptr, &strip);
  auto clip = std::make_shared<const Motion>(test::makeSwingMotion(20));
  preview.playClip(clip, 8, 12);
  EXPECT_EQ(preview.mode(), ParametricPreview::Mode::Clip);
  EXPECT_EQ(strip.blendBegin(), 8);
  EXPECT_EQ(strip.blendEnd(), 12);
  EXPECT_TRUE(transport.isPlaying());
  EXPECT_EQ(transport.frameCount(), 20);  // a finite stream: all of it, nothing more
  transport.togglePlaying();              // Space
  EXPECT_FALSE(player.isPlaying());
  transport.setFrame(10);  // scrub
  ASSERT_NE(player.pose(), nullptr);
  EXPECT_TRUE(player.pose()->rootPosition.isApprox(clip->rootPositions[10]));
  transport.stepForward();
  EXPECT_TRUE(player.pose()->rootPosition.isApprox(clip->rootPositions[11]));
  EXPECT_EQ(preview.framesShown(), 12);
  // Looping (the transport's default) plays it again from the start.
  transport.setPlaying(true);
  transport.advanceSeconds(0.5);  // frame 11 + 15 frames = 26 -> 6 after the wrap
  EXPECT_EQ(transport.frame(), 6);
  EXPECT_TRUE(player.pose()->rootPosition.isApprox(clip->rootPositions[6]));

  // Another preview replacing it turns this one off; stop() of an inactive preview stops nothing.
  player.play(std::make_unique<MotionClipStream>(clip, 0, 5), QStringLiteral("other"));
  EXPECT_EQ(preview.mode(), ParametricPreview::Mode::Off);
  preview.stop();
  EXPECT_TRUE(player.hasStream());
}

TEST(ParametricPreview, SteeringIsPulledOnlyAFrameOrTwoAheadAndADeadEndStopsWithAMessage) {
  std::shared_ptr<const ParametricGraph> graph = test::walkGraph();
  ASSERT_TRUE(graph);
  PlaybackController transport;
  StreamPlayer player;
  player.attachTransport(&transport);
  ParametricPreview preview(&player, nullptr, nullptr);
  ASSERT_TRUE(preview.startWalk(graph, 0, true));
  EXPECT_EQ(preview.mode(), ParametricPreview::Mode::Steer);
  for (int i = 0; i < 300; ++i) {
    preview.advance(1.0 / 30);
    // The playhead is never more than the steering look-ahead behind the synthesis.
    ASSERT_LE(player.lastFrame() - player.frame(), StreamPlayer::kSteeringLookaheadFrames) << i;
  }
  EXPECT_EQ(transport.frame(), 300);
  EXPECT_GE(preview.transitionsMade(), 2);
  transport.togglePlaying();
  transport.setFrame(100);  // scrub back over the steered walk
  EXPECT_EQ(player.frame(), 100);
  preview.stop();
  EXPECT_EQ(preview.mode(), ParametricPreview::Mode::Off);
  EXPECT_FALSE(player.hasStream());

  // A graph of the node without its edge: the walk plays its one clip and stops on the last
  // frame with a message, the character staying where it was.
  auto deadEnd = std::make_shared<ParametricGraph>(*graph);
  deadEnd->edges.clear();
  QSignalSpy status(&preview, &ParametricPreview::statusChanged);
  transport.setLooping(false);
  ASSERT_TRUE(preview.startWalk(deadEnd, 0, false));
  for (int i = 0; i < 200 && transport.isPlaying(); ++i) preview.advance(0.1);
  EXPECT_FALSE(transport.isPlaying());
  EXPECT_TRUE(player.hasEnded());
  EXPECT_NE(player.pose(), nullptr);
  EXPECT_EQ(preview.mode(), ParametricPreview::Mode::Walk);
  ASSERT_GE(status.count(), 1);
  EXPECT_TRUE(status.last()[0].toString().contains(QStringLiteral("dead end")));
}

// One clock: a 120 fps capture under a 30 fps working rate reads and steps in 30 fps frames.
TEST(PlaybackBar, ReadsAndStepsInWorkingFramesWhateverTheClipRate) {
  PlaybackController transport;
  PlaybackBar bar(&transport, nullptr, nullptr, nullptr, nullptr);
  transport.setWorkingFps(30.0);
  transport.setClip(480, 120.0);  // 4 s
  EXPECT_EQ(bar.readout(), QStringLiteral("frame 0 (0.00 s) / 119"));
  transport.stepForward();
  EXPECT_EQ(transport.frame(), 4);
  EXPECT_EQ(bar.readout(), QStringLiteral("frame 1 (0.03 s) / 119"));
  transport.setFrame(6);  // scrubbing still lands on capture frames
  EXPECT_EQ(transport.workingFrame(), 1);
  transport.stepForward();
  EXPECT_EQ(transport.frame(), 8);
  transport.stepBackward();
  EXPECT_EQ(transport.frame(), 4);
  transport.stepBackward();
  EXPECT_EQ(transport.frame(), 0);
  transport.setFrame(300);
  EXPECT_EQ(bar.readout(), QStringLiteral("frame 75 (2.50 s) / 119"));
  EXPECT_TRUE(bar.isEnabled());
  // A clip slower than the working rate steps one of its own frames.
  transport.setClip(50, 25.0);
  transport.setFrame(5);
  transport.stepForward();
  EXPECT_EQ(transport.frame(), 6);
  transport.stepBackward();
  EXPECT_EQ(transport.frame(), 5);
}

}  // namespace
}  // namespace mg
