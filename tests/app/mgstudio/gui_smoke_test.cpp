// SPDX-License-Identifier: MIT
// GUI smoke test: the real main window on a real X display (CTest runs it under xvfb-run;
// Qt3D does not draw under the offscreen platform). It opens the sample, grabs the viewport from
// the screen (QWidget::grab cannot see Qt3D's surface), keeps the PNGs in the build directory
// for people to look at, and fails if the 3D view is blank, shows no character, or does not
// change when the frame does.

#include <gtest/gtest.h>

#include <cmath>

#include <QAction>
#include <QApplication>
#include <QMimeData>
#include <QScreen>
#include <QSettings>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

#include <QDockWidget>
#include "app/mgstudio/main_window.h"
#include "app/mgstudio/opened_files_gate.h"
#include "app/mgstudio/pmg/parametric_workspace.h"
#include "app/mgstudio/snap/snap_workspace.h"
#include "app/mgstudio/studio_style.h"
#include "app/mgstudio/workspace_registry.h"
#include "gui_snap_sample.h"
#include "gui_test_main.h"
#include "widgets/document/hub_list.h"
#include "widgets/jobs/snap_session.h"
#include "widgets/views/library/motion_library_view.h"
#include "widgets/views/playback/motion_player.h"
#include "widgets/views/playback/playback_bar.h"
#include "widgets/views/playback/playback_controller.h"
#include "widgets/views/playback/stream_player.h"
#include "widgets/views/snap/snap_preview.h"
#include "widgets/views/timeline/match_timeline.h"
#include "widgets/views/viewport/viewport_widget.h"
#include "widgets/views/viewport/viewport_window.h"

namespace mg {
namespace {

QImage grabViewport(const MainWindow& window) {
  const ViewportWidget* viewport = window.viewport();
  const QPoint topLeft = viewport->mapToGlobal(QPoint(0, 0));
  return viewport->screen()
      ->grabWindow(0, topLeft.x(), topLeft.y(), viewport->width(), viewport->height())
      .toImage()
      .convertToFormat(QImage::Format_RGB32);
}

void saveArtifact(const QImage& image, const char* name) {
  const QString path = QStringLiteral(MG_GUI_ARTIFACT_DIR "/%1.png").arg(QLatin1String(name));
  EXPECT_TRUE(image.save(path)) << path.toStdString();
}

// Variance of the grey level over all pixels: near zero for an empty or single-colour view.
double greyVariance(const QImage& image) {
  double sum = 0, sumSq = 0;
  const double n = double(image.width()) * image.height();
  for (int y = 0; y < image.height(); ++y) {
    const QRgb* row = reinterpret_cast<const QRgb*>(image.constScanLine(y));
    for (int x = 0; x < image.width(); ++x) {
      const double g = qGray(row[x]);
      sum += g;
      sumSq += g * g;
    }
  }
  const double mean = sum / n;
  return sumSq / n - mean * mean;
}

// Pixels in the hue of the first palette colour (orange: red > green > blue, clearly saturated);
// neither the grey floor, the blue Z axis nor the red X axis line qualifies.
int characterPixels(const QImage& image) {
  int count = 0;
  for (int y = 0; y < image.height(); ++y) {
    const QRgb* row = reinterpret_cast<const QRgb*>(image.constScanLine(y));
    for (int x = 0; x < image.width(); ++x) {
      const int r = qRed(row[x]), g = qGreen(row[x]), b = qBlue(row[x]);
      if (r > 90 && r > g && g > b + 30) ++count;
    }
  }
  return count;
}

// Pixels in the hue of the second palette colour (teal: blue and green well above red).
int secondCharacterPixels(const QImage& image) {
  int count = 0;
  for (int y = 0; y < image.height(); ++y) {
    const QRgb* row = reinterpret_cast<const QRgb*>(image.constScanLine(y));
    for (int x = 0; x < image.width(); ++x) {
      const int r = qRed(row[x]), g = qGreen(row[x]), b = qBlue(row[x]);
      if (g > r + 40 && b > r + 40 && g > 70) ++count;
    }
  }
  return count;
}

double meanAbsDifference(const QImage& a, const QImage& b) {
  double sum = 0;
  for (int y = 0; y < a.height(); ++y) {
    const QRgb* ra = reinterpret_cast<const QRgb*>(a.constScanLine(y));
    const QRgb* rb = reinterpret_cast<const QRgb*>(b.constScanLine(y));
    for (int x = 0; x < a.width(); ++x) sum += std::abs(qGray(ra[x]) - qGray(rb[x]));
  }
  return sum / (double(a.width()) * a.height());
}

// Lets the Qt3D loop draw what it was given: a few frame ticks, then a little settling time.
void settle(ViewportWidget* viewport) {
  QSignalSpy ticks(viewport, &ViewportWidget::frameTicked);
  for (int i = 0; i < 5 && (ticks.count() >= 5 || ticks.wait(2000)); ++i) {
  }
  QTest::qWait(700);
}

TEST(GuiSmoke, IconIsCompiledIn) {
  for (int size : {16, 32, 48, 64, 128, 256}) {
    const QImage icon(QStringLiteral(":/icons/mgstudio-%1.png").arg(size));
    ASSERT_EQ(icon.size(), QSize(size, size));
    EXPECT_GT(qAlpha(icon.pixel(size / 2, size / 2)), 0);  // the tile, not a transparent square
  }
}

TEST(GuiSmoke, SampleOpensPlaysAndIsDrawn) {
  MainWindow window;
  window.resize(1440, 900);
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));

