// SPDX-License-Identifier: MIT
#pragma once

#include <memory>
#include <vector>

#include <QPoint>
#include <QPointF>
#include <QRect>
#include <QString>
#include <QWidget>

#include "widgets/jobs/heatmap_grid.h"
#include "widgets/views/heatmap/heatmap_tiles.h"

namespace mg {

// One label of a ruler: the frame, its text and where the text goes (widget pixels).
struct HeatmapRulerLabel {
  int frame = 0;
  QString text;
  QRect rect;
};

// The distance grid as an image: rows down, columns across, dark = similar. Draws from the
// grid's pyramid at the level of the current zoom through HeatmapTiles; cells under the
// threshold are tinted and the grid's local minima under it are dots. Wheel zooms about the
// cursor, a drag pans, a click selects the cell's frame pair, arrow keys move the selection
// (Shift: 10 frames). Axes along the top (columns) and left (rows) edges give frame numbers with
// seconds and the two motions' names; right-click offers the cell's actions. Computes nothing:
// the grid comes finished. UI thread only.
class HeatmapView : public QWidget {
  Q_OBJECT

 public:
  static constexpr double kMaxPixelsPerFrame = 32;

  explicit HeatmapView(QWidget* parent = nullptr);

  // Shows `grid` (null: nothing), fitted to the widget; clears the selection if it falls outside.
  void setGrid(std::shared_ptr<const HeatmapGrid> grid);
  const std::shared_ptr<const HeatmapGrid>& grid() const { return m_grid; }
  void setThreshold(float threshold);
  float threshold() const { return m_tiles.threshold(); }
  // Colours of the row and column frames' markers (the two characters in the viewport).
  void setPairColours(const QColor& row, const QColor& col);

  // The zoom: screen pixels per frame, and the grid point (x = column, y = row, in frames) at the
  // widget's top-left corner.
  double pixelsPerFrame() const { return m_scale; }
  QPointF origin() const { return m_origin; }
  void setView(double pixelsPerFrame, const QPointF& origin);
  // Whole grid in view, centred in the area the rulers leave, and following the widget's size
  // again (until the next zoom or pan).
  void fitToView();
  // Whether the view refits on resize: true after setGrid and fitToView, false once the author
  // zooms or pans (the view they chose stays).
  bool followsSize() const { return m_fitted; }
  // The area the grid is fitted into: the widget less the rulers along the top and left edges
  // and the names band along the bottom (sizes from the font).
  QRect plotRect() const;
  // The column (top) and row (left) ruler labels at the current zoom, left to right / top to
  // bottom; neighbours never overlap.
  std::vector<HeatmapRulerLabel> columnLabels() const;
  std::vector<HeatmapRulerLabel> rowLabels() const;
  // The rulers' font (the labels' boxes are measured in it).
  QFont rulerFont() const;
  // Zooms by `factor` keeping the grid point under `anchor` (widget pixels) fixed.
  void zoomAt(const QPointF& anchor, double factor);
  // The cell under widget point `p` as (x = column, y = row), or (-1, -1) outside the grid.
  QPoint cellAt(const QPointF& p) const;
  // Widget pixel of the centre of cell (row, col).
  QPointF cellCentre(int row, int col) const;

  // The selected pair, (-1, -1) when none.
  int selectedRow() const { return m_selRow; }
  int selectedCol() const { return m_selCol; }
  bool hasSelection() const { return m_selRow >= 0; }
  // Selects (row, col), clamped to the grid; (-1, -1) clears. Emits selectionChanged on change.
  void setSelection(int row, int col);
  // The level drawn at the current zoom.
  int drawnLevel() const;
  HeatmapTiles& tiles() { return m_tiles; }

 signals:
  void selectionChanged(int row, int col);
  // The cell under the mouse, (-1, -1) when it leaves the grid.
  void hovered(int row, int col);

 protected:
  bool event(QEvent* event) override;
  void paintEvent(QPaintEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;
  void wheelEvent(QWheelEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;
  void keyPressEvent(QKeyEvent* event) override;
  void leaveEvent(QEvent* event) override;
  void contextMenuEvent(QContextMenuEvent* event) override;

 private:
  void drawAxes(QPainter& p);
  // "rows ↓ A   columns → B (frames at N fps)" and where it is drawn (bottom right).
  QString namesText() const;
  QRect namesRect() const;
  int topBand() const;
  int leftBand() const;
  void drawMinima(class QPainter& p);
  void drawSelection(QPainter& p);
  double fitScale() const;
  // fitToView without the repaint (from paintEvent and resizeEvent).
  void applyFit();

  std::shared_ptr<const HeatmapGrid> m_grid;
  HeatmapTiles m_tiles;
  double m_scale = 1;
  QPointF m_origin;
  bool m_fitted = true;  // follows the widget's size until the user zooms or pans
  QSize m_fitSize;       // the size the current fit was made for
  int m_selRow = -1, m_selCol = -1;
  QColor m_rowColour{255, 170, 60}, m_colColour{90, 200, 255};
  QPointF m_pressPos;
  QPointF m_pressOrigin;
  bool m_pressed = false;
  bool m_dragging = false;
  QPoint m_hover{-1, -1};
};

// A ruler step for an axis: the smallest of 1, 2, 5, 10, 20, 50... frames that puts ticks at
// least `minPixels` apart at `pixelsPerFrame`.
int heatmapAxisStep(double pixelsPerFrame, double minPixels);

}  // namespace mg
