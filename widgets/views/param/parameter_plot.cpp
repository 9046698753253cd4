// SPDX-License-Identifier: MIT
#include "widgets/views/param/parameter_plot.h"

#include <algorithm>

#include <QMouseEvent>
#include <QPainter>

namespace mg {

namespace {
const QColor kPlotBackground(34, 36, 40);
const QColor kPlotAxis(110, 114, 122);
const QColor kSample(120, 170, 220, 150);
const QColor kExample(250, 190, 80);
const QColor kCursor(255, 90, 90);
constexpr double kMargin = 34;

double span(const ParametricNode& n, int d) {
  const double w = n.rangeMax()[d] - n.rangeMin()[d];
  return w > 1e-12 ? w : 1.0;
}
}  // namespace

ParameterPlot::ParameterPlot(QWidget* parent) : QWidget(parent) {
  setMinimumSize(220, 120);
  setMouseTracking(false);
  setToolTip(tr("Press or drag to play the blend for a parameter"));
}

void ParameterPlot::setNode(std::shared_ptr<const ParametricNode> node) {
  m_node = std::move(node);
  if (m_node && !m_node->samples().empty()) m_cursor = m_node->samples().front().parameters;
  update();
}

void ParameterPlot::setCursor(const ParameterVector& l) {
  m_cursor = l;
  update();
}

int ParameterPlot::panelCount() const {
  return m_node && m_node->dimensions() == 3 ? 2 : 1;
}

QRectF ParameterPlot::panel(int index) const {
  const int n = panelCount();
  const double w = (width() - kMargin * (n + 0.5)) / n;
  return QRectF(kMargin + index * (w + kMargin), 16, std::max(10.0, w),
                std::max(10.0, height() - 20 - kMargin));
}

QPointF ParameterPlot::toScreen(int panelIndex, const ParameterVector& l) const {
  const QRectF r = panel(panelIndex);
  const int dx = 0, dy = panelIndex == 0 ? 1 : 2;
  const double x = (l[dx] - m_node->rangeMin()[dx]) / span(*m_node, dx);
  if (m_node->dimensions() == 1) return {r.left() + x * r.width(), r.center().y()};
  const double y = (l[dy] - m_node->rangeMin()[dy]) / span(*m_node, dy);
  return {r.left() + x * r.width(), r.bottom() - y * r.height()};
}

void ParameterPlot::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.setRenderHint(QPainter::Antialiasing);
  p.fillRect(rect(), kPlotBackground);
  m_exampleMarks = m_sampleDots = 0;
  if (!m_node) {
    p.setPen(kPlotAxis);
    p.drawText(rect(), Qt::AlignCenter, tr("No parametric node"));
    return;
  }
  const int dims = m_node->dimensions();
  // Axis titles carry the unit: "travel_direction_change [deg]".
  std::vector<std::string> names = m_node->measure().parameterNames();
  const std::vector<std::string> units = m_node->measure().parameterUnits();
  for (size_t d = 0; d < names.size() && d < units.size(); ++d) names[d] += " [" + units[d] + "]";
  const int examples = m_node->space().exampleCount();
  const auto& samples = m_node->samples();
  for (int pi = 0; pi < panelCount(); ++pi) {
    const QRectF r = panel(pi);
    p.setPen(kPlotAxis);
    const int dy = pi == 0 ? 1 : 2;
    if (dims == 1) {
      p.drawLine(QPointF(r.left(), r.center().y()), QPointF(r.right(), r.center().y()));
    } else {
      p.drawRect(r);
      p.save();
      p.translate(r.left() - 22, r.center().y());
      p.rotate(-90);
      p.drawText(QRectF(-r.height() / 2, -8, r.height(), 16), Qt::AlignCenter,
                 QString::fromStdString(names[static_cast<size_t>(dy)]));
      p.restore();
    }
    p.drawText(QRectF(r.left(), r.bottom() + 15, r.width(), 16), Qt::AlignCenter,
               QString::fromStdString(names[0]));
    p.drawText(QRectF(r.left() - kMargin, r.bottom() + 2, kMargin * 2, 16), Qt::AlignCenter,
               QString::number(m_node->rangeMin()[0], 'g', 3));
    p.drawText(QRectF(r.right() - kMargin, r.bottom() + 2, kMargin * 2, 16), Qt::AlignCenter,
               QString::number(m_node->rangeMax()[0], 'g', 3));
    // Random blends first, examples on top.
    p.setPen(Qt::NoPen);
    p.setBrush(kSample);
    for (size_t i = static_cast<size_t>(examples); i < samples.size(); ++i) {
      QPointF at = toScreen(pi, samples[i].parameters);
      if (dims == 1)
        at.ry() += ((static_cast<int>(i) * 7919) % 21 - 10) * 0.9;  // spread, not a smear
      p.drawEllipse(at, 2.0, 2.0);
      ++m_sampleDots;
    }
    p.setBrush(kExample);
    p.setPen(QPen(kExample.darker(160), 1));
    for (int i = 0; i < examples && i < static_cast<int>(samples.size()); ++i) {
      const QPointF at = toScreen(pi, samples[static_cast<size_t>(i)].parameters);
      if (dims == 1) {
        p.setPen(QPen(kExample, 2));
        p.drawLine(at + QPointF(0, -14), at + QPointF(0, 14));
      } else {
        p.drawRect(QRectF(at - QPointF(3.5, 3.5), QSizeF(7, 7)));
      }
      ++m_exampleMarks;
    }
    const QPointF c = toScreen(pi, m_cursor);
    p.setPen(QPen(kCursor, 2));
    p.setBrush(Qt::NoBrush);
    p.drawEllipse(c, 6, 6);
    if (dims == 1) p.drawLine(c + QPointF(0, -20), c + QPointF(0, 20));
  }
  p.setPen(kCursor);
  QString label;
  const std::vector<std::string> cursorUnits = m_node->measure().parameterUnits();
  for (int d = 0; d < dims; ++d) {
    label += (d ? QStringLiteral(", ") : QString()) + QString::number(m_cursor[d], 'f', 2) +
             QLatin1Char(' ') +
             QString::fromStdString(d < static_cast<int>(cursorUnits.size())
                                        ? cursorUnits[static_cast<size_t>(d)]
                                        : std::string());
  }
  p.drawText(QRectF(0, 0, width() - 6, 14), Qt::AlignRight, QStringLiteral("l = (%1)").arg(label));
}

void ParameterPlot::dragTo(const QPointF& pos) {
  if (!m_node) return;
  const int pi = panelCount() == 2 && pos.x() > panel(1).left() - kMargin / 2 ? 1 : 0;
  const QRectF r = panel(pi);
  ParameterVector l = m_cursor;
  l[0] = m_node->rangeMin()[0] +
         std::clamp((pos.x() - r.left()) / r.width(), 0.0, 1.0) * span(*m_node, 0);
  if (m_node->dimensions() > 1) {
    const int dy = pi == 0 ? 1 : 2;
    l[dy] = m_node->rangeMin()[dy] +
            std::clamp((r.bottom() - pos.y()) / r.height(), 0.0, 1.0) * span(*m_node, dy);
  }
  m_cursor = l;
  update();
  emit parameterDragged(l);
}

void ParameterPlot::mousePressEvent(QMouseEvent* event) {
  if (event->button() == Qt::LeftButton) dragTo(event->position());
}

void ParameterPlot::mouseMoveEvent(QMouseEvent* event) {
  if (event->buttons() & Qt::LeftButton) dragTo(event->position());
}

}  // namespace mg
