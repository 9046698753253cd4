// SPDX-License-Identifier: MIT
#include "widgets/views/timeline/match_timeline.h"

#include <algorithm>
#include <cmath>

#include <QContextMenuEvent>
#include <QHelpEvent>
#include <QMenu>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>

#include "widgets/document/hub_list.h"
#include "widgets/document/project.h"
#include "widgets/jobs/snap_session.h"
#include "widgets/views/playback/clock_text.h"

namespace mg {

namespace {
constexpr int kLabelWidth = 130;    // motion names on the left
constexpr int kLegend = 18;         // the legend line above the ruler
constexpr int kTop = kLegend + 22;  // room for the legend and the frame ruler
constexpr int kRowHeight = 34;
constexpr int kRightMargin = 12;
constexpr int kGlitchTipPixels = 4;  // a glitch's tooltip this close to its tick or band
const QColor kGlitchColour(235, 50, 50);
}  // namespace

MatchTimeline::MatchTimeline(Project* project, SnapSession* session, QWidget* parent)
    : QWidget(parent), m_project(project), m_session(session) {
  setMinimumHeight(90);
  updateToolTip();
  setMouseTracking(false);
  setFocusPolicy(Qt::ClickFocus);
  connect(session, &SnapSession::stateChanged, this, &MatchTimeline::stateChanged);
  connect(session, &SnapSession::appearanceChanged, this, qOverload<>(&QWidget::update));
  connect(project, &Project::cleared, this, &MatchTimeline::projectCleared);
}

void MatchTimeline::updateToolTip() {
  setToolTip(m_rangeSelection
                 ? tr("Click the ruler or a motion to move the playhead there (drag on the ruler "
                      "to scrub). Drag along a motion: a new key segment; Shift+drag: keep frames "
                      "by hand. Wheel: zoom (over the names: scroll), Shift+wheel: pan. "
                      "Right-click for more.")
                 : tr("Click or drag on the ruler or a motion to move the playhead there (the "
                      "motion plays from that frame). Ctrl+click a frame to make it the new hub's "
                      "candidate. Wheel: zoom (over the names: scroll), Shift+wheel: pan. "
                      "Right-click for more."));
}

void MatchTimeline::setRangeSelection(bool enabled) {
  m_rangeSelection = enabled;
  updateToolTip();
}

void MatchTimeline::stateChanged() {
  const auto state = m_session->state();
  if (m_fitted && !state->working.empty()) fitAll();
  // Rows are indices into the working motions: a row that is gone shows nothing.
  const int rows = static_cast<int>(state->working.size());
  if (m_playMotion >= rows) m_playMotion = m_playFrame = -1;
  if (m_selMotion >= rows) m_selMotion = m_selFrame = -1;
  // The timeline is as tall as its rows; the dock scrolls it (scrollingDockContent), so many
  // motions never grow the window.
  setMinimumHeight(kTop + kRowHeight * std::max(1, rowCount()) + 8);
  update();
}

void MatchTimeline::projectCleared() {
  // Another project: nothing of the old one's playhead, selection or view is left.
  m_playMotion = m_playFrame = m_selMotion = m_selFrame = -1;
  m_currentEdge = -1;
  m_preview.clear();
  m_dragMotion = m_dragFrom = m_dragTo = m_scrubMotion = -1;
  m_manualView.invalidate();
  m_fitted = true;
  m_firstFrame = 0;
  update();
}

void MatchTimeline::fitAll() {
  const auto state = m_session->state();
  int longest = 1;
  for (const auto& m : state->working) longest = std::max(longest, m->frameCount());
  const int lane = std::max(50, width() - kLabelWidth - kRightMargin);
  m_pixelsPerFrame = static_cast<double>(lane) / longest;
  m_firstFrame = 0;
  m_fitted = true;
  update();
}

double MatchTimeline::lastVisibleFrame() const {
  return m_firstFrame + (width() - kRightMargin - kLabelWidth) / m_pixelsPerFrame;
}

void MatchTimeline::scrollToFrame(double frame) {
  m_firstFrame = std::max(0.0, frame);
  m_fitted = false;
  update();
}

int MatchTimeline::rulerY() const {
  return kLegend + (kTop - kLegend) / 2;
}

void MatchTimeline::resizeEvent(QResizeEvent*) {
  if (m_fitted) fitAll();
}

double MatchTimeline::frameToX(double frame) const {
  return kLabelWidth + (frame - m_firstFrame) * m_pixelsPerFrame;
}

int MatchTimeline::rowY(int motion) const {
  return kTop + motion * kRowHeight + kRowHeight / 2;
}

int MatchTimeline::rowCount() const {
  const auto state = m_session->state();
  return static_cast<int>(state->working.size() + state->setAside.size());
}

QString MatchTimeline::legendText() const {
  if (!m_legend.isEmpty()) return m_legend;
  const auto state = m_session->state();
  const bool glitches = std::any_of(state->glitches.begin(), state->glitches.end(),
                                    [](const auto& g) { return !g.empty(); });
  return tr("frames at %1 fps  •  click/drag: playhead  •  Ctrl+click: hub candidate  •  bar: "
            "clip, in the colour of the hub it leaves  •  tick: match frame  •  "
            "blue/orange: left/right foot planted  •  dashed: new hub's matches  •  yellow: "
            "playhead%2")
      .arg(m_project->metricSettings().workingFps, 0, 'g', 4)
      .arg(glitches ? tr("  •  red: capture glitch, no clip across it (hover for what)")
                    : QString());
}

QString MatchTimeline::glitchTipAt(const QPoint& pos) const {
  const auto state = m_session->state();
  const int row = pos.y() < kTop ? -1 : (pos.y() - kTop) / kRowHeight;
  if (row < 0 || row >= static_cast<int>(state->glitches.size()) ||
      row >= static_cast<int>(state->working.size()) || pos.x() < kLabelWidth)
    return {};
  for (const PoseGlitch& g : state->glitches[row]) {
    const double x0 = frameToX(g.beginFrame) - kGlitchTipPixels;
    const double x1 = frameToX(g.endFrame) + kGlitchTipPixels;
    if (pos.x() >= x0 && pos.x() <= x1) {
      return tr("Capture glitch in %1 (at the working rate): %2. No clip plays across it.")
          .arg(QString::fromStdString(state->working[row]->name),
               QString::fromStdString(describeGlitch(*state->working[row], g)));
    }
  }
  return {};
}

bool MatchTimeline::event(QEvent* event) {
  if (event->type() == QEvent::ToolTip) {
    auto* help = static_cast<QHelpEvent*>(event);
    if (const QString tip = glitchTipAt(help->pos()); !tip.isEmpty()) {
      QToolTip::showText(help->globalPos(), tip, this);
      return true;
    }
  }
  return QWidget::event(event);
}

int MatchTimeline::frameAtX(int motion, double x) const {
  const auto state = m_session->state();
  if (motion < 0 || motion >= static_cast<int>(state->working.size())) return -1;
  return std::clamp(
      static_cast<int>(std::floor(m_firstFrame + (x - kLabelWidth) / m_pixelsPerFrame)), 0,
      state->working[motion]->frameCount() - 1);
}

TimelineHit MatchTimeline::hitTest(const QPoint& pos) const {
  TimelineHit hit;
  const auto state = m_session->state();
  const int row = (pos.y() - kTop) / kRowHeight;
  if (pos.y() < kTop || row >= static_cast<int>(state->working.size()) || pos.x() < kLabelWidth)
    return hit;
  hit.motion = row;
  hit.frame = frameAtX(row, pos.x());
  for (int e = 0; e < static_cast<int>(state->graph.edges.size()); ++e) {
    const Clip& c = state->graph.edges[e].clip;
    if (c.motion == row && hit.frame >= c.beginFrame && hit.frame < c.endFrame) hit.edge = e;
  }
  return hit;
}

QColor MatchTimeline::hubColour(int graphHub) const {
  const auto state = m_session->state();
  if (graphHub < 0 || graphHub >= static_cast<int>(state->graphHubs.size())) return Qt::gray;
  const HubSpec* spec = hubsOf(*m_project)->hub(state->graphHubs[graphHub]);
  return spec ? spec->colour : QColor(Qt::gray);
}

void MatchTimeline::setPlayhead(int motion, int frame) {
  if (motion < 0 || frame < 0) motion = frame = -1;
  if (motion == m_playMotion && frame == m_playFrame) return;
  m_playMotion = motion;
  m_playFrame = frame;
  // Follow the playhead a page at a time, as animation tools do, but never fight the author's
  // hand: not while a button is held on the timeline, nor just after a zoom or pan.
  const bool handOnView = m_scrubMotion >= 0 || m_dragMotion >= 0 ||
                          (m_manualView.isValid() && m_manualView.elapsed() < kManualViewHoldMs);
  if (frame >= 0 && !handOnView && (frame < m_firstFrame || frame + 1 > lastVisibleFrame())) {
    // The playhead lands a little inside the left edge, so the page ahead is all visible.
    const double page = lastVisibleFrame() - m_firstFrame;
    m_firstFrame = std::max(0.0, std::floor(frame - 0.05 * page));
    m_fitted = false;
  }
  update();
}

void MatchTimeline::setCurrentEdge(int edge) {
  if (edge == m_currentEdge) return;
  m_currentEdge = edge;
  update();
}

void MatchTimeline::setSelectedFrame(int motion, int frame) {
  m_selMotion = motion;
  m_selFrame = frame;
  update();
}

void MatchTimeline::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.fillRect(rect(), palette().base());
  const auto state = m_session->state();
  if (state->working.empty()) {
    p.setPen(palette().color(QPalette::PlaceholderText));
    p.drawText(rect(), Qt::AlignCenter, tr("Load motions to see their timelines."));
    return;
  }
  p.setRenderHint(QPainter::Antialiasing, false);
  const int right = width() - kRightMargin;
  QFont legendFont = font();
  legendFont.setPointSizeF(legendFont.pointSizeF() * 0.85);
  p.setFont(legendFont);
  p.setPen(palette().color(QPalette::PlaceholderText));
  p.drawText(QRect(6, 0, width() - 12, kLegend), Qt::AlignVCenter | Qt::AlignLeft,
             p.fontMetrics().elidedText(legendText(), Qt::ElideRight, width() - 12));
  // Motions set aside (another skeleton): a greyed row each, with the reason.
  for (int a = 0; a < static_cast<int>(state->setAside.size()); ++a) {
    const int y = rowY(static_cast<int>(state->working.size()) + a);
    const SetAsideMotion& aside = state->setAside[a];
    QColor grey = palette().color(QPalette::Disabled, QPalette::Text);
    p.setPen(grey);
    p.setFont(font());
    p.drawText(QRect(6, y - kRowHeight / 2, kLabelWidth - 12, kRowHeight),
               Qt::AlignVCenter | Qt::AlignLeft,
               p.fontMetrics().elidedText(aside.name, Qt::ElideRight, kLabelWidth - 12));
    p.setPen(QPen(grey, 1, Qt::DotLine));
    p.drawLine(kLabelWidth, y, right, y);
    p.setFont(legendFont);
    p.setPen(grey);
    p.drawText(
        QRect(kLabelWidth + 4, y - kRowHeight / 2, right - kLabelWidth - 8, kRowHeight / 2 - 1),
        Qt::AlignBottom | Qt::AlignLeft,
        p.fontMetrics().elidedText(tr("Not in the graph: %1").arg(aside.reason), Qt::ElideRight,
                                   right - kLabelWidth - 8));
  }
  // Ruler: a label every "nice" number of frames.
  // Labels at least 60 px apart, and wider apart than the longest label (a two-hour take has
  // six-digit frame numbers).
  const double minGap =
      std::max(60.0, QFontMetrics(legendFont).horizontalAdvance(QStringLiteral("0000000")) * 1.0);
  const double step = [&] {
    for (double decade = 1; decade < 1e9; decade *= 10) {
      for (double s : {1.0, 2.5, 5.0}) {
        const double frames = s * decade;
        if (frames >= 1 && frames == std::floor(frames) && frames * m_pixelsPerFrame >= minGap)
          return frames;
      }
    }
    return 1e9;
  }();
  p.setPen(palette().color(QPalette::PlaceholderText));
  p.setFont(legendFont);
  for (double f = std::ceil(m_firstFrame / step) * step; frameToX(f) < right; f += step) {
    const int x = static_cast<int>(frameToX(f));
    p.drawLine(x, kTop - 5, x, kTop - 1);
    p.drawText(x + 2, kTop - 7, QString::number(static_cast<int>(f)));
  }
  p.setClipRect(QRect(0, kTop, width(), height() - kTop));

