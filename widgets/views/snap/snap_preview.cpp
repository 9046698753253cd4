// SPDX-License-Identifier: MIT
#include "widgets/views/snap/snap_preview.h"

#include "core/synth/motion_clip_stream.h"
#include "widgets/jobs/snap_session.h"
#include "widgets/views/playback/stream_player.h"
#include "widgets/views/viewport/viewport_widget.h"

namespace mg {

SnapPreview::SnapPreview(SnapSession* session, StreamPlayer* player, ViewportWidget* viewport,
                         QObject* parent)
    : QObject(parent), m_session(session), m_player(player), m_viewport(viewport) {
  connect(session, &SnapSession::stateChanged, this, &SnapPreview::onStateChanged);
  connect(player, &StreamPlayer::frameChanged, this, &SnapPreview::onFrame);
  connect(player, &StreamPlayer::playingChanged, this, [this](bool playing) {
    if (isWalking()) emit walkPlayingChanged(playing);
  });
  connect(player, &StreamPlayer::streamStarting, this, [this] {
    if (!m_starting) onStreamGone();
  });
  connect(player, &StreamPlayer::streamStopped, this, &SnapPreview::onStreamGone);
}

bool SnapPreview::isMine() const {
  const PoseStream* shown = m_player->stream();
  return shown && (shown == m_walk || shown == m_clip);
}

bool SnapPreview::isWalking() const {
  return m_walk && m_player->stream() == m_walk;
}

bool SnapPreview::isWalkPlaying() const {
  return isWalking() && m_player->isPlaying();
}

void SnapPreview::onStreamGone() {
  const bool walking = m_walk != nullptr;
  m_walk = nullptr;
  m_clip = nullptr;
  m_clipEdge = -1;
  clearPosition();
  if (walking) emit walkPlayingChanged(false);
}

void SnapPreview::clearPosition() {
  setEdge(-1);
  if (m_motion == -1 && m_frame == -1) return;
  m_motion = m_frame = -1;
  emit positionChanged(-1, -1);
}

void SnapPreview::setSeed(std::uint64_t seed) {
  if (seed == m_seed) return;
  m_seed = seed;
  if (isWalking()) restartWalk(m_player->isPlaying());
}

void SnapPreview::onStateChanged() {
  const auto state = m_session->state();
  if (state->snapped == (m_state ? m_state->snapped : nullptr)) return;
  const bool first = !m_state;
  const bool walking = isWalking(), playing = isWalkPlaying();
  const bool shown = isMine();
  m_state = state->snapped ? state : nullptr;
  if (!m_state) {
    if (shown) m_player->stop();
    if (m_viewport) m_viewport->removeCharacter(kPoseCharacterId);
    return;
  }
  // The walk follows the graph it shows; the first snapped graph starts one when nothing else
  // plays, running only if the transport runs (an opened project stays still). A clip of the old
  // graph is replaced by a walk of the new one.
  if (shown || (first && !m_player->hasStream()))
    restartWalk(walking ? playing : m_player->transportPlaying());
}

bool SnapPreview::restartWalk(bool playing) {
  if (!m_state || !m_state->snapped) return false;
  m_playable = playableGraph(m_state->graph);
  if (m_playable.graph.hubs.empty() || m_playable.graph.edges.empty()) return false;
  auto walk =
      std::make_unique<RandomWalkStream>(m_playable.graph, m_state->snapped->motions, 0, m_seed);
  m_walkEdges.clear();
  m_starting = true;
  m_walk = walk.get();
  m_clip = nullptr;
  m_clipEdge = -1;
  m_player->play(std::move(walk), tr("The random walk"));
  m_starting = false;
  if (!playing) m_player->setPlaying(false);
  return isWalking();
}

void SnapPreview::setWalkPlaying(bool playing) {
  if (playing && !isWalking()) {
    restartWalk(true);
    return;
  }
  if (isWalking()) m_player->setPlaying(playing);
}

void SnapPreview::advanceWalk(int frames) {
  if (!isWalking()) return;
  for (int i = 0; i < frames; ++i) m_player->stepForward();
}

void SnapPreview::stepToNextCut() {
  if (!isWalking() && !restartWalk(false)) return;
  m_player->setPlaying(false);
  const int segment = m_player->segment();
  for (int guard = 0;
       guard < 100000 && isWalking() && m_player->segment() == segment && !m_player->hasEnded();
       ++guard) {
    m_player->stepForward();
  }
}

void SnapPreview::playClip(int edge) {
  if (!m_state || edge < 0 || edge >= static_cast<int>(m_state->graph.edges.size())) return;
  const Clip& clip = m_state->graph.edges[edge].clip;
  auto stream = std::make_unique<MotionClipStream>(m_state->snapped->motions[clip.motion],
                                                   clip.beginFrame, clip.endFrame, clip.motion);
  m_starting = true;
  m_clip = stream.get();
  m_walk = nullptr;
  m_clipEdge = edge;
  m_player->play(std::move(stream), tr("Clip %1").arg(edge));
  m_starting = false;
  onFrame();
}

void SnapPreview::onFrame() {
  if (!isMine()) return;
  const SourceFrame source = m_player->source();
  if (m_walk) {
    const int segment = m_player->segment();
    const std::vector<int>& taken = m_walk->edgesTaken();
    if (segment < 0 || segment >= static_cast<int>(taken.size())) return;
    m_walkEdges.resize(static_cast<size_t>(segment) + 1);
    for (int i = 0; i <= segment; ++i)
      m_walkEdges[static_cast<size_t>(i)] = m_playable.originalEdge[taken[static_cast<size_t>(i)]];
    setEdge(m_walkEdges.back());
  } else {
    setEdge(m_clipEdge);
  }
  if (source.motion == m_motion && source.frame == m_frame) return;
  m_motion = source.motion;
  m_frame = source.frame;
  emit positionChanged(m_motion, m_frame);
}

void SnapPreview::showHubPose(int graphHub) {
  if (!m_state || !m_viewport || graphHub < 0 ||
      graphHub >= static_cast<int>(m_state->graph.hubs.size()))
    return;
  const Hub& hub = m_state->graph.hubs[graphHub];
  const FrameRef base = hub.matchFrames[hub.baseMatch].ref;
  const Motion& motion = *m_state->snapped->motions[base.motion];
  m_viewport->addCharacter(kPoseCharacterId, motion.skeleton, QColor(255, 255, 255, 150));
  // Beside the preview character, so both stay readable.
  m_viewport->setPose(kPoseCharacterId, motion, base.frame, Eigen::Vector3d(1.2, 0, 0));
}

void SnapPreview::setEdge(int edge) {
  if (edge == m_currentEdge) return;
  m_currentEdge = edge;
  emit currentEdgeChanged(edge);
}

}  // namespace mg
