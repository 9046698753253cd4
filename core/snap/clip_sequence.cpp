// SPDX-License-Identifier: MIT
#include "core/snap/clip_sequence.h"

#include <string>

namespace mg {

ClipSequencePlayer::ClipSequencePlayer(HubGraph graph,
                                       std::vector<std::shared_ptr<const Motion>> motions,
                                       FloorTransform start)
    : m_graph(std::move(graph)), m_motions(std::move(motions)), m_transform(start) {}

Status ClipSequencePlayer::validateFor(const HubGraph& graph,
                                       std::span<const std::shared_ptr<const Motion>> motions) {
  if (Status s = graph.validate(); !s) return s;
  if (motions.size() != graph.frameCounts.size()) return Error{"player: wrong number of motions"};
  for (size_t m = 0; m < motions.size(); ++m) {
    if (!motions[m] || motions[m]->frameCount() != graph.frameCounts[m] ||
        !motions[m]->skeleton->sameHierarchy(*motions[0]->skeleton)) {
      return Error{"player: motion " + std::to_string(m) + " does not match the graph"};
    }
  }
  return Status::success();
}

Status ClipSequencePlayer::pushEdge(int edge) {
  if (edge < 0 || edge >= static_cast<int>(m_graph.edges.size())) {
    return Error{"player: edge " + std::to_string(edge) + " does not exist"};
  }
  if (!m_queue.empty() && m_graph.edges[m_queue.back()].toHub != m_graph.edges[edge].fromHub) {
    return Error{"player: edge " + std::to_string(edge) +
                 " does not leave the hub the last edge enters"};
  }
  m_queue.push_back(edge);
  return Status::success();
}

bool ClipSequencePlayer::next(Pose& out) {
  if (m_queue.empty()) return false;
  const HubEdge* edge = &m_graph.edges[m_queue.front()];
  if (!m_started) {
    // Place the first clip: its start match frame in hub coordinates, then `start`.
    m_transform = m_transform * m_graph.hubs[edge->fromHub].matchFrames[edge->fromMatch].toHub;
    m_started = true;
  }
  if (m_frameInClip >= edge->clip.frameCount()) {
    // Cut: the next clip leaves the hub this one enters.
    if (m_queue.size() < 2) return false;
    const FloorTransform& endToHub = m_graph.hubs[edge->toHub].matchFrames[edge->toMatch].toHub;
    m_queue.pop_front();
    edge = &m_graph.edges[m_queue.front()];
    const FloorTransform& startToHub =
        m_graph.hubs[edge->fromHub].matchFrames[edge->fromMatch].toHub;
    m_transform = m_transform * endToHub.inverse() * startToHub;
    m_frameInClip = 0;
    ++m_cuts;
  }
  const Motion& motion = *m_motions[edge->clip.motion];
  const int frame = edge->clip.beginFrame + m_frameInClip++;
  m_last = {edge->clip.motion, frame};
  const int joints = motion.jointCount();
  out.localRotations.resize(joints);
  const Eigen::Quaterniond* q = motion.frameRotations(frame);
  std::copy(q, q + joints, out.localRotations.begin());
  out.rootPosition = m_transform.apply(motion.rootPositions[frame]);
  out.localRotations[0] = m_transform.apply(q[0]);
  return true;
}

RandomWalkStream::RandomWalkStream(HubGraph graph,
                                   std::vector<std::shared_ptr<const Motion>> motions, int startHub,
                                   std::uint64_t seed, FloorTransform start)
    : m_player(graph, motions, start), m_walk(graph.graph(), startHub, seed) {
  if (!motions.empty() && motions.front()) {
    m_skeleton = motions.front()->skeleton;
    m_fps = motions.front()->fps;
  }
}

bool RandomWalkStream::next(Pose& out) {
  // Keep one edge queued beyond the playing one so the player can cut without waiting.
  while (m_player.queuedEdges() < 2) {
    const int edge = m_walk.nextEdge();
    if (edge < 0) break;
    if (!m_player.pushEdge(edge)) break;
    m_taken.push_back(edge);
  }
  const int cutsBefore = m_player.cutsMade();
  if (!m_player.next(out)) return false;
  if (m_player.cutsMade() != cutsBefore) {
    m_transitions.push_back({m_played, "edge " + std::to_string(m_player.currentEdge())});
  }
  ++m_played;
  return true;
}

}  // namespace mg
