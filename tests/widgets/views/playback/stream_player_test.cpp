// SPDX-License-Identifier: MIT
// The one playback path for pose streams: the clock pulls frames, the ring lets the transport
// scrub back over an endless stream, and the end of a stream stops playback with a message on
// the last frame instead of losing the character.
#include <gtest/gtest.h>

#include <QSignalSpy>

#include "support/synthetic_motion.h"
#include "widgets/views/playback/playback_controller.h"
#include "widgets/views/playback/stream_player.h"

namespace mg {
namespace {

// An endless stream whose root x is the output frame number in centimetres: any shown pose
// says which frame it is, independently of the player's bookkeeping.
class CountingStream : public PoseStream {
 public:
  explicit CountingStream(std::shared_ptr<const Skeleton> skeleton)
      : m_skeleton(std::move(skeleton)) {}
  std::shared_ptr<const Skeleton> skeleton() const override { return m_skeleton; }
  double fps() const override { return 30.0; }
  bool next(Pose& out) override {
    out.rootPosition = Eigen::Vector3d(0.01 * m_played, 0.9, 0.0);
    out.localRotations.assign(static_cast<size_t>(m_skeleton->jointCount()),
                              Eigen::Quaterniond::Identity());
    ++m_played;
    return true;
  }
  int framesPlayed() const override { return m_played; }
  SourceFrame lastSource() const override { return {0, m_played - 1}; }
  const std::vector<StreamTransition>& transitions() const override { return m_transitions; }

