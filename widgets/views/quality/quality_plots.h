// SPDX-License-Identifier: MIT
#pragma once

#include <memory>

#include <QWidget>

#include <vector>

#include <QFontMetricsF>
#include <QRectF>
#include <QStringList>

namespace mg {

struct Histogram;

// Where a histogram's parts go in `area`: the title's line, then the legend's entries (a swatch
// and a series name each) in as many rows as the width needs, then the plot below them, so a
// legend never covers a bar. The plot keeps at least a third of the area's height; names longer
// than a row are elided (a legend entry's tooltip gives them whole).
struct HistogramLayout {
  QRectF title;
  std::vector<QRectF> keys;    // one per series: swatch and name
  std::vector<QString> names;  // as drawn
  QRectF plot;
};
HistogramLayout histogramLayout(const QRectF& area, const QStringList& series,
                                const QFontMetricsF& fm);
struct QualityReport;

// The quality report's plots as the HTML page draws them, painted: the per-frame acceleration
// and planted-foot speed histograms over their shared bins (fraction of each series' samples per
// bin, log scale, the source in grey), and the response-time box plots of the steerable inputs,
// in the report's series colours (reportSeriesColour). Two plots side by side when wide enough,
// else stacked; the height follows (put it in a scroll area).
class QualityPlots : public QWidget {
  Q_OBJECT

 public:
  explicit QualityPlots(QWidget* parent = nullptr);
  void setReport(std::shared_ptr<const QualityReport> report);
  QSize sizeHint() const override;
  bool hasHeightForWidth() const override { return true; }
  int heightForWidth(int width) const override;
  // The two histograms' areas at the current width (acceleration, then skate).
  QRectF accelerationArea() const;
  QRectF skateArea() const;

 protected:
  void paintEvent(QPaintEvent* event) override;
  bool event(QEvent* event) override;

 private:
  void paintHistogram(class QPainter& p, const QRectF& area, const Histogram& h,
                      const QString& title) const;
  void paintResponses(class QPainter& p, const QRectF& area) const;
  int responseRows() const;

  std::shared_ptr<const QualityReport> m_report;
};

}  // namespace mg