  for (int m = 0; m < static_cast<int>(state->working.size()); ++m) {
    const int y = rowY(m);
    const int frames = state->working[m]->frameCount();
    const int x0 = static_cast<int>(frameToX(0)), x1 = static_cast<int>(frameToX(frames));
    p.setClipping(false);
    p.setPen(palette().color(QPalette::Text));
    p.setFont(font());
    p.drawText(QRect(6, y - kRowHeight / 2, kLabelWidth - 12, kRowHeight),
               Qt::AlignVCenter | Qt::AlignLeft,
               p.fontMetrics().elidedText(QString::fromStdString(state->working[m]->name),
                                          Qt::ElideRight, kLabelWidth - 12));
    p.setClipRect(QRect(kLabelWidth, kTop, right - kLabelWidth, height() - kTop));
    p.setClipping(true);
    // The motion's line, dim where no clip covers it.
    p.setPen(QPen(palette().color(QPalette::Mid), 2));
    p.drawLine(x0, y, x1, y);
    for (int e = 0; e < static_cast<int>(state->graph.edges.size()); ++e) {
      const HubEdge& edge = state->graph.edges[e];
      if (edge.clip.motion != m) continue;
      const bool current = e == m_currentEdge;
      QColor c = hubColour(edge.fromHub);
      c.setAlpha(current ? 255 : 150);
      p.setPen(QPen(c, current ? 6 : 3));
      p.drawLine(static_cast<int>(frameToX(edge.clip.beginFrame)), y,
                 static_cast<int>(frameToX(edge.clip.endFrame)), y);
    }
    // Foot contacts: left foot (heel or toe) and right foot as two thin bars under the line.
    if (m < static_cast<int>(state->contacts.size())) {
      const FootContacts& fc = state->contacts[m];
      const QColor colours[2] = {QColor(120, 190, 255, 170), QColor(255, 190, 110, 170)};
      for (int side = 0; side < 2; ++side) {
        const int by = y + 8 + side * 5;
        int start = -1;
        for (int f = 0; f <= frames; ++f) {
          const bool planted =
              f < frames && (fc.isPlanted(f, side ? FootPoint::RightHeel : FootPoint::LeftHeel) ||
                             fc.isPlanted(f, side ? FootPoint::RightToe : FootPoint::LeftToe));
          if (planted && start < 0) start = f;
          if (!planted && start >= 0) {
            p.fillRect(
                QRectF(frameToX(start), by, std::max(1.0, (f - start) * m_pixelsPerFrame), 3),
                colours[side]);
            start = -1;
          }
        }
      }
    }
    // Match frames of every hub.
    for (int h = 0; h < static_cast<int>(state->graph.hubs.size()); ++h) {
      p.setPen(QPen(hubColour(h), 2));
      for (const MatchFrame& mf : state->graph.hubs[h].matchFrames) {
        if (mf.ref.motion != m) continue;
        const int x = static_cast<int>(frameToX(mf.ref.frame + 0.5));
        p.drawLine(x, y - 13, x, y + 5);
      }
    }
    // Capture glitches: a red band over their frames and a tick at the first.
    if (m < static_cast<int>(state->glitches.size())) {
      for (const PoseGlitch& g : state->glitches[m]) {
        const double gx0 = frameToX(g.beginFrame);
        p.fillRect(
            QRectF(gx0, y - 4, std::max(2.0, (g.endFrame - g.beginFrame) * m_pixelsPerFrame), 8),
            kGlitchColour);
        p.setPen(QPen(kGlitchColour, 2));
        p.drawLine(static_cast<int>(gx0), y - 15, static_cast<int>(gx0), y + 15);
      }
    }
    p.setPen(QPen(QColor(255, 255, 255, 220), 1, Qt::DashLine));
    for (const FrameRef& r : m_preview) {
      if (r.motion != m) continue;
      const int x = static_cast<int>(frameToX(r.frame + 0.5));
      p.drawLine(x, y - 15, x, y + 15);
    }
    // Overlays: kept frames as a band above the line, key segments as outlined boxes.
    for (const TimelineSpan& span : m_shading) {
      if (span.motion != m) continue;
      p.fillRect(QRectF(frameToX(span.beginFrame), y - 9,
                        std::max(1.0, (span.endFrame - span.beginFrame) * m_pixelsPerFrame), 5),
                 span.colour);
    }
    for (const TimelineSpan& span : m_keySpans) {
      if (span.motion != m) continue;
      const QRectF box(frameToX(span.beginFrame), y - 19,
                       std::max(2.0, (span.endFrame - span.beginFrame) * m_pixelsPerFrame), 38);
      QColor fill = span.colour;
      fill.setAlpha(55);
      p.fillRect(box, fill);
      p.setPen(QPen(span.colour, 1.5));
      p.setBrush(Qt::NoBrush);
      p.drawRect(box);
      if (!span.label.isEmpty()) {
        p.setFont(legendFont);
        p.drawText(box.adjusted(3, 0, 200, 0), Qt::AlignTop | Qt::AlignLeft, span.label);
      }
    }
    if (m == m_dragMotion && m_dragFrom >= 0) {
      const int a = std::min(m_dragFrom, m_dragTo), b = std::max(m_dragFrom, m_dragTo) + 1;
      const QRectF box(frameToX(a), y - 19, (b - a) * m_pixelsPerFrame, 38);
      p.fillRect(box, QColor(255, 255, 255, 40));
      p.setPen(QPen(QColor(255, 255, 255, 200), 1, Qt::DashLine));
      p.drawRect(box);
    }
    if (m == m_selMotion && m_selFrame >= 0) {
      const int x = static_cast<int>(frameToX(m_selFrame + 0.5));
      p.setPen(QPen(QColor(255, 255, 255), 1));
      p.setBrush(QColor(255, 255, 255));
      const QPoint tri[3] = {{x - 5, y - 17}, {x + 5, y - 17}, {x, y - 11}};
      p.drawPolygon(tri, 3);
    }
    if (m == m_playMotion && m_playFrame >= 0) {
      const int x = static_cast<int>(frameToX(m_playFrame + 0.5));
      p.setPen(QPen(QColor(250, 220, 60), 2));
      p.drawLine(x, y - kRowHeight / 2 + 2, x, y + kRowHeight / 2 - 2);
    }
  }
  // The playhead's moment on the ruler (below the legend, which stays readable), written as the
  // transport and the heatmap write it.
  if (m_playMotion >= 0 && m_playFrame >= 0 &&
      m_playMotion < static_cast<int>(state->working.size())) {
    p.setClipping(false);
    const QString text = clockText(m_playFrame, state->working[m_playMotion]->fps);
    const int x = static_cast<int>(frameToX(m_playFrame + 0.5));
    // Only a playhead in view is labelled: a label pinned at the edge would name a frame that is
    // not where it stands.
    if (x >= kLabelWidth && x <= right) {
      const int textWidth = p.fontMetrics().horizontalAdvance(text);
      const QRect box(std::max(kLabelWidth, std::min(x + 4, right - textWidth - 6)), kLegend + 1,
                      textWidth + 6, kTop - kLegend - 3);
      p.fillRect(box, QColor(40, 40, 44));
      p.setPen(QColor(250, 220, 60));
      p.drawText(box, Qt::AlignCenter, text);
      p.drawLine(x, kTop - 5, x, kTop - 1);
    }
  }
}

