// SPDX-License-Identifier: MIT
// The Quality dock's table headers say what each column is, and the plots' legends sit beside
// the bars, never over them.
#include <gtest/gtest.h>

#include <QHeaderView>
#include <QTableWidget>

#include "core/report/quality_report.h"
#include "core/report/report_table.h"
#include "widgets/views/quality/quality_panel.h"
#include "widgets/views/quality/quality_plots.h"

namespace mg {
namespace {

Histogram histogram(const std::vector<std::string>& series) {
  Histogram h;
  h.edges = {0, 1, 2, 4, 8, 16};
  h.logarithmic = true;
  h.unit = "bh/s";
  h.series = series;
  for (size_t s = 0; s < series.size(); ++s) h.counts.push_back({40, 30, 20, 8, 2});
  return h;
}

// Two source captures and three graphs, one of which failed to open.
QualityReport twoSourceReport() {
  QualityReport r;
  r.sources.resize(2);
  r.sources[0].files = {{"/data/mocap/Boxing_Toes.bvh", 0}};
  r.sources[1].files = {{"/data/mocap/walk_01.bvh", 0}, {"/data/mocap/walk_02.bvh", 0}};
  r.inputs.resize(3);
  const char* kinds[] = {"snap", "subgraph", "pmg"};
  const char* labels[] = {"snap", "subgraph", "pmg"};
  for (int i = 0; i < 3; ++i) {
    r.inputs[i].kind = kinds[i];
    r.inputs[i].label = labels[i];
    r.inputs[i].path = std::string("/tmp/exports/") + labels[i];
    r.inputs[i].sourceGroup = i == 0 ? 0 : 1;
  }
  r.inputs[2].error = "cannot open";
  const std::vector<std::string> series = {"source capture Boxing_Toes", "snap", "subgraph"};
  r.acceleration = histogram(series);
  r.skate = histogram(series);
  return r;
}

TEST(QualityPanel, EveryColumnHeaderSaysWhatItIs) {
  const QualityReport r = twoSourceReport();
  const ReportTable t = reportTable(r);
  const std::vector<QualityHeader> headers = qualityHeaders(r, t);
  ASSERT_EQ(headers.size(), 1 + 2 + 2u);  // measure, two captures, the two graphs that opened
  for (const QualityHeader& h : headers) {
    EXPECT_FALSE(h.text.isEmpty());
    EXPECT_FALSE(h.toolTip.isEmpty()) << h.text.toStdString();
    EXPECT_FALSE(h.text.startsWith(QStringLiteral("source"))) << h.text.toStdString();
  }
  EXPECT_EQ(headers[1].text, QStringLiteral("capture 1"));
  EXPECT_TRUE(headers[1].toolTip.contains(QStringLiteral("Boxing_Toes.bvh")));
  EXPECT_TRUE(headers[2].toolTip.contains(QStringLiteral("walk_01.bvh, walk_02.bvh")));
  EXPECT_TRUE(headers[3].text.startsWith(QStringLiteral("snap (capture 1)")));
  EXPECT_TRUE(headers[4].toolTip.contains(QStringLiteral("walk_02.bvh")));

  QualityPanel panel;
  panel.setReport(std::make_shared<const QualityReport>(r));
  QTableWidget* table = panel.table();
  ASSERT_EQ(table->columnCount(), 5);
  for (int c = 0; c < table->columnCount(); ++c) {
    ASSERT_NE(table->horizontalHeaderItem(c), nullptr);
    EXPECT_EQ(table->horizontalHeaderItem(c)->toolTip(), headers[static_cast<size_t>(c)].toolTip);
  }
  // One capture: a plain "capture" column.
  QualityReport one = r;
  one.sources.resize(1);
  for (InputFigures& f : one.inputs) f.sourceGroup = 0;
  const auto single = qualityHeaders(one, reportTable(one));
  EXPECT_EQ(single[1].text, QStringLiteral("capture"));
  EXPECT_EQ(single[2].text, QStringLiteral("snap\nsnap"));
}

TEST(QualityPlots, TheLegendNeverCoversTheBars) {
  QFont font;
  const QFontMetricsF fm(font);
  const QStringList series = {QStringLiteral("source capture Boxing_Toes"), QStringLiteral("snap"),
                              QStringLiteral("subgraph"),
                              QStringLiteral("a graph with a very long name indeed, longer than "
                                             "any plot is wide")};
  for (double width : {260.0, 380.0, 700.0}) {
    const QRectF area(10, 20, width, 200);
    const HistogramLayout l = histogramLayout(area, series, fm);
    ASSERT_EQ(l.keys.size(), 4u);
    EXPECT_GE(l.plot.height(), area.height() / 3 - 1) << width;
    EXPECT_FALSE(l.title.intersects(l.plot));
    for (size_t i = 0; i < l.keys.size(); ++i) {
      EXPECT_FALSE(l.keys[i].intersects(l.plot)) << "entry " << i << " at width " << width;
      EXPECT_TRUE(area.contains(l.keys[i])) << "entry " << i << " at width " << width;
      EXPECT_FALSE(l.keys[i].intersects(l.title));
      for (size_t j = 0; j < i; ++j) EXPECT_FALSE(l.keys[i].intersects(l.keys[j])) << i << j;
    }
    // Too long for a narrow plot's row: elided (the tooltip has it whole).
    if (width < 500) EXPECT_TRUE(l.names[3].contains(QChar(0x2026))) << width;
  }
  // The painted plots at a narrow and a wide size (stacked / side by side) draw without trouble.
  QualityPlots plots;
  plots.setReport(std::make_shared<const QualityReport>(twoSourceReport()));
  for (int w : {400, 900}) {
    plots.resize(w, plots.heightForWidth(w));
    EXPECT_FALSE(plots.grab().toImage().isNull());
  }
}

}  // namespace
}  // namespace mg
