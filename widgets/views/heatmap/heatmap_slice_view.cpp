// SPDX-License-Identifier: MIT
#include "widgets/views/heatmap/heatmap_slice_view.h"

#include <algorithm>
#include <cmath>

#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>

namespace mg {

namespace {
constexpr int kLeft = 52, kRight = 8, kTop = 8, kBottom = 18;
}

HeatmapSliceView::HeatmapSliceView(QWidget* parent) : QWidget(parent) {
  setMinimumHeight(90);
  setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
}

void HeatmapSliceView::setSlice(std::vector<float> values, std::vector<int> minima, float yMax,
                                const QString& unit, double fps) {
  m_values = std::move(values);
  m_minima = std::move(minima);
  m_yMax = yMax > 0 ? yMax : 1;
  m_unit = unit;
  m_fps = fps > 0 ? fps : 30;
  if (m_selected >= columnCount()) m_selected = -1;
  update();
}

void HeatmapSliceView::setThreshold(float threshold) {
  m_threshold = threshold;
  update();
}

void HeatmapSliceView::setSelectedColumn(int col) {
  m_selected = col;
  update();
}

void HeatmapSliceView::setMarkerColour(const QColor& colour) {
  m_marker = colour;
  update();
}

QRectF HeatmapSliceView::plotRect() const {
  return QRectF(kLeft, kTop, std::max(1, width() - kLeft - kRight),
                std::max(1, height() - kTop - kBottom));
}

double HeatmapSliceView::xOfColumn(int col) const {
  const QRectF r = plotRect();
  const int n = std::max(1, columnCount());
  return r.left() + (col + 0.5) * r.width() / n;
}

int HeatmapSliceView::columnAt(double x) const {
  if (m_values.empty()) return -1;
  const QRectF r = plotRect();
  const int col = static_cast<int>(std::floor((x - r.left()) / r.width() * columnCount()));
  return std::clamp(col, 0, columnCount() - 1);
}

double HeatmapSliceView::yOf(float value) const {
  const QRectF r = plotRect();
  // Square-root axis, as the heatmap's grey: valleys near zero get room.
  const double f = std::sqrt(std::clamp(static_cast<double>(value) / m_yMax, 0.0, 1.0));
  return r.bottom() - f * r.height();
}

void HeatmapSliceView::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.fillRect(rect(), QColor(30, 31, 34));
  const QRectF r = plotRect();
  p.setPen(QColor(70, 72, 78));
  p.drawRect(r);
  p.setPen(QColor(170, 172, 178));
  QFont small = font();
  small.setPointSizeF(std::max(7.0, small.pointSizeF() - 1));
  p.setFont(small);
  p.drawText(QRectF(0, r.top() - 4, kLeft - 4, 14), Qt::AlignRight | Qt::AlignVCenter,
             QString::number(m_yMax, 'g', 3));
  p.drawText(QRectF(0, r.bottom() - 10, kLeft - 4, 14), Qt::AlignRight | Qt::AlignVCenter,
             QStringLiteral("0 %1").arg(m_unit));
  if (m_values.empty()) {
    p.drawText(r, Qt::AlignCenter, tr("Select a cell to plot its row"));
    return;
  }
  p.drawText(QRectF(r.left(), r.bottom() + 2, r.width(), 14), Qt::AlignRight,
             tr("%1 frames, %2 s").arg(columnCount()).arg(columnCount() / m_fps, 0, 'f', 1));
  p.setRenderHint(QPainter::Antialiasing, true);
  if (m_threshold > 0) {
    const double y = yOf(m_threshold);
    p.fillRect(QRectF(QPointF(r.left(), y), r.bottomRight()), QColor(40, 150, 255, 40));
    p.setPen(QPen(QColor(40, 150, 255), 1, Qt::DashLine));
    p.drawLine(QPointF(r.left(), y), QPointF(r.right(), y));
    if (y > r.top() + 14 && y < r.bottom() - 14) {
      p.setPen(QColor(110, 180, 255));
      p.drawText(QRectF(0, y - 7, kLeft - 4, 14), Qt::AlignRight | Qt::AlignVCenter,
                 QString::number(m_threshold, 'g', 2));
    }
  }
  // One vertex per pixel column at most: the minimum of the columns it covers, so valleys show.
  QPainterPath path;
  const int n = columnCount();
  const int pixels = std::max(1, static_cast<int>(r.width()));
  for (int px = 0; px < pixels; ++px) {
    const int c0 = static_cast<int>(static_cast<long long>(px) * n / pixels);
    const int c1 = std::max(c0 + 1, static_cast<int>(static_cast<long long>(px + 1) * n / pixels));
    float v = m_values[c0];
    for (int c = c0; c < std::min(c1, n); ++c) v = std::min(v, m_values[c]);
    const QPointF pt(r.left() + (n <= pixels ? xOfColumn(c0) - r.left() : px + 0.5), yOf(v));
    if (px == 0)
      path.moveTo(pt);
    else
      path.lineTo(pt);
    if (n <= pixels && c1 >= n) break;
  }
  p.setPen(QPen(QColor(225, 227, 232), 1.3));
  p.setBrush(Qt::NoBrush);
  p.drawPath(path);
  p.setPen(QPen(QColor(0, 0, 0, 180), 1));
  p.setBrush(QColor(255, 214, 64));
  for (int col : m_minima) p.drawEllipse(QPointF(xOfColumn(col), yOf(m_values[col])), 3.5, 3.5);
  if (m_selected >= 0) {
    const double x = xOfColumn(m_selected);
    p.setPen(QPen(m_marker, 1.5));
    p.drawLine(QPointF(x, r.top()), QPointF(x, r.bottom()));
    p.setBrush(m_marker);
    p.drawEllipse(QPointF(x, yOf(m_values[m_selected])), 4, 4);
  }
}

void HeatmapSliceView::mousePressEvent(QMouseEvent* event) {
  if (event->button() != Qt::LeftButton) return;
  const int col = columnAt(event->position().x());
  if (col >= 0) emit columnClicked(col);
}

void HeatmapSliceView::mouseMoveEvent(QMouseEvent* event) {
  if (!(event->buttons() & Qt::LeftButton)) return;
  const int col = columnAt(event->position().x());
  if (col >= 0 && col != m_selected) emit columnClicked(col);
}

}  // namespace mg
