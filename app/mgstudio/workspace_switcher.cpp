// SPDX-License-Identifier: MIT
#include "app/mgstudio/workspace_switcher.h"

#include <QAction>
#include <QActionGroup>
#include <QDockWidget>
#include <QMainWindow>
#include <QMenu>
#include <QSignalBlocker>
#include <QStringList>
#include <QTabBar>
#include <QToolBar>

#include "app/mgstudio/central_area.h"
#include "app/mgstudio/workspace.h"

namespace mg {

WorkspaceSwitcher::WorkspaceSwitcher(QMainWindow* window, QMenu* viewMenu)
    : QObject(window), m_window(window) {
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
  // Leaving a kind keeps its layout as the author left it (before its docks are hidden).
  connect(workspace, &Workspace::aboutToActivate, this, [this, workspace] {
    if (m_active && m_active != workspace && m_window->isVisible())
      m_layouts[m_active->kindName()] = m_window->saveState(kDockLayoutVersion);
  });
  workspace->hideDocks();
}

void WorkspaceSwitcher::show(Workspace* workspace) {
  workspace->showDocks();
  onActivated(workspace);
}

void WorkspaceSwitcher::onActivated(Workspace* workspace) {
  const bool switching = workspace != m_active;
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
  if (switching) applyLayout(workspace);
}

void WorkspaceSwitcher::applyLayout(Workspace* workspace) {
  if (m_central) m_central->showKind(workspace->kindName());
  const auto saved = m_layouts.find(workspace->kindName());
  if (saved != m_layouts.end()) {
    if (m_window->restoreState(saved->second, kDockLayoutVersion)) return;
    m_layouts.erase(saved);  // from another version of the docks: designed instead
  }
  if (m_designed) m_designed(workspace);
}

void WorkspaceSwitcher::setLayouts(CentralArea* central, std::function<void(Workspace*)> designed) {
  m_central = central;
  m_designed = std::move(designed);
}

std::map<QString, QByteArray> WorkspaceSwitcher::saveLayouts() {
  if (m_active && m_window->isVisible())
    m_layouts[m_active->kindName()] = m_window->saveState(kDockLayoutVersion);
  return m_layouts;
}

void WorkspaceSwitcher::restoreLayouts(std::map<QString, QByteArray> layouts) {
  m_layouts = std::move(layouts);
  if (m_active) {
    const auto it = m_layouts.find(m_active->kindName());
    if (it != m_layouts.end() && !m_window->restoreState(it->second, kDockLayoutVersion))
      m_layouts.erase(it);
  }
}

bool WorkspaceSwitcher::hasLayout(const Workspace* workspace) const {
  return m_layouts.count(workspace->kindName()) > 0;
}

void WorkspaceSwitcher::resetLayouts() {
  m_layouts.clear();
  if (m_central) m_central->resetSizes();
  if (m_active && m_designed) m_designed(m_active);
}

Workspace* WorkspaceSwitcher::find(const QString& name) const {
  const QString wanted = name.trimmed();
  for (Workspace* w : m_workspaces) {
    if (w->kindName().compare(wanted, Qt::CaseInsensitive) == 0 ||
        w->title().remove(QLatin1Char('&')).compare(wanted, Qt::CaseInsensitive) == 0)
      return w;
  }
  return nullptr;
}

QString WorkspaceSwitcher::names() const {
  QStringList names;
  for (const Workspace* w : m_workspaces)
    names << QStringLiteral("%1 (%2)").arg(w->kindName(), w->title());
  return names.join(QStringLiteral(", "));
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
  // Which docks the project shows wins over the kind's saved layout (where they are and how
  // large): note it before switching restores that layout, and apply it again after.
  // (A dock behind another tab is shown: its View menu entry is checked.)
  auto isShown = [this](QDockWidget* dock) {
    return m_window->isVisible() ? dock->toggleViewAction()->isChecked() : !dock->isHidden();
  };
  std::vector<std::pair<QDockWidget*, bool>> shown;
  for (QDockWidget* dock : m_window->findChildren<QDockWidget*>())
    shown.emplace_back(dock, isShown(dock));
  target->hideDocks();
  if (switching) {
    target->raiseDocks();
  } else {
    show(target);
  }
  for (const auto& [dock, visible] : shown) {
    if (isShown(dock) != visible) dock->setVisible(visible);
  }
}

}  // namespace mg
