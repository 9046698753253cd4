// SPDX-License-Identifier: MIT
#pragma once

#include <vector>

#include <QColor>
#include <QWidget>

namespace mg {

// The distance from one frame (the selected row) to every frame of the other axis: a curve (on a
// square-root axis, like the heatmap's grey) with
// the threshold as a dashed line, the curve's minima under it as dots and the selected column as
// a vertical marker. Clicking (or dragging) picks a column. Draws only what it is given.
class HeatmapSliceView : public QWidget {
  Q_OBJECT

 public:
  explicit HeatmapSliceView(QWidget* parent = nullptr);

  // `values`: D(row, j) for every column j (empty clears). `minima`: columns to mark. `yMax`:
  // top of the distance axis (kFrameDistanceUnit, > 0). `unit` labels the axis. `fps` turns
  // columns into seconds in the caption.
  void setSlice(std::vector<float> values, std::vector<int> minima, float yMax, const QString& unit,
                double fps);
  void setThreshold(float threshold);
  void setSelectedColumn(int col);
  void setMarkerColour(const QColor& colour);
  int selectedColumn() const { return m_selected; }
  int columnCount() const { return static_cast<int>(m_values.size()); }
  // The plot area in widget pixels, and the column under widget x (clamped), -1 when empty.
  QRectF plotRect() const;
  int columnAt(double x) const;
  double xOfColumn(int col) const;

 signals:
  void columnClicked(int col);

 protected:
  void paintEvent(QPaintEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;

 private:
  double yOf(float value) const;

  std::vector<float> m_values;
  std::vector<int> m_minima;
  float m_yMax = 1;
  float m_threshold = 0;
  int m_selected = -1;
  QString m_unit;
  double m_fps = 30;
  QColor m_marker{90, 200, 255};
};

}  // namespace mg
