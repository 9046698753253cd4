// SPDX-License-Identifier: MIT
#pragma once

#include <deque>
#include <memory>
#include <string>
#include <vector>

#include <QColor>
#include <QObject>
#include <QString>

#include "core/synth/motion_clip_stream.h"  // the clip stream previews play
#include "core/synth/pose_stream.h"

namespace mg {

class PlaybackController;
class ViewportWidget;

// The one playback path for any PoseStream: a clock in seconds (frames at the stream's rate)
// that pulls frames from the stream as it plays and keeps the last `capacityFrames` played
// frames in a ring, so the transport can pause, step and scrub back over an endless stream and
// forward again up to the newest frame (past it, stepping pulls new frames). When the stream ends
// (a dead end, or a finite stream played out) playback stops on the last frame with a message,
// the character stays where it was. Shows the pose on a viewport character it follows (the floor
// follows the character). UI thread only.
//
// The editor has one StreamPlayer (WorkspaceContext::streams), attached to the one transport:
// every kind's preview plays through it, so starting one preview replaces the other, and the
// transport (Space, step, scrub, speed, loop) works the same on all of them. A preview knows its
// stream is the one playing by comparing stream() with the stream it handed to play().
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
  // A stream that follows directives is pulled only this far ahead of the playhead, so a new
  // directive shows within a frame or two; the transport asks for more as it needs them.
  static constexpr int kSteeringLookaheadFrames = 2;

  // Starts `stream` (replaces the previous one, emptying the ring) and shows its first frame;
  // under a transport it starts playing. `label` names it in messages ("Random walk", "Clip 3").
  // Emits streamStarting before it touches the transport (other players of the window step
  // aside then).
  void play(std::unique_ptr<PoseStream> stream, const QString& label);
  // Drops the stream and the character; an attached transport is left with no clip.
  void stop();
  bool hasStream() const { return m_stream != nullptr; }
  const QString& label() const { return m_label; }  // play()'s label of the stream playing
  PoseStream* stream() const { return m_stream.get(); }

  // The transport. Frame numbers are output frames since play(); only those still in the ring
  // can be shown: [firstFrame(), lastFrame()]. With a transport attached these act through it
  // (so its clock, readout and slider stay the one truth).
  void setPlaying(bool playing);
  bool isPlaying() const;
  // Whether the transport runs (with or without a stream of this player): what a preview that
  // starts by itself follows, so an opened project stays still until the author presses play.
  bool transportPlaying() const;
  void advanceSeconds(double seconds);  // what the clock does: x speed, pulls frames as needed
  void stepForward();                   // pauses; pulls a frame at the head
  void stepBackward();                  // pauses; stays at firstFrame()
  void seekFrame(int frame);            // pulls frames up to it when ahead; clamped to the ring
  void setSpeed(double speed);
  int frame() const { return m_frame; }
  int firstFrame() const { return m_pulled - static_cast<int>(m_ring.size()); }
  int lastFrame() const { return m_pulled - 1; }
  double fps() const { return m_stream ? m_stream->fps() : 30.0; }
  double timeSeconds() const { return m_frame / fps(); }
  // The stream has no frame after lastFrame() (a dead end, or a finite stream played out).
  bool hasEnded() const { return m_exhausted; }
  // The pose and source of the shown frame (null / {-1, -1} when nothing is shown).
  const Pose* pose() const;
  SourceFrame source() const;
  // How many transitions the stream had made when the shown frame was written: the shown frame
  // belongs to the segment after transitions()[segment() - 1] (0: before the first; -1: none).
  int segment() const;
  // The frames played and kept so far (the ring: firstFrame() to lastFrame(), at most
  // capacityFrames) as a motion named `name` at the stream's rate, for export; empty (no
  // skeleton, no frames) when nothing has played.
  Motion playedMotion(const std::string& name) const;

 signals:
  void frameChanged(int frame);
  void playingChanged(bool playing);
  void rangeChanged(int first, int last);
  // Why playback stopped at the end of the stream.
  void ended(const QString& message);
  // play() is about to replace the stream (nothing is shown yet), and stop() dropped it.
  void streamStarting();
  void streamStopped();

 private:
  bool pull();  // one more frame from the stream into the ring; false at its end
  void onTransportFrame(int frame);
  void pullUntil(int frameCount);  // grows the ring (and the transport's clip) to frameCount frames
  int lookahead() const;
  void reset();      // drops stream, ring and character, leaves the transport alone
  void reportEnd();  // the `ended` message, once per stream
  void show();

  struct Played {
    Pose pose;
    SourceFrame source;
    int segment = 0;
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
  bool m_exhausted = false;    // the stream returned false
  bool m_endReported = false;  // `ended` was emitted
  PlaybackController* m_transport = nullptr;
  QMetaObject::Connection m_transportFrame, m_transportWant, m_transportPlaying;
  ViewportWidget* m_viewport = nullptr;
  int m_characterId = 0;
  QColor m_colour;
  bool m_characterAdded = false;
};

}  // namespace mg
