// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include <QObject>
#include <QTimer>

#include "core/synth/clip_sequence.h"
#include "widgets/jobs/snap_pipeline.h"

namespace mg {

class PlaybackController;
class SnapSession;
class ViewportWidget;

// Shows the snapped result in the viewport as one preview character: either a random walk over
// the playable (pruned) graph that runs indefinitely on its own clock (RandomWalkStream, seeded),
// or a single clip driven by the playback controller (the playback bar scrubs it). Restarts the
// walk whenever the session's snapped state changes. Reports the current graph edge and frame so
// the canvas and timeline can follow. UI thread only.
class SnapPreview : public QObject {
  Q_OBJECT

 public:
  static constexpr int kCharacterId = -1000;  // viewport character of the preview
  static constexpr int kPoseCharacterId = -1001;  // a hub's common pose

  // `session` must outlive the preview; `viewport` and `playback` may be null (tests).
  SnapPreview(SnapSession* session, ViewportWidget* viewport, PlaybackController* playback,
              QObject* parent = nullptr);

  void setSeed(std::uint64_t seed);
  std::uint64_t seed() const { return m_seed; }
  // Starts the walk again from the first hub of the playable graph with the current seed.
  // Returns false (and shows nothing) when there is no snapped graph with a cycle.
  bool restartWalk();
  bool isWalking() const { return m_walk.has_value(); }
  void setWalkPlaying(bool playing);
  bool isWalkPlaying() const { return m_timer.isActive(); }
  // Advances the walk by `frames` frames (what the clock does; tests call it directly).
  void advanceWalk(int frames);
  // Advances until the walk starts its next clip.
  void stepToNextCut();

  // Pauses and removes the preview characters from the viewport (library playback took over).
  void hide();

  // Plays clip `edge` of the session's graph through the playback controller (stops the walk).
  void playClip(int edge);
  // Shows hub `graphHub`'s common pose (its snapped base match frame) next to the preview.
  void showHubPose(int graphHub);

  // Edge of the session's graph being played (-1: none); walk edges taken so far, same indices.
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
  void showPose(const Pose& pose);
  void showClipFrame(int frame);
  void setEdge(int edge);

  SnapSession* m_session;
  ViewportWidget* m_viewport;
  PlaybackController* m_playback;
  std::shared_ptr<const SnapPipelineState> m_state;  // the state the walk runs on
  PlayableGraph m_playable;
  std::optional<RandomWalkStream> m_walk;
  std::vector<int> m_walkEdges;
  std::uint64_t m_seed = 1;
  int m_currentEdge = -1;
  int m_motion = -1, m_frame = -1;
  int m_frameInClip = 0;
  bool m_stepping = false;
  int m_clipEdge = -1;  // edge played by the playback controller, -1 when walking
  Pose m_pose;
  QTimer m_timer;
};

}  // namespace mg
