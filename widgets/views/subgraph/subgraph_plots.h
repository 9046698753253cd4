// SPDX-License-Identifier: MIT
#pragma once

#include <vector>

#include <QColor>
#include <QString>
#include <QStringList>
#include <QWidget>

#include "core/subgraph/iterative_subgraph.h"
#include "widgets/jobs/subgraph_search.h"

namespace mg {

// The plots of the minimum-size subgraph search (Zhao et al. 2009). They draw what they are given
// and compute nothing.

// Figure 3: the subgraph's size after each ISA iteration, and the StartGraph's, updated live.
class IterationPlot : public QWidget {
  Q_OBJECT

 public:
  explicit IterationPlot(QWidget* parent = nullptr);
  void setIterations(std::vector<IsaIteration> iterations);
  const std::vector<IsaIteration>& iterations() const { return m_iterations; }
  QSize sizeHint() const override { return {320, 150}; }
  QSize minimumSizeHint() const override { return {160, 90}; }

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
  QSize minimumSizeHint() const override { return {180, 100}; }

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
  QSize minimumSizeHint() const override { return {160, 120}; }
  // The cell under `pos` (row * n + column), or -1.
  int cellAt(const QPoint& pos) const;

 protected:
  void paintEvent(QPaintEvent* event) override;
  bool event(QEvent* event) override;

 private:
  QRectF cellRect(int row, int column) const;
  int labelWidth() const;

  QStringList m_names;
  std::vector<QColor> m_colours;
  std::vector<SegmentPairTimes> m_cells;
  bool m_core = false;
  int m_gamma = 0;
};

}  // namespace mg
