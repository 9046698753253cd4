// SPDX-License-Identifier: MIT
#pragma once

#include <vector>

#include <QObject>
#include <QString>
#include <QStringList>

#include "core/util/json_text.h"

class QAction;
class QDockWidget;
class QMainWindow;
class QMenu;
class QWidget;

namespace mg {

class CentralArea;
class GraphModel;
class HeatmapPanel;
class JobProgressWidget;
class MotionPlayer;
class PlaybackController;
class Project;
class SnapSession;
class StreamPlayer;
class ViewportWidget;

// What the window gives every workspace. All must outlive the workspaces.
struct WorkspaceContext {
  QMainWindow* window = nullptr;
  Project* project = nullptr;
  ViewportWidget* viewport = nullptr;
  PlaybackController* playback = nullptr;  // may be null (a kind that drives no clip)
  QMenu* viewMenu = nullptr;               // dock toggles go here
  QMenu* fileMenu = nullptr;               // export actions go here (may be null)
  QAction* fileMenuBefore = nullptr;       // ... before this action (null: appended)
  // The window's one preview player, attached to `playback`: every kind plays its previews
  // (walks, clips, steering) through it, never through a player of its own.
  StreamPlayer* streams = nullptr;
  QMenu* editMenu = nullptr;        // a kind's edit actions go here (may be null)
  MotionPlayer* player = nullptr;   // library playback (which motions the viewport shows)
  HeatmapPanel* heatmap = nullptr;  // the window's distance heatmap (may be null)
  // The Snap-Together session (hubs' match sets, the snapped graph), shared by the kinds built on
  // it (snap, subgraph's keys).
  SnapSession* session = nullptr;
  // The viewport's splitter: each kind's main editor shares it (Workspace::setMainEditor).
  CentralArea* central = nullptr;
};

// One graph kind's part of the editor window (Snap-Together, parametric, and the kinds to come):
// the base owns what every kind does the same way, so a new kind is a small subclass that makes
// its docks, its graph model and its actions and overrides the hooks it needs:
//  - docks: addDock registers a dock with the window and View menu and remembers it (docks(),
//    raiseDocks(), and their visibility in the project's view state); its content scrolls
//    instead of growing the window (scrollingDockContent, the policy every dock follows);
//  - actions: addFileAction puts an export-like action in the File menu;
//  - previews: play a PoseStream on m_streams (the window's one StreamPlayer under the one
//    transport); starting one replaces whatever preview played;
//  - graph canvas: graphModel() is the kind's GraphModel (the Quality dock and other panels can
//    colour or select in it without knowing the kind);
//  - job progress: reportProgress/finishProgress drive one status-bar strip per kind whose
//    Cancel calls cancelJobs();
//  - project: projectReset() runs after File > New and before a project is applied,
//    projectLoaded() after a load; saveViewState/loadViewState write and read the kind's keys of
//    the project's view state.
class Workspace : public QObject {
  Q_OBJECT

 public:
  Workspace(const WorkspaceContext& context, const QString& kindName);
  ~Workspace() override;

  const QString& kindName() const { return m_kindName; }
  // The kind as the workspace switcher names it ("Snap-Together", "Motion Fields", ...).
  virtual QString title() const = 0;
  const std::vector<QDockWidget*>& docks() const { return m_docks; }
  // Makes this the window's active kind: shows its docks (those that were shown when it was last
  // hidden, and its primary ones) and raises the primary ones (tabbed docks may hide them); the
  // window's WorkspaceSwitcher then hides the other kinds' docks.
  void raiseDocks();
  // Shows the docks that were shown when the kind was last hidden, without raising any.
  void showDocks();
  // Hides every dock of the kind, remembering which were shown (another kind became active).
  void hideDocks();
  // The title of the kind's main editor (setMainEditor), empty when it has none.
  const QString& mainEditorTitle() const { return m_mainEditorTitle; }
  // The kind's graph as the shared canvas draws it (null while the kind has none).
  virtual GraphModel* graphModel() const = 0;
  // The window's docks (by object name) the kind's designed layout leaves hidden, e.g. the
  // distance heatmap where the kind does not pick transitions from it.
  virtual QStringList windowDocksHidden() const { return {}; }
  // The kind's steps for Help > Getting Started: one or more <li> items.
  virtual QString gettingStartedHtml() const = 0;

