// SPDX-License-Identifier: MIT
#pragma once

class QMenu;

namespace mg {

class HeatmapPanel;
class MainWindow;

// Puts the distance-grid heatmap in a dock on the right of `window`: a View menu toggle
// (Ctrl+Shift+H) in `viewMenu`, the shown grid following the library's selection, and while a
// frame pair is selected, playback paused and the library's characters hidden so the two
// overlaid frames stand alone. Returns the panel (owned by the dock).
HeatmapPanel* createHeatmapDock(MainWindow* window, QMenu* viewMenu);

}  // namespace mg
