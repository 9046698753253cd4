// SPDX-License-Identifier: MIT
#include "widgets/views/stream_player.h"

#include <algorithm>
#include <cmath>

#include "core/motion/forward_kinematics.h"
#include "widgets/views/playback_controller.h"
#include "widgets/views/viewport_widget.h"

namespace mg {

MotionClipStream::MotionClipStream(std::shared_ptr<const Motion> motion, int begin, int end, int motionIndex)
    : m_motion(std::move(motion)), m_begin(begin), m_end(end), m_motionIndex(motionIndex) {}

bool MotionClipStream::next(Pose& out) {
  if (m_begin + m_played >= m_end) return false;
  out = m_motion->pose(m_begin + m_played);
  ++m_played;
  return true;
}

SourceFrame MotionClipStream::lastSource() const {
  if (m_played == 0) return {};
  return {m_motionIndex, m_begin + m_played - 1};
}

StreamPlayer::StreamPlayer(QObject* parent, int capacityFrames)
    : QObject(parent), m_capacity(std::max(2, capacityFrames)) {}

StreamPlayer::~StreamPlayer() = default;

void StreamPlayer::setViewport(ViewportWidget* viewport, int characterId, const QColor& colour) {
  m_viewport = viewport;
  m_characterId = characterId;
  m_colour = colour;
}

void StreamPlayer::attachTransport(PlaybackController* transport) {
  if (m_transport) disconnect(m_transportFrame);
  m_transport = transport;
  if (!m_transport) return;
  m_transportFrame = connect(m_transport, &PlaybackController::frameChanged, this, &StreamPlayer::onTransportFrame);
}

void StreamPlayer::endStream() {
  if (m_ended) return;
  m_ended = true;
  emit ended(tr("%1 ended after %2 s (frame %3): the stream has no frame after it.")
                 .arg(m_label).arg(lastFrame() / fps(), 0, 'f', 2).arg(lastFrame()));
}

void StreamPlayer::onTransportFrame(int frame) {
  if (!m_stream) return;
  // Keep the look-ahead ahead of the playhead, so the transport never reaches the end of an
  // endless stream.
  const int before = lastFrame();
  while (lastFrame() < frame + kLookaheadFrames) {
    if (!pull()) {
      endStream();
      break;
    }
  }
  if (lastFrame() != before) {
    m_transport->extendClip(lastFrame() + 1);
    emit rangeChanged(firstFrame(), lastFrame());
  }
  if (m_ended && frame >= lastFrame() && m_transport->isPlaying() && !m_transport->isLooping()) {
    m_transport->setPlaying(false);
  }
  m_frame = std::clamp(frame, firstFrame(), lastFrame());
  show();
}

void StreamPlayer::play(std::unique_ptr<PoseStream> stream, const QString& label) {
  stop();
  m_stream = std::move(stream);
  m_label = label;
  if (!m_stream) return;
  if (!pull()) {
    m_ended = true;
    emit ended(tr("%1 has no frames.").arg(m_label));
    return;
  }
  m_frame = 0;
  m_clock = 0.0;
  if (m_transport) {
    while (lastFrame() < kLookaheadFrames && pull()) {
    }
    if (lastFrame() < kLookaheadFrames) endStream();
    emit rangeChanged(firstFrame(), lastFrame());
    m_transport->setClip(lastFrame() + 1, m_stream->fps());  // shows frame 0 through onTransportFrame
    m_transport->setPlaying(true);
    return;
  }
  emit rangeChanged(firstFrame(), lastFrame());
  show();
  setPlaying(true);
}

void StreamPlayer::stop() {
  setPlaying(false);
  m_stream.reset();
  m_ring.clear();
  m_pulled = 0;
  m_frame = -1;
  m_ended = false;
  if (m_viewport && m_characterAdded) m_viewport->removeCharacter(m_characterId);
  m_characterAdded = false;
}

bool StreamPlayer::pull() {
  if (!m_stream || m_ended) return false;
  Played p;
  if (!m_stream->next(p.pose)) return false;
  p.source = m_stream->lastSource();
  m_ring.push_back(std::move(p));
  ++m_pulled;
  while (static_cast<int>(m_ring.size()) > m_capacity) m_ring.pop_front();
  return true;
}

void StreamPlayer::setPlaying(bool playing) {
  if (playing && (!m_stream || m_ended)) playing = false;
  if (playing == m_playing) return;
  m_playing = playing;
  if (playing) m_clock = m_frame / fps();
  emit playingChanged(playing);
}

void StreamPlayer::advanceSeconds(double seconds) {
  if (!m_playing || !m_stream) return;
  m_clock += seconds * m_speed;
  const int want = static_cast<int>(std::floor(m_clock * fps() + 1e-9));
  const int before = lastFrame();
  while (lastFrame() < want) {
    if (!pull()) {
      m_frame = lastFrame();
      m_playing = false;
      emit playingChanged(false);
      endStream();
      break;
    }
  }
  if (lastFrame() != before) emit rangeChanged(firstFrame(), lastFrame());
  if (!m_ended) m_frame = std::max(firstFrame(), want);
  show();
}

void StreamPlayer::stepForward() {
  setPlaying(false);
  if (!m_stream) return;
  if (m_frame == lastFrame()) {
    if (!pull()) {
      endStream();
      return;
    }
    emit rangeChanged(firstFrame(), lastFrame());
  }
  seekFrame(m_frame + 1);
}

void StreamPlayer::stepBackward() {
  setPlaying(false);
  seekFrame(m_frame - 1);
}

void StreamPlayer::seekFrame(int frame) {
  if (!m_stream || m_ring.empty()) return;
  m_frame = std::clamp(frame, firstFrame(), lastFrame());
  m_clock = m_frame / fps();
  show();
}

const Pose* StreamPlayer::pose() const {
  if (m_ring.empty() || m_frame < firstFrame() || m_frame > lastFrame()) return nullptr;
  return &m_ring[static_cast<size_t>(m_frame - firstFrame())].pose;
}

SourceFrame StreamPlayer::source() const {
  if (m_ring.empty() || m_frame < firstFrame() || m_frame > lastFrame()) return {};
  return m_ring[static_cast<size_t>(m_frame - firstFrame())].source;
}

void StreamPlayer::show() {
  emit frameChanged(m_frame);
  const Pose* p = pose();
  if (!m_viewport || !p || !m_stream) return;
  const std::shared_ptr<const Skeleton> skeleton = m_stream->skeleton();
  const bool first = !m_characterAdded;
  if (first) {
    m_viewport->addCharacter(m_characterId, skeleton, m_colour);
    m_viewport->setFollowedCharacter(m_characterId);
    m_characterAdded = true;
  }
  std::vector<Eigen::Vector3d> points(skeleton->jointCount());
  std::vector<Eigen::Quaterniond> rotations(skeleton->jointCount());
  forwardKinematics(*skeleton, p->rootPosition, p->localRotations.data(), points.data(), rotations.data());
  const std::vector<Eigen::Vector3d> ends = endSitePositions(*skeleton, points.data(), rotations.data());
  points.insert(points.end(), ends.begin(), ends.end());
  m_viewport->setPose(m_characterId, points);
  if (first) m_viewport->frameCharacters();
}

}  // namespace mg
