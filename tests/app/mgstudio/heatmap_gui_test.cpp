// SPDX-License-Identifier: MIT
// The heatmap dock in the real main window on an X display (run under xvfb-run like the smoke
// test): the sample's grid is computed, a transition candidate is selected, and the viewport
// shows the two frames in the overlay colours. The window is saved as heatmap_window.png in the
// build directory for people to judge.

#include <gtest/gtest.h>

#include <QApplication>
#include <QLabel>
#include <QScreen>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include "app/mgstudio/main_window.h"
#include "app/mgstudio/snap/snap_workspace.h"
#include "app/mgstudio/studio_style.h"
#include "gui_test_main.h"
#include "widgets/jobs/heatmap_grid.h"
#include "widgets/views/heatmap/heatmap_panel.h"
#include "widgets/views/heatmap/heatmap_slice_view.h"
#include "widgets/views/heatmap/heatmap_view.h"
#include "widgets/views/snap/hub_panel.h"
#include "widgets/views/viewport/viewport_widget.h"

namespace mg {
namespace {

QImage grabWidget(const QWidget* w) {
  const QPoint topLeft = w->mapToGlobal(QPoint(0, 0));
  return w->screen()->grabWindow(0, topLeft.x(), topLeft.y(), w->width(), w->height()).toImage();
}

// Pixels close in hue to `colour` and lit enough to be a character, not the floor.
int pixelsLike(const QImage& image, const QColor& colour) {
  int n = 0;
  for (int y = 0; y < image.height(); y += 2) {
    for (int x = 0; x < image.width(); x += 2) {
      const QColor c = image.pixelColor(x, y);
      if (c.saturation() < 80 || c.value() < 60) continue;
      const int dh = std::abs(c.hue() - colour.hue());
      n += std::min(dh, 360 - dh) < 18;
    }
  }
  return n;
}

TEST(HeatmapGui, SampleGridSelectionOverlaysTwoFrames) {
  MainWindow window;
  window.resize(1440, 900);
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  HeatmapPanel* panel = window.heatmap();
  ASSERT_NE(panel, nullptr);
  QSignalSpy shown(panel, &HeatmapPanel::gridShown);
  window.openSample();
  ASSERT_TRUE(shown.wait(120000));
  const auto grid = panel->grid();
  ASSERT_NE(grid, nullptr);
  ASSERT_FALSE(grid->minima.empty());

  // The best candidate at least two seconds away from the diagonal.
  const GridMinimum* best = nullptr;
  for (const GridMinimum& m : grid->minima) {
    if (m.col - m.row > 60 && (!best || m.distance < best->distance)) best = &m;
  }
  ASSERT_NE(best, nullptr);
  panel->setThreshold(
      std::max(2.0 * best->distance, static_cast<double>(grid->suggestedThreshold)));
  panel->view()->zoomAt(panel->view()->cellCentre(best->row, best->col), 2.0);
  panel->selectPair(best->row, best->col);
  EXPECT_EQ(panel->sliceView()->selectedColumn(), best->col);
  // The row frame is offered to "Create hub here".
  EXPECT_TRUE(window.workspace<SnapWorkspace>()->hubPanel()->candidateLabel()->text().endsWith(
      QStringLiteral("frame %1").arg(best->row)))
      << window.workspace<SnapWorkspace>()->hubPanel()->candidateLabel()->text().toStdString();
  ViewportWidget* viewport = window.viewport();
  ASSERT_TRUE(viewport->hasCharacter(HeatmapPanel::kRowCharacterId));
  ASSERT_TRUE(viewport->hasCharacter(HeatmapPanel::kColCharacterId));
  viewport->frameCharacters();
  QTest::qWait(1500);

  const QImage view3d = grabWidget(viewport);
  EXPECT_GT(pixelsLike(view3d, HeatmapPanel::rowColour()), 50);
  EXPECT_GT(pixelsLike(view3d, HeatmapPanel::colColour()), 50);
  const QImage whole = grabWidget(&window);
  const QString path = QStringLiteral(MG_GUI_ARTIFACT_DIR "/heatmap_window.png");
  EXPECT_TRUE(whole.save(path));
  std::printf("heatmap screenshot: %s\n", qPrintable(path));
}

}  // namespace
}  // namespace mg

int main(int argc, char** argv) {
  return mg::test::runGuiTests(argc, argv, "heatmap_gui_test");
}
