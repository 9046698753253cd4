// SPDX-License-Identifier: MIT
#include "widgets/views/param/transition_grid_image.h"

#include <QPainter>

#include "core/metric/grid_colour_map.h"

namespace mg {

QImage transitionGridImage(const TransitionGrid& grid, const QSize& size) {
  const DistanceGrid& g = grid.grid;
  if (g.rows <= 0 || g.cols <= 0) return {};
  QImage img(g.cols, g.rows, QImage::Format_RGB32);
  const float white = gridWhiteLevel(g.values);
  for (int i = 0; i < g.rows; ++i) {
    for (int j = 0; j < g.cols; ++j) {
      const int v = gridGrey8(g.at(i, j), white);
      img.setPixel(j, i, qRgb(v, v, v));
    }
  }
  QImage out = img.scaled(size, Qt::IgnoreAspectRatio, Qt::FastTransformation);
  QPainter p(&out);
  p.setRenderHint(QPainter::Antialiasing);
  const double sx = out.width() / double(g.cols), sy = out.height() / double(g.rows);
  const QPointF c((grid.bestCol + 0.5) * sx, (grid.bestRow + 0.5) * sy);
  p.setPen(QPen(QColor(255, 70, 70), 2));
  p.drawLine(c - QPointF(7, 0), c + QPointF(7, 0));
  p.drawLine(c - QPointF(0, 7), c + QPointF(0, 7));
  p.setBrush(Qt::NoBrush);
  p.drawEllipse(c, 4.5, 4.5);
  return out;
}

}  // namespace mg
