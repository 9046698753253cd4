// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include <QObject>

#include "core/snap/clip_sequence.h"
#include "widgets/jobs/snap_pipeline.h"

namespace mg {

class MotionClipStream;
class SnapSession;
class StreamPlayer;
class ViewportWidget;

// The Snap-Together preview: a random walk over the playable (pruned) graph (RandomWalkStream,
// seeded) or a single clip, both played by the window's one StreamPlayer under the one transport
// (Space, step, scrub). Restarts the walk whenever the session's snapped state changes while the
// walk is shown. Reports the graph edge and the (working motion, frame) of the shown frame, also
// while scrubbing back, so the canvas and timeline follow. Shows a hub's common pose beside the
// preview on request. UI thread only.
class SnapPreview : public QObject {
  Q_OBJECT

 public:
  static constexpr int kPoseCharacterId = -1001;  // a hub's common pose

  // `session` and `player` must outlive the preview; `viewport` may be null (tests).
  SnapPreview(SnapSession* session, StreamPlayer* player, ViewportWidget* viewport,
              QObject* parent = nullptr);

  void setSeed(std::uint64_t seed);
  std::uint64_t seed() const { return m_seed; }
  // Plays a new walk from the first hub of the playable graph with the current seed (paused
  // when `playing` is false). Returns false (and plays nothing) when there is no snapped graph
  // with a cycle.
  bool restartWalk(bool playing = true);
  // The walk is the stream the player shows.
  bool isWalking() const;
  void setWalkPlaying(bool playing);
  bool isWalkPlaying() const;
  // Steps the shown walk `frames` frames forward (paused), pulling new frames at its head.
  void advanceWalk(int frames);
  // Steps (paused) until the walk shows the first frame of its next clip.
  void stepToNextCut();

  // Plays clip `edge` of the session's graph once under the transport (replaces the walk).
  void playClip(int edge);
  // Shows hub `graphHub`'s common pose (its snapped base match frame) next to the preview.
  void showHubPose(int graphHub);

  // Edge of the session's graph shown (-1: none); the walk's edges up to the shown one.
  int currentEdge() const { return m_currentEdge; }
  const std::vector<int>& walkEdges() const { return m_walkEdges; }
  // Working motion and frame shown, for the timeline's playhead (-1: none).
  int currentMotion() const { return m_motion; }
  int currentFrame() const { return m_frame; }

 signals:
  void currentEdgeChanged(int edge);
  void positionChanged(int motion, int frame);
  void walkPlayingChanged(bool playing);

 private:
  void onStateChanged();
  void onFrame();
  void onStreamGone();
  bool isMine() const;  // the walk or the clip is the player's stream
  void clearPosition();
  void setEdge(int edge);

  SnapSession* m_session;
  StreamPlayer* m_player;
  ViewportWidget* m_viewport;
  std::shared_ptr<const SnapPipelineState> m_state;  // the state the preview plays
  PlayableGraph m_playable;
  const RandomWalkStream* m_walk = nullptr;  // owned by m_player while it is its stream
  const MotionClipStream* m_clip = nullptr;  // ditto
  int m_clipEdge = -1;
  std::vector<int> m_walkEdges;
  std::uint64_t m_seed = 1;
  int m_currentEdge = -1;
  int m_motion = -1, m_frame = -1;
  bool m_starting = false;  // inside our own play(): its streamStarting is ours
};

}  // namespace mg
