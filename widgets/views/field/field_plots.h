// SPDX-License-Identifier: MIT
#pragma once

#include <vector>

#include <QPointF>
#include <QString>
#include <QWidget>

namespace mg {

// The motion field's state space in 2-D: every database state a dot at its first two principal
// components, coloured by its value for the current task parameter (blue low, yellow high); the
// current state as a white ring and its neighbours joined to it with lines as thick as their
// similarity weights. Paints only what it is given.
class StateSpaceView : public QWidget {
  Q_OBJECT

 public:
  explicit StateSpaceView(QWidget* parent = nullptr);
  void setPoints(std::vector<QPointF> points);  // one per database state
  void setValues(std::vector<float> values);    // one per state, or empty (grey dots)
  // The current state's position and its neighbours (state indices) with weights.
  void setCurrent(QPointF at, std::vector<int> neighbours, std::vector<double> weights);
  void clearCurrent();
  QSize sizeHint() const override { return {320, 240}; }
  QSize minimumSizeHint() const override { return {160, 120}; }

 protected:
  void paintEvent(QPaintEvent* event) override;

 private:
  QPointF toWidget(QPointF p) const;
  std::vector<QPointF> m_points;
  std::vector<float> m_values;
  QPointF m_min, m_max;
  bool m_hasCurrent = false;
  QPointF m_current;
  std::vector<int> m_neighbours;
  std::vector<double> m_weights;
};

// The value over the task's direction samples at the current state, as a closed curve around a
// centre: sample t at its angle (0 = the character's facing, up; counter-clockwise to the left),
// radius growing with the value; the desired direction marked.
class ValuePolarPlot : public QWidget {
  Q_OBJECT

 public:
  explicit ValuePolarPlot(QWidget* parent = nullptr);
  // `values[t]` at angle -pi + 2 pi t / n (task parameter: desired minus facing).
  void setValues(std::vector<double> values, double desiredAngle);
  QSize sizeHint() const override { return {200, 200}; }
  QSize minimumSizeHint() const override { return {120, 120}; }

 protected:
  void paintEvent(QPaintEvent* event) override;

 private:
  std::vector<double> m_values;
  double m_desired = 0.0;
};

// Response times side by side: one bar pair (mean, median) per controller, failures as text.
class ResponseChart : public QWidget {
  Q_OBJECT

 public:
  struct Bar {
    QString label;
    double mean = 0, median = 0;
    int failures = 0, changes = 0;
  };
  explicit ResponseChart(QWidget* parent = nullptr);
  void setBars(std::vector<Bar> bars);
  const std::vector<Bar>& bars() const { return m_bars; }
  QSize sizeHint() const override { return {320, 170}; }
  QSize minimumSizeHint() const override { return {200, 120}; }

 protected:
  void paintEvent(QPaintEvent* event) override;

 private:
  std::vector<Bar> m_bars;
};

}  // namespace mg
