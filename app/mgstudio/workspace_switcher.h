// SPDX-License-Identifier: MIT
#pragma once

#include <functional>
#include <map>
#include <vector>

#include <QByteArray>
#include <QObject>
#include <QString>

#include "core/util/json_text.h"

class QActionGroup;
class QMainWindow;
class QMenu;
class QTabBar;
class QToolBar;

namespace mg {

class CentralArea;
class Workspace;

// The version of saved dock states (QMainWindow::saveState); bump when docks change so old saved
// states are ignored.
constexpr int kDockLayoutVersion = 6;

// Which graph kind the window shows: one kind's docks at a time, so four kinds fit a 1366x768
// screen without a column of truncated tabs. A tab bar above the viewport and View > Workspace
// (Ctrl+1, Ctrl+2, ...) switch; a kind that raises its docks (Workspace::raiseDocks, e.g. from a
// menu action) becomes the active one. The docks the window owns (library, playback, heatmap,
// quality) stay whatever the kind. The active kind is saved in the project's view state.
// Each kind keeps its own layout: the window's dock state (QMainWindow::saveState: which docks,
// where, how large) and the central splitter are saved when the author leaves the kind and
// restored when they come back, so a splitter dragged in one kind changes no other kind; a kind
// shown for the first time (or after View > Reset Layout) gets its designed layout.
class WorkspaceSwitcher : public QObject {
  Q_OBJECT

 public:
  // `viewMenu` gets the Workspace submenu; both must outlive the switcher.
  WorkspaceSwitcher(QMainWindow* window, QMenu* viewMenu);

  // Adds a kind (a tab and a menu entry, in order). Its docks stay hidden until it is activated.
  void add(Workspace* workspace);
  // Makes `workspace` the active kind: shows its docks as they were last shown, without raising
  // any, and hides every other kind's (Workspace::raiseDocks also raises its primary docks).
  void show(Workspace* workspace);
  Workspace* active() const { return m_active; }
  // The workspace named `name`: its kind ("snap", "pmg", ...) or its title ("Motion Fields"),
  // any case; null when none is.
  Workspace* find(const QString& name) const;
  // The names find() accepts, for messages ("snap (Snap-Together), pmg (...)").
  QString names() const;
  QTabBar* tabBar() const { return m_tabs; }

  // The "workspace" key of the view state (the active kind's name), and back; an unknown or
  // missing key leaves the active kind as it is.
  void saveViewState(JsonObject& state) const;
  void loadViewState(const Json& state);

  // Per-kind layouts: `central` shows the kind's main editor; `designed` lays out a kind that has
  // no saved layout (the window's designed arrangement for it).
  void setLayouts(CentralArea* central, std::function<void(Workspace*)> designed);
  // Every kind's saved dock state by kind name (the active kind's taken now), and back (from
  // QSettings; a state that does not restore is dropped and the kind gets its designed layout).
  std::map<QString, QByteArray> saveLayouts();
  void restoreLayouts(std::map<QString, QByteArray> layouts);
  // Whether `workspace` has a layout of its own (saved, or restored from QSettings).
  bool hasLayout(const Workspace* workspace) const;
  // Forgets every kind's layout and gives the active kind its designed one (View > Reset Layout).
  void resetLayouts();

 private:
  void onActivated(Workspace* workspace);
  void applyLayout(Workspace* workspace);

  QToolBar* m_bar;
  QTabBar* m_tabs;
  QMenu* m_menu;
  QActionGroup* m_group;
  std::vector<Workspace*> m_workspaces;
  Workspace* m_active = nullptr;
  QMainWindow* m_window;
  CentralArea* m_central = nullptr;
  std::function<void(Workspace*)> m_designed;
  std::map<QString, QByteArray> m_layouts;  // by kind name
};

}  // namespace mg
