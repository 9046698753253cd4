// SPDX-License-Identifier: MIT
#include "widgets/views/snap_preview.h"

#include "core/motion/forward_kinematics.h"
#include "widgets/jobs/snap_session.h"
#include "widgets/views/playback_controller.h"
#include "widgets/views/viewport_widget.h"

namespace mg {

SnapPreview::SnapPreview(SnapSession* session, ViewportWidget* viewport, PlaybackController* playback,
                         QObject* parent)
    : QObject(parent), m_session(session), m_viewport(viewport), m_playback(playback) {
  connect(session, &SnapSession::stateChanged, this, &SnapPreview::onStateChanged);
  connect(&m_timer, &QTimer::timeout, this, [this] { advanceWalk(1); });
  if (m_playback) {
    connect(m_playback, &PlaybackController::frameChanged, this, [this](int frame) {
      if (m_clipEdge >= 0) showClipFrame(frame);
    });
  }
}

void SnapPreview::setSeed(std::uint64_t seed) {
  if (seed == m_seed) return;
  m_seed = seed;
  if (m_walk) {
    const bool playing = isWalkPlaying();
    restartWalk();
    setWalkPlaying(playing);
  }
}

void SnapPreview::onStateChanged() {
  const auto state = m_session->state();
  if (state->snapped == (m_state ? m_state->snapped : nullptr)) return;
  const bool playing = isWalkPlaying() || !m_state;
  m_timer.stop();
  m_walk.reset();
  m_clipEdge = -1;
  m_state = state->snapped ? state : nullptr;
  if (!m_state) {
    if (m_viewport) {
      m_viewport->removeCharacter(kCharacterId);
      m_viewport->removeCharacter(kPoseCharacterId);
    }
    setEdge(-1);
    m_motion = m_frame = -1;
    emit positionChanged(-1, -1);
    return;
  }
  if (restartWalk()) setWalkPlaying(playing);
}

bool SnapPreview::restartWalk() {
  m_timer.stop();
  m_walk.reset();
  m_walkEdges.clear();
  m_clipEdge = -1;
  if (!m_state || !m_state->snapped) return false;
  m_playable = playableGraph(m_state->graph);
  if (m_playable.graph.hubs.empty() || m_playable.graph.edges.empty()) return false;
  m_walk.emplace(m_playable.graph, m_state->snapped->motions, 0, m_seed);
  m_frameInClip = 0;
  m_currentEdge = -1;
  advanceWalk(1);
  m_timer.setInterval(static_cast<int>(1000.0 / m_state->snapped->motions[0]->fps));
  return true;
}

void SnapPreview::setWalkPlaying(bool playing) {
  if (playing && m_clipEdge >= 0) restartWalk();
  if (playing == isWalkPlaying() || (playing && !m_walk)) return;
  if (playing) {
    m_timer.start();
    advanceWalk(0);
  } else {
    m_timer.stop();
  }
  emit walkPlayingChanged(playing);
}

void SnapPreview::advanceWalk(int frames) {
  if (!m_walk) return;
  for (int i = 0; i < frames; ++i) {
    if (!m_walk->next(m_pose)) {
      setWalkPlaying(false);
      return;
    }
    const int pruned = m_walk->player().currentEdge();
    const HubEdge& edge = m_playable.graph.edges[pruned];
    if (m_currentEdge < 0 || m_frameInClip >= edge.clip.frameCount() ||
        m_playable.originalEdge[pruned] != m_currentEdge) {
      m_frameInClip = 0;
      m_walkEdges.push_back(m_playable.originalEdge[pruned]);
      setEdge(m_playable.originalEdge[pruned]);
    }
    m_motion = edge.clip.motion;
    m_frame = edge.clip.beginFrame + m_frameInClip++;
  }
  showPose(m_pose);
  emit positionChanged(m_motion, m_frame);
}

void SnapPreview::stepToNextCut() {
  if (m_clipEdge >= 0 || !m_walk) restartWalk();
  if (!m_walk) return;
  setWalkPlaying(false);
  const size_t clips = m_walkEdges.size();
  m_stepping = true;
  for (int guard = 0; guard < 100000 && m_walkEdges.size() == clips; ++guard) advanceWalk(1);
  m_stepping = false;
}

void SnapPreview::hide() {
  setWalkPlaying(false);
  m_clipEdge = -1;
  if (m_viewport) {
    m_viewport->removeCharacter(kCharacterId);
    m_viewport->removeCharacter(kPoseCharacterId);
  }
}

void SnapPreview::playClip(int edge) {
  if (!m_state || edge < 0 || edge >= static_cast<int>(m_state->graph.edges.size())) return;
  setWalkPlaying(false);
  m_walk.reset();
  m_clipEdge = edge;
  setEdge(edge);
  const bool first = m_viewport && !m_viewport->hasCharacter(kCharacterId);
  if (first) m_viewport->addCharacter(kCharacterId, m_state->snapped->motions[0]->skeleton, QColor(250, 220, 60));
  const Clip& clip = m_state->graph.edges[edge].clip;
  if (m_playback) {
    m_playback->setClip(clip.frameCount(), m_state->snapped->motions[clip.motion]->fps);
    m_playback->setPlaying(true);
  }
  showClipFrame(0);
  if (first) m_viewport->frameCharacters();
}

void SnapPreview::showClipFrame(int frame) {
  if (!m_state || m_clipEdge < 0) return;
  const Clip& clip = m_state->graph.edges[m_clipEdge].clip;
  m_motion = clip.motion;
  m_frame = clip.beginFrame + std::clamp(frame, 0, clip.frameCount() - 1);
  if (m_viewport) m_viewport->setPose(kCharacterId, *m_state->snapped->motions[m_motion], m_frame);
  emit positionChanged(m_motion, m_frame);
}

void SnapPreview::showHubPose(int graphHub) {
  if (!m_state || !m_viewport || graphHub < 0 || graphHub >= static_cast<int>(m_state->graph.hubs.size())) return;
  const Hub& hub = m_state->graph.hubs[graphHub];
  const FrameRef base = hub.matchFrames[hub.baseMatch].ref;
  const Motion& motion = *m_state->snapped->motions[base.motion];
  m_viewport->addCharacter(kPoseCharacterId, motion.skeleton, QColor(255, 255, 255, 150));
  // Beside the preview character, so both stay readable.
  m_viewport->setPose(kPoseCharacterId, motion, base.frame, Eigen::Vector3d(1.2, 0, 0));
}

void SnapPreview::showPose(const Pose& pose) {
  // The walk appears in the viewport only while it plays or is stepped.
  if (!m_viewport || !m_state || (!isWalkPlaying() && !m_stepping)) return;
  const bool first = !m_viewport->hasCharacter(kCharacterId);
  if (first) {
    m_viewport->addCharacter(kCharacterId, m_state->snapped->motions[0]->skeleton, QColor(250, 220, 60));
    m_viewport->setFollowedCharacter(kCharacterId);
  }
  const Skeleton& skeleton = *m_state->snapped->motions[0]->skeleton;
  std::vector<Eigen::Vector3d> points(skeleton.jointCount());
  std::vector<Eigen::Quaterniond> rotations(skeleton.jointCount());
  forwardKinematics(skeleton, pose.rootPosition, pose.localRotations.data(), points.data(), rotations.data());
  const std::vector<Eigen::Vector3d> ends = endSitePositions(skeleton, points.data(), rotations.data());
  points.insert(points.end(), ends.begin(), ends.end());
  m_viewport->setPose(kCharacterId, points);
  if (first) m_viewport->frameCharacters();
}

void SnapPreview::setEdge(int edge) {
  if (edge == m_currentEdge) return;
  m_currentEdge = edge;
  emit currentEdgeChanged(edge);
}

}  // namespace mg
