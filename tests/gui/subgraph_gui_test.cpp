// SPDX-License-Identifier: MIT
// The Subgraph workspace in the real window at 1366x768 (CTest runs it under xvfb-run) on Assimp's
// two CMU walks: keys dragged on the Subgraph Timeline (undoable), manual mode with live
// connectivity and satisfaction, the search with its live iteration plot, Cancel, the result views,
// the random-walk preview, the export re-checked from disk, and the keys saved in the project.
#include <gtest/gtest.h>

#include <QDockWidget>
#include <QFileInfo>
#include <QListWidget>
#include <QMouseEvent>
#include <QPushButton>
#include <QScreen>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

#include "app/mgstudio/main_window.h"
#include "app/mgstudio/project_controller.h"
#include "app/mgstudio/snap_workspace.h"
#include "app/mgstudio/subgraph_workspace.h"
#include "core/io/subgraph_export.h"
#include "widgets/document/project.h"
#include "widgets/jobs/snap_session.h"
#include "widgets/views/graph/graph_scene.h"
#include "widgets/views/match_timeline.h"
#include "widgets/views/stream_player.h"
#include "widgets/views/subgraph/subgraph_panel.h"
#include "widgets/views/subgraph/subgraph_plots.h"
#include "gui_test_main.h"

namespace mg {
namespace {

const QString kWalk1 = QStringLiteral(MG_SAMPLE_DIR "/01_01.bvh");
const QString kWalk3 = QStringLiteral(MG_SAMPLE_DIR "/01_03.bvh");

void screenshot(QWidget& window, const char* name) {
  QTest::qWait(400);
  const QPoint topLeft = window.mapToGlobal(QPoint(0, 0));
  const QImage shot = window.screen()->grabWindow(0, topLeft.x(), topLeft.y(), window.width(), window.height()).toImage();
  EXPECT_TRUE(shot.save(QStringLiteral(MG_GUI_ARTIFACT_DIR "/%1.png").arg(QLatin1String(name))));
}

// Drags along `motion`'s line of the timeline from frame `from` to frame `to`.
void dragRange(MatchTimeline* timeline, int motion, int from, int to, Qt::KeyboardModifiers mods = {}) {
  const int y = timeline->rowY(motion);
  const QPoint a(static_cast<int>(timeline->frameToX(from + 0.5)), y), b(static_cast<int>(timeline->frameToX(to + 0.5)), y);
  QTest::mousePress(timeline, Qt::LeftButton, mods, a);
  QMouseEvent move(QEvent::MouseMove, b, timeline->mapToGlobal(b), Qt::NoButton, Qt::LeftButton, mods);
  QApplication::sendEvent(timeline, &move);
  QTest::mouseRelease(timeline, Qt::LeftButton, mods, b);
}

TEST(SubgraphGui, KeysManualModeSearchPreviewExportAndProject) {
  if (!QFileInfo::exists(kWalk1) || !QFileInfo::exists(kWalk3)) GTEST_SKIP() << "no Assimp CMU samples";
  MainWindow window;
  window.setAskToSave(false);
  window.resize(1366, 768);
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  QSignalSpy batch(&window, &MainWindow::loadBatchFinished);
  window.openFiles({kWalk1, kWalk3});
  ASSERT_TRUE(batch.wait(120000));
  SnapSession* session = window.snap()->session();
  ASSERT_TRUE(QTest::qWaitFor([session] { return session->state()->frames && session->state()->working.size() == 2; },
                              120000));
  SubgraphWorkspace* sg = window.subgraph();
  ASSERT_NE(sg, nullptr);
  sg->raiseDocks();
  MatchTimeline* timeline = sg->timeline();
  timeline->fitAll();
  QTest::qWait(200);
  SubgraphDocument* doc = window.project()->subgraph();

  // A drag makes a key; undo and redo it.
  dragRange(timeline, 0, 100, 129);
  ASSERT_EQ(doc->keys().size(), 1u);
  const double fps = window.project()->metricSettings().workingFps;
  EXPECT_NEAR(doc->keys()[0].beginSeconds * fps, 100, 1.01);
  EXPECT_NEAR(doc->keys()[0].endSeconds * fps, 130, 1.01);
  window.project()->undoStack()->undo();
  EXPECT_TRUE(doc->keys().empty());
  window.project()->undoStack()->redo();
  ASSERT_EQ(doc->keys().size(), 1u);
  // Two more keys; a drag over an existing key is refused.
  dragRange(timeline, 1, 250, 279);
  dragRange(timeline, 1, 800, 819);
  dragRange(timeline, 0, 110, 140);
  ASSERT_EQ(doc->keys().size(), 3u);

  // Manual mode: keeping both motions whole keeps the whole database, so every key segment
  // reaches every other and every pair is met; keeping one of them is not enough.
  QListWidget* list = sg->panel()->manualList();
  ASSERT_EQ(list->count(), 2);
  list->item(0)->setCheckState(Qt::Checked);
  list->item(1)->setCheckState(Qt::Checked);
  ASSERT_EQ(doc->choices().size(), 2u);
  auto evaluated = [sg](auto test) {
    return QTest::qWaitFor([sg, test] { return sg->manualOutcome() && test(*sg->manualOutcome()); }, 120000);
  };
  ASSERT_TRUE(evaluated([](const SubgraphOutcome& o) { return o.satisfaction == 1.0; }));
  EXPECT_EQ(sg->manualOutcome()->connectivity, 1.0);
  window.project()->undoStack()->undo();  // the second motion is no longer kept by hand
  ASSERT_TRUE(evaluated([](const SubgraphOutcome& o) { return o.satisfaction < 1.0; }));
  EXPECT_GT(sg->manualOutcome()->satisfaction, 0.0);
  screenshot(window, "subgraph_manual");
  window.project()->undoStack()->undo();  // back to the keys alone
  EXPECT_TRUE(doc->choices().empty());

  // Cancel: a search stopped at once leaves no result.
  QSignalSpy finished(sg, &SubgraphWorkspace::searchFinished);
  sg->runSearch();
  sg->cancelJobs();
  ASSERT_TRUE(finished.wait(60000));
  EXPECT_EQ(sg->outcome(), nullptr);

  // The search: every key pair met per the independent verifier, the plot filled per iteration.
  sg->runSearch();
  EXPECT_TRUE(sg->isSearching());
  ASSERT_TRUE(finished.wait(300000));
  ASSERT_NE(sg->outcome(), nullptr);
  const SubgraphOutcome& o = *sg->outcome();
  ASSERT_TRUE(o.error.isEmpty()) << o.error.toStdString();
  EXPECT_GT(o.subgraph.pairs.size(), 1000u);
  EXPECT_TRUE(o.subgraph.allSatisfied());
  EXPECT_LT(o.result.vertices.size(), o.result.coreVertices.size());
  EXPECT_EQ(sg->iterationPlot()->iterations().size(), o.result.iterations.size());
  EXPECT_EQ(o.keySegments, 3);
  EXPECT_GT(sg->scene()->nodeItemCount(), 0);
  EXPECT_TRUE(sg->exportAction()->isEnabled());
  screenshot(window, "subgraph_result");
  const char* const tabShots[] = {"subgraph_iterations", "subgraph_matrix", "subgraph_histogram", "subgraph_clips"};
  ASSERT_EQ(sg->results()->count(), 4);
  for (int tab = 0; tab < sg->results()->count(); ++tab) {
    sg->results()->setCurrentIndex(tab);
    screenshot(window, tabShots[tab]);
  }

  // The random walk plays in the viewport.
  sg->startWalk();
  ASSERT_TRUE(window.streams()->hasStream());
  window.streams()->setPlaying(false);
  for (int i = 0; i < 60; ++i) window.streams()->stepForward();
  EXPECT_GE(window.streams()->lastFrame(), 59);
  screenshot(window, "subgraph_walk");
  window.streams()->stop();

  // The export reads back and re-checks on its own.
  QTemporaryDir dir;
  EXPECT_EQ(sg->exportTo(dir.filePath(QStringLiteral("out"))), QString());
  Result<SubgraphFile> file = readSubgraphFile(dir.filePath(QStringLiteral("out")).toStdString());
  ASSERT_TRUE(file) << file.error().message;
  EXPECT_EQ(file->graph.vertexCount(), static_cast<int>(o.result.vertices.size()));
  Result<VerificationReport> check = checkSubgraphFile(*file);
  ASSERT_TRUE(check);
  EXPECT_TRUE(check->allSatisfied());

  // The keys and the requirement are saved with the project and come back.
  const QString project = dir.filePath(QStringLiteral("p.mgproj"));
  ASSERT_TRUE(window.projectFiles()->saveTo(project));
  const std::vector<SubgraphKeySpec> keys = doc->keys();
  window.project()->clear();
  EXPECT_TRUE(doc->keys().empty());
  ASSERT_TRUE(window.projectFiles()->openProject(project));
  ASSERT_EQ(doc->keys().size(), keys.size());
  EXPECT_EQ(doc->keys()[0].name, keys[0].name);
  EXPECT_EQ(doc->keys()[2].colour, keys[2].colour);
}

}  // namespace
}  // namespace mg

int main(int argc, char** argv) { return mg::test::runGuiTests(argc, argv, "subgraph_gui_test"); }
