// SPDX-License-Identifier: MIT
#include "widgets/views/heatmap/heatmap_view.h"

#include <algorithm>
#include <cmath>

#include <QContextMenuEvent>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMenu>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>

namespace mg {

namespace {
constexpr double kDragThresholdPixels = 4;
const QColor kBackground(30, 31, 34);
const QColor kMinimumDot(255, 214, 64);
}  // namespace

HeatmapView::HeatmapView(QWidget* parent) : QWidget(parent) {
  setMouseTracking(true);
  setFocusPolicy(Qt::StrongFocus);
  setMinimumSize(160, 160);
  setAttribute(Qt::WA_OpaquePaintEvent);
}

void HeatmapView::setGrid(std::shared_ptr<const HeatmapGrid> grid) {
  m_grid = std::move(grid);
  m_tiles.setGrid(m_grid);
  if (!m_grid || m_selRow >= m_grid->rowCount() || m_selCol >= m_grid->colCount()) {
    m_selRow = m_selCol = -1;
  }
  fitToView();
}

void HeatmapView::setThreshold(float threshold) {
  m_tiles.setThreshold(threshold);
  update();
}

void HeatmapView::setPairColours(const QColor& row, const QColor& col) {
  m_rowColour = row;
  m_colColour = col;
  update();
}

QFont HeatmapView::rulerFont() const {
  QFont f = font();
  f.setPointSizeF(f.pointSizeF() * 0.8);
  return f;
}

int HeatmapView::topBand() const {
  return QFontMetrics(rulerFont()).height() + 4;
}

int HeatmapView::leftBand() const {
  // Room for the longest row number and its seconds ("8888", "296s", and "0.0333s" as three
  // significant digits write a frame's time in a short grid) and the tick.
  const QFontMetrics fm(rulerFont());
  const int rows = m_grid ? m_grid->rowCount() : 1000;
  const QString digits(QString::number(rows).size(), QLatin1Char('8'));
  const int text = std::max({fm.horizontalAdvance(digits), fm.horizontalAdvance(digits + 's'),
                             fm.horizontalAdvance(QStringLiteral("0.0888s")),
                             fm.horizontalAdvance(tr("frame"))});
  return text + 10;
}

QRect HeatmapView::plotRect() const {
  const int top = topBand(), left = leftBand();
  return QRect(left, top, std::max(1, width() - left - 2), std::max(1, height() - 2 * top));
}

double HeatmapView::fitScale() const {
  if (!m_grid) return 1;
  const QRect plot = plotRect();
  return std::min(plot.width() / static_cast<double>(m_grid->colCount()),
                  plot.height() / static_cast<double>(m_grid->rowCount()));
}

void HeatmapView::setView(double pixelsPerFrame, const QPointF& origin) {
  const double minScale = std::min(fitScale(), 1.0) * 0.5;
  m_scale = std::clamp(pixelsPerFrame, minScale, kMaxPixelsPerFrame);
  m_origin = origin;
  m_fitted = false;
  update();
}

void HeatmapView::fitToView() {
  applyFit();
  update();
}

void HeatmapView::applyFit() {
  m_fitSize = size();
  m_scale = fitScale();
  if (m_grid) {
    // The grid's first cell at the plot's corner, under the column ruler and beside the row
    // ruler: the rulers hug the grid and never cover a cell of a fitted grid.
    m_origin = -QPointF(plotRect().topLeft()) / m_scale;
  }
  m_fitted = true;
}

void HeatmapView::zoomAt(const QPointF& anchor, double factor) {
  const QPointF at = m_origin + anchor / m_scale;
  const double minScale = std::min(fitScale(), 1.0) * 0.5;
  const double scale = std::clamp(m_scale * factor, minScale, kMaxPixelsPerFrame);
  setView(scale, at - anchor / scale);
}

QPoint HeatmapView::cellAt(const QPointF& p) const {
  if (!m_grid) return {-1, -1};
  const QPointF g = m_origin + p / m_scale;
  const int col = static_cast<int>(std::floor(g.x())), row = static_cast<int>(std::floor(g.y()));
  if (row < 0 || col < 0 || row >= m_grid->rowCount() || col >= m_grid->colCount()) return {-1, -1};
  return {col, row};
}

QPointF HeatmapView::cellCentre(int row, int col) const {
  return (QPointF(col + 0.5, row + 0.5) - m_origin) * m_scale;
}

void HeatmapView::setSelection(int row, int col) {
  if (!m_grid || row < 0 || col < 0) {
    row = col = -1;
  } else {
    row = std::clamp(row, 0, m_grid->rowCount() - 1);
    col = std::clamp(col, 0, m_grid->colCount() - 1);
  }
  if (row == m_selRow && col == m_selCol) return;
  m_selRow = row;
  m_selCol = col;
  update();
  emit selectionChanged(row, col);
}

int HeatmapView::drawnLevel() const {
  if (!m_grid) return 0;
  return m_grid->pyramid.levelAtOrBelow(pyramidLevelForZoom(m_scale)).level;
}

void HeatmapView::paintEvent(QPaintEvent*) {
  // A size that changed without a resize event reaching the view (resized while hidden in a
  // tabbed or closed dock) is caught here, before anything is drawn at the old fit.
  if (m_fitted && m_fitSize != size()) applyFit();
  QPainter p(this);
  p.fillRect(rect(), kBackground);
  if (!m_grid) return;
  const GridPyramidLevel& level = m_grid->pyramid.levelAtOrBelow(pyramidLevelForZoom(m_scale));
  const double cellFrames = 1 << level.level;
  const double tileFrames = HeatmapTiles::kTileCells * cellFrames;
  const QPointF end = m_origin + QPointF(width(), height()) / m_scale;
  const int tc0 = std::max(0, static_cast<int>(std::floor(m_origin.x() / tileFrames)));
  const int tr0 = std::max(0, static_cast<int>(std::floor(m_origin.y() / tileFrames)));
  const int tc1 = std::min((level.cols - 1) / HeatmapTiles::kTileCells,
                           static_cast<int>(std::floor(end.x() / tileFrames)));
  const int tr1 = std::min((level.rows - 1) / HeatmapTiles::kTileCells,
                           static_cast<int>(std::floor(end.y() / tileFrames)));
  // Nearest-neighbour scaling: cells stay crisp when zoomed in, and the chosen level is never
  // shrunk (see pyramidLevelForZoom), so no dark cell is lost.
  p.setRenderHint(QPainter::SmoothPixmapTransform, false);
  for (int tr = tr0; tr <= tr1; ++tr) {
    for (int tc = tc0; tc <= tc1; ++tc) {
      const QImage& image = m_tiles.tile(level, tr, tc);
      // Cells of the last block may reach past the grid's edge: clip to the grid's frames.
      const double x0 = tc * tileFrames, y0 = tr * tileFrames;
      const double x1 = std::min<double>(x0 + image.width() * cellFrames, m_grid->colCount());
      const double y1 = std::min<double>(y0 + image.height() * cellFrames, m_grid->rowCount());
      const QRectF target(QPointF((x0 - m_origin.x()) * m_scale, (y0 - m_origin.y()) * m_scale),
                          QPointF((x1 - m_origin.x()) * m_scale, (y1 - m_origin.y()) * m_scale));
      const QRectF source(0, 0, (x1 - x0) / cellFrames, (y1 - y0) / cellFrames);
      p.drawImage(target, image, source);
    }
  }
  p.setRenderHint(QPainter::Antialiasing, true);
  drawMinima(p);
  drawSelection(p);
  drawAxes(p);
}

int heatmapAxisStep(double pixelsPerFrame, double minPixels) {
  for (int decade = 1; decade <= 100000000; decade *= 10) {
    for (int m : {1, 2, 5}) {
      if (m * decade * pixelsPerFrame >= minPixels) return m * decade;
    }
  }
  return 1000000000;
}

std::vector<HeatmapRulerLabel> HeatmapView::columnLabels() const {
  std::vector<HeatmapRulerLabel> out;
  if (!m_grid) return out;
  const QFontMetrics fm(rulerFont());
  const double fps = m_grid->fps();
  const int cols = m_grid->colCount();
  auto withSeconds = [fps](int frame) {
    return QStringLiteral("%1 (%2s)").arg(frame).arg(frame / fps, 0, 'g', 3);
  };
  // The widest label of this grid: as many digits as its last frame, all of them 8s.
  const int widestFrame = QString(QString::number(cols).size(), QLatin1Char('8')).toInt();
  const int gap = fm.horizontalAdvance(QLatin1Char(' ')) + 3;
  const QRect plot = plotRect();
  const double visibleFrames = std::min<double>(cols, plot.width() / m_scale);
  // Seconds beside each frame while that still leaves a few labels across the view; the frames
  // alone when zoomed out (a ruler with one label read "0" and nothing else).
  int step = heatmapAxisStep(m_scale, fm.horizontalAdvance(withSeconds(widestFrame)) + gap);
  const bool seconds = visibleFrames / step >= 2.5;
  if (!seconds) {
    step = heatmapAxisStep(m_scale, fm.horizontalAdvance(QString::number(widestFrame)) + gap);
  }
  const double endFrame = std::min<double>(m_origin.x() + width() / m_scale, cols);
  int right = -1;  // the previous label's right edge
  for (int c = std::max(0, static_cast<int>(std::ceil(m_origin.x() / step)) * step); c <= endFrame;
       c += step) {
    const int x = static_cast<int>(std::lround((c - m_origin.x()) * m_scale));
    if (x < plot.left()) continue;
    HeatmapRulerLabel label;
    label.frame = c;
    label.text = seconds ? withSeconds(c) : QString::number(c);
    label.rect = QRect(x + 2, 0, fm.horizontalAdvance(label.text), topBand() - 4);
    if (label.rect.right() >= width()) break;
    if (right >= 0 && label.rect.left() < right + gap / 2) continue;
    right = label.rect.right();
    out.push_back(std::move(label));
  }
  return out;
}

std::vector<HeatmapRulerLabel> HeatmapView::rowLabels() const {
  std::vector<HeatmapRulerLabel> out;
  if (!m_grid) return out;
  const QFontMetrics fm(rulerFont());
  const double fps = m_grid->fps();
  // Two lines per label (frame above the tick, seconds below) and a line's gap between labels.
  const int lineHeight = fm.height();
  const int step = heatmapAxisStep(m_scale, 2.5 * lineHeight);
  const QRect plot = plotRect();
  const double endFrame = std::min<double>(m_origin.y() + height() / m_scale, m_grid->rowCount());
  int bottom = -1;
  bool firstShifted = false;
  for (int r = std::max(0, static_cast<int>(std::ceil(m_origin.y() / step)) * step); r <= endFrame;
       r += step) {
    const int y = static_cast<int>(std::lround((r - m_origin.y()) * m_scale));
    if (y < plot.top()) continue;
    HeatmapRulerLabel label;
    label.frame = r;
    label.text = QStringLiteral("%1\n%2s").arg(r).arg(r / fps, 0, 'g', 3);
    // Centred on its tick; the first row's label sits just below the column ruler instead.
    label.rect = QRect(2, std::max(plot.top(), y - lineHeight), leftBand() - 8, 2 * lineHeight);
    if (label.rect.bottom() >= height()) break;
    if (bottom >= 0 && label.rect.top() <= bottom) {
      // The first label, pushed down below the column ruler, crowds the next one: the next one
      // stays, so the labels keep one step.
      if (!firstShifted || out.size() != 1) continue;
      out.pop_back();
    }
    if (out.empty()) firstShifted = label.rect.top() > y - lineHeight;
    bottom = label.rect.bottom();
    out.push_back(std::move(label));
  }
  return out;
}

void HeatmapView::drawAxes(QPainter& p) {
  // Translucent bands over the top and left edges: frame numbers (and seconds) of the columns
  // and rows, and which motion runs along each.
  const int band = topBand(), leftWidth = leftBand();
  p.setRenderHint(QPainter::Antialiasing, false);
  p.setFont(rulerFont());
  const QFontMetrics fm = p.fontMetrics();
  const QColor shade(20, 21, 24, 200), text(210, 212, 218);
  p.fillRect(QRect(0, 0, width(), band), shade);
  p.fillRect(QRect(0, band, leftWidth, height() - band), shade);
  p.setPen(text);
  for (const HeatmapRulerLabel& l : columnLabels()) {
    const int x = static_cast<int>(std::lround((l.frame - m_origin.x()) * m_scale));
    p.drawLine(x, band - 5, x, band - 1);
    p.drawText(l.rect, Qt::AlignLeft | Qt::AlignVCenter, l.text);
  }
  for (const HeatmapRulerLabel& l : rowLabels()) {
    const int y = static_cast<int>(std::lround((l.frame - m_origin.y()) * m_scale));
    p.drawLine(leftWidth - 5, y, leftWidth - 1, y);
    p.drawText(l.rect, Qt::AlignRight | Qt::AlignVCenter, l.text);
  }
  p.fillRect(QRect(0, 0, leftWidth, band), shade.darker(130));
  p.drawText(QRect(2, 0, leftWidth - 4, band), Qt::AlignCenter, tr("frame"));
  const QString names = namesText();
  const QString shown = fm.elidedText(names, Qt::ElideMiddle, width() - 12);
  const QRect nameRect = namesRect();
  p.fillRect(nameRect, shade);
  p.drawText(nameRect, Qt::AlignCenter, shown);
}

QString HeatmapView::namesText() const {
  if (!m_grid) return {};
  const QString rowName =
      QString::fromStdString(m_grid->rowMotion ? m_grid->rowMotion->name : std::string());
  const QString colName =
      QString::fromStdString(m_grid->colMotion ? m_grid->colMotion->name : std::string());
  return tr("rows ↓ %1   columns → %2   (frames at %3 fps)")
      .arg(rowName, colName)
      .arg(m_grid->fps(), 0, 'g', 4);
}

QRect HeatmapView::namesRect() const {
  // A narrow view elides the names (the tooltip holds them whole) rather than draw them past its
  // left edge.
  const QFontMetrics fm(rulerFont());
  const int w = std::min(width(), fm.horizontalAdvance(namesText()) + 12);
  return QRect(width() - w, height() - topBand(), w, topBand());
}

void HeatmapView::contextMenuEvent(QContextMenuEvent* event) {
  const QPoint pos = event->pos();
  const QPoint cell = cellAt(pos);
  QMenu menu(this);
  if (cell.x() >= 0) {
    const int row = cell.y(), col = cell.x();
    menu.addAction(
        tr("Select Frames %1 × %2 (overlay the poses, offer frame %1 as a hub)").arg(row).arg(col),
        this, [this, row, col] { setSelection(row, col); });
  }
  if (hasSelection())
    menu.addAction(tr("&Clear Selection"), this, [this] { setSelection(-1, -1); });
  menu.addSeparator();
  menu.addAction(tr("&Fit Grid"), this, &HeatmapView::fitToView)->setEnabled(m_grid != nullptr);
  menu.addAction(tr("Zoom &In"), this, [this, pos] { zoomAt(pos, 2.0); })
      ->setEnabled(m_grid != nullptr);
  menu.addAction(tr("Zoom &Out"), this, [this, pos] { zoomAt(pos, 0.5); })
      ->setEnabled(m_grid != nullptr);
  menu.exec(event->globalPos());
}

void HeatmapView::drawMinima(QPainter& p) {
  const float threshold = m_tiles.threshold();
  if (threshold <= 0) return;
  // Small dots when zoomed out, where they crowd; a dark rim once there is room for one.
  const double radius = std::clamp(m_scale * 0.5, 1.6, 5.0);
  p.setPen(radius > 2.5 ? QPen(QColor(0, 0, 0, 180), 1) : QPen(Qt::NoPen));
  p.setBrush(kMinimumDot);
  const QRectF area = QRectF(rect()).adjusted(-radius, -radius, radius, radius);
  auto dot = [&](int row, int col) {
    const QPointF c = cellCentre(row, col);
    if (area.contains(c)) p.drawEllipse(c, radius, radius);
  };
  for (const GridMinimum& m : m_grid->minima) {
    if (!(m.distance < threshold)) continue;
    dot(m.row, m.col);
    if (m_grid->self()) dot(m.col, m.row);
  }
}

void HeatmapView::drawSelection(QPainter& p) {
  if (!hasSelection()) return;
  const QPointF c = cellCentre(m_selRow, m_selCol);
  // The row frame's line runs across in its character's colour, the column's down.
  p.setPen(QPen(m_rowColour, 1, Qt::DashLine));
  p.drawLine(QPointF(0, c.y()), QPointF(width(), c.y()));
  p.setPen(QPen(m_colColour, 1, Qt::DashLine));
  p.drawLine(QPointF(c.x(), 0), QPointF(c.x(), height()));
  const double half = std::max(5.0, m_scale * 0.5 + 2);
  p.setBrush(Qt::NoBrush);
  p.setPen(QPen(Qt::white, 2));
  p.drawRect(QRectF(c.x() - half, c.y() - half, 2 * half, 2 * half));
}

void HeatmapView::resizeEvent(QResizeEvent*) {
  if (m_fitted) applyFit();
}

void HeatmapView::wheelEvent(QWheelEvent* event) {
  const double steps = event->angleDelta().y() / 120.0;
  if (steps == 0 || !m_grid) return;
  zoomAt(event->position(), std::pow(1.25, steps));
  event->accept();
}

void HeatmapView::mousePressEvent(QMouseEvent* event) {
  if (event->button() != Qt::LeftButton && event->button() != Qt::MiddleButton) return;
  m_pressed = true;
  m_dragging = event->button() == Qt::MiddleButton;
  m_pressPos = event->position();
  m_pressOrigin = m_origin;
}

void HeatmapView::mouseMoveEvent(QMouseEvent* event) {
  if (m_pressed) {
    const QPointF delta = event->position() - m_pressPos;
    if (!m_dragging && std::hypot(delta.x(), delta.y()) > kDragThresholdPixels) m_dragging = true;
    if (m_dragging) {
      setView(m_scale, m_pressOrigin - delta / m_scale);
      setCursor(Qt::ClosedHandCursor);
    }
  }
  const QPoint cell = cellAt(event->position());
  if (cell != m_hover) {
    m_hover = cell;
    emit hovered(cell.y(), cell.x());
  }
}

void HeatmapView::mouseReleaseEvent(QMouseEvent* event) {
  if (!m_pressed) return;
  m_pressed = false;
  unsetCursor();
  if (m_dragging) {
    m_dragging = false;
    return;
  }
  const QPoint cell = cellAt(event->position());
  if (cell.x() >= 0) setSelection(cell.y(), cell.x());
}

void HeatmapView::keyPressEvent(QKeyEvent* event) {
  const int step = event->modifiers() & Qt::ShiftModifier ? 10 : 1;
  int dr = 0, dc = 0;
  switch (event->key()) {
    case Qt::Key_Left:
      dc = -step;
      break;
    case Qt::Key_Right:
      dc = step;
      break;
    case Qt::Key_Up:
      dr = -step;
      break;
    case Qt::Key_Down:
      dr = step;
      break;
    case Qt::Key_Home:
      fitToView();
      return;
    default:
      QWidget::keyPressEvent(event);
      return;
  }
  if (!m_grid) return;
  if (!hasSelection()) {
    setSelection(0, 0);
  } else {
    setSelection(std::max(0, m_selRow + dr), std::max(0, m_selCol + dc));
  }
  event->accept();
}

bool HeatmapView::event(QEvent* event) {
  // The window's arrow-key shortcuts (playback stepping) yield while the heatmap has the focus.
  if (event->type() == QEvent::ShortcutOverride) {
    switch (static_cast<QKeyEvent*>(event)->key()) {
      case Qt::Key_Left:
      case Qt::Key_Right:
      case Qt::Key_Up:
      case Qt::Key_Down:
      case Qt::Key_Home:
        event->accept();
        return true;
      default:
        break;
    }
  }
  if (event->type() == QEvent::ToolTip) {
    // Only the names band has a tooltip, and only when it is elided: the cells report in the
    // status line, and a tooltip chasing the pointer would cover them.
    auto* help = static_cast<QHelpEvent*>(event);
    const QString names = namesText();
    const bool elided = QFontMetrics(rulerFont()).horizontalAdvance(names) > width() - 12;
    if (m_grid && elided && namesRect().contains(help->pos())) {
      QToolTip::showText(help->globalPos(), names, this);
    } else {
      QToolTip::hideText();
      event->ignore();
    }
    return true;
  }
  return QWidget::event(event);
}

void HeatmapView::leaveEvent(QEvent*) {
  if (m_hover.x() < 0) return;
  m_hover = QPoint(-1, -1);
  emit hovered(-1, -1);
}

}  // namespace mg
