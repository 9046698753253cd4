// SPDX-License-Identifier: MIT
#include "widgets/views/heatmap/heatmap_legend.h"

#include <cmath>

#include <QPainter>

#include "widgets/views/heatmap/heatmap_tiles.h"

namespace mg {

HeatmapLegend::HeatmapLegend(QWidget* parent) : QWidget(parent) {
  setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

QSize HeatmapLegend::sizeHint() const {
  return {300, fontMetrics().height() + 18};
}

void HeatmapLegend::setScale(float whiteLevel, const QString& unit) {
  m_white = whiteLevel;
  m_unit = unit;
  update();
}

void HeatmapLegend::setThreshold(float threshold) {
  m_threshold = threshold;
  update();
}

void HeatmapLegend::paintEvent(QPaintEvent*) {
  if (!(m_white > 0)) return;
  QPainter p(this);
  const int textH = fontMetrics().height();
  const QRect bar(8, 2, width() - 16, 12);
  // The same colours as the tiles, one per pixel column: grey by sqrt(D / white), tinted below
  // the threshold, so the key can be read against the image directly.
  // Along the bar the grey rises linearly, so distances run on the colour map's square-root
  // scale: x / width = sqrt(D / white).
  for (int x = 0; x < bar.width(); ++x) {
    const float f = static_cast<float>(x) / std::max(1, bar.width() - 1);
    const float d = m_white * f * f;
    p.setPen(QColor(HeatmapTiles::colourOf(d, m_white, m_threshold)));
    p.drawLine(bar.left() + x, bar.top(), bar.left() + x, bar.bottom());
  }
  p.setPen(QColor(90, 92, 98));
  p.drawRect(bar.adjusted(0, 0, -1, -1));
  p.setPen(QColor(180, 182, 188));
  const int ticks = 4;
  for (int k = 0; k <= ticks; ++k) {
    const double f = static_cast<double>(k) / ticks;
    const double value = m_white * f * f;
    const int x = bar.left() + static_cast<int>(std::lround((bar.width() - 1) * k / double(ticks)));
    p.drawLine(x, bar.bottom() + 1, x, bar.bottom() + 3);
    QString label = QString::number(value, 'g', 2);
    if (k == ticks) label = QStringLiteral("\u2265 %1 %2").arg(label, m_unit);
    const int w = fontMetrics().horizontalAdvance(label);
    const int left = std::clamp(x - w / 2, 0, width() - w);
    p.drawText(QRect(left, bar.bottom() + 3, w, textH), Qt::AlignCenter, label);
  }
  if (m_threshold > 0 && m_threshold <= m_white) {
    const int x =
        bar.left() +
        static_cast<int>(std::lround((bar.width() - 1) * std::sqrt(m_threshold / m_white)));
    p.setPen(QPen(QColor(255, 214, 64), 2));
    p.drawLine(x, bar.top() - 2, x, bar.bottom() + 2);
  }
}

}  // namespace mg
