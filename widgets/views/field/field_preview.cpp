// SPDX-License-Identifier: MIT
#include "widgets/views/field/field_preview.h"

#include <cmath>
#include <numbers>

#include <QApplication>
#include <QKeyEvent>
#include <QMouseEvent>

#include "core/agility/response_time.h"
#include "core/motion/forward_kinematics.h"
#include "core/motion/quaternion.h"
#include "widgets/views/playback/stream_player.h"
#include "widgets/views/viewport/ground_arrow.h"
#include "widgets/views/viewport/viewport_widget.h"
#include "widgets/views/viewport/viewport_window.h"

namespace mg {
namespace {

// The joint a push lands on: the one whose rest position is nearest 0.4 m above the root (the
// chest of a human skeleton).
int upperBodyJoint(const Skeleton& s) {
  std::vector<Eigen::Vector3d> rest(s.jointCount());
  std::vector<Eigen::Quaterniond> identity(s.jointCount(), Eigen::Quaterniond::Identity());
  forwardKinematics(s, Eigen::Vector3d::Zero(), identity.data(), rest.data());
  int best = 0;
  double bestGap = INFINITY;
  for (int j = 0; j < s.jointCount(); ++j) {
    const double gap = (rest[j] - Eigen::Vector3d(0, 0.4, 0)).norm();
    if (gap < bestGap) bestGap = gap, best = j;
  }
  return best;
}

}  // namespace

FieldPreview::FieldPreview(StreamPlayer* player, ViewportWidget* viewport, QObject* parent)
    : QObject(parent), m_player(player), m_viewport(viewport) {
  connect(player, &StreamPlayer::frameChanged, this, &FieldPreview::onFrame);
  auto gone = [this] {
    if (m_stream && m_player->stream() != m_stream) {
      m_stream = nullptr;
      setActive(false);
    }
  };
  connect(player, &StreamPlayer::streamStopped, this, gone);
  connect(player, &StreamPlayer::streamStarting, this, gone);
}

FieldPreview::~FieldPreview() {
  if (m_active) qApp->removeEventFilter(this);
}

MotionFieldStream* FieldPreview::stream() const {
  return m_stream && m_player->stream() == m_stream ? m_stream : nullptr;
}

void FieldPreview::setActive(bool active) {
  if (active == m_active) return;
  if (active)
    qApp->installEventFilter(this);
  else
    qApp->removeEventFilter(this);
  m_active = active;
  if (m_viewport)
    m_viewport->setGroundArrow(Eigen::Vector3d::Zero(), Eigen::Vector3d::UnitZ(), active);
  if (!active) {
    if (m_lineArrow) m_lineArrow->setEnabled(false);
    if (m_pushArrow) m_pushArrow->setEnabled(false);
  }
}

bool FieldPreview::start(std::shared_ptr<const MotionField> field, int startState) {
  if (!field || startState < 0 || startState >= field->database->stateCount()) return false;
  m_field = field;
  m_line = field->values && field->values->task.kind == FieldTaskKind::Line;
  auto stream = std::make_unique<MotionFieldStream>(field, startState);
  MotionFieldStream* raw = stream.get();
  m_heading = yawAngle(field->database->poses[startState].localRotations[0]);
  m_player->play(std::move(stream), tr("The motion field"));
  if (m_player->stream() != raw) {
    emit statusChanged(tr("The motion field could not start."));
    return false;
  }
  m_stream = raw;
  setActive(true);
  m_lastResponse.reset();
  setHeading(m_heading);
  if (m_viewport) m_viewport->setFollowCharacter(true);
  m_player->setPlaying(true);
  emit statusChanged(field->values
                         ? tr("Steer with \u2190 \u2192 \u2193 or drag on the ground; P pushes.")
                         : tr("Passive flow (the field has no value function)."));
  return true;
}

void FieldPreview::stop() {
  if (stream()) m_player->stop();
  m_stream = nullptr;
  setActive(false);
}

void FieldPreview::setHeading(double yawRadians) {
  m_heading = std::remainder(yawRadians, 2 * std::numbers::pi);
  applyDirective();
}

void FieldPreview::applyDirective() {
  MotionFieldStream* s = stream();
  if (!s) return;
  Directive d;
  d.kind = m_line ? Directive::Kind::Line : Directive::Kind::Heading;
  d.headingRadians = m_heading;
  if (m_line) {
    // The line passes through the character where the direction was set.
    const Eigen::Vector3d root =
        m_player->pose() ? m_player->pose()->rootPosition : Eigen::Vector3d::Zero();
    d.lineOffsetMetres = root.dot(Eigen::Vector3d(std::cos(m_heading), 0, -std::sin(m_heading)));
  }
  m_directive = d;
  s->setDirective(d);
  m_changeFrame = m_player->frame();
  updateArrows();
}

bool FieldPreview::steerTowards(const QPointF& windowPos) {
  if (!stream() || !m_viewport || !m_viewport->window3d()) return false;
  const std::optional<QVector3D> ground = m_viewport->window3d()->groundPoint(windowPos);
  if (!ground || !m_player->pose()) return false;
  const Eigen::Vector3d root = m_player->pose()->rootPosition;
  const double dx = ground->x() - root.x(), dz = ground->z() - root.z();
  if (std::hypot(dx, dz) < 0.05) return false;
  setHeading(std::atan2(dx, dz));
  emit statusChanged(tr("Heading %1\u00b0").arg(m_heading * 180 / std::numbers::pi, 0, 'f', 0));
  return true;
}

void FieldPreview::setPassive(bool passive) {
  if (MotionFieldStream* s = stream()) s->setPassive(passive);
}

void FieldPreview::push(double fromDegrees, double speed) {
  MotionFieldStream* s = stream();
  const Pose* pose = m_player->pose();
  if (!s || !pose) return;
  const double facing = yawAngle(pose->localRotations[0]);
  const double from = facing + fromDegrees * std::numbers::pi / 180.0;
  const Eigen::Vector3d towards(-std::sin(from), 0, -std::cos(from));  // away from the source
  FieldPush p;
  p.velocityChange = speed * towards;
  p.joint = upperBodyJoint(*m_field->database->skeleton);
  s->push(p);
  m_pushFrom = pose->rootPosition - 1.2 * towards;
  m_pushShownUntil = m_player->frame() + 30;  // a second of shown frames
  updateArrows();
  emit statusChanged(
      tr("Pushed at %1 m/s from %2\u00b0").arg(speed, 0, 'f', 1).arg(fromDegrees, 0, 'f', 0));
}

void FieldPreview::updateArrows() {
  if (!m_active || !m_viewport) return;
  // The 3D window exists once the viewport is shown: make the arrows on first use.
  if (!m_lineArrow && m_viewport->window3d()) {
    m_lineArrow = new GroundArrow(QColor(120, 200, 255), m_viewport->window3d()->sceneRoot());
    m_pushArrow = new GroundArrow(QColor(240, 80, 70), m_viewport->window3d()->sceneRoot());
  }
  const Eigen::Vector3d root =
      m_player->pose() ? m_player->pose()->rootPosition : Eigen::Vector3d::Zero();
  const Eigen::Vector3d dir(std::sin(m_heading), 0, std::cos(m_heading));
  m_viewport->setGroundArrow(root, 1.4 * dir, true);
  if (m_lineArrow) {
    m_lineArrow->setEnabled(m_line);
    if (m_line) {
      const Eigen::Vector3d left(std::cos(m_heading), 0, -std::sin(m_heading));
      const double off = root.dot(left) - m_directive.lineOffsetMetres;
      const Eigen::Vector3d onLine = root - off * left;
      m_lineArrow->setArrow(onLine - 4.0 * dir, 12.0 * dir);
    }
  }
  if (m_pushArrow) {
    const bool pushShown = m_player->frame() < m_pushShownUntil;
    m_pushArrow->setEnabled(pushShown);
    if (pushShown) m_pushArrow->setArrow(m_pushFrom, 0.9 * (root - m_pushFrom));
  }
}

void FieldPreview::onFrame() {
  if (!stream()) return;
  const Pose* pose = m_player->pose();
  if (pose && m_changeFrame >= 0 && m_player->frame() >= m_changeFrame) {
    ResponseTracker check(m_player->fps());
    if (check.meets(*pose, m_directive)) {
      m_lastResponse = (m_player->frame() - m_changeFrame) / m_player->fps();
      m_changeFrame = -1;
      emit responseMeasured(*m_lastResponse);
    }
  }
  updateArrows();
  emit frameShown();
}

void FieldPreview::advance(double seconds) {
  m_player->advanceSeconds(seconds);
}
void FieldPreview::setPlaying(bool playing) {
  m_player->setPlaying(playing);
}

bool FieldPreview::eventFilter(QObject* watched, QEvent* event) {
  if (!m_active || !stream()) return QObject::eventFilter(watched, event);
  if (m_viewport && watched == m_viewport->window3d() &&
      m_groundSteering.filter(event, m_viewport->window3d(),
                              [this](const QPointF& at) { steerTowards(at); }))
    return true;
  if (event->type() != QEvent::ShortcutOverride && event->type() != QEvent::KeyPress) {
    return QObject::eventFilter(watched, event);
  }
  const int key = static_cast<QKeyEvent*>(event)->key();
  if (key != Qt::Key_Left && key != Qt::Key_Right && key != Qt::Key_Down) return false;
  if (event->type() == QEvent::ShortcutOverride) {
    event->accept();  // the arrows steer instead of stepping playback
    return true;
  }
  const double step = std::numbers::pi / 8;
  if (key == Qt::Key_Left) turn(step);
  if (key == Qt::Key_Right) turn(-step);
  if (key == Qt::Key_Down) turn(std::numbers::pi);
  emit statusChanged(tr("Heading %1\u00b0").arg(m_heading * 180 / std::numbers::pi, 0, 'f', 0));
  return true;
}

}  // namespace mg