 signals:
  // raiseDocks() is about to make this the active kind (nothing is shown or hidden yet).
  void aboutToActivate();
  // raiseDocks() made this the active kind.
  void activated();

 public:
  virtual void projectReset() {}
  virtual void projectLoaded() {}
  // The kind's keys of the project's view state (e.g. a walk seed); the base writes none.
  virtual void saveViewState(JsonObject& state) const { (void)state; }
  virtual void loadViewState(const Json& state) { (void)state; }
  // Cancels the kind's background jobs (the progress strip's Cancel); the base has none.
  virtual void cancelJobs() {}
  // The kind's results that took time, kept as rebuildable caches beside the project
  // (widgets/document/result_cache.h): saveResults writes them when the project is saved to
  // `projectPath`; restoreResults, after the project was opened from there, shows a cache made
  // from the same inputs and settings instead of computing again, rebuilds a stale one, and
  // ignores a corrupt one saying so in the status bar. The base has none.
  virtual void saveResults(const QString& projectPath) const { (void)projectPath; }
  virtual void restoreResults(const QString& projectPath) { (void)projectPath; }

  // The kind's current graph written in its own format for the quality report (the Quality dock
  // opens it with core/io's openGraphInput, as mgtool eval does). `base` is a path in a
  // temporary folder the kind may use as its export's file or folder name (adding an extension
  // if its format wants one). Empty path and error: the kind has no graph now.
  struct ReportExport {
    QString path;
    QString error;
  };
  virtual ReportExport exportForReport(const QString& base) const {
    (void)base;
    return {};
  }

  // The view state of the window and every workspace: dock visibility, camera, follow, and each
  // kind's keys; and back. Unknown keys are ignored, missing ones leave things as they are.
  static Json windowViewState(QMainWindow* window, ViewportWidget* viewport,
                              const std::vector<const Workspace*>& workspaces);
  static void applyWindowViewState(QMainWindow* window, ViewportWidget* viewport,
                                   const std::vector<Workspace*>& workspaces, const Json& state);

  JobProgressWidget* progressWidget() const { return m_progress; }

 protected:
  // A dock of this kind, registered with the window and the View menu. Primary docks are the
  // ones raiseDocks() brings forward. With `tabWith` (the object name of a dock already in the
  // window, e.g. "timelineDock"), the dock starts as a tab behind that one.
  QDockWidget* addDock(QWidget* content, const QString& title, const char* objectName,
                       Qt::DockWidgetArea area, bool primary = false,
                       const char* tabWith = nullptr);
  // The kind's main editor (its graph, its state space): beside the viewport (Qt::Horizontal) or
  // below it (Qt::Vertical) in the central splitter while the kind is active, the viewport taking
  // `viewportShare` of it in the designed layout.
  void setMainEditor(QWidget* editor, const QString& title, Qt::Orientation orientation,
                     double viewportShare = 0.5);
  void addFileAction(QAction* action);
  // `done` of `total` units with `text`; finishProgress hides the strip.
  void reportProgress(int done, int total, const QString& text);
  void finishProgress();

  QMainWindow* m_window;
  Project* m_project;
  ViewportWidget* m_viewport;
  PlaybackController* m_playback;
  StreamPlayer* m_streams;
  QMenu* m_viewMenu;
  QMenu* m_fileMenu;
  QAction* m_fileMenuBefore;
  QMenu* m_editMenu;
  CentralArea* m_central;

 private:
  QString m_kindName;
  QString m_mainEditorTitle;
  std::vector<QDockWidget*> m_docks;
  std::vector<QDockWidget*> m_primary;
  std::vector<QDockWidget*> m_shownWhenHidden;  // hideDocks() remembers these for showDocks()
  bool m_hidden = false;
  JobProgressWidget* m_progress = nullptr;
};

}  // namespace mg
