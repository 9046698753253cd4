// SPDX-License-Identifier: MIT
// The Parametric Motion Graph workspace in the real window (CTest runs it under xvfb-run): the
// --pmg-demo path on the CMU walks (a walking node and its self-loop), a transition preview,
// steering with the arrow keys and its ground arrow, undo of the edge, and the export.

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <numbers>
#include <sstream>

#include <QApplication>
#include <QFileInfo>
#include <QMouseEvent>
#include <QScreen>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include "app/mgstudio/main_window.h"
#include "app/mgstudio/pmg/parametric_workspace.h"
#include "app/mgstudio/project_controller.h"
#include "app/mgstudio/studio_style.h"
#include "core/util/json_text.h"
#include "gui_test_main.h"
#include "widgets/commands/parametric_commands.h"
#include "widgets/document/parametric_document.h"
#include "widgets/document/project_file.h"
#include "widgets/views/library/motion_library_view.h"
#include "widgets/views/param/edge_inspector.h"
#include "widgets/views/param/parametric_preview.h"
#include "widgets/views/viewport/ground_grid.h"
#include "widgets/views/viewport/viewport_widget.h"
#include "widgets/views/viewport/viewport_window.h"

namespace mg {
namespace {

// The bundled walks (tests/data/mocap), so this runs from a bare clone.
const QString kTurns = QStringLiteral(MG_TEST_DATA_DIR "/mocap/cmu_turns");

TEST(ParametricGui, DemoPreviewSteerUndoAndExport) {
  MainWindow window;
  window.setAskToSave(false);
  window.resize(1440, 900);
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  ParametricWorkspace* pmg = window.workspace<ParametricWorkspace>();
  QSignalSpy ready(pmg, &ParametricWorkspace::demoReady);
  pmg->runDemo(kTurns);
  ASSERT_TRUE(ready.wait(240000));
  ASSERT_EQ(parametricOf(*window.project())->nodes().size(), 1u);
  ASSERT_EQ(parametricOf(*window.project())->edges().size(), 1u);
  const ParamEdgeEntry& edge = parametricOf(*window.project())->edges()[0];
  EXPECT_EQ(pmg->inspector()->edge(), edge.id);
  ASSERT_NE(edge.classified, nullptr);
  EXPECT_TRUE(edge.classified->exists) << edge.classified->why;

  // The demo asks for a transition preview: it plays as a clip with its blend window.
  ParametricPreview* preview = pmg->preview();
  QTRY_COMPARE_WITH_TIMEOUT(preview->mode(), ParametricPreview::Mode::Clip, 20000);

  pmg->startWalk(true);
  ASSERT_EQ(preview->mode(), ParametricPreview::Mode::Steer);
  EXPECT_TRUE(window.viewport()->groundArrowVisible());
  const double before = preview->heading();
  QTest::keyClick(window.viewport(), Qt::Key_Left);
  EXPECT_NEAR(
      std::remainder(preview->heading() - before - std::numbers::pi / 8, 2 * std::numbers::pi), 0.0,
      1e-9);
  for (int i = 0; i < 400 && preview->transitionsMade() < 2; ++i) preview->advance(1.0 / 30);
  EXPECT_GE(preview->transitionsMade(), 2);
  // Steering by mouse: a left-drag on the ground heads towards the point under the mouse.
  {
    ViewportWindow* view3d = window.viewport()->window3d();
    const QPointF at(view3d->width() * 0.8, view3d->height() * 0.75);
    const std::optional<QVector3D> ground = view3d->groundPoint(at);
    ASSERT_TRUE(ground);
    ASSERT_TRUE(preview->steerTowards(at));
    // Where the character is now (the arrow starts at its root).
    const double want = std::atan2(ground->x() - preview->rootPosition().x(),
                                   ground->z() - preview->rootPosition().z());
    EXPECT_NEAR(std::remainder(preview->heading() - want, 2 * std::numbers::pi), 0.0, 1e-6);
    // A click that gives the viewport the keyboard focus only focuses it: the author clicked to
    // use the arrow keys, not to turn (once the heading jumped to wherever the click was).
    {
      window.library()->table()->setFocus();
      QTest::qWait(50);
      if (QGuiApplication::focusWindow() == view3d) window.activateWindow();
      ASSERT_TRUE(QTest::qWaitFor([view3d] { return QGuiApplication::focusWindow() != view3d; }));
      const double headingBefore = preview->heading();
      const QPointF aside(view3d->width() * 0.2, view3d->height() * 0.75);
      QMouseEvent focusing(QEvent::MouseButtonPress, aside, view3d->mapToGlobal(aside),
                           Qt::LeftButton, Qt::LeftButton, Qt::NoModifier);
      QApplication::sendEvent(view3d, &focusing);
      QMouseEvent drag(QEvent::MouseMove, aside + QPointF(5, 0), view3d->mapToGlobal(aside),
                       Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
      QApplication::sendEvent(view3d, &drag);
      QMouseEvent up(QEvent::MouseButtonRelease, aside, view3d->mapToGlobal(aside), Qt::LeftButton,
                     Qt::NoButton, Qt::NoModifier);
      QApplication::sendEvent(view3d, &up);
      EXPECT_EQ(preview->heading(), headingBefore) << "the focusing click steered";
      ASSERT_TRUE(QTest::qWaitFor([view3d] { return QGuiApplication::focusWindow() == view3d; }))
          << "the click did not focus the viewport";
    }
    QMouseEvent press(QEvent::MouseButtonPress, at, view3d->mapToGlobal(at), Qt::LeftButton,
                      Qt::LeftButton, Qt::NoModifier);
    const float yawBefore = window.viewport()->camera().yawDegrees;
    QApplication::sendEvent(view3d, &press);
    EXPECT_EQ(window.viewport()->camera().yawDegrees,
              yawBefore);  // the drag steered; the camera did not orbit
    QMouseEvent release(QEvent::MouseButtonRelease, at, view3d->mapToGlobal(at), Qt::LeftButton,
                        Qt::NoButton, Qt::NoModifier);
    QApplication::sendEvent(view3d, &release);
  }
  // The floor follows: after walking on, the grid is centred under the followed character.
  for (int i = 0; i < 300; ++i) preview->advance(1.0 / 30);
  EXPECT_EQ(window.viewport()->window3d()->grid()->centre(),
            GroundGrid::gridCentre(window.viewport()->camera().target));
  QTest::qWait(1500);  // let the viewport draw the steered character and its arrow
  const QPoint topLeft = window.mapToGlobal(QPoint(0, 0));
  const QImage shot = window.screen()
                          ->grabWindow(0, topLeft.x(), topLeft.y(), window.width(), window.height())
                          .toImage();
  EXPECT_TRUE(shot.save(QStringLiteral(MG_GUI_ARTIFACT_DIR "/parametric_steer.png")));
  pmg->startWalk(false);
  EXPECT_FALSE(window.viewport()->groundArrowVisible());
  preview->stop();

  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("walk.pmg"));
  EXPECT_EQ(pmg->exportTo(path), QString());
  // A name typed without the extension gets it.
  EXPECT_EQ(pmg->exportTo(dir.filePath(QStringLiteral("typed"))), QString());
  EXPECT_TRUE(QFileInfo::exists(dir.filePath(QStringLiteral("typed.pmg"))));
  EXPECT_TRUE(QFileInfo::exists(dir.filePath(QStringLiteral("typed.pmg.json"))));
  EXPECT_FALSE(QFileInfo::exists(dir.filePath(QStringLiteral("typed"))));
  // (core/io/pmg_text.h cannot be included beside the main window: its MotionLoader alias
  // clashes with the editor's class; the text format has its own round-trip tests in core.)
  std::ifstream text(path.toStdString());
  std::string header;
  std::getline(text, header);
  EXPECT_EQ(header, "PMG 1");
  std::ifstream jsonFile((path + QStringLiteral(".json")).toStdString());
  std::stringstream json;
  json << jsonFile.rdbuf();
  Result<Json> parsed = readJsonText(json.str());
  ASSERT_TRUE(parsed.ok()) << parsed.error().message;
  ASSERT_NE(jsonFind(*parsed, "nodes"), nullptr);
  EXPECT_EQ(parsed->at("nodes").size(), 1u);
  EXPECT_EQ(parsed->at("edges").size(), 1u);

  // Saved with the project; after loading, the node is rebuilt in the background (built nodes are
  // not saved) and the edge comes back sampled from the project's cache, classified as before.
  const QString projectPath = dir.filePath(QStringLiteral("walk.mgproj"));
  ASSERT_TRUE(saveProject(*window.project(), projectPath).ok());
  const double tGood = edge.settings.thresholds.tGood;
  const std::vector<float> minimaBefore = edge.sampling->minimum;
  const bool existsBefore = edge.classified->exists;
  // Opened as File > Open Project does: the workspace then rebuilds the node and checks the
  // cached sampling's working rate against it (it matches, so nothing is sampled again).
  ASSERT_TRUE(window.projectFiles()->openProject(projectPath));
  ASSERT_EQ(parametricOf(*window.project())->nodes().size(), 1u);
  ASSERT_EQ(parametricOf(*window.project())->edges().size(), 1u);
  ASSERT_NE(parametricOf(*window.project())->edges()[0].sampling, nullptr);
  EXPECT_EQ(parametricOf(*window.project())->edges()[0].sampling->minimum, minimaBefore);
  ASSERT_NE(parametricOf(*window.project())->edges()[0].classified, nullptr);
  EXPECT_EQ(parametricOf(*window.project())->edges()[0].classified->exists, existsBefore);
  const std::shared_ptr<const EdgeSampling> cached =
      parametricOf(*window.project())->edges()[0].sampling;
  EXPECT_DOUBLE_EQ(parametricOf(*window.project())->edges()[0].settings.thresholds.tGood, tGood);
  QTRY_VERIFY_WITH_TIMEOUT(parametricOf(*window.project())->nodes()[0].built != nullptr, 120000);
  QTest::qWait(500);
  EXPECT_EQ(parametricOf(*window.project())->edges()[0].sampling, cached)
      << "a valid cache was sampled again";
  EXPECT_EQ(parametricOf(*window.project())->nodes()[0].built->space().exampleCount(),
            static_cast<int>(parametricOf(*window.project())->nodes()[0].examples.size()));
  pmg->inspector()->setEdge(parametricOf(*window.project())->edges()[0].id);
  pmg->inspector()->rebuild();
  QTRY_VERIFY_WITH_TIMEOUT(!pmg->inspector()->isRebuilding(),
                           120000);  // (classified was there already: the cache)
  ASSERT_NE(parametricOf(*window.project())->edges()[0].sampling, cached);

  window.project()->undoStack()->undo();  // the rebuild
  EXPECT_EQ(parametricOf(*window.project())->edges()[0].sampling, cached);
  // Deleting the edge is undoable too.
  ParamEdgeEntry again = parametricOf(*window.project())->edges()[0];
  window.project()->undoStack()->push(
      new RemoveParametricEdgeCommand(parametricOf(*window.project()), again.id));
  EXPECT_TRUE(parametricOf(*window.project())->edges().empty());
  window.project()->undoStack()->undo();
  ASSERT_EQ(parametricOf(*window.project())->edges().size(), 1u);
  window.project()->undoStack()->undo();  // nothing older after a load: the stack starts clean
  ASSERT_EQ(parametricOf(*window.project())->edges().size(), 1u);
  window.project()->undoStack()->redo();
  EXPECT_TRUE(parametricOf(*window.project())->edges().empty());
  EXPECT_EQ(pmg->inspector()->edge(), kNoParamId);

  // A project without the cache (an older file): the edge is sampled again by itself after the
  // node is built, no Rebuild pressed.
  {
    std::ifstream in(projectPath.toStdString());
    std::stringstream text;
    text << in.rdbuf();
    Result<Json> root = readJsonText(text.str());
    ASSERT_TRUE(root.ok());
    Json& edgeJson = (*root)["pmg"]["edges"][0];
    ASSERT_EQ(edgeJson.erase("sampling_cache"), 1u);
    const QString stripped = dir.filePath(QStringLiteral("nocache.mgproj"));
    std::ofstream(stripped.toStdString()) << jsonText(*root, 2);
    ASSERT_TRUE(window.projectFiles()->openProject(stripped));
    ASSERT_EQ(parametricOf(*window.project())->edges().size(), 1u);
    EXPECT_EQ(parametricOf(*window.project())->edges()[0].sampling, nullptr);
    QTRY_VERIFY_WITH_TIMEOUT(parametricOf(*window.project())->edges()[0].classified != nullptr,
                             240000);
    EXPECT_EQ(parametricOf(*window.project())->edges()[0].sampling->minimum,
              minimaBefore);  // deterministic
    EXPECT_FALSE(window.project()->undoStack()->canUndo())
        << window.project()->undoStack()->undoText().toStdString();  // part of loading, not an edit
    ASSERT_TRUE(window.projectFiles()->openProject(projectPath));
    QTRY_VERIFY_WITH_TIMEOUT(parametricOf(*window.project())->nodes()[0].built != nullptr, 120000);
    window.project()->undoStack()->push(new RemoveParametricEdgeCommand(
        parametricOf(*window.project()), parametricOf(*window.project())->edges()[0].id));
  }

  // Without its edge the node is a dead end: the walk stops there with a message and the
  // character stays in view (it once vanished, and F framed nothing).
  QSignalSpy said(preview, &ParametricPreview::statusChanged);
  pmg->startWalk(false);
  ASSERT_EQ(preview->mode(), ParametricPreview::Mode::Walk);
  auto saidDeadEnd = [&said] {
    for (const QList<QVariant>& s : said) {
      if (s[0].toString().contains(QStringLiteral("dead end"))) return true;
    }
    return false;
  };
  for (int i = 0; i < 2000 && !saidDeadEnd(); ++i) preview->advance(1.0 / 30);
  ASSERT_TRUE(saidDeadEnd());
  EXPECT_TRUE(said.last()[0].toString().contains(QStringLiteral("walk")))
      << said.last()[0].toString().toStdString();
  EXPECT_NE(preview->rootPosition(), Eigen::Vector3d::Zero());  // still showing its last frame
  EXPECT_TRUE(window.viewport()->hasCharacter(MainWindow::kPreviewCharacterId));
}

}  // namespace
}  // namespace mg

int main(int argc, char** argv) {
  return mg::test::runGuiTests(argc, argv, "parametric_gui_test");
}
