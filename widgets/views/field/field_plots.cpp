// SPDX-License-Identifier: MIT
#include "widgets/views/field/field_plots.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include <QPainter>
#include <QPainterPath>

namespace mg {
namespace {

const QColor kBackground(34, 36, 40);

QColor valueColour(double f) {  // f in [0, 1]: blue to yellow
  f = std::clamp(f, 0.0, 1.0);
  return QColor::fromRgbF(0.15 + 0.8 * f, 0.25 + 0.6 * f, 0.8 - 0.6 * f);
}

}  // namespace

StateSpaceView::StateSpaceView(QWidget* parent) : QWidget(parent) {
  setToolTip(tr(
      "Every database state at its first two principal components, coloured by its value for the "
      "current task (yellow high). White ring: the character's state; lines: its neighbours, "
      "thicker for larger weights."));
}

void StateSpaceView::setPoints(std::vector<QPointF> points) {
  m_points = std::move(points);
  m_min = m_max = m_points.empty() ? QPointF() : m_points.front();
  for (const QPointF& p : m_points) {
    m_min.setX(std::min(m_min.x(), p.x())), m_min.setY(std::min(m_min.y(), p.y()));
    m_max.setX(std::max(m_max.x(), p.x())), m_max.setY(std::max(m_max.y(), p.y()));
  }
  update();
}

void StateSpaceView::setValues(std::vector<float> values) {
  m_values = std::move(values);
  update();
}

void StateSpaceView::setCurrent(QPointF at, std::vector<int> neighbours,
                                std::vector<double> weights) {
  m_hasCurrent = true;
  m_current = at;
  m_neighbours = std::move(neighbours);
  m_weights = std::move(weights);
  update();
}

void StateSpaceView::clearCurrent() {
  m_hasCurrent = false;
  update();
}

QPointF StateSpaceView::toWidget(QPointF p) const {
  const double w = std::max(1e-9, m_max.x() - m_min.x()), h = std::max(1e-9, m_max.y() - m_min.y());
  const double margin = 8;
  return {margin + (p.x() - m_min.x()) / w * (width() - 2 * margin),
          height() - margin - (p.y() - m_min.y()) / h * (height() - 2 * margin)};
}

void StateSpaceView::paintEvent(QPaintEvent*) {
  QPainter painter(this);
  painter.fillRect(rect(), kBackground);
  if (m_points.empty()) {
    painter.setPen(Qt::lightGray);
    painter.drawText(rect(), Qt::AlignCenter, tr("Build a field to see its states."));
    return;
  }
  painter.setRenderHint(QPainter::Antialiasing);
  float lo = 0, hi = 1;
  const bool coloured = m_values.size() == m_points.size();
  if (coloured) {
    const auto [a, b] = std::minmax_element(m_values.begin(), m_values.end());
    lo = *a, hi = std::max(*b, *a + 1e-6f);
  }
  painter.setPen(Qt::NoPen);
  for (size_t i = 0; i < m_points.size(); ++i) {
    painter.setBrush(coloured ? valueColour((m_values[i] - lo) / (hi - lo))
                              : QColor(120, 120, 120));
    painter.drawEllipse(toWidget(m_points[i]), 1.6, 1.6);
  }
  if (!m_hasCurrent) return;
  const QPointF c = toWidget(m_current);
  for (size_t i = 0; i < m_neighbours.size(); ++i) {
    const int s = m_neighbours[i];
    if (s < 0 || s >= static_cast<int>(m_points.size())) continue;
    const double w = i < m_weights.size() ? m_weights[i] : 0.0;
    painter.setPen(QPen(QColor(255, 140, 60), 0.5 + 6.0 * w));
    painter.drawLine(c, toWidget(m_points[s]));
    painter.setBrush(QColor(255, 140, 60));
    painter.drawEllipse(toWidget(m_points[s]), 2.5, 2.5);
  }
  painter.setPen(QPen(Qt::white, 2));
  painter.setBrush(Qt::NoBrush);
  painter.drawEllipse(c, 5, 5);
}

ValuePolarPlot::ValuePolarPlot(QWidget* parent) : QWidget(parent) {
  setToolTip(tr(
      "Value of the current state for each desired direction relative to the facing (up = ahead, "
      "left = to the left); farther out is better. The yellow line is the desired direction."));
}

void ValuePolarPlot::setValues(std::vector<double> values, double desiredAngle) {
  m_values = std::move(values);
  m_desired = desiredAngle;
  update();
}

void ValuePolarPlot::paintEvent(QPaintEvent*) {
  QPainter painter(this);
  painter.fillRect(rect(), kBackground);
  painter.setRenderHint(QPainter::Antialiasing);
  const QPointF centre(width() / 2.0, height() / 2.0);
  const double radius = std::min(width(), height()) / 2.0 - 10;
  painter.setPen(QPen(QColor(80, 80, 90), 1));
  for (double f : {0.33, 0.66, 1.0}) painter.drawEllipse(centre, radius * f, radius * f);
  auto at = [&](double angle, double r) {  // angle 0 up, positive to the left
    return QPointF(centre.x() - r * std::sin(angle), centre.y() - r * std::cos(angle));
  };
  if (m_values.size() < 3) {
    painter.setPen(Qt::lightGray);
    painter.drawText(rect(), Qt::AlignCenter, tr("No value function"));
    return;
  }
  const auto [a, b] = std::minmax_element(m_values.begin(), m_values.end());
  const double lo = *a, span = std::max(1e-9, *b - *a);
  QPainterPath curve;
  const int n = static_cast<int>(m_values.size());
  for (int t = 0; t <= n; ++t) {
    const double angle = -std::numbers::pi + 2 * std::numbers::pi * (t % n) / n;
    const QPointF p = at(angle, radius * (0.15 + 0.85 * (m_values[t % n] - lo) / span));
    t == 0 ? curve.moveTo(p) : curve.lineTo(p);
  }
  painter.setPen(QPen(QColor(120, 200, 255), 2));
  painter.drawPath(curve);
  painter.setPen(QPen(QColor(250, 214, 80), 2));
  painter.drawLine(centre, at(m_desired, radius));
  painter.setPen(Qt::lightGray);
  painter.drawText(QRectF(0, 0, width(), 16), Qt::AlignHCenter, tr("ahead"));
}

ResponseChart::ResponseChart(QWidget* parent) : QWidget(parent) {
  setToolTip(
      tr("Seconds until the facing is within 5\u00b0 of a new direction, over the same random "
         "changes: "
         "mean (dark) and median (light) per controller; failures are changes not met in time."));
}

void ResponseChart::setBars(std::vector<Bar> bars) {
  m_bars = std::move(bars);
  update();
}

void ResponseChart::paintEvent(QPaintEvent*) {
  QPainter painter(this);
  painter.fillRect(rect(), kBackground);
  if (m_bars.empty()) {
    painter.setPen(Qt::lightGray);
    painter.drawText(rect(), Qt::AlignCenter, tr("Compare to measure response times."));
    return;
  }
  double top = 0.5;
  for (const Bar& b : m_bars) top = std::max({top, b.mean, b.median});
  const double left = 34, bottom = height() - 34.0, plotTop = 8;
  const double slot = (width() - left - 6) / m_bars.size();
  painter.setPen(QColor(90, 90, 100));
  painter.drawLine(QPointF(left, bottom), QPointF(width() - 4.0, bottom));
  painter.setPen(Qt::lightGray);
  painter.drawText(QRectF(0, plotTop - 6, left - 4, 14), Qt::AlignRight,
                   QString::number(top, 'f', 1) + "s");
  for (size_t i = 0; i < m_bars.size(); ++i) {
    const Bar& b = m_bars[i];
    const double x = left + i * slot + slot * 0.15, w = slot * 0.33;
    const double hMean = (bottom - plotTop) * b.mean / top,
                 hMedian = (bottom - plotTop) * b.median / top;
    const QColor base = i + 1 == m_bars.size() ? QColor(230, 120, 80) : QColor(90, 160, 230);
    painter.fillRect(QRectF(x, bottom - hMean, w, hMean), base.darker(130));
    painter.fillRect(QRectF(x + w, bottom - hMedian, w, hMedian), base.lighter(120));
    painter.setPen(Qt::lightGray);
    painter.drawText(QRectF(left + i * slot, bottom + 2, slot, 14), Qt::AlignHCenter, b.label);
    painter.drawText(QRectF(left + i * slot, bottom + 16, slot, 14), Qt::AlignHCenter,
                     tr("%1 fail").arg(b.failures));
  }
}

}  // namespace mg
