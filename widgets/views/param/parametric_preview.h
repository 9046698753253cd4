// SPDX-License-Identifier: MIT
#pragma once

#include <memory>

#include <QObject>
#include <QWidget>

#include "core/motion/motion.h"

#include "widgets/views/viewport/ground_steering.h"

namespace mg {

class GraphPlayer;  // core/param/graph_player.h, not included: see
                    // widgets/jobs/transition_preview.h
class PoseStream;
struct ParametricGraph;
class StreamPlayer;
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

// The parametric previews, played by the window's one StreamPlayer under the one transport: a
// clip (a blend of a node, or a transition preview with its blend window on the strip), a random
// walk through the graph (GraphPlayer, Directive::None), or interactive steering
// (Directive::Heading) where the arrow keys, or a left-drag on the ground towards a point, turn
// the desired direction, drawn as an arrow on the ground at the shown character. While steering,
// arrow keys and left-drags in the 3D view are taken before the window's shortcuts and camera. A
// walk that reaches a dead end stops on its last frame with a message.
class ParametricPreview : public QObject {
  Q_OBJECT

 public:
  enum class Mode { Off, Clip, Walk, Steer };

  // `player` and `viewport` must outlive the preview; `strip` may be null.
  ParametricPreview(StreamPlayer* player, ViewportWidget* viewport, TransitionStrip* strip,
                    QObject* parent = nullptr);
  ~ParametricPreview() override;

  void playClip(std::shared_ptr<const Motion> clip, int blendBegin = 0, int blendEnd = 0);
  // Starts a walk from `startNode` with a random start parameter. Returns false (and says why in
  // statusChanged) when the player cannot start.
  bool startWalk(std::shared_ptr<const ParametricGraph> graph, int startNode, bool steering);
  void stop();
  // Off whenever the player shows another kind's stream (or none).
  Mode mode() const { return m_mode; }
  // Desired heading of steering, radians (0 = +Z, pi/2 = +X); turn() adds to it.
  double heading() const { return m_heading; }
  void setHeading(double yawRadians);
  void turn(double radians) { setHeading(m_heading + radians); }
  // Steering: heads towards the floor point under `windowPos` (a position in the 3D view's
  // window), as a left-drag on the ground does. False when no floor point is there.
  bool steerTowards(const QPointF& windowPos);
  // Where the shown character's root is (zero without a preview frame).
  Eigen::Vector3d rootPosition() const;
  // Frames shown of the current preview (the transport's frame + 1), transitions synthesised.
  int framesShown() const;
  int transitionsMade() const;
  // Advances the transport by `seconds` (what its clock does; tests call it directly).
  void advance(double seconds);

 signals:
  void statusChanged(const QString& text);
  void modeChanged(mg::ParametricPreview::Mode mode);

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  void setMode(Mode mode);
  void play(std::unique_ptr<PoseStream> stream, const QString& label, Mode mode);
  void onFrame();
  void updateArrow();

  StreamPlayer* m_player;
  ViewportWidget* m_viewport;
  GroundSteering m_groundSteering;
  TransitionStrip* m_strip;
  Mode m_mode = Mode::Off;
  const PoseStream* m_stream = nullptr;  // owned by m_player while it is its stream
  GraphPlayer* m_walk = nullptr;         // m_stream as a walk (Walk, Steer)
  std::shared_ptr<const ParametricGraph> m_graph;
  double m_heading = 0.0;
  bool m_starting = false;
};

}  // namespace mg
