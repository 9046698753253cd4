// SPDX-License-Identifier: MIT
#pragma once

#include <memory>
#include <optional>

#include <QObject>
#include <QPointF>

#include "core/field/motion_field_stream.h"

#include "widgets/views/viewport/ground_steering.h"

namespace mg {

class GroundArrow;
class StreamPlayer;
class ViewportWidget;

// A motion field played in the viewport through the window's one StreamPlayer, steered like the
// parametric preview: the arrow keys turn the desired direction (left/right 22.5 degrees, down
// turns around) and a left-drag on the ground heads towards the point under the mouse; the
// direction is drawn as an arrow on the ground at the character, and for a line field the desired
// line (through the character when the direction was set) as a long arrow along it. push() applies
// an impulse from a direction relative to the character's facing, drawn as a red arrow towards
// the character for a second. Measures the response time of every directive change (facing
// within 5 degrees, and 0.1 m of the line). UI thread only.
class FieldPreview : public QObject {
  Q_OBJECT

 public:
  // `player` and `viewport` (may be null: tests) must outlive the preview.
  FieldPreview(StreamPlayer* player, ViewportWidget* viewport, QObject* parent = nullptr);
  ~FieldPreview() override;

  // Plays `field` from database state `startState`, steering towards its facing. False (with a
  // status message) when the player cannot start.
  bool start(std::shared_ptr<const MotionField> field, int startState);
  void stop();
  // The stream while the player shows it, else null.
  MotionFieldStream* stream() const;

  double heading() const { return m_heading; }
  void setHeading(double yawRadians);
  void turn(double radians) { setHeading(m_heading + radians); }
  bool steerTowards(const QPointF& windowPos);
  void setPassive(bool passive);
  // Pushes with `speed` m/s from `fromDegrees` relative to the facing (0 = from the front, 90 =
  // from the left), at the upper body.
  void push(double fromDegrees, double speed);
  std::optional<double> lastResponseSeconds() const { return m_lastResponse; }
  // Advances the transport by `seconds` (tests); pauses or resumes it.
  void advance(double seconds);
  void setPlaying(bool playing);

 signals:
  void statusChanged(const QString& text);
  void frameShown();
  void responseMeasured(double seconds);

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  void onFrame();
  void applyDirective();
  void updateArrows();
  void setActive(bool active);

  StreamPlayer* m_player;
  ViewportWidget* m_viewport;
  GroundSteering m_groundSteering;
  MotionFieldStream* m_stream = nullptr;  // owned by m_player while it is its stream
  std::shared_ptr<const MotionField> m_field;
  bool m_active = false;
  bool m_line = false;
  double m_heading = 0.0;
  Directive m_directive;
  int m_changeFrame = -1;  // frame shown when the directive last changed; -1 when met
  std::optional<double> m_lastResponse;
  GroundArrow* m_lineArrow = nullptr;
  GroundArrow* m_pushArrow = nullptr;
  int m_pushShownUntil = -1;  // the push arrow shows until this frame
  Eigen::Vector3d m_pushFrom = Eigen::Vector3d::Zero();
};

}  // namespace mg
