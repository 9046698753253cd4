// SPDX-License-Identifier: MIT
#pragma once

#include <memory>
#include <vector>

#include <QWidget>

class QDoubleSpinBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableWidget;
class QToolButton;
class QTreeWidget;

namespace mg {

class QualityPlots;
struct QualityReport;
struct QualityReportSettings;
struct ReportTable;

// One column header of the side-by-side table: its text and a tooltip saying what the column
// is (a capture column is the source capture measured as a reference; a graph column names its
// kind, file and the capture it is compared with).
struct QualityHeader {
  QString text;
  QString toolTip;
};
std::vector<QualityHeader> qualityHeaders(const QualityReport& report, const ReportTable& t);

// The Quality dock's content: the report's settings (walk seconds, seed) and Run/Cancel with
// progress; then, in one scroll area so the dock never grows the window, the side-by-side table
// (the rows of reportTable, as the HTML page has them), the plots, and every input's worst
// transitions. Activating a transition (click or Enter) asks to show it. Computes nothing.
class QualityPanel : public QWidget {
  Q_OBJECT

 public:
  explicit QualityPanel(QWidget* parent = nullptr);

  // The controls' values over `base` (seconds and seed).
  QualityReportSettings settings(const QualityReportSettings& base) const;
  void setSettings(double seconds, int seed);
  void setRunning(bool running);
  void setProgress(int value, int maximum);
  void setStatus(const QString& text);
  void setReport(std::shared_ptr<const QualityReport> report);

  QPushButton* runButton() const { return m_run; }
  QTableWidget* table() const { return m_table; }
  QTreeWidget* transitions() const { return m_transitions; }
  QualityPlots* plots() const { return m_plots; }

 signals:
  void runRequested();
  void cancelRequested();
  // A listed transition of input `input` (index into the report's inputs) at `seconds` of its walk.
  void transitionActivated(int input, double seconds);

 private:
  QPushButton* m_run;
  QToolButton* m_cancel;
  QDoubleSpinBox* m_seconds;
  QSpinBox* m_seed;
  QProgressBar* m_progress;
  QLabel* m_status;
  QTableWidget* m_table;
  QualityPlots* m_plots;
  QTreeWidget* m_transitions;
};

}  // namespace mg
