// SPDX-License-Identifier: MIT
#pragma once

#include <vector>

#include <QMainWindow>
#include <QStringList>

#include "app/mgstudio/workspace_switcher.h"
#include "widgets/document/project.h"

class QAction;
class QDockWidget;

namespace mg {

class CentralArea;
class JobProgressWidget;
class MissingFilesActions;
class MotionExportAction;
class MotionLibraryView;
class MotionLoader;
class OpenedFilesGate;
class MotionPlayer;
class PlaybackBar;
class HeatmapPanel;
class PlaybackController;
class ProjectController;
class QualityDock;
class RecentFiles;
class ReferencePoseOffer;
class SnapSession;
class StreamPlayer;
class ViewportWidget;
class Workspace;
struct WorkspaceContext;

// The editor window: the viewport in the centre, the motion library and the playback bar in
// docks, menus and shortcuts. Owns the document (one Project), the background loader and the
// playback clock. Layout and recent files persist in QSettings.
class MainWindow : public QMainWindow {
  Q_OBJECT

 public:
  explicit MainWindow(QWidget* parent = nullptr);
  ~MainWindow() override;

  // Reads the files in the background; the first that loads is selected and plays. Failures
  // are reported in the status bar and, when the batch ends, in one dialog.
  void openFiles(const QStringList& paths);
  void openSample();

  Project* project() { return &m_project; }
  MotionLoader* loader() const { return m_loader; }
  OpenedFilesGate* openedFiles() const { return m_openedFiles; }
  // Remove Motion asks before it removes hubs, nodes or keys made on the motions (tests turn the
  // question off: the removal is then as if Remove was pressed).
  void setAskBeforeRemovingUses(bool ask) { m_askBeforeRemovingUses = ask; }
  PlaybackController* playback() const { return m_playback; }
  MotionPlayer* player() const { return m_player; }
  // The one preview player (every workspace's walks and clips), attached to playback().
  StreamPlayer* streams() const { return m_streams; }
  static constexpr int kPreviewCharacterId = -1000;
  ViewportWidget* viewport() const { return m_viewport; }
  // The viewport and the active workspace's main editor.
  CentralArea* centralArea() const { return m_central; }
  MotionLibraryView* library() const { return m_library; }
  // The Snap-Together session (hubs' match sets and the snapped graph) the kinds share.
  SnapSession* session() const { return m_session; }
  // Every graph kind's workspace (app/mgstudio/<kind>/, registered in workspace_registry.h), in
  // their registered order, and which one is shown.
  const std::vector<Workspace*>& workspaces() const { return m_workspaces; }
  // The workspace of kind W (null when W is not registered).
  template <class W>
  W* workspace() const {
    for (Workspace* w : m_workspaces) {
      if (auto* kind = qobject_cast<W*>(w)) return kind;
    }
    return nullptr;
  }
  WorkspaceSwitcher* switcher() const { return m_switcher; }
  ProjectController* projectFiles() const { return m_projectFiles; }
  // Whether closing asks to save a modified project (off for scripted runs and tests).
  void setAskToSave(bool ask) { m_askToSave = ask; }
  HeatmapPanel* heatmap() const { return m_heatmap; }
  QualityDock* quality() const { return m_quality; }
  MotionExportAction* motionExport() const { return m_motionExport; }
  MissingFilesActions* missingFiles() const { return m_missingFiles; }
  ReferencePoseOffer* referencePoses() const { return m_referencePoses; }

 signals:
  // A batch of files finished loading (or was cancelled); `failed` lists the unreadable ones.
  void loadBatchFinished(const QStringList& failed);

 protected:
  void showEvent(QShowEvent* event) override;
  void closeEvent(QCloseEvent* event) override;
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dropEvent(QDropEvent* event) override;

 private:
  // Writes every workspace's and the Quality dock's result caches beside `projectPath`, and
  // restores them after a project was opened (Workspace::saveResults, restoreResults).
  void saveResults(const QString& projectPath);
  void restoreResults();
  WorkspaceContext workspaceContext();
  void createActions();
  void createMenus();
  void createDocks();
  void arrangeDefaultDocks();
  void connectLoader();
  void restoreLayout();
  void applyDesignedLayout(Workspace* active);
  void resetLayout();
  void showOpenDialog();
  void showImportOptions();
  void removeSelectedMotions();
  void updatePlayAction(bool playing);

  Project m_project;
  MotionLoader* m_loader = nullptr;
  OpenedFilesGate* m_openedFiles = nullptr;
  bool m_askBeforeRemovingUses = true;  // what does not fit the project waits for a question
  PlaybackController* m_playback = nullptr;
  MotionPlayer* m_player = nullptr;
  StreamPlayer* m_streams = nullptr;
  ViewportWidget* m_viewport = nullptr;
  CentralArea* m_central = nullptr;
  QByteArray m_madeState;  // the docks as the kinds made them (applyDesignedLayout starts here)
  MotionLibraryView* m_library = nullptr;
  HeatmapPanel* m_heatmap = nullptr;  // app/mgstudio/heatmap_dock.cpp
  QualityDock* m_quality = nullptr;
  MotionExportAction* m_motionExport = nullptr;
  MissingFilesActions* m_missingFiles = nullptr;
  PlaybackBar* m_playbackBar = nullptr;
  JobProgressWidget* m_loadProgress = nullptr;
  RecentFiles* m_recentFiles = nullptr;
  ReferencePoseOffer* m_referencePoses = nullptr;
  QDockWidget* m_libraryDock = nullptr;
  QDockWidget* m_playbackDock = nullptr;
  QDockWidget* m_historyDock = nullptr;
  QMenu* m_recentMenu = nullptr;
  QMenu* m_viewMenu = nullptr;
  QMenu* m_fileMenu = nullptr;
  QMenu* m_editMenu = nullptr;
  SnapSession* m_session = nullptr;
  WorkspaceSwitcher* m_switcher = nullptr;
  std::vector<Workspace*> m_workspaces;
  ProjectController* m_projectFiles = nullptr;
  bool m_askToSave = true;
  bool m_selectNextLoaded = false;  // the next motion the loader delivers is selected and played
  QStringList m_batchErrors;
  int m_loadBatch = 0;  // File > Open batches so far: a batch's motions are one undo step

  QAction* m_openAction = nullptr;
  QAction* m_openSampleAction = nullptr;
  QAction* m_importOptionsAction = nullptr;
  QAction* m_quitAction = nullptr;
  QAction* m_undoAction = nullptr;
  QAction* m_redoAction = nullptr;
  QAction* m_removeAction = nullptr;
  QAction* m_frameAction = nullptr;
  QAction* m_followAction = nullptr;
  QAction* m_playAction = nullptr;
  QAction* m_stepBackAction = nullptr;
  QAction* m_stepForwardAction = nullptr;
  QAction* m_firstFrameAction = nullptr;
  QAction* m_lastFrameAction = nullptr;
  QAction* m_loopAction = nullptr;
  QAction* m_fasterAction = nullptr;
  QAction* m_slowerAction = nullptr;
  QAction* m_gettingStartedAction = nullptr;
  QAction* m_shortcutsAction = nullptr;
  QAction* m_aboutAction = nullptr;
};

}  // namespace mg
