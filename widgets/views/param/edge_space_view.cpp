// SPDX-License-Identifier: MIT
#include "widgets/views/param/edge_space_view.h"

#include <algorithm>
#include <cmath>
#include <tuple>

#include <QMouseEvent>
#include <QPainter>

namespace mg {

namespace {
const QColor kSpaceBackground(34, 36, 40);
const QColor kSpaceAxis(110, 114, 122);
const QColor kClassColour[3] = {QColor(90, 200, 110), QColor(150, 150, 155), QColor(225, 80, 75)};
}  // namespace

EdgeSpaceView::EdgeSpaceView(QWidget* parent) : QWidget(parent) {
  setMinimumSize(240, 160);
}

void EdgeSpaceView::setEdge(std::shared_ptr<const EdgeSampling> sampling,
                            std::shared_ptr<const ParametricEdge> edge) {
  m_sampling = std::move(sampling);
  m_edge = std::move(edge);
  setSourceSample(m_source);
}

void EdgeSpaceView::setSourceSample(int sourceSample) {
  m_source =
      m_sampling ? std::clamp(sourceSample, 0, std::max(0, m_sampling->sourceCount() - 1)) : 0;
  if (m_sampling && m_sampling->targetCount() > 0) {
    m_xMin = 1e300, m_xMax = -1e300, m_yMin = 1e300, m_yMax = -1e300;
    for (int t = 0; t < m_sampling->targetCount(); ++t) {
      const double x = m_sampling->targetParameters[t][0], y = yValue(t);
      m_xMin = std::min(m_xMin, x), m_xMax = std::max(m_xMax, x);
      m_yMin = std::min(m_yMin, y), m_yMax = std::max(m_yMax, y);
    }
    if (m_sampling->targetDims == 1 && m_edge) {
      m_yMin = 0.0;
      m_yMax = std::max(m_yMax, m_edge->thresholds.tBad * 1.3);
    }
    const double px = std::max(1e-9, (m_xMax - m_xMin) * 0.05),
                 py = std::max(1e-9, (m_yMax - m_yMin) * 0.05);
    m_xMin -= px, m_xMax += px, m_yMin -= m_sampling->targetDims == 1 ? 0.0 : py, m_yMax += py;
  }
  update();
}

void EdgeSpaceView::setLookup(std::optional<TransitionLookup> lookup) {
  m_lookup = std::move(lookup);
  update();
}

void EdgeSpaceView::setChosenTarget(int target) {
  m_chosen = target;
  update();
}

double EdgeSpaceView::yValue(int target) const {
  if (m_sampling->targetDims > 1) return m_sampling->targetParameters[target][1];
  return m_sampling->minimum[m_sampling->pair(m_source, target)];
}

QRectF EdgeSpaceView::plotRect() const {
  return QRectF(58, 10, width() - 68, height() - 38);
}

QPointF EdgeSpaceView::toScreen(double x, double y) const {
  const QRectF r = plotRect();
  return {r.left() + (x - m_xMin) / (m_xMax - m_xMin) * r.width(),
          r.bottom() - (y - m_yMin) / (m_yMax - m_yMin) * r.height()};
}

QPointF EdgeSpaceView::toScreen(int target) const {
  return toScreen(m_sampling->targetParameters[target][0], yValue(target));
}

void EdgeSpaceView::drawBox(QPainter& p, const ParameterBox& box, const QPen& pen) const {
  if (box.empty) return;
  p.setPen(pen);
  p.setBrush(Qt::NoBrush);
  if (m_sampling->targetDims == 1) {
    const QPointF a = toScreen(box.lo[0], m_yMin), b = toScreen(box.hi[0], m_yMax);
    p.drawRect(QRectF(a, b).normalized());
  } else {
    p.drawRect(QRectF(toScreen(box.lo[0], box.lo[1]), toScreen(box.hi[0], box.hi[1])).normalized());
  }
}

void EdgeSpaceView::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.setRenderHint(QPainter::Antialiasing);
  p.fillRect(rect(), kSpaceBackground);
  m_counts = {};
  const QRectF r = plotRect();
  if (!m_sampling || !m_edge || m_sampling->sourceCount() == 0) {
    p.setPen(kSpaceAxis);
    p.drawText(rect(), Qt::AlignCenter, tr("Not sampled: press Rebuild"));
    return;
  }
  p.setPen(kSpaceAxis);
  p.drawRect(r);
  const bool oneD = m_sampling->targetDims == 1;
  p.drawText(QRectF(r.left(), r.bottom() + 4, r.width(), 16), Qt::AlignCenter,
             !m_targetAxis.isEmpty() ? m_targetAxis
             : oneD                  ? tr("target parameter")
                                     : tr("target parameter 1 (x) / 2 (y)"));
  p.drawText(QRectF(0, r.bottom() - 8, 54, 16), Qt::AlignRight, QString::number(m_yMin, 'g', 3));
  p.drawText(QRectF(0, r.top() - 2, 54, 16), Qt::AlignRight, QString::number(m_yMax, 'g', 3));
  p.drawText(QRectF(r.left() - 30, r.bottom() + 4, 60, 16), Qt::AlignCenter,
             QString::number(m_xMin, 'g', 3));
  p.drawText(QRectF(r.right() - 30, r.bottom() + 4, 60, 16), Qt::AlignCenter,
             QString::number(m_xMax, 'g', 3));
  if (oneD) {
    for (auto [value, colour, name] :
         {std::tuple{m_edge->thresholds.tGood, kClassColour[0], "T_GOOD"},
          std::tuple{m_edge->thresholds.tBad, kClassColour[2], "T_BAD"}}) {
      const double y = toScreen(0.0, value).y();
      p.setPen(QPen(colour, 1, Qt::DashLine));
      p.drawLine(QPointF(r.left(), y), QPointF(r.right(), y));
      p.drawText(QRectF(r.right() - 70, y - 15, 66, 14), Qt::AlignRight, QString::fromLatin1(name));
    }
  }
  p.setPen(Qt::NoPen);
  const int nt = m_sampling->targetCount();
  for (int t = 0; t < nt; ++t) {
    const auto c = static_cast<size_t>(m_edge->classes[m_sampling->pair(m_source, t)]);
    p.setBrush(kClassColour[c]);
    p.drawEllipse(toScreen(t), 2.3, 2.3);
    ++m_counts[c];
  }
  if (m_chosen >= 0 && m_chosen < nt) {
    p.setPen(QPen(Qt::white, 1.5));
    p.setBrush(Qt::NoBrush);
    p.drawEllipse(toScreen(m_chosen), 6, 6);
  }
  const SourceSampleReport& report = m_edge->reports[static_cast<size_t>(m_source)];
  drawBox(p, report.box.before, QPen(QColor(240, 240, 240), 1.2, Qt::DashLine));
  drawBox(p, report.box.after, QPen(QColor(250, 214, 80), 2.0));
  if (m_lookup) drawBox(p, m_lookup->box, QPen(QColor(90, 200, 250), 2.0, Qt::DotLine));
  if (report.empty) {
    p.setPen(kClassColour[2]);
    p.drawText(r.adjusted(6, 4, -6, -4), Qt::AlignTop | Qt::AlignLeft | Qt::TextWordWrap,
               tr("Empty box: %1").arg(QString::fromStdString(report.why)));
  }
}

void EdgeSpaceView::mousePressEvent(QMouseEvent* event) {
  if (!m_sampling || !m_edge) return;
  int best = -1;
  double bestD = 1e300;
  for (int t = 0; t < m_sampling->targetCount(); ++t) {
    const QPointF d = toScreen(t) - event->position();
    const double dd = QPointF::dotProduct(d, d);
    if (dd < bestD) bestD = dd, best = t;
  }
  if (best >= 0) emit targetClicked(best);
}

}  // namespace mg
