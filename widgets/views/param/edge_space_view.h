// SPDX-License-Identifier: MIT
#pragma once

#include <array>
#include <memory>
#include <optional>

#include <QWidget>

#include "core/param/edge_lookup.h"
#include "core/param/parametric_edge.h"

class QPainter;
class QPen;

namespace mg {

// The target parameter space of one source sample of an edge (Heck & Gleicher 2007, figure 4):
// every target sample coloured GOOD / NEUTRAL / BAD, the box around the GOOD samples before
// shrinking (dashed) and after (solid), and optionally the box looked up for an arbitrary source
// parameter (figure 5, dotted). A 1-D target space plots each target sample's transition
// distance on the vertical axis with T_GOOD and T_BAD as lines; 2-D and 3-D plot the first two
// target dimensions. Draws only what it is given.
class EdgeSpaceView : public QWidget {
  Q_OBJECT

 public:
  explicit EdgeSpaceView(QWidget* parent = nullptr);

  // Both shared and immutable; null clears. `sourceSample` is clamped into range.
  void setEdge(std::shared_ptr<const EdgeSampling> sampling,
               std::shared_ptr<const ParametricEdge> edge);
  void setSourceSample(int sourceSample);
  int sourceSample() const { return m_source; }
  void setLookup(std::optional<TransitionLookup> lookup);
  // The target sample whose grid the inspector shows (ringed); -1 for none.
  void setChosenTarget(int target);
  // Axis titles: the target node's parameter names with units (empty: generic titles).
  void setTargetAxis(const QString& title) {
    m_targetAxis = title;
    update();
  }
  const QString& targetAxis() const { return m_targetAxis; }

  // Points drawn per class in the last paint (tests).
  int pointCount(TransitionClass c) const { return m_counts[static_cast<size_t>(c)]; }

  QSize sizeHint() const override { return {360, 240}; }

 signals:
  // The target sample nearest a click.
  void targetClicked(int target);

 protected:
  void paintEvent(QPaintEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;

 private:
  QRectF plotRect() const;
  QPointF toScreen(int target) const;
  QPointF toScreen(double x, double y) const;
  double yValue(int target) const;
  void drawBox(QPainter& p, const ParameterBox& box, const QPen& pen) const;

  std::shared_ptr<const EdgeSampling> m_sampling;
  std::shared_ptr<const ParametricEdge> m_edge;
  QString m_targetAxis;
  std::optional<TransitionLookup> m_lookup;
  int m_source = 0;
  int m_chosen = -1;
  double m_xMin = 0, m_xMax = 1, m_yMin = 0, m_yMax = 1;
  std::array<int, 3> m_counts{};
};

}  // namespace mg
