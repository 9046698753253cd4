// SPDX-License-Identifier: MIT
#include "widgets/views/parametric_preview.h"

#include <cmath>
#include <numbers>

#include <QApplication>
#include <QDateTime>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>

#include "core/motion/forward_kinematics.h"
#include "core/param/graph_player.h"
#include "widgets/views/viewport_widget.h"
#include "widgets/views/viewport_window.h"

namespace mg {

TransitionStrip::TransitionStrip(QWidget* parent) : QWidget(parent) { setMinimumHeight(30); }

void TransitionStrip::setClip(int frames, int blendBegin, int blendEnd, const QString& text) {
  m_frames = frames, m_blendBegin = blendBegin, m_blendEnd = blendEnd, m_text = text;
  update();
}

void TransitionStrip::setFrame(int frame) {
  m_frame = frame;
  update();
}

void TransitionStrip::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.fillRect(rect(), QColor(34, 36, 40));
  const QRectF bar(6, height() - 14, width() - 12, 8);
  p.fillRect(bar, QColor(70, 110, 160));
  if (m_frames > 0 && m_blendEnd > m_blendBegin) {
    const double x0 = bar.left() + bar.width() * m_blendBegin / m_frames;
    const double x1 = bar.left() + bar.width() * std::min(m_blendEnd, m_frames) / m_frames;
    p.fillRect(QRectF(bar.left(), bar.top(), x0 - bar.left(), bar.height()), QColor(232, 163, 61));
    p.fillRect(QRectF(x0, bar.top() - 3, x1 - x0, bar.height() + 6), QColor(250, 214, 80));
  }
  if (m_frames > 0) {
    const double x = bar.left() + bar.width() * (m_frame + 0.5) / m_frames;
    p.setPen(QPen(Qt::white, 2));
    p.drawLine(QPointF(x, bar.top() - 5), QPointF(x, bar.bottom() + 3));
  }
  p.setPen(QColor(200, 200, 205));
  p.drawText(QRectF(6, 0, width() - 12, height() - 15), Qt::AlignLeft | Qt::AlignVCenter,
             m_text.isEmpty() ? tr("No preview") : m_text);
}

ParametricPreview::ParametricPreview(ViewportWidget* viewport, TransitionStrip* strip, QObject* parent)
    : QObject(parent), m_viewport(viewport), m_strip(strip) {
  m_timer.setInterval(16);
  connect(&m_timer, &QTimer::timeout, this, [this] {
    const double dt = m_clock.isValid() ? m_clock.restart() / 1000.0 : 0.0;
    advance(std::min(dt, 0.25));
  });
}

ParametricPreview::~ParametricPreview() {
  if (m_mode == Mode::Steer) qApp->removeEventFilter(this);
}

int ParametricPreview::transitionsMade() const {
  return m_player ? static_cast<int>(m_player->transitions().size()) : 0;
}

void ParametricPreview::setMode(Mode mode, bool keepCharacter) {
  if (m_mode == Mode::Steer && mode != Mode::Steer) qApp->removeEventFilter(this);
  if (mode == Mode::Steer && m_mode != Mode::Steer) qApp->installEventFilter(this);
  m_mode = mode;
  m_viewport->setGroundArrow(Eigen::Vector3d::Zero(), Eigen::Vector3d::UnitZ(), mode == Mode::Steer);
  if (mode == Mode::Off) {
    m_timer.stop();
    if (!keepCharacter) m_viewport->removeCharacter(kCharacterId);
  } else {
    m_clock.start();
    m_timer.start();
  }
  emit modeChanged(mode);
}

void ParametricPreview::playClip(std::shared_ptr<const Motion> clip, int blendBegin, int blendEnd) {
  if (!clip || clip->frameCount() == 0) return;
  m_player.reset();
  if (clip->skeleton != m_skeleton || !m_viewport->hasCharacter(kCharacterId)) {
    m_skeleton = clip->skeleton;
    m_viewport->addCharacter(kCharacterId, m_skeleton, QColor(250, 214, 80));
  }
  m_clip = std::move(clip);
  m_fps = m_clip->fps;
  m_time = 0.0;
  if (m_strip) {
    m_strip->setClip(m_clip->frameCount(), blendBegin, blendEnd,
                     blendEnd > blendBegin ? tr("Transition: source clip \u2192 blend window (%1 frames) \u2192 target clip")
                                                 .arg(blendEnd - blendBegin)
                                           : tr("Blend of the node (%1 frames)").arg(m_clip->frameCount()));
  }
  setMode(Mode::Clip);
  advance(0.0);
  m_viewport->setFollowedCharacter(kCharacterId);
  m_viewport->setFollowCharacter(true);
}

bool ParametricPreview::startWalk(std::shared_ptr<const ParametricGraph> graph, int startNode, bool steering) {
  PlayerSettings settings;
  settings.seed = static_cast<std::uint64_t>(QDateTime::currentMSecsSinceEpoch());
  Result<GraphPlayer> player = GraphPlayer::create(graph, startNode, std::nullopt, settings);
  if (!player) {
    emit statusChanged(QString::fromStdString(player.error().message));
    return false;
  }
  m_graph = std::move(graph);
  m_player = std::make_unique<GraphPlayer>(std::move(player.value()));
  m_clip.reset();
  m_skeleton = m_graph->nodes[static_cast<size_t>(startNode)]->space().skeleton;
  m_fps = m_graph->nodes[static_cast<size_t>(startNode)]->space().fps;
  m_viewport->addCharacter(kCharacterId, m_skeleton, QColor(250, 214, 80));
  m_time = 0.0;
  m_shown = 0;
  if (steering) {
    m_player->setSteering(m_heading);
  } else {
    m_player->setRandom();
  }
  if (m_strip) {
    m_strip->setClip(0, 0, 0, steering ? tr("Steering: \u2190 \u2192 turn, \u2193 turn around, or drag on the ground")
                                       : tr("Random walk"));
  }
  setMode(steering ? Mode::Steer : Mode::Walk);
  setHeading(m_heading);
  advance(1.0 / m_fps);
  m_viewport->setFollowedCharacter(kCharacterId);
  m_viewport->setFollowCharacter(true);
  return true;
}

