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
#include <QScreen>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include "app/mgstudio/main_window.h"
#include "app/mgstudio/parametric_workspace.h"
#include "app/mgstudio/studio_style.h"
#include "core/util/json.h"
#include "widgets/commands/parametric_commands.h"
#include "widgets/document/project_file.h"
#include "widgets/views/edge_inspector.h"
#include "widgets/views/parametric_preview.h"
#include "widgets/views/viewport_widget.h"
#include "gui_test_main.h"

namespace mg {
namespace {

const QString kTurns = QStringLiteral(MG_SHARED_MOCAP_DIR "/cmu_turns");

TEST(ParametricGui, DemoPreviewSteerUndoAndExport) {
  if (!std::filesystem::exists((kTurns + QStringLiteral("/16_15.bvh")).toStdString())) {
    GTEST_SKIP() << "no cmu_turns capture under MG_SHARED_MOCAP_DIR";
  }
  MainWindow window;
  window.setAskToSave(false);
  window.resize(1440, 900);
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  ParametricWorkspace* pmg = window.parametric();
  QSignalSpy ready(pmg, &ParametricWorkspace::demoReady);
  pmg->runDemo(kTurns);
  ASSERT_TRUE(ready.wait(240000));
  ASSERT_EQ(window.project()->parametric()->nodes().size(), 1u);
  ASSERT_EQ(window.project()->parametric()->edges().size(), 1u);
  const ParamEdgeEntry& edge = window.project()->parametric()->edges()[0];
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
  EXPECT_NEAR(std::remainder(preview->heading() - before - std::numbers::pi / 8, 2 * std::numbers::pi), 0.0, 1e-9);
  for (int i = 0; i < 400 && preview->transitionsMade() < 2; ++i) preview->advance(1.0 / 30);
  EXPECT_GE(preview->transitionsMade(), 2);
  QTest::qWait(1500);  // let the viewport draw the steered character and its arrow
  const QPoint topLeft = window.mapToGlobal(QPoint(0, 0));
  const QImage shot = window.screen()->grabWindow(0, topLeft.x(), topLeft.y(), window.width(), window.height()).toImage();
  EXPECT_TRUE(shot.save(QStringLiteral(MG_GUI_ARTIFACT_DIR "/parametric_steer.png")));
  pmg->startWalk(false);
  EXPECT_FALSE(window.viewport()->groundArrowVisible());
  preview->stop();

  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("walk.pmg"));
  EXPECT_EQ(pmg->exportTo(path), QString());
  // (core/io/pmg_text.h cannot be included beside the main window: its MotionLoader alias
  // clashes with the editor's class; the text format has its own round-trip tests in core.)
  std::ifstream text(path.toStdString());
  std::string header;
  std::getline(text, header);
  EXPECT_EQ(header, "PMG 1");
  std::ifstream jsonFile((path + QStringLiteral(".json")).toStdString());
  std::stringstream json;
  json << jsonFile.rdbuf();
  Result<JsonValue> parsed = parseJson(json.str());
  ASSERT_TRUE(parsed.ok()) << parsed.error().message;
  ASSERT_NE(parsed->find("nodes"), nullptr);
  EXPECT_EQ(parsed->find("nodes")->asArray().size(), 1u);
  EXPECT_EQ(parsed->find("edges")->asArray().size(), 1u);

  // Saved with the project; after loading, the node is rebuilt in the background (built nodes and
  // samplings are caches, not saved) and the edge waits for Rebuild with its thresholds kept.
  const QString projectPath = dir.filePath(QStringLiteral("walk.mgproj"));
  ASSERT_TRUE(saveProject(*window.project(), projectPath).ok());
  const double tGood = edge.settings.thresholds.tGood;
  Status loaded = loadProject(window.project(), projectPath);
  ASSERT_TRUE(loaded.ok()) << loaded.error().message;
  ASSERT_EQ(window.project()->parametric()->nodes().size(), 1u);
  ASSERT_EQ(window.project()->parametric()->edges().size(), 1u);
  EXPECT_EQ(window.project()->parametric()->edges()[0].sampling, nullptr);
  EXPECT_DOUBLE_EQ(window.project()->parametric()->edges()[0].settings.thresholds.tGood, tGood);
  QTRY_VERIFY_WITH_TIMEOUT(window.project()->parametric()->nodes()[0].built != nullptr, 120000);
  EXPECT_EQ(window.project()->parametric()->nodes()[0].built->space().exampleCount(),
            static_cast<int>(window.project()->parametric()->nodes()[0].examples.size()));
  pmg->inspector()->setEdge(window.project()->parametric()->edges()[0].id);
  pmg->inspector()->rebuild();
  QTRY_VERIFY_WITH_TIMEOUT(window.project()->parametric()->edges()[0].classified != nullptr, 120000);

  window.project()->undoStack()->undo();  // the rebuild
  EXPECT_EQ(window.project()->parametric()->edges()[0].sampling, nullptr);
  // Deleting the edge is undoable too.
  ParamEdgeEntry again = window.project()->parametric()->edges()[0];
  window.project()->undoStack()->push(new RemoveParametricEdgeCommand(window.project()->parametric(), again.id));
  EXPECT_TRUE(window.project()->parametric()->edges().empty());
  window.project()->undoStack()->undo();
  ASSERT_EQ(window.project()->parametric()->edges().size(), 1u);
  window.project()->undoStack()->undo();  // nothing older after a load: the stack starts clean
  ASSERT_EQ(window.project()->parametric()->edges().size(), 1u);
  window.project()->undoStack()->redo();
  EXPECT_TRUE(window.project()->parametric()->edges().empty());
  EXPECT_EQ(pmg->inspector()->edge(), kNoParamId);
}

}  // namespace
}  // namespace mg

int main(int argc, char** argv) { return mg::test::runGuiTests(argc, argv, "parametric_gui_test"); }
