// SPDX-License-Identifier: MIT
#pragma once

#include <vector>

#include <QRect>
#include <QString>

class QWidget;

namespace mg {

class MainWindow;

// One panel on screen: a dock in front of its tab group, the viewport, or the active workspace's
// main editor.
struct PanelGeometry {
  QString title;       // as the author sees it ("Hub Graph", "Motion Library", "Viewport")
  QString objectName;  // "hubsDock", "snapMainEditor", "viewport", ...
  QString workspace;   // the kind it belongs to ("snap", ...), or "window" for the window's own
  QRect geometry;      // on the screen, in logical pixels
  QWidget* widget = nullptr;
};

// Every panel of `window` that is on screen now, in a stable order (central first, then docks by
// object name). For mgstudio --layout-report and the layout tests.
std::vector<PanelGeometry> visiblePanels(const MainWindow& window);

// One JSON object per panel, one per line: {"panel", "object", "workspace", "x", "y", "width",
// "height"}; the first line describes the window and the screen.
QString layoutReportJsonLines(const MainWindow& window);

}  // namespace mg
