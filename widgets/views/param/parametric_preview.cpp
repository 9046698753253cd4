// SPDX-License-Identifier: MIT
#include "widgets/views/param/parametric_preview.h"

#include <cmath>
#include <numbers>

#include <QApplication>
#include <QDateTime>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>

#include "core/param/graph_player.h"
#include "core/synth/motion_clip_stream.h"
#include "widgets/views/playback/stream_player.h"
#include "widgets/views/viewport/viewport_widget.h"
#include "widgets/views/viewport/viewport_window.h"

namespace mg {

TransitionStrip::TransitionStrip(QWidget* parent) : QWidget(parent) {
  setMinimumHeight(30);
}

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

ParametricPreview::ParametricPreview(StreamPlayer* player, ViewportWidget* viewport,
                                     TransitionStrip* strip, QObject* parent)
    : QObject(parent), m_player(player), m_viewport(viewport), m_strip(strip) {
  connect(player, &StreamPlayer::frameChanged, this, &ParametricPreview::onFrame);
  auto gone = [this] {
    if (m_starting) return;
    m_stream = nullptr;
    m_walk = nullptr;
    setMode(Mode::Off);
  };
  connect(player, &StreamPlayer::streamStarting, this, gone);
  connect(player, &StreamPlayer::streamStopped, this, gone);
  connect(player, &StreamPlayer::ended, this, [this](const QString& message) {
    if (!m_stream || m_player->stream() != m_stream) return;
    if (m_walk) {
      const int node = m_walk->currentNode();
      const QString name =
          m_graph && node >= 0 && node < m_graph->nodeCount()
              ? QString::fromStdString(m_graph->nodeSources[static_cast<size_t>(node)].name)
              : QString();
      emit statusChanged(
          tr("The walk reached dead end %1 after %2 transitions: no transition leaves that node "
             "(marked in the Parametric Graph). Stopped on its last frame; scrub back, or start a "
             "new walk.")
              .arg(name)
              .arg(transitionsMade()));
    } else {
      emit statusChanged(message);
    }
  });
}

ParametricPreview::~ParametricPreview() {
  if (m_mode == Mode::Steer) qApp->removeEventFilter(this);
}

int ParametricPreview::framesShown() const {
  return m_stream && m_player->stream() == m_stream ? m_player->frame() + 1 : 0;
}

int ParametricPreview::transitionsMade() const {
  return m_stream && m_player->stream() == m_stream
             ? static_cast<int>(m_stream->transitions().size())
             : 0;
}

void ParametricPreview::setMode(Mode mode) {
  if (mode == m_mode) return;
  if (m_mode == Mode::Steer) qApp->removeEventFilter(this);
  if (mode == Mode::Steer) qApp->installEventFilter(this);
  m_mode = mode;
  if (m_viewport)
    m_viewport->setGroundArrow(Eigen::Vector3d::Zero(), Eigen::Vector3d::UnitZ(),
                               mode == Mode::Steer);
  if (mode == Mode::Off && m_strip) m_strip->setClip(0, 0, 0, QString());
  emit modeChanged(mode);
}

void ParametricPreview::play(std::unique_ptr<PoseStream> stream, const QString& label, Mode mode) {
  m_starting = true;
  m_stream = stream.get();
  setMode(mode);
  m_player->play(std::move(stream), label);
  m_starting = false;
  if (m_player->stream() != m_stream) {  // it had no frames
    m_stream = nullptr;
    m_walk = nullptr;
    setMode(Mode::Off);
    return;
  }
  if (m_viewport) m_viewport->setFollowCharacter(true);
}

void ParametricPreview::playClip(std::shared_ptr<const Motion> clip, int blendBegin, int blendEnd) {
  if (!clip || clip->frameCount() == 0) return;
  const int frames = clip->frameCount();
  if (m_strip) {
    m_strip->setClip(
        frames, blendBegin, blendEnd,
        blendEnd > blendBegin
            ? tr("Transition: source clip \u2192 blend window (%1 frames) \u2192 target clip")
                  .arg(blendEnd - blendBegin)
            : tr("Blend of the node (%1 frames)").arg(frames));
  }
  m_walk = nullptr;
  play(std::make_unique<MotionClipStream>(std::move(clip), 0, frames),
       blendEnd > blendBegin ? tr("The transition preview") : tr("The node blend"), Mode::Clip);
}

bool ParametricPreview::startWalk(std::shared_ptr<const ParametricGraph> graph, int startNode,
                                  bool steering) {
  PlayerSettings settings;
  settings.seed = static_cast<std::uint64_t>(QDateTime::currentMSecsSinceEpoch());
  Result<GraphPlayer> player = GraphPlayer::create(graph, startNode, std::nullopt, settings);
  if (!player) {
    emit statusChanged(QString::fromStdString(player.error().message));
    return false;
  }
  m_graph = std::move(graph);
  auto walk = std::make_unique<GraphPlayer>(std::move(player.value()));
  m_walk = walk.get();
  Directive directive;
  if (steering) {
    directive.kind = Directive::Kind::Heading;
    directive.headingRadians = m_heading;
  }
  walk->setDirective(directive);
  if (m_strip)
    m_strip->setClip(
        0, 0, 0,
        steering ? tr("Steering: \u2190 \u2192 turn, \u2193 turn around, or drag on the ground")
                 : tr("Random walk"));
  play(std::move(walk), steering ? tr("The steered walk") : tr("The random walk"),
       steering ? Mode::Steer : Mode::Walk);
  if (m_mode == Mode::Off) return false;
  updateArrow();
  return true;
}

void ParametricPreview::stop() {
  if (m_stream && m_player->stream() == m_stream) m_player->stop();
  m_stream = nullptr;
  m_walk = nullptr;
  setMode(Mode::Off);
}

void ParametricPreview::setHeading(double yawRadians) {
  m_heading = std::remainder(yawRadians, 2 * std::numbers::pi);
  if (m_mode != Mode::Steer || !m_walk) return;
  Directive directive;
  directive.kind = Directive::Kind::Heading;
  directive.headingRadians = m_heading;
  m_walk->setDirective(directive);
  updateArrow();
}

Eigen::Vector3d ParametricPreview::rootPosition() const {
  const Pose* pose = m_player->pose();
  return pose ? pose->rootPosition : Eigen::Vector3d::Zero();
}

bool ParametricPreview::steerTowards(const QPointF& windowPos) {
  if (!m_viewport || !m_viewport->window3d()) return false;
  const std::optional<QVector3D> ground = m_viewport->window3d()->groundPoint(windowPos);
  if (!ground) return false;
  const Eigen::Vector3d root = rootPosition();
  const double dx = ground->x() - root.x(), dz = ground->z() - root.z();
  if (std::hypot(dx, dz) < 0.05) return false;  // on the character: no direction
  setHeading(std::atan2(dx, dz));
  emit statusChanged(
      tr("Steering towards %1\u00b0").arg(m_heading * 180 / std::numbers::pi, 0, 'f', 0));
  return true;
}

void ParametricPreview::updateArrow() {
  if (m_mode != Mode::Steer || !m_viewport) return;
  const Eigen::Vector3d root = rootPosition();
  m_viewport->setGroundArrow(
      root, 1.4 * Eigen::Vector3d(std::sin(m_heading), 0, std::cos(m_heading)), true);
}

void ParametricPreview::onFrame() {
  if (m_mode == Mode::Off || !m_stream || m_player->stream() != m_stream) return;
  if (m_mode == Mode::Clip && m_strip) m_strip->setFrame(m_player->frame());
  if (m_mode == Mode::Steer) updateArrow();
}

void ParametricPreview::advance(double seconds) {
  m_player->advanceSeconds(seconds);
}

bool ParametricPreview::eventFilter(QObject* watched, QEvent* event) {
  // Dragging on the ground with the left button steers towards the point under the mouse (Alt,
  // Shift and the other buttons still move the camera).
  if (m_mode == Mode::Steer && m_viewport && watched == m_viewport->window3d() &&
      m_groundSteering.filter(event, m_viewport->window3d(),
                              [this](const QPointF& at) { steerTowards(at); }))
    return true;
  if (m_mode != Mode::Steer ||
      (event->type() != QEvent::ShortcutOverride && event->type() != QEvent::KeyPress)) {
    return QObject::eventFilter(watched, event);
  }
  const int key = static_cast<QKeyEvent*>(event)->key();
  if (key != Qt::Key_Left && key != Qt::Key_Right && key != Qt::Key_Down && key != Qt::Key_Up)
    return false;
  if (event->type() == QEvent::ShortcutOverride) {
    event->accept();  // the arrows steer instead of stepping playback
    return true;
  }
  const double step = std::numbers::pi / 8;
  if (key == Qt::Key_Left) turn(step);
  if (key == Qt::Key_Right) turn(-step);
  if (key == Qt::Key_Down) turn(std::numbers::pi);
  emit statusChanged(
      tr("Steering towards %1\u00b0").arg(m_heading * 180 / std::numbers::pi, 0, 'f', 0));
  return true;
}

}  // namespace mg
