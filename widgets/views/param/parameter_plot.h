// SPDX-License-Identifier: MIT
#pragma once

#include <memory>

#include <QWidget>

#include "core/param/parametric_node.h"

namespace mg {

// The parameter space of a node, like a game engine's blend-space editor: 1-D a line with a tick
// per example and a dot per random blend sample; 2-D a scatter; 3-D two projections (x-y and
// x-z). A cursor marks the current parameter; pressing or dragging moves it and emits
// parameterDragged (the caller plays node.clipFor of it). Draws only what it is given.
class ParameterPlot : public QWidget {
  Q_OBJECT

 public:
  explicit ParameterPlot(QWidget* parent = nullptr);

  // The node to show (null clears). The cursor goes to the first example's parameter.
  void setNode(std::shared_ptr<const ParametricNode> node);
  const std::shared_ptr<const ParametricNode>& node() const { return m_node; }
  void setCursor(const ParameterVector& l);
  const ParameterVector& cursor() const { return m_cursor; }

  // What was drawn in the last paint (tests): example marks and random-sample dots.
  int exampleMarks() const { return m_exampleMarks; }
  int sampleDots() const { return m_sampleDots; }

  QSize sizeHint() const override { return {360, 200}; }

 signals:
  void parameterDragged(const mg::ParameterVector& l);

 protected:
  void paintEvent(QPaintEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;

 private:
  // Plot rectangles: one, or two for 3-D (dimension pairs (0,1) and (0,2)).
  int panelCount() const;
  QRectF panel(int index) const;
  QPointF toScreen(int panelIndex, const ParameterVector& l) const;
  void dragTo(const QPointF& pos);

  std::shared_ptr<const ParametricNode> m_node;
  ParameterVector m_cursor{};
  int m_exampleMarks = 0;
  int m_sampleDots = 0;
};

}  // namespace mg
