// SPDX-License-Identifier: MIT
#include "app/mgstudio/layout_report.h"

#include <algorithm>

#include <QDockWidget>
#include <QScreen>

#include "app/mgstudio/central_area.h"
#include "app/mgstudio/main_window.h"
#include "app/mgstudio/workspace.h"
#include "app/mgstudio/workspace_switcher.h"
#include "core/util/json_text.h"
#include "widgets/views/viewport/viewport_widget.h"

namespace mg {

namespace {

QRect onScreen(const QWidget* w) {
  return {w->mapToGlobal(QPoint(0, 0)), w->size()};
}

// On screen: shown, and not behind another tab of its group (that keeps it "visible" to Qt).
bool isOnScreen(const QWidget* w) {
  return w->isVisible() && !w->visibleRegion().isEmpty();
}

}  // namespace

std::vector<PanelGeometry> visiblePanels(const MainWindow& window) {
  std::vector<PanelGeometry> panels;
  CentralArea* central = window.centralArea();
  if (isOnScreen(central->viewport()))
    panels.push_back({QStringLiteral("Viewport"), central->viewport()->objectName(),
                      QStringLiteral("window"), onScreen(central->viewport()),
                      central->viewport()});
  if (QWidget* page = central->page(central->kind()); page && isOnScreen(page)) {
    QString title;
    for (const Workspace* w : window.workspaces()) {
      if (w->kindName() == central->kind()) title = w->mainEditorTitle();
    }
    panels.push_back({title, page->objectName(), central->kind(), onScreen(page), page});
  }
  std::vector<PanelGeometry> docks;
  for (QDockWidget* dock : window.findChildren<QDockWidget*>()) {
    if (!isOnScreen(dock)) continue;
    QString kind = QStringLiteral("window");
    for (const Workspace* w : window.workspaces()) {
      const auto& own = w->docks();
      if (std::find(own.begin(), own.end(), dock) != own.end()) kind = w->kindName();
    }
    QString title = dock->windowTitle();
    if (title.isEmpty() || dock->objectName() == QStringLiteral("playbackDock"))
      title = QStringLiteral("Playback");
    docks.push_back({title, dock->objectName(), kind, onScreen(dock), dock});
  }
  std::sort(docks.begin(), docks.end(), [](const PanelGeometry& a, const PanelGeometry& b) {
    return a.objectName < b.objectName;
  });
  panels.insert(panels.end(), docks.begin(), docks.end());
  return panels;
}

QString layoutReportJsonLines(const MainWindow& window) {
  QString out;
  const QScreen* screen = window.screen();
  const QRect frame = window.frameGeometry();
  JsonObject head{{"event", "layout"},
                  {"workspace", window.switcher()->active()
                                    ? window.switcher()->active()->kindName().toStdString()
                                    : std::string()},
                  {"screen_width", screen ? screen->geometry().width() : 0},
                  {"screen_height", screen ? screen->geometry().height() : 0},
                  {"device_pixel_ratio", screen ? screen->devicePixelRatio() : 1.0},
                  {"x", frame.x()},
                  {"y", frame.y()},
                  {"width", frame.width()},
                  {"height", frame.height()}};
  out += QString::fromStdString(Json(head).dump()) + QLatin1Char('\n');
  for (const PanelGeometry& p : visiblePanels(window)) {
    JsonObject line{{"panel", p.title.toStdString()},
                    {"object", p.objectName.toStdString()},
                    {"workspace", p.workspace.toStdString()},
                    {"x", p.geometry.x()},
                    {"y", p.geometry.y()},
                    {"width", p.geometry.width()},
                    {"height", p.geometry.height()}};
    out += QString::fromStdString(Json(line).dump()) + QLatin1Char('\n');
  }
  return out;
}

}  // namespace mg
