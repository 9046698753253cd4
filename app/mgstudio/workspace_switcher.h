// SPDX-License-Identifier: MIT
#pragma once

#include <vector>

#include <QObject>

#include "core/util/json_text.h"

class QActionGroup;
class QMainWindow;
class QMenu;
class QTabBar;
class QToolBar;

namespace mg {

class Workspace;

// Which graph kind the window shows: one kind's docks at a time, so four kinds fit a 1366x768
// screen without a column of truncated tabs. A tab bar above the viewport and View > Workspace
// (Ctrl+1, Ctrl+2, ...) switch; a kind that raises its docks (Workspace::raiseDocks, e.g. from a
// menu action) becomes the active one. The docks the window owns (library, playback, heatmap,
// quality) stay whatever the kind. The active kind is saved in the project's view state.
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
  QTabBar* tabBar() const { return m_tabs; }

  // The "workspace" key of the view state (the active kind's name), and back; an unknown or
  // missing key leaves the active kind as it is.
  void saveViewState(JsonObject& state) const;
  void loadViewState(const Json& state);

 private:
  void onActivated(Workspace* workspace);

  QToolBar* m_bar;
  QTabBar* m_tabs;
  QMenu* m_menu;
  QActionGroup* m_group;
  std::vector<Workspace*> m_workspaces;
  Workspace* m_active = nullptr;
};

}  // namespace mg
