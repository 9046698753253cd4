// SPDX-License-Identifier: MIT
#pragma once

#include <QObject>

#include "core/util/json.h"

class QAction;
class QDockWidget;
class QMainWindow;
class QMenu;
class QUndoView;

namespace mg {

class GraphCanvas;
class HubPanel;
class MatchTimeline;
class MotionPlayer;
class PlaybackController;
class Project;
class SnapPreview;
class SnapSession;
class ViewportWidget;

// The Snap-Together part of the editor window: the background session, the preview character,
// and the docks (match-set timeline, graph canvas, hubs, history), wired to each other, to the
// viewport and to the playback bar. Owns the session and preview; the docks belong to the window.
class SnapWorkspace : public QObject {
  Q_OBJECT

 public:
  // All must outlive the workspace. Docks are added to `window`; their toggles to `viewMenu`.
  SnapWorkspace(QMainWindow* window, Project* project, ViewportWidget* viewport, PlaybackController* playback,
                MotionPlayer* player, QMenu* viewMenu);

  SnapSession* session() const { return m_session; }
  SnapPreview* preview() const { return m_preview; }
  MatchTimeline* timeline() const { return m_timeline; }
  GraphCanvas* canvas() const { return m_canvas; }
  HubPanel* hubPanel() const { return m_hubs; }
  QAction* pruneAction() const { return m_prune; }
  QAction* exportAction() const { return m_export; }
  QAction* createHubAction() const { return m_createHub; }

  // Shows and raises the timeline and hub graph docks (tabbed docks may hide them).
  void raiseDocks();

  // Dock visibility and camera as the project's view state, and back.
  JsonValue viewState() const;
  void applyViewState(const JsonValue& state);

  // Removes the dead-end hubs of the derived graph as one undoable step.
  void pruneDeadEnds();
  // Asks for a folder and exports the snapped graph there; errors in a dialog.
  void exportSnapGraph();
  // Writes the current snapped graph to `directory`; the error message is empty on success.
  QString exportTo(const QString& directory) const;

 private:
  QDockWidget* addDock(QWidget* content, const QString& title, const char* name, int area);

  QMainWindow* m_window;
  Project* m_project;
  ViewportWidget* m_viewport;
  PlaybackController* m_playback;
  MotionPlayer* m_player;
  SnapSession* m_session;
  SnapPreview* m_preview;
  MatchTimeline* m_timeline;
  GraphCanvas* m_canvas;
  HubPanel* m_hubs;
  QUndoView* m_history;
  QDockWidget* m_timelineDock = nullptr;
  QDockWidget* m_canvasDock = nullptr;
  QMenu* m_viewMenu;
  QAction* m_prune;
  QAction* m_export;
  QAction* m_createHub;
};

}  // namespace mg