void MatchTimeline::contextMenuEvent(QContextMenuEvent* event) {
  const TimelineHit hit = hitTest(event->pos());
  const auto state = m_session->state();
  QMenu menu(this);
  if (hit.motion >= 0) {
    const MotionId id = state->motionIds[hit.motion];
    menu.addAction(tr("&Move Playhead Here"), this,
                   [this, hit] { scrubTo(hit.motion, hit.frame); });
    if (!m_rangeSelection) {
      menu.addAction(tr("Set as &Hub Candidate (Frame %1)").arg(hit.frame), this, [this, hit, id] {
        setSelectedFrame(hit.motion, hit.frame);
        emit frameClicked(id, hit.frame);
      });
    }
    QAction* play =
        menu.addAction(tr("&Play This Clip"), this, [this, hit] { emit clipClicked(hit.edge); });
    play->setEnabled(hit.edge >= 0);
    menu.addSeparator();
  }
  menu.addAction(tr("&Fit All"), this, &MatchTimeline::fitAll);
  menu.addAction(tr("Zoom &In"), this, [this] { zoomBy(1.5, width() / 2.0); });
  menu.addAction(tr("Zoom &Out"), this, [this] { zoomBy(1 / 1.5, width() / 2.0); });
  menu.exec(event->globalPos());
}