void ParametricPreview::stop() { setMode(Mode::Off); }

void ParametricPreview::setHeading(double yawRadians) {
  m_heading = std::remainder(yawRadians, 2 * std::numbers::pi);
  if (m_player && m_mode == Mode::Steer) m_player->setSteering(m_heading);
  if (m_mode == Mode::Steer) {
    const Eigen::Vector3d root = m_player ? m_player->rootPosition() : Eigen::Vector3d::Zero();
    m_viewport->setGroundArrow(root, 1.4 * Eigen::Vector3d(std::sin(m_heading), 0, std::cos(m_heading)), true);
  }
}

void ParametricPreview::advance(double seconds) {
  if (m_mode == Mode::Clip && m_clip) {
    m_time += seconds;
    const int frame = static_cast<int>(m_time * m_fps) % m_clip->frameCount();
    m_viewport->setPose(kCharacterId, *m_clip, frame);
    if (m_strip) m_strip->setFrame(frame);
    ++m_shown;
  } else if ((m_mode == Mode::Walk || m_mode == Mode::Steer) && m_player) {
    m_time += seconds * m_fps;
    int steps = static_cast<int>(m_time);
    m_time -= steps;
    if (steps == 0 && m_shown == 0) steps = 1;
    Pose pose;
    bool any = false;
    for (int i = 0; i < steps; ++i) {
      if (!m_player->next(pose)) {
        // The character stays where the walk ended (F still frames it); the node is the graph's
        // marked dead end.
        const int node = m_player->currentNode();
        const QString name = m_graph && node >= 0 && node < m_graph->nodeCount()
                                 ? QString::fromStdString(m_graph->nodeSources[static_cast<size_t>(node)].name)
                                 : QString();
        emit statusChanged(tr("The walk stopped at dead end %1 after %2 transition(s): no transition leaves that "
                              "node (marked in the Parametric Graph). Walk again or add an edge.")
                               .arg(name)
                               .arg(transitionsMade()));
        setMode(Mode::Off, true);
        return;
      }
      any = true;
    }
    if (!any) return;
    const int joints = m_skeleton->jointCount();
    std::vector<Eigen::Vector3d> points(static_cast<size_t>(joints) + m_skeleton->endSites.size());
    std::vector<Eigen::Quaterniond> rotations(static_cast<size_t>(joints));
    forwardKinematics(*m_skeleton, pose.rootPosition, pose.localRotations.data(), points.data(), rotations.data());
    for (size_t e = 0; e < m_skeleton->endSites.size(); ++e) {
      const EndSite& site = m_skeleton->endSites[e];
      points[static_cast<size_t>(joints) + e] = points[site.joint] + rotations[site.joint] * site.offset;
    }
    m_viewport->setPose(kCharacterId, points);
    ++m_shown;
    if (m_mode == Mode::Steer) setHeading(m_heading);
  }
}

Eigen::Vector3d ParametricPreview::rootPosition() const {
  return m_player ? m_player->rootPosition() : Eigen::Vector3d::Zero();
}

bool ParametricPreview::steerTowards(const QPointF& windowPos) {
  const std::optional<QVector3D> ground = m_viewport->window3d()->groundPoint(windowPos);
  if (!ground || !m_player) return false;
  const Eigen::Vector3d root = rootPosition();
  const double dx = ground->x() - root.x(), dz = ground->z() - root.z();
  if (std::hypot(dx, dz) < 0.05) return false;  // on the character: no direction
  setHeading(std::atan2(dx, dz));
  emit statusChanged(tr("Steering towards %1\u00b0").arg(m_heading * 180 / std::numbers::pi, 0, 'f', 0));
  return true;
}

bool ParametricPreview::eventFilter(QObject* watched, QEvent* event) {
  // Dragging on the ground with the left button steers towards the point under the mouse (Alt
  // and the other buttons still move the camera).
  if (m_mode == Mode::Steer && watched == m_viewport->window3d() &&
      (event->type() == QEvent::MouseButtonPress || event->type() == QEvent::MouseMove)) {
    auto* mouse = static_cast<QMouseEvent*>(event);
    if ((mouse->buttons() & Qt::LeftButton) && !(mouse->modifiers() & (Qt::AltModifier | Qt::ShiftModifier))) {
      steerTowards(mouse->position());
      return true;
    }
  }
  if (m_mode != Mode::Steer || (event->type() != QEvent::ShortcutOverride && event->type() != QEvent::KeyPress)) {
    return QObject::eventFilter(watched, event);
  }
  const int key = static_cast<QKeyEvent*>(event)->key();
  if (key != Qt::Key_Left && key != Qt::Key_Right && key != Qt::Key_Down && key != Qt::Key_Up) return false;
  if (event->type() == QEvent::ShortcutOverride) {
    event->accept();  // the arrows steer instead of stepping playback
    return true;
  }
  const double step = std::numbers::pi / 8;
  if (key == Qt::Key_Left) turn(step);
  if (key == Qt::Key_Right) turn(-step);
  if (key == Qt::Key_Down) turn(std::numbers::pi);
  emit statusChanged(tr("Steering towards %1\u00b0").arg(m_heading * 180 / std::numbers::pi, 0, 'f', 0));
  return true;
}

}  // namespace mg
