// SPDX-License-Identifier: MIT
#pragma once

#include <memory>

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>
#include <QWidget>

#include "core/motion/motion.h"

namespace mg {

class GraphPlayer;  // core/param/graph_player.h, not included: see widgets/jobs/transition_preview.h
struct ParametricGraph;
class ViewportWidget;

// A strip under the preview: the clip's frames as a bar, the blend window of a transition
// highlighted, and the frame being shown.
class TransitionStrip : public QWidget {
  Q_OBJECT

 public:
  explicit TransitionStrip(QWidget* parent = nullptr);
  // `frames` >= 0; the window [blendBegin, blendEnd) is drawn when blendEnd > blendBegin.
  void setClip(int frames, int blendBegin, int blendEnd, const QString& text);
  void setFrame(int frame);
  int blendBegin() const { return m_blendBegin; }
  int blendEnd() const { return m_blendEnd; }
  QSize sizeHint() const override { return {360, 34}; }

 protected:
  void paintEvent(QPaintEvent* event) override;

 private:
  int m_frames = 0, m_blendBegin = 0, m_blendEnd = 0, m_frame = 0;
  QString m_text;
};

// Plays parametric previews on one viewport character: a clip looped (a blend of a node, or a
// transition preview), a random walk through the graph (GraphPlayer::setRandom), or interactive
// steering (GraphPlayer::setSteering) where the arrow keys, or a left-drag on the ground towards a
// point, turn the desired direction, drawn as an arrow on the ground. While steering, arrow keys
// and left-drags in the 3D view are taken before the window's shortcuts and camera.
class ParametricPreview : public QObject {
  Q_OBJECT

 public:
  enum class Mode { Off, Clip, Walk, Steer };
  static constexpr int kCharacterId = -7001;

  // `viewport` and `strip` (may be null) must outlive the preview.
  ParametricPreview(ViewportWidget* viewport, TransitionStrip* strip, QObject* parent = nullptr);
  ~ParametricPreview() override;

  void playClip(std::shared_ptr<const Motion> clip, int blendBegin = 0, int blendEnd = 0);
  // Starts a walk from `startNode` with a random start parameter. Returns false (and says why in
  // statusChanged) when the player cannot start.
  bool startWalk(std::shared_ptr<const ParametricGraph> graph, int startNode, bool steering);
  void stop();
  Mode mode() const { return m_mode; }
  // Desired heading of steering, radians (0 = +Z, pi/2 = +X); turn() adds to it.
  double heading() const { return m_heading; }
  void setHeading(double yawRadians);
  void turn(double radians) { setHeading(m_heading + radians); }
  // Steering: heads towards the floor point under `windowPos` (a position in the 3D view's
  // window), as a left-drag on the ground does. False when no floor point is there.
  bool steerTowards(const QPointF& windowPos);
  int framesShown() const { return m_shown; }
  // Where the walking character's root is (zero without a walk).
  Eigen::Vector3d rootPosition() const;
  int transitionsMade() const;
  // Advances the preview by `seconds` (the timer's tick; tests call it directly).
  void advance(double seconds);

 signals:
  void statusChanged(const QString& text);
  void modeChanged(mg::ParametricPreview::Mode mode);

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  // Off removes the character unless `keepCharacter` (a walk that ended keeps its last pose).
  void setMode(Mode mode, bool keepCharacter = false);
  void showWalkFrame();

  ViewportWidget* m_viewport;
  TransitionStrip* m_strip;
  Mode m_mode = Mode::Off;
  std::shared_ptr<const Motion> m_clip;
  std::shared_ptr<const ParametricGraph> m_graph;
  std::unique_ptr<GraphPlayer> m_player;
  std::shared_ptr<const Skeleton> m_skeleton;
  double m_time = 0.0;
  double m_fps = 30.0;
  int m_shown = 0;
  double m_heading = 0.0;
  QTimer m_timer;
  QElapsedTimer m_clock;
};

}  // namespace mg
