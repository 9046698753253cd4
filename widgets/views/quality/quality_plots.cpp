// SPDX-License-Identifier: MIT
#include "widgets/views/quality/quality_plots.h"

#include <algorithm>
#include <cmath>

#include <QHelpEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

#include "core/report/quality_report.h"
#include "core/report/report_html.h"

namespace mg {
namespace {

constexpr int kPlotHeight = 200;
constexpr int kRowHeight = 30;
constexpr double kLogFloor = -4.0;  // smallest fraction drawn: 1e-4

QColor seriesColour(int series) {
  return QColor(QString::fromLatin1(reportSeriesColour(series)));
}

QString tick(double v) {
  const double a = std::abs(v);
  return QString::number(v, 'f', a >= 100 ? 0 : a >= 10 ? 1 : a >= 1 ? 2 : 3);
}

constexpr double kSwatch = 9;

QStringList seriesNames(const Histogram& h) {
  QStringList names;
  for (const std::string& s : h.series) names << QString::fromStdString(s);
  return names;
}

}  // namespace

HistogramLayout histogramLayout(const QRectF& area, const QStringList& series,
                                const QFontMetricsF& fm) {
  HistogramLayout l;
  const double line = fm.height() + 4;
  l.title = QRectF(area.left() + 8, area.top() + 2, area.width() - 16, line);
  // Entries flow left to right from the plot's left edge, a new row when one does not fit.
  const double left = area.left() + 48, right = area.right() - 10;
  const double gap = fm.horizontalAdvance(QStringLiteral("  ")) + 6;
  double x = left, y = l.title.bottom();
  for (const QString& name : series) {
    const double room = right - left - kSwatch - 5;
    const QString shown = fm.elidedText(name, Qt::ElideMiddle, room);
    const double w = kSwatch + 5 + fm.horizontalAdvance(shown);
    if (x > left && x + w > right) {
      x = left;
      y += line;
    }
    l.keys.emplace_back(x, y, w, line);
    l.names.push_back(shown);
    x += w + gap;
  }
  const double top = series.isEmpty() ? l.title.bottom() : y + line + 2;
  // Room below for the tick labels and the unit line; the plot keeps a third of the height.
  const double bottom = area.bottom() - 2 * (fm.height() + 2) - 4;
  l.plot = QRectF(QPointF(left, std::min(top, bottom - area.height() / 3)), QPointF(right, bottom));
  return l;
}

QualityPlots::QualityPlots(QWidget* parent) : QWidget(parent) {
  setMinimumHeight(120);
  setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
}

void QualityPlots::setReport(std::shared_ptr<const QualityReport> report) {
  m_report = std::move(report);
  updateGeometry();
  update();
}

int QualityPlots::responseRows() const {
  int rows = 0;
  if (!m_report) return 0;
  for (const InputFigures& f : m_report->inputs) rows += f.error.empty() && f.hasResponse ? 1 : 0;
  return rows;
}

int QualityPlots::heightForWidth(int width) const {
  if (!m_report) return 120;
  const bool sideBySide = width >= 760;
  const int histograms = sideBySide ? kPlotHeight : 2 * kPlotHeight + 8;
  const int rows = responseRows();
  return histograms + (rows > 0 ? 8 + 50 + rows * kRowHeight : 0);
}

QSize QualityPlots::sizeHint() const {
  return {520, heightForWidth(520)};
}

void QualityPlots::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.fillRect(rect(), QColor(31, 33, 38));
  if (!m_report) {
    p.setPen(palette().color(QPalette::PlaceholderText));
    p.drawText(rect(), Qt::AlignCenter, tr("Run the report to see its plots."));
    return;
  }
  p.setRenderHint(QPainter::Antialiasing);
  const QRectF acc = accelerationArea(), skate = skateArea();
  paintHistogram(p, acc, m_report->acceleration, tr("Per-frame worst-joint acceleration"));
  paintHistogram(p, skate, m_report->skate, tr("Planted-foot horizontal speed"));
  if (responseRows() > 0)
    paintResponses(p, QRectF(0, skate.bottom() + 8, width(), 50 + responseRows() * kRowHeight));
}