  QSignalSpy batch(&window, &MainWindow::loadBatchFinished);
  window.openSample();
  ASSERT_TRUE(batch.wait(60000));
  ASSERT_TRUE(batch[0][0].toStringList().isEmpty()) << "sample failed to load";
  ASSERT_EQ(window.project()->motionCount(), 1);
  ASSERT_EQ(window.player()->shownMotions().size(), 1);
  EXPECT_TRUE(window.playback()->isPlaying());
  settle(window.viewport());
  saveArtifact(window.screen()
                   ->grabWindow(0, window.frameGeometry().x(), window.frameGeometry().y(),
                                window.frameGeometry().width(), window.frameGeometry().height())
                   .toImage(),
               "gui_smoke_window");

  // Space is the window-wide play/pause shortcut: it must also work while the 3D view, a
  // separate QWindow, has the keyboard.
  window.activateWindow();
  ASSERT_TRUE(QTest::qWaitForWindowActive(&window));
  QTest::keyClick(&window, Qt::Key_Space);
  EXPECT_FALSE(window.playback()->isPlaying());
  QTest::keyClick(window.viewport()->window3d(), Qt::Key_Space);
  EXPECT_TRUE(window.playback()->isPlaying());
  QTest::keyClick(window.viewport()->window3d(), Qt::Key_Space);
  EXPECT_FALSE(window.playback()->isPlaying());
  window.playback()->setFrame(0);
  settle(window.viewport());
  const QImage first = grabViewport(window);
  saveArtifact(first, "gui_smoke_frame0");
  EXPECT_GT(greyVariance(first), 50.0) << "the viewport looks blank";
  const int pixels = characterPixels(first);
  EXPECT_GT(pixels, 400) << "no character-coloured pixels in the viewport";

  window.playback()->setFrame(window.playback()->frameCount() / 2);
  settle(window.viewport());
  const QImage middle = grabViewport(window);
  saveArtifact(middle, "gui_smoke_frame_middle");
  EXPECT_GT(characterPixels(middle), 400);
  EXPECT_GT(meanAbsDifference(first, middle), 0.3) << "the view did not change with the frame";
  // Following the character keeps the camera's horizontal offset to its root.
  window.playback()->setFrame(0);
  window.viewport()->setFollowCharacter(true);
  const QVector3D targetBefore = window.viewport()->camera().target;
  const Motion& sample = *window.project()->motions()[0].motion;
  const int later = 600;  // 6 s into the boxing take: the boxer has moved across the floor
  window.playback()->setFrame(later);
  const Eigen::Vector3d rootShift = sample.rootPositions[later] - sample.rootPositions[0];
  const QVector3D targetShift = window.viewport()->camera().target - targetBefore;
  ASSERT_GT(std::hypot(rootShift.x(), rootShift.z()), 0.1) << "pick a frame where the root moved";
  EXPECT_NEAR(targetShift.x(), rootShift.x(), 1e-3);
  EXPECT_NEAR(targetShift.z(), rootShift.z(), 1e-3);
  EXPECT_NEAR(targetShift.y(), 0.0, 1e-6);
  window.viewport()->setFollowCharacter(false);

