// SPDX-License-Identifier: MIT
#pragma once

#include <vector>

#include <QColor>
#include <QFontMetricsF>
#include <QRectF>
#include <QString>
#include <QStringList>
#include <QWidget>

#include "core/subgraph/iterative_subgraph.h"
#include "widgets/jobs/subgraph_search.h"

namespace mg {

// The plots of the minimum-size subgraph search (Zhao et al. 2009). They draw what they are given
// and compute nothing. Titles wrap onto as many lines as the width needs and the plot starts
// below them; legends flow into rows; so no text is cut at a narrow dock's width.

// `text` broken at spaces into lines no wider than `width` in `fm`; a single word wider than a
// line is elided (it then needs a tooltip). At least one line.
QStringList wrappedLines(const QString& text, const QFontMetricsF& fm, double width);

// Figure 3: the subgraph's size after each ISA iteration, and the StartGraph's, updated live.
class IterationPlot : public QWidget {
  Q_OBJECT

 public:
  explicit IterationPlot(QWidget* parent = nullptr);
  void setIterations(std::vector<IsaIteration> iterations);
  const std::vector<IsaIteration>& iterations() const { return m_iterations; }
  QSize sizeHint() const override { return {320, 150}; }
  QSize minimumSizeHint() const override;
  // The title's lines at the current width.
  QStringList titleLines() const;

 protected:
  void paintEvent(QPaintEvent* event) override;

 private:
  std::vector<IsaIteration> m_iterations;
};

// Figure 4: how many key pairs have each minimum transition time (frames), in CORE (the best
// possible) and in the subgraph, with the bound gamma marked.
class TransitionHistogram : public QWidget {
  Q_OBJECT

 public:
  explicit TransitionHistogram(QWidget* parent = nullptr);
  // INT_MAX entries (pairs not joined) are counted apart. `gamma` in frames; <= 0 hides the line.
  void setData(std::vector<int> core, std::vector<int> subgraph, int gamma);
  QSize sizeHint() const override { return {360, 180}; }
  QSize minimumSizeHint() const override;
  QStringList titleLines() const;

 protected:
  void paintEvent(QPaintEvent* event) override;

 private:
  std::vector<int> m_core, m_subgraph;
  int m_gamma = 0;
};

// The key-pair matrix: one cell per ordered pair of key segments (row: from, column: to) with the
// worst minimum transition time over its key frames, in the subgraph or in CORE, coloured against
// gamma: green within gamma, amber over gamma but within the pair's bound (the database's own
// minimum is longer), red over the bound or not joined. Hovering shows both numbers.
class PairMatrix : public QWidget {
  Q_OBJECT

 public:
  explicit PairMatrix(QWidget* parent = nullptr);
  // `gamma` in frames (0: colour against each pair's own bound, as for requirement 2).
  void setData(QStringList names, std::vector<QColor> colours, std::vector<SegmentPairTimes> cells,
               int gamma);
  void setShowCore(bool core);
  bool showsCore() const { return m_core; }
  QSize sizeHint() const override { return {360, 240}; }
  QSize minimumSizeHint() const override;
  // The cell under `pos` (row * n + column), or -1.
  int cellAt(const QPoint& pos) const;
  QStringList titleLines() const;
  // The colour legend's entries (swatch and text) under the cells, in rows as the width needs.
  std::vector<QRectF> legendRects() const;
  QRectF cellRect(int row, int column) const;

 protected:
  void paintEvent(QPaintEvent* event) override;
  bool event(QEvent* event) override;

 private:
  int labelWidth() const;
  std::vector<std::pair<QColor, QString>> legend() const;
  double legendHeight() const;
  double titleHeight() const;

  QStringList m_names;
  std::vector<QColor> m_colours;
  std::vector<SegmentPairTimes> m_cells;
  bool m_core = false;
  int m_gamma = 0;
};

}  // namespace mg
