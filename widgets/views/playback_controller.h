// SPDX-License-Identifier: MIT
#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

namespace mg {

// The playback clock of the editor: which frame of a clip of `frameCount` frames at `fps` is
// shown, whether it plays, how fast, and whether it loops. While playing, a display-rate timer
// advances time by wall-clock elapsed x speed, so playback keeps real time however long a frame
// takes to draw (frames are skipped, never slowed). No widgets: the playback bar and shortcuts
// drive it, tests drive it with advanceSeconds().
class PlaybackController : public QObject {
  Q_OBJECT

 public:
  static constexpr double kMinSpeed = 0.25;
  static constexpr double kMaxSpeed = 2.0;

  explicit PlaybackController(QObject* parent = nullptr);

  // Sets the clip: `frameCount` >= 0 frames (0: nothing to play), `fps` > 0. Stops playback
  // if there is nothing to play, and rewinds to frame 0.
  void setClip(int frameCount, double fps);
  // Grows (or shrinks) the clip to `frameCount` frames keeping the frame, time and play state
  // (a stream that is still being synthesised: StreamPlayer). The frame is clamped if needed.
  void extendClip(int frameCount);
  int frameCount() const { return m_frameCount; }
  double fps() const { return m_fps; }
  int frame() const { return m_frame; }
  // Time of the shown frame, seconds from the start of the clip.
  double timeSeconds() const { return m_fps > 0 ? m_frame / m_fps : 0.0; }
  bool isPlaying() const { return m_playing; }
  double speed() const { return m_speed; }
  bool isLooping() const { return m_loop; }

  // Moves playback time forward by `seconds` x speed (what the timer does each tick). At the end
  // it wraps when looping, otherwise stops on the last frame.
  void advanceSeconds(double seconds);

 public slots:
  void setFrame(int frame);  // clamped to [0, frameCount() - 1]
  void stepForward();        // one frame; wraps to 0 when looping; pauses playback
  void stepBackward();       // one frame; wraps to the end when looping; pauses playback
  void setPlaying(bool playing);
  void togglePlaying() { setPlaying(!m_playing); }
  void setSpeed(double speed);  // clamped to [kMinSpeed, kMaxSpeed]
  void setLooping(bool loop);

 signals:
  void frameChanged(int frame);
  void playingChanged(bool playing);
  void speedChanged(double speed);
  void loopingChanged(bool loop);
  void clipChanged(int frameCount, double fps);

 private:
  void tick();

  int m_frameCount = 0;
  double m_fps = 30.0;
  int m_frame = 0;
  double m_timeSeconds = 0;  // continuous clock; m_frame = floor(m_timeSeconds * fps)
  bool m_playing = false;
  double m_speed = 1.0;
  bool m_loop = true;
  QTimer m_timer;
  QElapsedTimer m_wallClock;
};

}  // namespace mg
