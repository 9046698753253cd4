// SPDX-License-Identifier: MIT
#pragma once

#include <deque>
#include <memory>
#include <string>
#include <vector>

#include <QColor>
#include <QObject>
#include <QString>

#include "core/synth/pose_stream.h"

namespace mg {

class PlaybackController;
class ViewportWidget;

// A finite PoseStream over frames [begin, end) of one motion, the root placed as captured. The
// stream for "play this clip" until the core's own single-clip stream (issue 8, h8core) lands.
class MotionClipStream : public PoseStream {
 public:
  // Precondition: 0 <= begin <= end <= motion->frameCount(). `motionIndex` is reported as the
  // source motion of every frame.
  MotionClipStream(std::shared_ptr<const Motion> motion, int begin, int end, int motionIndex = 0);
  std::shared_ptr<const Skeleton> skeleton() const override { return m_motion->skeleton; }
  double fps() const override { return m_motion->fps; }
  bool next(Pose& out) override;
  int framesPlayed() const override { return m_played; }
  SourceFrame lastSource() const override;
  const std::vector<StreamTransition>& transitions() const override { return m_transitions; }

 private:
  std::shared_ptr<const Motion> m_motion;
  int m_begin, m_end, m_motionIndex;
  int m_played = 0;
  std::vector<StreamTransition> m_transitions;
};

// The one playback path for any PoseStream: a clock in seconds (frames at the stream's rate)
// that pulls frames from the stream as it plays and keeps the last `capacityFrames` played
// frames in a ring, so the transport can pause, step and scrub back over an endless stream and
// forward again up to the newest frame (past it, stepping pulls new frames). When the stream ends
// (a dead end, or a finite stream played out) playback stops on the last frame with a message,
// the character stays where it was. Shows the pose on a viewport character it follows (the floor
// follows the character). UI thread only.
class StreamPlayer : public QObject {
  Q_OBJECT

 public:
  static constexpr int kDefaultCapacityFrames = 30 * 120;  // two minutes at 30 fps

  explicit StreamPlayer(QObject* parent = nullptr, int capacityFrames = kDefaultCapacityFrames);
  ~StreamPlayer() override;

  // Shows frames on `viewport` (may be null: tests) as character `characterId` in `colour`.
  void setViewport(ViewportWidget* viewport, int characterId, const QColor& colour);
  // Puts the stream under the editor's transport (the playback bar, Space, step, scrub, speed):
  // while a stream plays, `transport`'s clip is the frames pulled so far plus the look-ahead the
  // player keeps pulling as the playhead approaches the newest frame, and the transport's frame
  // is the stream frame shown (frames older than the ring show the oldest kept). null detaches;
  // the player then runs on advanceSeconds. `transport` must outlive the player or be detached.
  void attachTransport(PlaybackController* transport);
  static constexpr int kLookaheadFrames = 30;

  // Starts `stream` (replaces the previous one, emptying the ring) and shows its first frame.
  // `label` names it in messages ("Random walk", "Clip 3").
  void play(std::unique_ptr<PoseStream> stream, const QString& label);
  void stop();  // drops the stream and the character
  bool hasStream() const { return m_stream != nullptr; }
  PoseStream* stream() const { return m_stream.get(); }

  // The transport. Frame numbers are output frames since play(); only those still in the ring
  // can be shown: [firstFrame(), lastFrame()].
  void setPlaying(bool playing);
  bool isPlaying() const { return m_playing; }
  void advanceSeconds(double seconds);  // what the clock does: x speed, pulls frames as needed
  void stepForward();                   // pauses; pulls a frame at the head
  void stepBackward();                  // pauses; stays at firstFrame()
  void seekFrame(int frame);            // clamped to the ring
  void setSpeed(double speed) { m_speed = speed; }
  int frame() const { return m_frame; }
  int firstFrame() const { return m_pulled - static_cast<int>(m_ring.size()); }
  int lastFrame() const { return m_pulled - 1; }
  double fps() const { return m_stream ? m_stream->fps() : 30.0; }
  double timeSeconds() const { return m_frame / fps(); }
  bool hasEnded() const { return m_ended; }
  // The pose and source of the shown frame (null / {-1, -1} when nothing is shown).
  const Pose* pose() const;
  SourceFrame source() const;

 signals:
  void frameChanged(int frame);
  void playingChanged(bool playing);
  void rangeChanged(int first, int last);
  // Why playback stopped at the end of the stream.
  void ended(const QString& message);

 private:
  bool pull();  // one more frame from the stream into the ring; false at its end
  void onTransportFrame(int frame);
  void endStream();
  void show();

  struct Played {
    Pose pose;
    SourceFrame source;
  };
  std::unique_ptr<PoseStream> m_stream;
  QString m_label;
  std::deque<Played> m_ring;
  int m_capacity;
  int m_pulled = 0;  // frames pulled so far; the ring holds the last m_ring.size() of them
  int m_frame = -1;
  double m_clock = 0.0;  // seconds of output time, continuous
  double m_speed = 1.0;
  bool m_playing = false;
  bool m_ended = false;
  PlaybackController* m_transport = nullptr;
  QMetaObject::Connection m_transportFrame;
  ViewportWidget* m_viewport = nullptr;
  int m_characterId = 0;
  QColor m_colour;
  bool m_characterAdded = false;
};

}  // namespace mg