void MatchTimeline::zoomBy(double factor, double x) {
  const double anchor = m_firstFrame + (x - kLabelWidth) / m_pixelsPerFrame;
  m_pixelsPerFrame = std::clamp(m_pixelsPerFrame * factor, 0.05, 40.0);
  m_firstFrame = std::max(0.0, anchor - (x - kLabelWidth) / m_pixelsPerFrame);
  m_fitted = false;
  update();
}

void MatchTimeline::manualView() {
  m_fitted = false;
  m_manualView.start();
}

int MatchTimeline::rulerMotion() const {
  const int rows = static_cast<int>(m_session->state()->working.size());
  if (m_playMotion >= 0 && m_playMotion < rows) return m_playMotion;
  if (m_selMotion >= 0 && m_selMotion < rows) return m_selMotion;
  return rows > 0 ? 0 : -1;
}

void MatchTimeline::scrubTo(int motion, int frame) {
  const auto state = m_session->state();
  if (motion < 0 || motion >= static_cast<int>(state->motionIds.size()) || frame < 0) return;
  setPlayhead(motion, frame);
  emit scrubbed(state->motionIds[motion], frame);
}

void MatchTimeline::setOverlay(std::vector<TimelineSpan> keys, std::vector<TimelineSpan> shading) {
  m_keySpans = std::move(keys);
  m_shading = std::move(shading);
  update();
}

