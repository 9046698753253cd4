// SPDX-License-Identifier: MIT
#pragma once

#include <QString>
#include <QWidget>

namespace mg {

// The heatmap's colour key: the grey ramp from 0 to the white level (on the colour map's
// square-root scale) with ticks in the distance unit, and the threshold (cells under it are
// tinted) marked on it.
class HeatmapLegend : public QWidget {
  Q_OBJECT

 public:
  explicit HeatmapLegend(QWidget* parent = nullptr);
  // `whiteLevel` > 0 (kFrameDistanceUnit); `unit` is shown after the numbers. 0 hides the ramp.
  void setScale(float whiteLevel, const QString& unit);
  void setThreshold(float threshold);
  QSize sizeHint() const override;

 protected:
  void paintEvent(QPaintEvent* event) override;

 private:
  float m_white = 0;
  float m_threshold = 0;
  QString m_unit;
};

}  // namespace mg
