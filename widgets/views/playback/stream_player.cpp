// SPDX-License-Identifier: MIT
#include "widgets/views/playback/stream_player.h"

#include <algorithm>
#include <cmath>

#include "core/motion/forward_kinematics.h"
#include "widgets/views/playback/playback_controller.h"
#include "widgets/views/viewport/viewport_widget.h"

namespace mg {

StreamPlayer::StreamPlayer(QObject* parent, int capacityFrames)
    : QObject(parent), m_capacity(std::max(2, capacityFrames)) {}

StreamPlayer::~StreamPlayer() = default;

void StreamPlayer::setViewport(ViewportWidget* viewport, int characterId, const QColor& colour) {
  m_viewport = viewport;
  m_characterId = characterId;
  m_colour = colour;
}

void StreamPlayer::attachTransport(PlaybackController* transport) {
  if (m_transport) {
    disconnect(m_transportFrame);
    disconnect(m_transportWant);
    disconnect(m_transportPlaying);
    m_transport->setOpenEnded(false);
  }
  m_transport = transport;
  if (!m_transport) return;
  m_transportFrame = connect(m_transport, &PlaybackController::frameChanged, this,
                             &StreamPlayer::onTransportFrame);
  m_transportWant =
      connect(m_transport, &PlaybackController::framesWanted, this, &StreamPlayer::pullUntil);
  m_transportPlaying =
      connect(m_transport, &PlaybackController::playingChanged, this, [this](bool playing) {
        if (m_stream) emit playingChanged(playing);
      });
}

int StreamPlayer::lookahead() const {
  return m_stream && m_stream->canFollow(Directive::Kind::Heading) ? kSteeringLookaheadFrames
                                                                   : kLookaheadFrames;
}

void StreamPlayer::reportEnd() {
  if (m_endReported) return;
  m_endReported = true;
  emit ended(tr("%1 ended after %2 s (frame %3): the stream has no frame after it.")
                 .arg(m_label)
                 .arg(lastFrame() / fps(), 0, 'f', 2)
                 .arg(lastFrame()));
}

void StreamPlayer::pullUntil(int frameCount) {
  if (!m_stream) return;
  const int before = lastFrame();
  while (lastFrame() + 1 < frameCount && pull()) {
  }
  if (lastFrame() != before) {
    emit rangeChanged(firstFrame(), lastFrame());
    if (m_transport) m_transport->extendClip(lastFrame() + 1);
  }
  if (m_exhausted && m_transport) m_transport->setOpenEnded(false);
}

void StreamPlayer::onTransportFrame(int frame) {
  if (!m_stream) return;
  // Keep the look-ahead ahead of the playhead, so the transport never reaches the end of an
  // endless stream.
  pullUntil(frame + 1 + lookahead());
  m_frame = std::clamp(frame, firstFrame(), lastFrame());
  show();
  // Not looping, the transport stops by itself at the last frame; looping, it wraps.
  if (m_exhausted && frame >= lastFrame()) reportEnd();
}

void StreamPlayer::reset() {
  m_playing = false;
  m_stream.reset();
  m_ring.clear();
  m_pulled = 0;
  m_frame = -1;
  m_clock = 0.0;
  m_exhausted = m_endReported = false;
  if (m_viewport && m_characterAdded) m_viewport->removeCharacter(m_characterId);
  m_characterAdded = false;
}

void StreamPlayer::play(std::unique_ptr<PoseStream> stream, const QString& label) {
  reset();
  emit streamStarting();
  m_stream = std::move(stream);
  m_label = label;
  if (!m_stream) return;
  if (!pull()) {
    m_endReported = true;
    emit ended(tr("%1 has no frames.").arg(m_label));
    m_stream.reset();
    if (m_transport) m_transport->setClip(0, 30.0);
    return;
  }
  m_frame = 0;
  if (m_transport) {
    pullUntil(1 + lookahead());
    m_transport->setOpenEnded(!m_exhausted);
    m_transport->setClip(lastFrame() + 1,
                         m_stream->fps());  // shows frame 0 through onTransportFrame
    m_transport->setPlaying(true);
    emit playingChanged(m_transport->isPlaying());
    return;
  }
  emit rangeChanged(firstFrame(), lastFrame());
  show();
  setPlaying(true);
}

void StreamPlayer::stop() {
  const bool had = m_stream != nullptr;
  const bool wasPlaying = had && isPlaying();
  reset();
  if (had && m_transport) {
    m_transport->setOpenEnded(false);
    m_transport->setClip(0, m_transport->fps());
  }
  if (wasPlaying) emit playingChanged(false);
  if (had) emit streamStopped();
}

bool StreamPlayer::pull() {
  if (!m_stream || m_exhausted) return false;
  Played p;
  if (!m_stream->next(p.pose)) {
    m_exhausted = true;
    return false;
  }
  p.source = m_stream->lastSource();
  p.segment = static_cast<int>(m_stream->transitions().size());
  m_ring.push_back(std::move(p));
  ++m_pulled;
  while (static_cast<int>(m_ring.size()) > m_capacity) m_ring.pop_front();
  return true;
}

bool StreamPlayer::transportPlaying() const {
  return m_transport ? m_transport->isPlaying() : m_playing;
}

bool StreamPlayer::isPlaying() const {
  if (m_transport) return m_stream && m_transport->isPlaying();
  return m_playing;
}

void StreamPlayer::setPlaying(bool playing) {
  if (m_transport) {
    if (m_stream) m_transport->setPlaying(playing);
    return;
  }
  if (playing && (!m_stream || (m_exhausted && m_frame >= lastFrame()))) playing = false;
  if (playing == m_playing) return;
  m_playing = playing;
  if (playing) m_clock = m_frame / fps();
  emit playingChanged(playing);
}

void StreamPlayer::setSpeed(double speed) {
  if (m_transport) {
    m_transport->setSpeed(speed);
    return;
  }
  m_speed = speed;
}

void StreamPlayer::advanceSeconds(double seconds) {
  if (m_transport) {
    if (m_stream) m_transport->advanceSeconds(seconds);
    return;
  }
  if (!m_playing || !m_stream) return;
  m_clock += seconds * m_speed;
  const int want = static_cast<int>(std::floor(m_clock * fps() + 1e-9));
  pullUntil(want + 1);
  if (want > lastFrame()) {
    m_frame = lastFrame();
    m_playing = false;
    emit playingChanged(false);
    reportEnd();
  } else {
    m_frame = std::max(firstFrame(), want);
  }
  show();
}

void StreamPlayer::stepForward() {
  if (m_transport) {
    if (m_stream) m_transport->stepForward();
    return;
  }
  setPlaying(false);
  if (!m_stream) return;
  if (m_frame == lastFrame()) {
    pullUntil(lastFrame() + 2);
    if (m_frame == lastFrame()) {
      reportEnd();
      return;
    }
  }
  seekFrame(m_frame + 1);
}

void StreamPlayer::stepBackward() {
  if (m_transport) {
    if (m_stream) m_transport->stepBackward();
    return;
  }
  setPlaying(false);
  seekFrame(m_frame - 1);
}

void StreamPlayer::seekFrame(int frame) {
  if (!m_stream || m_ring.empty()) return;
  pullUntil(frame + 1 +
            (m_transport ? lookahead() : 0));  // a frame ahead of the newest is synthesised first
  if (m_transport) {
    m_transport->setFrame(std::clamp(frame, firstFrame(), lastFrame()));
    return;
  }
  m_frame = std::clamp(frame, firstFrame(), lastFrame());
  m_clock = m_frame / fps();
  show();
}

const Pose* StreamPlayer::pose() const {
  if (m_ring.empty() || m_frame < firstFrame() || m_frame > lastFrame()) return nullptr;
  return &m_ring[static_cast<size_t>(m_frame - firstFrame())].pose;
}

int StreamPlayer::segment() const {
  if (m_ring.empty() || m_frame < firstFrame() || m_frame > lastFrame()) return -1;
  return m_ring[static_cast<size_t>(m_frame - firstFrame())].segment;
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
  forwardKinematics(*skeleton, p->rootPosition, p->localRotations.data(), points.data(),
                    rotations.data());
  const std::vector<Eigen::Vector3d> ends =
      endSitePositions(*skeleton, points.data(), rotations.data());
  points.insert(points.end(), ends.begin(), ends.end());
  m_viewport->setPose(m_characterId, points);
  if (first) m_viewport->frameCharacters();
}

Motion StreamPlayer::playedMotion(const std::string& name) const {
  Motion motion;
  if (!m_stream || m_ring.empty()) return motion;
  motion.name = name;
  motion.skeleton = m_stream->skeleton();
  motion.fps = m_stream->fps();
  motion.rootPositions.reserve(m_ring.size());
  motion.localRotations.reserve(m_ring.size() * motion.skeleton->jointCount());
  for (const Played& p : m_ring) {
    motion.rootPositions.push_back(p.pose.rootPosition);
    motion.localRotations.insert(motion.localRotations.end(), p.pose.localRotations.begin(),
                                 p.pose.localRotations.end());
  }
  return motion;
}

}  // namespace mg