QRectF QualityPlots::accelerationArea() const {
  const bool sideBySide = width() >= 760;
  return QRectF(0, 0, sideBySide ? (width() - 8) / 2.0 : width(), kPlotHeight);
}

QRectF QualityPlots::skateArea() const {
  const bool sideBySide = width() >= 760;
  const double w = sideBySide ? (width() - 8) / 2.0 : width();
  return sideBySide ? QRectF(w + 8, 0, w, kPlotHeight) : QRectF(0, kPlotHeight + 8, w, kPlotHeight);
}

bool QualityPlots::event(QEvent* event) {
  if (event->type() == QEvent::ToolTip && m_report) {
    // A legend entry's whole series name (a long one is elided in the plot).
    auto* help = static_cast<QHelpEvent*>(event);
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    for (const auto& [area, h] : {std::pair{accelerationArea(), &m_report->acceleration},
                                  std::pair{skateArea(), &m_report->skate}}) {
      const HistogramLayout l = histogramLayout(area, seriesNames(*h), QFontMetricsF(small));
      for (size_t s = 0; s < l.keys.size(); ++s) {
        if (l.keys[s].contains(help->pos())) {
          QToolTip::showText(help->globalPos(), QString::fromStdString(h->series[s]), this);
          return true;
        }
      }
    }
    QToolTip::hideText();
    event->ignore();
    return true;
  }
  return QWidget::event(event);
}