  EXPECT_EQ(QSettings().value(QStringLiteral("recentFiles")).toStringList().value(0),
            QStringLiteral("/usr/share/assimp/models/BVH/Boxing_Toes.bvh"));

  // Dropping files onto the window loads them; a bad one is reported, the rest still loads.
  QMimeData mime;
  mime.setUrls({QUrl::fromLocalFile(QStringLiteral("/nonexistent/missing.bvh")),
                QUrl::fromLocalFile(QStringLiteral("/usr/share/assimp/models/BVH/01_01.bvh"))});
  QDragEnterEvent enter(QPoint(300, 300), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
  QApplication::sendEvent(&window, &enter);
  EXPECT_TRUE(enter.isAccepted());
  QDropEvent drop(QPointF(300, 300), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
  QApplication::sendEvent(&window, &drop);
  EXPECT_TRUE(drop.isAccepted());
  ASSERT_TRUE(batch.wait(60000));
  EXPECT_EQ(batch.last()[0].toStringList().size(), 1);
  // 01_01 is another skeleton than the boxer's: asked first, nothing added yet; then added.
  ASSERT_NE(window.openedFiles()->question(), nullptr);
  EXPECT_EQ(window.project()->motionCount(), 1);
  window.openedFiles()->addHeld();
  ASSERT_EQ(window.project()->motionCount(), 2);

  // Selecting both motions shows both skeletons, each in its own colour.
  window.library()->table()->selectAll();
  ASSERT_EQ(window.player()->shownMotions().size(), 2);
  window.playback()->setPlaying(false);
  window.playback()->setFrame(0);
  window.viewport()->frameCharacters();
  settle(window.viewport());
  const QImage both = grabViewport(window);
  saveArtifact(both, "gui_smoke_two_characters");
  EXPECT_GT(characterPixels(both), 200);
  EXPECT_GT(secondCharacterPixels(both), 200);

  // Closing stores the layout for the next session (no "save changes?" in a test).
  window.setAskToSave(false);
  window.close();
  // (each workspace's dock layout under mainWindow/layouts/<kind>; the shown one is snap)
  EXPECT_TRUE(QSettings().contains(QStringLiteral("mainWindow/layouts/snap")));
  EXPECT_TRUE(QSettings().contains(QStringLiteral("mainWindow/central")));
}

}  // namespace
}  // namespace mg

int main(int argc, char** argv) {
  return mg::test::runGuiTests(argc, argv, "gui_smoke_test");
}

