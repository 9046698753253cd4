// SPDX-License-Identifier: MIT
#pragma once

#include <memory>
#include <vector>

#include <QObject>

#include "core/util/json_text.h"

class QDockWidget;
class QMenu;
class QTemporaryDir;

namespace mg {

class GraphInput;
class MainWindow;
class QualityPanel;
struct QualityJobResult;
struct QualityReport;
template <class T>
class JobSlot;

// The Quality dock: the quality report (core/report, what mgtool eval prints) for the current
// project's graphs. Run asks every workspace to export its graph to a temporary folder
// (Workspace::exportForReport), then opens and measures the exports on a background job with
// progress and Cancel. Clicking one of the worst transitions replays that graph's report walk (the
// same stream, seed and headings) on the window's one stream player and stops the transport on
// the transition, so the viewport and the transport's timeline show it. The report's walk length
// and seed are saved in the project's view state.
class QualityDock : public QObject {
  Q_OBJECT

 public:
  QualityDock(MainWindow* window, QMenu* viewMenu);
  ~QualityDock() override;

  QualityPanel* panel() const { return m_panel; }
  QDockWidget* dock() const { return m_dock; }
  std::shared_ptr<const QualityReport> report() const { return m_report; }
  bool isRunning() const;

  void run();
  void cancel();
  // The report's walk length and seed in the project's view state ("quality_seconds",
  // "quality_seed"); missing keys leave the controls as they are.
  void saveViewState(JsonObject& state) const;
  void loadViewState(const Json& state);
  // The report as a rebuildable cache beside the project (widgets/document/result_cache.h),
  // keyed by everything the graphs derive from and the report's settings: written on save,
  // shown on open instead of running again (its walks replay after the next Run); a stale cache
  // is left for the next Run (the report exports every graph, which may still be building), a
  // corrupt one is ignored with a message.
  void saveResults(const QString& projectPath) const;
  void restoreResults(const QString& projectPath);
  // Replays input `input`'s report walk paused at `seconds` (the transition's first frame).
  // Returns false when there is no such walk to replay.
  bool showTransition(int input, double seconds);

 signals:
  void finished(bool ok);

 private:
  MainWindow* m_window;
  QualityPanel* m_panel;
  QDockWidget* m_dock;
  std::unique_ptr<JobSlot<QualityJobResult>> m_job;
  std::unique_ptr<QTemporaryDir> m_exports;
  std::shared_ptr<const QualityReport> m_report;
  Json m_reportInputs;  // qualityCacheInputs when m_report's run started
  std::vector<std::shared_ptr<const GraphInput>> m_inputs;
};

}  // namespace mg
