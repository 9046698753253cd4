// SPDX-License-Identifier: MIT
#include "widgets/views/playback/playback_controller.h"

#include <algorithm>
#include <cmath>

namespace mg {

PlaybackController::PlaybackController(QObject* parent) : QObject(parent) {
  m_timer.setTimerType(Qt::PreciseTimer);
  m_timer.setInterval(16);
  connect(&m_timer, &QTimer::timeout, this, &PlaybackController::tick);
}

void PlaybackController::setClip(int frameCount, double fps) {
  m_frameCount = std::max(0, frameCount);
  m_fps = fps > 0 ? fps : 30.0;
  emit clipChanged(m_frameCount, m_fps);
  if (m_frameCount == 0) setPlaying(false);
  m_timeSeconds = 0;
  m_frame = -1;  // force a frameChanged for the new clip
  setFrame(0);
}

void PlaybackController::extendClip(int frameCount) {
  frameCount = std::max(0, frameCount);
  if (frameCount == m_frameCount) return;
  m_frameCount = frameCount;
  emit clipChanged(m_frameCount, m_fps);
  if (m_frameCount <= 1) setPlaying(false);
  if (m_frame >= m_frameCount) setFrame(m_frameCount - 1);
}

void PlaybackController::setFrame(int frame) {
  frame = m_frameCount > 0 ? std::clamp(frame, 0, m_frameCount - 1) : 0;
  m_timeSeconds = frame / m_fps;
  if (frame == m_frame) return;
  m_frame = frame;
  emit frameChanged(m_frame);
}

void PlaybackController::setWorkingFps(double fps) {
  if (!(fps > 0) || fps == m_workingFps) return;
  m_workingFps = fps;
  emit workingFpsChanged(fps);
  emit clipChanged(m_frameCount, m_fps);  // the readout's frame numbers change
}

int PlaybackController::toWorkingFrame(int clipFrame) const {
  return static_cast<int>(std::floor(clipFrame / m_fps * m_workingFps + 1e-6));
}

int PlaybackController::toClipFrame(int workingFrame) const {
  return static_cast<int>(std::ceil(std::max(0, workingFrame) / m_workingFps * m_fps - 1e-6));
}

void PlaybackController::want(int frameCount) {
  if (m_openEnded && frameCount > m_frameCount) emit framesWanted(frameCount);
}

void PlaybackController::stepForward() {
  setPlaying(false);
  if (m_frameCount == 0) return;
  // The first clip frame of the next working frame (a clip slower than the working rate: the
  // next clip frame).
  const int next = std::max(
      m_frame + 1, static_cast<int>(std::ceil((workingFrame() + 1) / m_workingFps * m_fps - 1e-6)));
  want(next + 1);
  setFrame(next < m_frameCount ? next : (m_loop ? 0 : m_frameCount - 1));
}

void PlaybackController::stepBackward() {
  setPlaying(false);
  if (m_frameCount == 0) return;
  if (m_frame == 0) {
    setFrame(m_loop ? m_frameCount - 1 : 0);
    return;
  }
  // The first clip frame of the previous working frame.
  const int w = workingFrame();
  const int previous =
      std::min(m_frame - 1, static_cast<int>(std::ceil((w - 1) / m_workingFps * m_fps - 1e-6)));
  setFrame(std::max(0, previous));
}

void PlaybackController::setPlaying(bool playing) {
  playing = playing && m_frameCount > 1;
  if (playing == m_playing) return;
  m_playing = playing;
  if (m_playing) {
    // Playing from the last frame of a non-looping clip starts over, as players do.
    if (!m_loop && m_frame == m_frameCount - 1) setFrame(0);
    m_wallClock.start();
    m_timer.start();
  } else {
    m_timer.stop();
  }
  emit playingChanged(m_playing);
}

void PlaybackController::setSpeed(double speed) {
  speed = std::clamp(speed, kMinSpeed, kMaxSpeed);
  if (speed == m_speed) return;
  m_speed = speed;
  emit speedChanged(m_speed);
}

void PlaybackController::setLooping(bool loop) {
  if (loop == m_loop) return;
  m_loop = loop;
  emit loopingChanged(m_loop);
}

void PlaybackController::advanceSeconds(double seconds) {
  if (m_frameCount == 0) return;
  double t = m_timeSeconds + seconds * m_speed;
  want(static_cast<int>(std::floor(t * m_fps + 1e-9)) + 1);
  const double duration = m_frameCount / m_fps;
  // Frame f covers [f / fps, (f + 1) / fps); the clip ends after the last frame's interval.
  if (t >= duration) {
    if (m_loop) {
      t = std::fmod(t, duration);
    } else {
      setFrame(m_frameCount - 1);
      setPlaying(false);
      return;
    }
  }
  const int frame = std::clamp(static_cast<int>(std::floor(t * m_fps + 1e-9)), 0, m_frameCount - 1);
  if (frame != m_frame) {
    m_frame = frame;
    emit frameChanged(m_frame);
  }
  m_timeSeconds = t;
}

void PlaybackController::tick() {
  const double elapsed = m_wallClock.nsecsElapsed() * 1e-9;
  m_wallClock.restart();
  advanceSeconds(elapsed);
}

}  // namespace mg