namespace mg {
namespace {

// Both graph kinds are Workspace subclasses: the base registered their docks (in the View menu),
// gives their graph models to other panels, and round-trips the window's and each kind's view
// state (the snap walk seed) through the project's view state.
TEST(GuiSmoke, WorkspacesShareTheBase) {
  MainWindow window;
  window.setAskToSave(false);
  std::vector<Workspace*> kinds{window.workspace<SnapWorkspace>(),
                                window.workspace<ParametricWorkspace>()};
  for (Workspace* w : kinds) {
    ASSERT_FALSE(w->docks().empty()) << w->kindName().toStdString();
    ASSERT_NE(w->graphModel(), nullptr);
  }
  EXPECT_EQ(window.workspace<SnapWorkspace>()->docks()[0]->objectName(),
            QStringLiteral("timelineDock"));
  EXPECT_EQ(window.workspace<ParametricWorkspace>()->docks()[0]->objectName(),
            QStringLiteral("edgeInspectorDock"));
  window.workspace<SnapWorkspace>()->preview()->setSeed(4242);
  const Json state = Workspace::windowViewState(
      &window, window.viewport(),
      {window.workspace<SnapWorkspace>(), window.workspace<ParametricWorkspace>()});
  ASSERT_NE(jsonFind(state, "walk_seed"), nullptr);
  EXPECT_EQ(state.at("walk_seed").get<double>(), 4242);
  ASSERT_NE(jsonFind(state, "docks"), nullptr);
  window.workspace<SnapWorkspace>()->preview()->setSeed(7);
  Workspace::applyWindowViewState(&window, window.viewport(), kinds, state);
  EXPECT_EQ(window.workspace<SnapWorkspace>()->preview()->seed(), 4242u);
}

// Edit > Create Hub at Playback Frame (Ctrl+H) makes a hub at the frame library playback is on,
// one undo step that Ctrl+Y redoes; with nothing to take a frame from it makes none and the status
// bar says why.
TEST(GuiSmoke, CreateHubAtPlaybackFrameMakesAHubOrSaysWhy) {
  MainWindow window;
  window.setAskToSave(false);
  window.resize(1366, 768);
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  QAction* create = window.workspace<SnapWorkspace>()->createHubAction();
  create->trigger();
  EXPECT_EQ(hubsOf(*window.project())->count(), 0);
  EXPECT_TRUE(window.statusBar()->currentMessage().contains(QStringLiteral("No frame")))
      << window.statusBar()->currentMessage().toStdString();

  ASSERT_NO_FATAL_FAILURE(test::openSampleWithThreeHubs(window));
  window.library()->selectMotion(window.project()->motions()[0].id);  // library playback
  window.playback()->setPlaying(false);
  window.playback()->setFrame(40);
  ASSERT_FALSE(window.player()->shownMotions().isEmpty());
  create->trigger();
  ASSERT_EQ(hubsOf(*window.project())->count(), 4);
  const HubSpec made = hubsOf(*window.project())->hubs().back();
  EXPECT_EQ(made.motion, window.player()->shownMotions().first());
  EXPECT_TRUE(window.statusBar()->currentMessage().contains(made.name));
  window.project()->undoStack()->undo();
  EXPECT_EQ(hubsOf(*window.project())->count(), 3);
  QAction* redo = nullptr;
  for (QAction* a : window.actions()) {
    if (a->shortcuts().contains(QKeySequence(Qt::CTRL | Qt::Key_Y))) redo = a;
  }
  ASSERT_NE(redo, nullptr) << "no action on Ctrl+Y";
  EXPECT_TRUE(redo->shortcuts().contains(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z)));
  redo->trigger();
  EXPECT_EQ(hubsOf(*window.project())->count(), 4);
}

// One registration per kind: every folder of app/mgstudio (the build lists them) made exactly one
// workspace of the window, named as its folder, in the registry's order, each with a tab and its
// own Getting Started steps. A kind whose registration the linker dropped fails here.
TEST(GuiSmoke, EveryKindFolderRegistersAWorkspace) {
  const QStringList folders =
      QString::fromLatin1(MG_WORKSPACE_FOLDERS).split(QLatin1Char(','), Qt::SkipEmptyParts);
  ASSERT_GE(folders.size(), 4) << MG_WORKSPACE_FOLDERS;  // at least snap, pmg, subgraph, field
  MainWindow window;
  window.setAskToSave(false);
  ASSERT_EQ(registeredWorkspaces().size(), static_cast<size_t>(folders.size()));
  ASSERT_EQ(window.workspaces().size(), static_cast<size_t>(folders.size()));
  QStringList kinds;
  for (const Workspace* w : window.workspaces()) {
    kinds << w->kindName();
    EXPECT_FALSE(w->docks().empty()) << w->kindName().toStdString();
    EXPECT_FALSE(w->gettingStartedHtml().isEmpty()) << w->kindName().toStdString();
    EXPECT_NE(window.findChild<QAction*>(w->kindName() + QStringLiteral("WorkspaceAction")),
              nullptr);
  }
  EXPECT_EQ(kinds.first(), QStringLiteral("snap"));  // the sample opens in the first
  QStringList sortedKinds = kinds, sortedFolders = folders;
  sortedKinds.sort();
  sortedFolders.sort();
  EXPECT_EQ(sortedKinds, sortedFolders);
}

}  // namespace
}  // namespace mg