void MatchTimeline::mouseMoveEvent(QMouseEvent* event) {
  const double x = event->position().x();
  if (m_scrubMotion >= 0) {
    const int frame = frameAtX(m_scrubMotion, x);
    if (frame >= 0 && frame != m_playFrame) scrubTo(m_scrubMotion, frame);
    return;
  }
  if (m_dragMotion < 0) return;
  const TimelineHit hit = hitTest(QPoint(static_cast<int>(x), rowY(m_dragMotion)));
  if (hit.motion == m_dragMotion && hit.frame != m_dragTo) {
    m_dragTo = hit.frame;
    update();
  }
}

void MatchTimeline::mouseReleaseEvent(QMouseEvent* event) {
  if (event->button() != Qt::LeftButton) return;
  m_scrubMotion = -1;
  if (m_dragMotion < 0) return;
  const int motion = m_dragMotion, a = std::min(m_dragFrom, m_dragTo),
            b = std::max(m_dragFrom, m_dragTo) + 1;
  const int pressed = m_dragFrom;
  m_dragMotion = m_dragFrom = m_dragTo = -1;
  update();
  const auto state = m_session->state();
  if (motion >= static_cast<int>(state->motionIds.size())) return;
  if (b - a >= 2) {
    emit rangeSelected(state->motionIds[motion], a, b, event->modifiers());
  } else {
    scrubTo(motion, pressed);  // a press without a drag is a click: the playhead goes there
  }
}