 private:
  std::shared_ptr<const Skeleton> m_skeleton;
  int m_played = 0;
  std::vector<StreamTransition> m_transitions;
};

int shownFrame(const StreamPlayer& player) {
  return static_cast<int>(std::lround(player.pose()->rootPosition.x() * 100.0));
}

TEST(StreamPlayer, PlayedMotionIsTheRingInOrder) {
  StreamPlayer player(nullptr, 100);
  EXPECT_EQ(player.playedMotion("walk").frameCount(), 0);  // nothing played: nothing to export
  auto skeleton = test::makeBipedSkeleton();
  player.play(std::make_unique<CountingStream>(skeleton), QStringLiteral("walk"));
  player.advanceSeconds(5.0);  // 150 frames at 30 fps: the ring keeps the last 100
  player.setPlaying(false);
  const Motion motion = player.playedMotion("walk");
  ASSERT_EQ(motion.frameCount(), player.lastFrame() - player.firstFrame() + 1);
  EXPECT_EQ(motion.frameCount(), 100);
  EXPECT_EQ(motion.name, "walk");
  EXPECT_EQ(motion.skeleton, skeleton);
  EXPECT_EQ(motion.fps, 30.0);
  EXPECT_EQ(motion.localRotations.size(), 100u * static_cast<size_t>(skeleton->jointCount()));
  for (int f = 0; f < motion.frameCount(); ++f) {  // root x says which stream frame it is
    EXPECT_EQ(std::lround(motion.rootPositions[f].x() * 100.0), player.firstFrame() + f) << f;
  }
  EXPECT_TRUE(motion.validate()) << "an exported motion must validate";
  player.stop();
  EXPECT_EQ(player.playedMotion("walk").frameCount(), 0);
}

TEST(StreamPlayer, ScrubsBackOverAnEndlessStreamWithinTheRing) {
  StreamPlayer player(nullptr, 100);
  player.play(std::make_unique<CountingStream>(test::makeBipedSkeleton()), QStringLiteral("walk"));
  ASSERT_TRUE(player.isPlaying());
  EXPECT_EQ(shownFrame(player), 0);
  player.advanceSeconds(2.0);  // 60 frames at 30 fps
  EXPECT_EQ(player.frame(), 60);
  EXPECT_EQ(shownFrame(player), 60);
  player.setSpeed(2.0);
  player.advanceSeconds(1.0);  // 60 more frames at twice the speed
  EXPECT_EQ(player.frame(), 120);
  EXPECT_EQ(player.lastFrame(), 120);
  EXPECT_EQ(player.firstFrame(), 21);  // the ring keeps the last 100
  player.setPlaying(false);
  player.advanceSeconds(1.0);  // paused: nothing moves
  EXPECT_EQ(player.frame(), 120);
  player.seekFrame(50);
  EXPECT_EQ(shownFrame(player), 50);
  EXPECT_EQ(player.source().frame, 50);
  player.seekFrame(0);  // before the ring: the oldest kept frame
  EXPECT_EQ(player.frame(), 21);
  EXPECT_EQ(shownFrame(player), 21);
  player.stepBackward();
  EXPECT_EQ(player.frame(), 21);
  player.stepForward();
  EXPECT_EQ(shownFrame(player), 22);
  // Stepping at the newest frame pulls a new one; playing resumes from the shown frame.
  player.seekFrame(120);
  player.stepForward();
  EXPECT_EQ(player.lastFrame(), 121);
  EXPECT_EQ(shownFrame(player), 121);
  player.seekFrame(100);
  player.setSpeed(1.0);
  player.setPlaying(true);
  player.advanceSeconds(0.5);
  EXPECT_EQ(player.frame(), 115);
  EXPECT_EQ(shownFrame(player), 115);
  EXPECT_EQ(player.lastFrame(), 121);  // replayed from the ring, nothing pulled
}

TEST(StreamPlayer, AFiniteStreamStopsOnItsLastFrameWithAMessage) {
  auto motion = std::make_shared<const Motion>(test::makeSwingMotion(45));
  StreamPlayer player;
  QSignalSpy ended(&player, &StreamPlayer::ended);
  player.play(std::make_unique<MotionClipStream>(motion, 10, 40), QStringLiteral("Clip 1"));
  player.advanceSeconds(5.0);  // far past its 30 frames
  EXPECT_FALSE(player.isPlaying());
  EXPECT_TRUE(player.hasEnded());
  ASSERT_EQ(ended.count(), 1);
  EXPECT_TRUE(ended[0][0].toString().contains(QStringLiteral("Clip 1")));
  EXPECT_EQ(player.frame(), 29);
  ASSERT_NE(player.pose(), nullptr);  // the character stays on its last pose
  EXPECT_TRUE(player.pose()->rootPosition.isApprox(motion->pose(39).rootPosition));
  EXPECT_EQ(player.source().frame, 39);
  // Play does not restart a stream that ended; scrubbing back still works.
  player.setPlaying(true);
  EXPECT_FALSE(player.isPlaying());
  player.seekFrame(0);
  EXPECT_TRUE(player.pose()->rootPosition.isApprox(motion->pose(10).rootPosition));
  player.stop();
  EXPECT_EQ(player.pose(), nullptr);
  EXPECT_FALSE(player.hasStream());
}

// Under the editor's transport: Space (togglePlaying), step and scrub act on the stream, the
// transport's clip grows as the stream is synthesised, and one clock (seconds, frames at the
// stream's rate) is shared by both.
TEST(StreamPlayer, TheTransportDrivesAnEndlessStream) {
  PlaybackController transport;
  transport.setLooping(false);
  StreamPlayer player(nullptr, 200);
  player.attachTransport(&transport);
  player.play(std::make_unique<CountingStream>(test::makeBipedSkeleton()), QStringLiteral("walk"));
  EXPECT_TRUE(transport.isPlaying());
  EXPECT_EQ(transport.fps(), 30.0);
  EXPECT_EQ(transport.frameCount(), StreamPlayer::kLookaheadFrames + 1);
  for (int i = 0; i < 100; ++i) transport.advanceSeconds(0.1);  // 10 s: far past the first clip
  EXPECT_TRUE(transport.isPlaying());
  EXPECT_EQ(transport.frame(), 300);
  EXPECT_EQ(shownFrame(player), 300);
  EXPECT_GE(transport.frameCount(), 301 + StreamPlayer::kLookaheadFrames);
  EXPECT_DOUBLE_EQ(transport.timeSeconds(), player.timeSeconds());
  transport.togglePlaying();  // Space
  EXPECT_FALSE(transport.isPlaying());
  transport.stepBackward();
  EXPECT_EQ(shownFrame(player), 299);
  transport.setFrame(250);  // scrub back inside the ring
  EXPECT_EQ(shownFrame(player), 250);
  transport.setFrame(10);  // older than the ring (200 frames): the oldest kept frame
  EXPECT_EQ(shownFrame(player), player.firstFrame());
  transport.setFrame(transport.frameCount() - 1);
  transport.stepForward();  // at the newest frame: the look-ahead grew, so a new frame shows
  EXPECT_EQ(shownFrame(player), transport.frame());
  EXPECT_EQ(transport.frame(), player.lastFrame() - StreamPlayer::kLookaheadFrames);
}

// A finite stream under the transport stops on its last frame with the message.
TEST(StreamPlayer, TheTransportStopsAtTheEndOfAFiniteStream) {
  auto motion = std::make_shared<const Motion>(test::makeSwingMotion(100));
  PlaybackController transport;
  transport.setLooping(false);
  StreamPlayer player;
  player.attachTransport(&transport);
  QSignalSpy ended(&player, &StreamPlayer::ended);
  player.play(std::make_unique<MotionClipStream>(motion, 0, 80), QStringLiteral("Clip 2"));
  for (int i = 0; i < 50; ++i) transport.advanceSeconds(0.1);
  EXPECT_FALSE(transport.isPlaying());
  EXPECT_EQ(transport.frameCount(), 80);
  EXPECT_EQ(transport.frame(), 79);
  EXPECT_EQ(ended.count(), 1);
  EXPECT_TRUE(player.pose()->rootPosition.isApprox(motion->pose(79).rootPosition));
}

}  // namespace
}  // namespace mg
