// SPDX-License-Identifier: MIT
#pragma once

#include <algorithm>

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

namespace mg {

// The playback clock of the editor, the one clock of every view: which frame of a clip of
// `frameCount` frames at `fps` is shown, whether it plays, how fast, and whether it loops. While
// playing, a display-rate timer advances time by wall-clock elapsed x speed, so playback keeps
// real time however long a frame takes to draw (frames are skipped, never slowed). No widgets:
// the playback bar and shortcuts drive it, tests drive it with advanceSeconds().
//
// One clock: time is in seconds; frame numbers shown to people are frames at the project's
// working rate (workingFrame(), the rate of the timeline, heatmap and hubs), whatever the clip's
// own rate (a 120 fps capture plays its own frames, but the readout and the step keys count 30 fps
// frames). An open-ended clip (a pose stream still being synthesised) asks for more frames with
// framesWanted before it would wrap or stop at its end.
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
  // The project's working rate (> 0; 30 until set): the rate of the frame numbers people see.
  void setWorkingFps(double fps);
  double workingFps() const { return m_workingFps; }
  // The working-rate frame of the shown frame's time, and of the clip's last frame.
  int workingFrame() const { return toWorkingFrame(m_frame); }
  int lastWorkingFrame() const { return toWorkingFrame(std::max(0, m_frameCount - 1)); }
  int toWorkingFrame(int clipFrame) const;
  // The first clip frame of working frame `workingFrame` (>= 0): the inverse of toWorkingFrame.
  int toClipFrame(int workingFrame) const;
  // Open-ended: the clip grows on request (StreamPlayer). Before advancing or stepping past the
  // last frame, framesWanted(n) is emitted; a listener may call extendClip(>= n) at once.
  void setOpenEnded(bool open) { m_openEnded = open; }
  bool isOpenEnded() const { return m_openEnded; }
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
  // Shows the first clip frame of `workingFrame` (a frame of the timeline or heatmap), clamped.
  void setWorkingFrame(int workingFrame) { setFrame(toClipFrame(workingFrame)); }
  // One working-rate frame (at least one clip frame); wraps when looping; pauses playback.
  void stepForward();
  void stepBackward();
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
  void workingFpsChanged(double fps);
  // An open-ended clip is about to reach its end: `frameCount` frames would be needed.
  void framesWanted(int frameCount);

 private:
  void tick();
  void want(int frameCount);  // framesWanted when open-ended and the clip is shorter

  int m_frameCount = 0;
  double m_fps = 30.0;
  int m_frame = 0;
  double m_timeSeconds = 0;  // continuous clock; m_frame = floor(m_timeSeconds * fps)
  bool m_playing = false;
  double m_speed = 1.0;
  bool m_loop = true;
  bool m_openEnded = false;
  double m_workingFps = 30.0;
  QTimer m_timer;
  QElapsedTimer m_wallClock;
};

}  // namespace mg
