// SPDX-License-Identifier: MIT
// No text of the subgraph dock is cut at a narrow width: titles wrap, the pair matrix's legend
// flows into rows under the cells, and the requirement list shows its items whole.
#include <gtest/gtest.h>

#include <QComboBox>

#include "widgets/document/project.h"
#include "widgets/document/subgraph_document.h"
#include "widgets/views/subgraph/subgraph_panel.h"
#include "widgets/views/subgraph/subgraph_plots.h"

namespace mg {
namespace {

TEST(SubgraphPlots, WrappedLinesFitTheWidthAndKeepEveryWord) {
  QFont font;
  const QFontMetricsF fm(font);
  const QString text = QStringLiteral(
      "frames kept per iteration (solid); dashed: the start graph of each iteration");
  for (double width : {80.0, 150.0, 400.0, 2000.0}) {
    const QStringList lines = wrappedLines(text, fm, width);
    for (const QString& l : lines) EXPECT_LE(fm.horizontalAdvance(l), width) << l.toStdString();
    EXPECT_EQ(lines.join(QLatin1Char(' ')), text) << width;
  }
  EXPECT_EQ(wrappedLines(text, fm, 2000).size(), 1);
  // A word longer than a line is elided; empty text is one empty line.
  const QStringList word = wrappedLines(QStringLiteral("Boxing_Toes_and_more_and_more"), fm, 40);
  ASSERT_EQ(word.size(), 1);
  EXPECT_LE(fm.horizontalAdvance(word[0]), 40);
  EXPECT_EQ(wrappedLines(QString(), fm, 100), QStringList{QString()});
}

TEST(SubgraphPlots, TitlesAndTheMatrixLegendFitAtTheMinimumWidth) {
  IterationPlot iterations;
  iterations.setIterations({{1, 120, 100, 0, 0.0}, {2, 110, 90, 0, 0.0}});
  TransitionHistogram histogram;
  histogram.setData({3, 5, 8}, {4, 6, 9}, 10);
  PairMatrix matrix;
  std::vector<SegmentPairTimes> cells(9);
  for (SegmentPairTimes& c : cells) {
    c.pairs = 1;
    c.subgraphFrames = 7;
    c.coreFrames = 5;
    c.boundFrames = 12;
  }
  matrix.setData({QStringLiteral("slow"), QStringLiteral("fast"), QStringLiteral("turn")},
                 {Qt::red, Qt::green, Qt::blue}, cells, 10);
  for (QWidget* w : {static_cast<QWidget*>(&iterations), static_cast<QWidget*>(&histogram),
                     static_cast<QWidget*>(&matrix)}) {
    w->resize(w->minimumSizeHint());
    EXPECT_FALSE(w->grab().toImage().isNull());
  }
  QFont small = iterations.font();
  small.setPointSizeF(small.pointSizeF() * 0.85);
  const QFontMetricsF fm(small);
  auto fits = [&](const QStringList& lines, const QWidget& w) {
    EXPECT_GE(lines.size(), 2);  // the titles are longer than a narrow plot is wide
    for (const QString& l : lines) {
      EXPECT_LE(fm.horizontalAdvance(l), w.width() - 8) << l.toStdString();
      EXPECT_FALSE(l.endsWith(QChar(0x2026))) << l.toStdString();
    }
  };
  fits(iterations.titleLines(), iterations);
  fits(histogram.titleLines(), histogram);
  fits(matrix.titleLines(), matrix);
  const std::vector<QRectF> legend = matrix.legendRects();
  ASSERT_EQ(legend.size(), 3u);
  const QRectF lastCell = matrix.cellRect(2, 2);
  for (size_t i = 0; i < legend.size(); ++i) {
    EXPECT_TRUE(QRectF(matrix.rect()).contains(legend[i])) << "entry " << i;
    EXPECT_GE(legend[i].top(), lastCell.bottom()) << "entry " << i;
    for (size_t j = 0; j < i; ++j) EXPECT_FALSE(legend[i].intersects(legend[j]));
  }
  EXPECT_GT(legend.back().top(), legend.front().top());  // it took more than one row
}

TEST(SubgraphPanel, TheRequirementListShowsItsItemsWhole) {
  Project project;
  SubgraphDocument document(&project);
  SubgraphPanel panel(&project, &document);
  QComboBox* box = panel.requirementBox();
  int longest = 0;
  for (int i = 0; i < box->count(); ++i) {
    longest = std::max(longest, static_cast<int>(box->itemText(i).size()));
    EXPECT_EQ(box->itemData(i, Qt::ToolTipRole).toString(), box->itemText(i));
  }
  EXPECT_GE(box->minimumContentsLength(), longest);
  EXPECT_GE(box->minimumSizeHint().width(),
            box->fontMetrics().horizontalAdvance(QStringLiteral("1  Key pairs within gamma")));
}

}  // namespace
}  // namespace mg
