// SPDX-License-Identifier: MIT
#include "app/mgstudio/studio_script.h"

#include "app/mgstudio/main_window.h"
#include "app/mgstudio/snap/snap_workspace.h"
#include "widgets/document/hub_list.h"
#include "widgets/document/project.h"
#include "widgets/jobs/motion_loader.h"
#include "widgets/jobs/snap_session.h"
#include "widgets/views/snap/snap_preview.h"

namespace mg {

StudioScript::StudioScript(MainWindow* window, const StudioOptions& options, QObject* parent)
    : QObject(parent),
      m_window(window),
      m_suggestHubs(options.suggestHubs),
      m_suggested(options.suggestHubs == 0),
      m_walking(!options.walk) {
  connect(window, &MainWindow::loadBatchFinished, this, [this] { suggestWhenIdle(); });
  connect(window->workspace<SnapWorkspace>()->session(), &SnapSession::stateChanged, this,
          [this] { walkWhenSnapped(); });
}

void StudioScript::begin() {
  m_begun = true;
  suggestWhenIdle();
}

void StudioScript::suggestWhenIdle() {
  if (m_suggested || !m_begun || m_window->loader()->isRunning()) return;
  Project* project = m_window->project();
  if (project->motionCount() == 0 || hubsOf(*project)->count() > 0) return;
  m_suggested = true;
  m_window->workspace<SnapWorkspace>()->session()->suggestHubs(m_suggestHubs, 0.0, 10);
}

void StudioScript::walkWhenSnapped() {
  if (m_walking || !m_window->workspace<SnapWorkspace>()->session()->state()->snapped) return;
  m_walking = true;
  m_window->workspace<SnapWorkspace>()->raiseDocks();
  m_window->workspace<SnapWorkspace>()->preview()->restartWalk();
  m_window->workspace<SnapWorkspace>()->preview()->setWalkPlaying(true);
}

}  // namespace mg