void MatchTimeline::mousePressEvent(QMouseEvent* event) {
  if (event->button() != Qt::LeftButton) return;
  const QPoint pos = event->position().toPoint();
  // The ruler: the motion under the playhead, scrubbed while the button is held.
  if (pos.y() >= kLegend && pos.y() < kTop && pos.x() >= kLabelWidth) {
    const int motion = rulerMotion();
    if (motion < 0) return;
    m_scrubMotion = motion;
    scrubTo(motion, frameAtX(motion, pos.x()));
    return;
  }
  const TimelineHit hit = hitTest(pos);
  if (hit.motion < 0) return;
  const auto state = m_session->state();
  if (!m_rangeSelection && event->modifiers() & Qt::ControlModifier) {
    // The hub candidate is a modifier away, so a plain click is free to move the playhead.
    setSelectedFrame(hit.motion, hit.frame);
    emit frameClicked(state->motionIds[hit.motion], hit.frame);
    return;
  }
  if (m_rangeSelection) {
    // A drag selects a stretch; the release tells a click (the playhead) from a drag.
    m_dragMotion = hit.motion;
    m_dragFrom = m_dragTo = hit.frame;
    return;
  }
  m_scrubMotion = hit.motion;
  scrubTo(hit.motion, hit.frame);
}

void MatchTimeline::wheelEvent(QWheelEvent* event) {
  const QPoint delta = event->angleDelta();
  const double x = event->position().x();
  if (x < kLabelWidth && !(event->modifiers() & (Qt::ShiftModifier | Qt::ControlModifier))) {
    event->ignore();  // over the names the wheel scrolls the motions (the dock's scroll area)
    return;
  }
  if (event->modifiers() & Qt::ShiftModifier || delta.x() != 0) {
    const int d = delta.x() != 0 ? delta.x() : delta.y();
    m_firstFrame = std::max(0.0, m_firstFrame - d / 120.0 * 40.0 / m_pixelsPerFrame);
  } else {
    zoomBy(std::pow(1.2, delta.y() / 120.0), x);
  }
  manualView();
  update();
  event->accept();
}

}  // namespace mg
