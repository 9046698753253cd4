// SPDX-License-Identifier: MIT
#include "app/mgstudio/workspace.h"

#include <QAction>
#include <QDockWidget>
#include <QMainWindow>
#include <QMenu>
#include <QStatusBar>

#include "app/mgstudio/central_area.h"
#include "widgets/document/project.h"
#include "widgets/views/common/job_progress_widget.h"
#include "widgets/views/common/wheel_guard.h"
#include "widgets/views/viewport/viewport_widget.h"

namespace mg {

Workspace::Workspace(const WorkspaceContext& c, const QString& kindName)
    : QObject(c.window),
      m_window(c.window),
      m_project(c.project),
      m_viewport(c.viewport),
      m_playback(c.playback),
      m_streams(c.streams),
      m_viewMenu(c.viewMenu),
      m_fileMenu(c.fileMenu),
      m_fileMenuBefore(c.fileMenuBefore),
      m_editMenu(c.editMenu),
      m_central(c.central),
      m_kindName(kindName) {
  m_progress = new JobProgressWidget(m_window);
  m_progress->setObjectName(kindName + QStringLiteral("Progress"));
  m_window->statusBar()->addPermanentWidget(m_progress);
  m_progress->finish();
  connect(m_progress, &JobProgressWidget::cancelRequested, this, [this] {
    cancelJobs();
    finishProgress();
  });
  connect(m_project, &Project::cleared, this, [this] { projectReset(); });
}

Workspace::~Workspace() = default;

QDockWidget* Workspace::addDock(QWidget* content, const QString& title, const char* objectName,
                                Qt::DockWidgetArea area, bool primary, const char* tabWith) {
  auto* dock = new QDockWidget(title, m_window);
  dock->setObjectName(QString::fromLatin1(objectName));
  dock->setWidget(scrollingDockContent(content));  // the dock policy: scroll, never grow the window
  m_window->addDockWidget(area, dock);
  if (tabWith) {
    if (auto* other = m_window->findChild<QDockWidget*>(QString::fromLatin1(tabWith)))
      m_window->tabifyDockWidget(other, dock);
  }
  if (m_viewMenu) m_viewMenu->addAction(dock->toggleViewAction());
  m_docks.push_back(dock);
  if (primary) m_primary.push_back(dock);
  return dock;
}

void Workspace::setMainEditor(QWidget* editor, const QString& title, Qt::Orientation orientation,
                              double viewportShare) {
  m_mainEditorTitle = title;
  if (m_central) m_central->addEditor(m_kindName, editor, title, orientation, viewportShare);
}

void Workspace::addFileAction(QAction* action) {
  if (m_fileMenu) m_fileMenu->insertAction(m_fileMenuBefore, action);
}

void Workspace::raiseDocks() {
  emit aboutToActivate();
  showDocks();
  for (QDockWidget* dock : m_primary) {
    dock->show();
    dock->raise();
  }
  emit activated();
}

void Workspace::showDocks() {
  if (!m_hidden) return;
  m_hidden = false;
  for (QDockWidget* dock : m_shownWhenHidden) dock->show();
  m_shownWhenHidden.clear();
}

void Workspace::hideDocks() {
  std::vector<QDockWidget*> shown;
  for (QDockWidget* dock : m_docks) {
    // A dock behind another tab is not visible but is shown (its View menu entry is checked);
    // before the window first shows, only a dock hidden on purpose is hidden.
    const bool isShown =
        m_window->isVisible() ? dock->toggleViewAction()->isChecked() : !dock->isHidden();
    if (isShown) shown.push_back(dock);
    dock->hide();
  }
  // Hidden again with nothing shown (e.g. twice in a row): keep what was shown before.
  if (!m_hidden || !shown.empty()) m_shownWhenHidden = std::move(shown);
  m_hidden = true;
}

void Workspace::reportProgress(int done, int total, const QString& text) {
  m_progress->setProgress(done, total, text);
}

void Workspace::finishProgress() {
  m_progress->finish();
}

Json Workspace::windowViewState(QMainWindow* window, ViewportWidget* viewport,
                                const std::vector<const Workspace*>& workspaces) {
  JsonObject docks;
  for (QDockWidget* dock : window->findChildren<QDockWidget*>()) {
    docks[dock->objectName().toStdString()] =
        dock->toggleViewAction()->isChecked();  // also behind a tab
  }
  const OrbitCamera cam = viewport->camera();
  JsonObject state{
      {"docks", std::move(docks)},
      {"camera", JsonObject{{"target", JsonArray{cam.target.x(), cam.target.y(), cam.target.z()}},
                            {"yaw_degrees", cam.yawDegrees},
                            {"pitch_degrees", cam.pitchDegrees},
                            {"distance", cam.distance}}},
      {"follow_character", viewport->followCharacter()}};
  for (const Workspace* w : workspaces) w->saveViewState(state);
  return state;
}

void Workspace::applyWindowViewState(QMainWindow* window, ViewportWidget* viewport,
                                     const std::vector<Workspace*>& workspaces, const Json& state) {
  if (const Json* docks = jsonFind(state, "docks"); docks && docks->is_object()) {
    for (QDockWidget* dock : window->findChildren<QDockWidget*>()) {
      const Json* v = jsonFind(*docks, dock->objectName().toStdString());
      if (v && v->is_boolean()) dock->setVisible(v->get<bool>());
    }
  }
  if (const Json* cam = jsonFind(state, "camera"); cam && cam->is_object()) {
    OrbitCamera c = viewport->camera();
    const Json* t = jsonFind(*cam, "target");
    if (t && t->is_array() && t->size() == 3 && (*t)[0].is_number() && (*t)[1].is_number() &&
        (*t)[2].is_number()) {
      c.target = QVector3D((*t)[0].get<double>(), (*t)[1].get<double>(), (*t)[2].get<double>());
    }
    auto number = [cam](const char* key, float* out) {
      if (const Json* v = jsonFind(*cam, key); v && v->is_number())
        *out = static_cast<float>(v->get<double>());
    };
    number("yaw_degrees", &c.yawDegrees);
    number("pitch_degrees", &c.pitchDegrees);
    number("distance", &c.distance);
    viewport->setCamera(c);
  }
  if (const Json* f = jsonFind(state, "follow_character"); f && f->is_boolean())
    viewport->setFollowCharacter(f->get<bool>());
  for (Workspace* w : workspaces) w->loadViewState(state);
}

}  // namespace mg
