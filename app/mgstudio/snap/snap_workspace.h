// SPDX-License-Identifier: MIT
#pragma once

#include <memory>
#include <vector>

#include "app/mgstudio/workspace.h"
#include "core/io/snap_export.h"
#include "widgets/jobs/job_slot.h"

class QAction;
class QDockWidget;

namespace mg {

class GraphCanvas;
class HubPanel;
class MatchTimeline;
class MotionPlayer;
class PlaybackController;
class Project;
class SnapPreview;
class SnapSession;
struct SnapPipelineState;
class ViewportWidget;

// The Snap-Together part of the editor window: the background session, the preview character,
// and the docks (match-set timeline, graph canvas, hubs, history), wired to each other, to the
// viewport and to the playback bar. Owns the session and preview; the docks belong to the window.
// A Workspace: the base registers the docks, the export action and the suggestion progress.
class SnapWorkspace : public Workspace {
  Q_OBJECT

 public:
  // `context` (with its player and session) must outlive the workspace.
  explicit SnapWorkspace(const WorkspaceContext& context);

  SnapSession* session() const { return m_session; }
  SnapPreview* preview() const { return m_preview; }
  MatchTimeline* timeline() const { return m_timeline; }
  GraphCanvas* canvas() const { return m_canvas; }
  HubPanel* hubPanel() const { return m_hubs; }
  QAction* pruneAction() const { return m_prune; }
  QAction* exportAction() const { return m_export; }
  QAction* createHubAction() const { return m_createHub; }

  QString title() const override { return tr("Snap-Together"); }
  QString gettingStartedHtml() const override;
  GraphModel* graphModel() const override;
  // The walk seed in the project's view state ("walk_seed").
  void saveViewState(JsonObject& state) const override;
  void loadViewState(const Json& state) override;
  // Cancels a running hub suggestion and a running export.
  void cancelJobs() override;
  // The snapped graph exported to the folder `base` (none before snapping).
  ReportExport exportForReport(const QString& base) const override;

  // Removes the dead-end hubs of the derived graph as one undoable step.
  void pruneDeadEnds();
  // Asks for a folder and the clips' formats (BVH, and glTF copies for game engines) and exports
  // the snapped graph there in a background job (the kind's progress strip, with Cancel); errors
  // in a dialog.
  void exportSnapGraph();
  // Starts that job for `directory` (no dialog), every clip also written in `clipCopies`;
  // exportFinished follows.
  void startExport(const QString& directory, const std::vector<MotionFormat>& clipCopies = {});
  bool isExporting() const { return m_exportJob.isRunning(); }
  // Writes the current snapped graph to `directory`; the error message is empty on success.
  QString exportTo(const QString& directory) const;
  // What exportTo and the background export write: the snapped graph with the hubs' labels.
  SnapExportInput exportInput(const SnapPipelineState& state) const;

 signals:
  // A background export ended: `error` is empty on success (cancelled: says so).
  void exportFinished(const QString& directory, const QString& error);

 private:
  JobSlot<QString> m_exportJob{this};
  bool m_exportCancelled = false;  // cancelJobs() asked the last export to stop
  MotionPlayer* m_player;
  SnapSession* m_session;
  SnapPreview* m_preview;
  MatchTimeline* m_timeline;
  GraphCanvas* m_canvas;
  HubPanel* m_hubs;
  QAction* m_prune;
  QAction* m_export;
  QAction* m_createHub;
};

}  // namespace mg