void QualityPlots::paintHistogram(QPainter& p, const QRectF& area, const Histogram& h,
                                  const QString& title) const {
  p.fillRect(area, QColor(38, 41, 47));
  const int bins = static_cast<int>(h.edges.size()) - 1;
  if (bins < 1) return;
  QFont small = font();
  small.setPointSizeF(small.pointSizeF() * 0.85);
  p.setFont(small);
  const HistogramLayout layout = histogramLayout(area, seriesNames(h), QFontMetricsF(small));
  const QRectF plot = layout.plot;
  const double lineHeight = p.fontMetrics().height();
  auto x = [&](int edge) { return plot.left() + plot.width() * edge / bins; };
  auto y = [&](double fraction) {
    const double l = fraction > 0 ? std::max(kLogFloor, std::log10(fraction)) : kLogFloor;
    return plot.top() + plot.height() * (l / kLogFloor);
  };
  p.setPen(Qt::white);
  p.drawText(layout.title, Qt::AlignLeft | Qt::AlignVCenter,
             p.fontMetrics().elidedText(title, Qt::ElideRight, int(layout.title.width())));
  for (int d = 0; d >= -4; --d) {
    const double yy = y(std::pow(10.0, d));
    p.setPen(QColor(58, 61, 68));
    p.drawLine(QPointF(plot.left(), yy), QPointF(plot.right(), yy));
    p.setPen(QColor(184, 186, 192));
    p.drawText(QRectF(area.left(), yy - 7, 44, 14), Qt::AlignRight | Qt::AlignVCenter,
               d == 0 ? QStringLiteral("1") : QStringLiteral("1e%1").arg(d));
  }
  for (int e = 0; e <= bins; e += std::max(1, bins / 6)) {
    // Centred on its tick, kept inside the area (the last one was cut at the right edge).
    const double left = std::clamp(x(e) - 30, area.left(), area.right() - 60);
    p.drawText(QRectF(left, plot.bottom() + 2, 60, lineHeight), Qt::AlignCenter,
               tick(h.edges[static_cast<size_t>(e)]));
  }
  p.drawText(QRectF(plot.left(), plot.bottom() + 4 + lineHeight, plot.width(), lineHeight),
             Qt::AlignCenter,
             QString::fromStdString(h.unit) + (h.logarithmic ? tr(" (log scale)") : QString()));
  for (size_t s = 0; s < h.series.size(); ++s) {
    long long total = 0;
    for (int c : h.counts[s]) total += c;
    QPainterPath path;
    for (int b = 0; b < bins; ++b) {
      const double f =
          total > 0 ? static_cast<double>(h.counts[s][static_cast<size_t>(b)]) / total : 0.0;
      if (b == 0)
        path.moveTo(x(b), y(f));
      else
        path.lineTo(x(b), y(f));
      path.lineTo(x(b + 1), y(f));
    }
    p.setPen(QPen(seriesColour(static_cast<int>(s)), s == 0 ? 2.5 : 1.6));
    p.setBrush(Qt::NoBrush);
    p.drawPath(path);
    const QRectF entry = layout.keys[s];
    const QRectF key(entry.left(), entry.center().y() - kSwatch / 2, kSwatch, kSwatch);
    p.fillRect(key, seriesColour(static_cast<int>(s)));
    p.setPen(QColor(184, 186, 192));
    p.drawText(entry.adjusted(kSwatch + 5, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter,
               layout.names[s]);
  }
}

void QualityPlots::paintResponses(QPainter& p, const QRectF& area) const {
  p.fillRect(area, QColor(38, 41, 47));
  p.setPen(Qt::white);
  p.drawText(QPointF(area.left() + 8, area.top() + 15),
             tr("Time to face within %1\u00b0 of a new heading")
                 .arg(m_report->settings.toleranceDegrees, 0, 'f', 0));
  double tMax = 0.5;
  for (const InputFigures& f : m_report->inputs) {
    if (!f.error.empty() || !f.hasResponse) continue;
    for (const ResponseRecord& r : f.responses) tMax = std::max(tMax, r.heldSeconds);
  }
  const QRectF plot = area.adjusted(150, 24, -12, -22);
  auto x = [&](double t) { return plot.left() + plot.width() * t / tMax; };
  p.setPen(QColor(184, 186, 192));
  for (int k = 0; k <= 5; ++k) {
    const double t = tMax * k / 5;
    p.setPen(QColor(58, 61, 68));
    p.drawLine(QPointF(x(t), plot.top()), QPointF(x(t), plot.bottom()));
    p.setPen(QColor(184, 186, 192));
    p.drawText(QRectF(x(t) - 30, plot.bottom() + 2, 60, 14), Qt::AlignCenter,
               tick(t) + (k == 5 ? tr(" s") : QString()));
  }
  int row = 0;
  for (const InputFigures& f : m_report->inputs) {
    if (!f.error.empty() || !f.hasResponse) continue;
    // The series colour of this input: its place among the plotted series.
    const auto it = std::find(m_report->acceleration.series.begin(),
                              m_report->acceleration.series.end(), f.label);
    const QColor c = seriesColour(static_cast<int>(it - m_report->acceleration.series.begin()));
    std::vector<double> times;
    for (const ResponseRecord& r : f.responses) {
      if (r.seconds) times.push_back(*r.seconds);
    }
    const BoxFigures b = boxFigures(times);
    const double cy = plot.top() + kRowHeight * (row++ + 0.5);
    p.setPen(QColor(184, 186, 192));
    p.drawText(QRectF(area.left() + 8, cy - 8, 138, 16), Qt::AlignLeft | Qt::AlignVCenter,
               QString::fromStdString(f.label));
    p.setPen(QPen(c, 1.2));
    p.drawLine(QPointF(x(b.min), cy), QPointF(x(b.max), cy));
    QColor fill = c;
    fill.setAlphaF(0.35);
    p.setBrush(fill);
    p.drawRect(QRectF(x(b.q1), cy - 8, std::max(1.0, x(b.q3) - x(b.q1)), 16));
    p.setPen(QPen(c, 3));
    p.drawLine(QPointF(x(b.median), cy - 8), QPointF(x(b.median), cy + 8));
    p.setPen(QPen(c, 1));
    p.setBrush(Qt::NoBrush);
    for (const ResponseRecord& r : f.responses) {
      if (!r.seconds) p.drawEllipse(QPointF(x(r.heldSeconds), cy + 12), 2.5, 2.5);
    }
  }
}

}  // namespace mg
