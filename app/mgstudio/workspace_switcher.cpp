// SPDX-License-Identifier: MIT
#include "app/mgstudio/workspace_switcher.h"

#include <QAction>
#include <QActionGroup>
#include <QMainWindow>
#include <QMenu>
#include <QSignalBlocker>
#include <QTabBar>
#include <QToolBar>

#include "app/mgstudio/workspace.h"

namespace mg {

WorkspaceSwitcher::WorkspaceSwitcher(QMainWindow* window, QMenu* viewMenu) : QObject(window) {
  m_bar = new QToolBar(tr("Workspaces"), window);
  m_bar->setObjectName(QStringLiteral("workspaceBar"));
  m_bar->setMovable(false);
  m_tabs = new QTabBar;
  m_tabs->setObjectName(QStringLiteral("workspaceTabs"));
  m_tabs->setDrawBase(false);
  m_tabs->setExpanding(false);
  m_tabs->setToolTip(
      tr("Which kind of graph to author: each shows its own panels (Ctrl+1, Ctrl+2, ...)"));
  m_bar->addWidget(m_tabs);
  window->addToolBar(Qt::TopToolBarArea, m_bar);
  m_menu = viewMenu->addMenu(tr("&Workspace"));
  m_group = new QActionGroup(this);
  connect(m_tabs, &QTabBar::currentChanged, this, [this](int index) {
    if (index >= 0 && index < static_cast<int>(m_workspaces.size()))
      m_workspaces[index]->raiseDocks();
  });
}

void WorkspaceSwitcher::add(Workspace* workspace) {
  const int index = static_cast<int>(m_workspaces.size());
  m_workspaces.push_back(workspace);
  {
    const QSignalBlocker block(m_tabs);  // adding the first tab must not activate it yet
    m_tabs->addTab(workspace->title());
  }
  auto* action = m_menu->addAction(workspace->title());
  action->setCheckable(true);
  action->setObjectName(workspace->kindName() + QStringLiteral("WorkspaceAction"));
  if (index < 9)
    action->setShortcut(QKeySequence(Qt::CTRL | static_cast<Qt::Key>(Qt::Key_1 + index)));
  m_group->addAction(action);
  connect(action, &QAction::triggered, workspace, &Workspace::raiseDocks);
  connect(workspace, &Workspace::activated, this, [this, workspace] { onActivated(workspace); });
  workspace->hideDocks();
}

void WorkspaceSwitcher::show(Workspace* workspace) {
  workspace->showDocks();
  onActivated(workspace);
}

void WorkspaceSwitcher::onActivated(Workspace* workspace) {
  m_active = workspace;
  for (Workspace* other : m_workspaces) {
    if (other != workspace) other->hideDocks();
  }
  for (size_t i = 0; i < m_workspaces.size(); ++i) {
    if (m_workspaces[i] != workspace) continue;
    const QSignalBlocker block(m_tabs);
    m_tabs->setCurrentIndex(static_cast<int>(i));
    m_group->actions()[static_cast<int>(i)]->setChecked(true);
  }
}

void WorkspaceSwitcher::saveViewState(JsonObject& state) const {
  if (m_active) state["workspace"] = m_active->kindName().toStdString();
}

void WorkspaceSwitcher::loadViewState(const Json& state) {
  Workspace* target = m_active;
  if (const Json* kind = jsonFind(state, "workspace"); kind && kind->is_string()) {
    // Projects saved before the kind names were one ("parametric" is the "pmg" kind).
    const std::string name = kind->get_ref<const std::string&>() == "parametric"
                                 ? "pmg"
                                 : kind->get_ref<const std::string&>();
    for (Workspace* w : m_workspaces) {
      if (w->kindName().toStdString() == name) target = w;
    }
  }
  if (!target) return;
  // The dock visibility just applied from the project holds for the active kind: remember it as
  // its shown docks, show them, and hide the other kinds' (older projects saved every kind's). A
  // kind that was not active brings its primary docks to the front, as a switch does; the same
  // kind keeps its tabs as they are.
  const bool switching = target != m_active;
  target->hideDocks();
  if (switching) {
    target->raiseDocks();
  } else {
    show(target);
  }
}

}  // namespace mg
