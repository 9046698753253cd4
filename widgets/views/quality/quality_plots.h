// SPDX-License-Identifier: MIT
#pragma once

#include <memory>

#include <QWidget>

namespace mg {

struct Histogram;
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

 protected:
  void paintEvent(QPaintEvent* event) override;

 private:
  void paintHistogram(class QPainter& p, const QRectF& area, const Histogram& h,
                      const QString& title) const;
  void paintResponses(class QPainter& p, const QRectF& area) const;
  int responseRows() const;

  std::shared_ptr<const QualityReport> m_report;
};

}  // namespace mg