namespace mg {
namespace {

// One playback path: the snap walk, a snap clip and library playback all run under the one
// transport at 1366x768: Space pauses and plays them, scrubbing and stepping move them, the
// readout, the Match Timeline and the heatmap write the same moment the same way (working-rate
// frame and seconds), and the timeline has a playhead during walk, clip and library playback.
TEST(GuiSmoke, EveryPreviewPlaysUnderTheOneTransport) {
  MainWindow window;
  ASSERT_NO_FATAL_FAILURE(test::showLaptopWindowWithThreeHubs(window));
  SnapSession* session = window.workspace<SnapWorkspace>()->session();
  SnapPreview* preview = window.workspace<SnapWorkspace>()->preview();
  PlaybackController* transport = window.playback();
  preview->setWalkPlaying(true);
  ASSERT_TRUE(preview->isWalking());
  EXPECT_TRUE(transport->isPlaying());
  EXPECT_GT(transport->frameCount(), 1);  // never the disabled "no clip" transport
  QTest::qWait(1200);                     // the walk plays on the transport's clock
  EXPECT_GT(transport->frame(), 10);
  window.activateWindow();
  ASSERT_TRUE(QTest::qWaitForWindowActive(&window));
  QTest::keyClick(&window, Qt::Key_Space);
  EXPECT_FALSE(preview->isWalkPlaying());
  transport->setFrame(15);  // scrub
  const int motion = preview->currentMotion(), frame = preview->currentFrame();
  ASSERT_GE(motion, 0);
  EXPECT_EQ(window.workspace<SnapWorkspace>()->timeline()->playheadMotion(), motion);
  EXPECT_EQ(window.workspace<SnapWorkspace>()->timeline()->playheadFrame(), frame);
  QTest::keyClick(&window, Qt::Key_Right);  // step
  EXPECT_EQ(transport->frame(), 16);
  EXPECT_EQ(window.findChild<PlaybackBar*>()->readout(),
            QStringLiteral("frame 16 (0.53 s) / %1").arg(transport->lastWorkingFrame()));
  settle(window.viewport());
  EXPECT_GT(characterPixels(grabViewport(window)), 100) << "the paused walk is not drawn";
  saveArtifact(window.screen()
                   ->grabWindow(0, window.frameGeometry().x(), window.frameGeometry().y(),
                                window.frameGeometry().width(), window.frameGeometry().height())
                   .toImage(),
               "playback_walk_1366x768");

  // A clip from the timeline: under the transport, the playhead on its frames.
  const auto state = session->state();
  const Clip clip = state->graph.edges[0].clip;
  preview->playClip(0);
  EXPECT_FALSE(preview->isWalking());
  transport->setPlaying(false);
  transport->setFrame(3);
  EXPECT_EQ(window.workspace<SnapWorkspace>()->timeline()->playheadMotion(), clip.motion);
  EXPECT_EQ(window.workspace<SnapWorkspace>()->timeline()->playheadFrame(), clip.beginFrame + 3);

  // Library playback (a 100 fps capture): the transport counts 30 fps frames and the timeline's
  // playhead sits on the same working frame.
  window.library()->selectMotion(window.project()->motions()[0].id);
  EXPECT_FALSE(window.streams()->hasStream());
  transport->setPlaying(false);
  transport->setFrame(400);  // 4 s: frame 120 at 30 fps
  EXPECT_EQ(transport->workingFrame(), 120);
  EXPECT_TRUE(
      window.findChild<PlaybackBar*>()->readout().startsWith(QStringLiteral("frame 120 (4.00 s)")));
  EXPECT_EQ(window.workspace<SnapWorkspace>()->timeline()->playheadMotion(), 0);
  EXPECT_EQ(window.workspace<SnapWorkspace>()->timeline()->playheadFrame(), 120);
  transport->stepForward();  // one working frame: 10/3 capture frames, rounded up
  EXPECT_EQ(transport->frame(), 404);
  EXPECT_EQ(window.workspace<SnapWorkspace>()->timeline()->playheadFrame(), 121);
}

}  // namespace
}  // namespace mg
