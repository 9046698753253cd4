// SPDX-License-Identifier: MIT
#include "app/mgstudio/heatmap_dock.h"

#include <QAction>
#include <QDockWidget>
#include <QMenu>

#include "app/mgstudio/main_window.h"
#include "widgets/views/common/wheel_guard.h"
#include "widgets/views/heatmap/heatmap_panel.h"
#include "widgets/views/library/motion_library_view.h"
#include "widgets/views/playback/motion_player.h"
#include "widgets/views/playback/playback_controller.h"
#include "widgets/views/viewport/viewport_widget.h"

namespace mg {

HeatmapPanel* createHeatmapDock(MainWindow* window, QMenu* viewMenu) {
  auto* panel = new HeatmapPanel(window->project(), window->viewport(), window);
  auto* dock = new QDockWidget(QObject::tr("Distance Heatmap"), window);
  dock->setObjectName(QStringLiteral("heatmapDock"));
  dock->setWidget(scrollingDockContent(panel));
  window->addDockWidget(Qt::RightDockWidgetArea, dock);
  // A grid needs height: share the right column as a tab with what is already there (on top at
  // start, since a heatmap is the first thing to look at after loading capture).
  for (QDockWidget* other : window->findChildren<QDockWidget*>()) {
    if (other != dock && window->dockWidgetArea(other) == Qt::RightDockWidgetArea &&
        !other->isFloating()) {
      window->tabifyDockWidget(other, dock);
      break;
    }
  }
  dock->raise();
  window->resizeDocks({dock}, {560}, Qt::Horizontal);

  QAction* toggle = dock->toggleViewAction();
  toggle->setShortcut(QKeySequence(QObject::tr("Ctrl+Shift+H")));
  toggle->setShortcutContext(Qt::WindowShortcut);
  window->addAction(toggle);
  viewMenu->addAction(toggle);

  QObject::connect(window->library(), &MotionLibraryView::selectionChanged, panel,
                   &HeatmapPanel::setMotions);
  QObject::connect(panel, &HeatmapPanel::pairSelected, window, [window](int row, int) {
    const bool pair = row >= 0;
    if (pair) window->playback()->setPlaying(false);
    for (MotionId id : window->player()->shownMotions()) {
      window->viewport()->setCharacterVisible(id, !pair);
    }
  });
  return panel;
}

}  // namespace mg
