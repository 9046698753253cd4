// SPDX-License-Identifier: MIT
// The Subgraph workspace in the real window at 1366x768 (CTest runs it under xvfb-run) on Assimp's
// two CMU walks: keys dragged on the Subgraph Timeline (undoable), manual mode with live
// connectivity and satisfaction, the search with its live iteration plot, Cancel, the result views,
// the random-walk preview, the export re-checked from disk, and the keys saved in the project.
#include <gtest/gtest.h>

#include <algorithm>

#include <QDir>
#include <QDockWidget>
#include <QFileInfo>
#include <QListWidget>
#include <QMouseEvent>
#include <QPushButton>
#include <QScreen>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

#include "app/mgstudio/main_window.h"
#include "app/mgstudio/opened_files_gate.h"
#include "app/mgstudio/project_controller.h"
#include "app/mgstudio/snap/snap_workspace.h"
#include "app/mgstudio/subgraph/subgraph_workspace.h"
#include "core/io/subgraph_export.h"
#include "gui_test_main.h"
#include "support/capture.h"
#include "widgets/commands/subgraph_commands.h"
#include "widgets/document/project.h"
#include "widgets/jobs/snap_session.h"
#include "widgets/views/graph/graph_scene.h"
#include "widgets/views/playback/stream_player.h"
#include "widgets/views/subgraph/subgraph_panel.h"
#include "widgets/views/subgraph/subgraph_plots.h"
#include "widgets/views/timeline/match_timeline.h"

namespace mg {
namespace {

const QString kWalk1 = QStringLiteral(MG_SAMPLE_DIR "/01_01.bvh");
const QString kWalk3 = QStringLiteral(MG_SAMPLE_DIR "/01_03.bvh");

void screenshot(QWidget& window, const QString& name) {
  QTest::qWait(400);
  const QPoint topLeft = window.mapToGlobal(QPoint(0, 0));
  const QImage shot = window.screen()
                          ->grabWindow(0, topLeft.x(), topLeft.y(), window.width(), window.height())
                          .toImage();
  EXPECT_TRUE(shot.save(QStringLiteral(MG_GUI_ARTIFACT_DIR "/%1.png").arg(name)));
}

// Drags along `motion`'s line of the timeline from frame `from` to frame `to`.
void dragRange(MatchTimeline* timeline, int motion, int from, int to,
               Qt::KeyboardModifiers mods = {}) {
  const int y = timeline->rowY(motion);
  const QPoint a(static_cast<int>(timeline->frameToX(from + 0.5)), y),
      b(static_cast<int>(timeline->frameToX(to + 0.5)), y);
  QTest::mousePress(timeline, Qt::LeftButton, mods, a);
  QMouseEvent move(QEvent::MouseMove, b, timeline->mapToGlobal(b), Qt::NoButton, Qt::LeftButton,
                   mods);
  QApplication::sendEvent(timeline, &move);
  QTest::mouseRelease(timeline, Qt::LeftButton, mods, b);
}

TEST(SubgraphGui, KeysManualModeSearchPreviewExportAndProject) {
  if (!QFileInfo::exists(kWalk1) || !QFileInfo::exists(kWalk3))
    GTEST_SKIP() << "no Assimp CMU samples";
  MainWindow window;
  window.setAskToSave(false);
  window.resize(1366, 768);
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  QSignalSpy batch(&window, &MainWindow::loadBatchFinished);
  window.openFiles({kWalk1, kWalk3});
  ASSERT_TRUE(batch.wait(120000));
  SnapSession* session = window.workspace<SnapWorkspace>()->session();
  ASSERT_TRUE(QTest::qWaitFor(
      [session] { return session->state()->frames && session->state()->working.size() == 2; },
      120000));
  SubgraphWorkspace* sg = window.workspace<SubgraphWorkspace>();
  ASSERT_NE(sg, nullptr);
  sg->raiseDocks();
  MatchTimeline* timeline = sg->timeline();
  timeline->fitAll();
  QTest::qWait(200);
  SubgraphDocument* doc = sg->document();

  // A drag makes a key; undo and redo it.
  dragRange(timeline, 0, 100, 129);
  ASSERT_EQ(doc->keys().size(), 1u);
  const double fps = window.project()->metricSettings().workingFps;
  // A pixel of the timeline is a frame or more when it fits both takes into its width.
  const double pixel = std::max(1.0, 1.0 / timeline->pixelsPerFrame()) + 0.01;
  EXPECT_NEAR(doc->keys()[0].beginSeconds * fps, 100, pixel);
  EXPECT_NEAR(doc->keys()[0].endSeconds * fps, 130, pixel);
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
    return QTest::qWaitFor([sg, test] { return sg->manualOutcome() && test(*sg->manualOutcome()); },
                           120000);
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
  // The clip graph is beside the viewport (the kind's main editor); the results dock has the rest.
  const char* const tabShots[] = {"subgraph_iterations", "subgraph_matrix", "subgraph_histogram"};
  ASSERT_EQ(sg->results()->count(), 3);
  for (int tab = 0; tab < sg->results()->count(); ++tab) {
    sg->results()->setCurrentIndex(tab);
    screenshot(window, QLatin1String(tabShots[tab]));
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

// A user's database: the CMU walk and jog of tests/data (and, when ../shared is there, the whole
// 36-clip cgspeed database), keys on two walk cycles (plus a slow walk, a jump's flight and a reach
// with the database), the search, every result tab at 1920x1080 and again at 1366x768; then bad
// input: a gamma no path can meet as a hard limit names the pair and keeps the result.
TEST(SubgraphGui, CaptureDatabaseAtTwoScreenSizesAndBadInput) {
  const QString walk = QString::fromStdString(test::capturePath("cmu/08_01.bvh"));
  const QString jog = QString::fromStdString(test::capturePath("cmu/02_03.bvh"));
  QStringList files{walk, jog};
  const bool database = QFileInfo::exists(QStringLiteral(MG_SHARED_MOCAP_DIR "/cmu_db/07_05.bvh"));
  if (database) {
    for (const char* folder : {"cmu", "cmu_db"}) {
      const QDir dir(QStringLiteral(MG_SHARED_MOCAP_DIR "/%1").arg(QLatin1String(folder)));
      for (const QString& f : dir.entryList({QStringLiteral("*.bvh")}, QDir::Files, QDir::Name)) {
        const QString path = dir.filePath(f);
        if (!path.endsWith(QLatin1String("/08_01.bvh")) &&
            !path.endsWith(QLatin1String("/02_03.bvh")))
          files << path;
      }
    }
  }
  MainWindow window;
  window.setAskToSave(false);
  window.resize(1920, 1080);
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  QSignalSpy batch(&window, &MainWindow::loadBatchFinished);
  window.openFiles(files);
  ASSERT_TRUE(batch.wait(300000));
  SnapSession* session = window.workspace<SnapWorkspace>()->session();
  const size_t count = static_cast<size_t>(files.size());
  ASSERT_TRUE(QTest::qWaitFor(
      [&] { return session->state()->frames && session->state()->working.size() == count; },
      300000));
  SubgraphWorkspace* sg = window.workspace<SubgraphWorkspace>();
  sg->raiseDocks();
  SubgraphDocument* doc = sg->document();
  const auto& motions = window.project()->motions();
  auto idOf = [&](const QString& name) {
    for (const MotionEntry& e : motions) {
      if (QString::fromStdString(e.motion->name) == name) return e.id;
    }
    return kNoMotion;
  };
  // Frames at the 30 Hz working rate: two walk cycles; with the database a slow walk, a jump's
  // flight (13_39, hip highest near 120 Hz frame 190) and a reach on tiptoe (13_10). (The jog,
  // 02_03, joins the graph only once its first ten frames, the reference pose, are dropped.)
  struct Want {
    const char* motion;
    int begin, end;
  };
  std::vector<Want> wants{{"08_01", 8, 24}, {"08_01", 36, 52}};
  if (database)
    wants.insert(wants.end(), {{"07_04", 40, 72}, {"13_39", 40, 56}, {"13_10", 390, 415}});
  for (const Want& w : wants) {
    const MotionId id = idOf(QLatin1String(w.motion));
    ASSERT_NE(id, kNoMotion) << w.motion;
    sg->addStretch(id, w.begin, w.end, false);
  }
  ASSERT_EQ(doc->keys().size(), wants.size());
  sg->timeline()->fitAll();

  QSignalSpy finished(sg, &SubgraphWorkspace::searchFinished);
  sg->runSearch();
  ASSERT_TRUE(finished.wait(600000));
  ASSERT_NE(sg->outcome(), nullptr) << sg->panel()->summary().toStdString();
  ASSERT_TRUE(sg->outcome()->error.isEmpty()) << sg->outcome()->error.toStdString();
  EXPECT_TRUE(sg->outcome()->subgraph.allSatisfied());
  EXPECT_LT(sg->outcome()->result.vertices.size(), sg->outcome()->result.coreVertices.size() + 1);
  // The clip graph of a database of many motions is laid out wide, not as one tall column.
  const QRectF clips = sg->scene()->itemsBoundingRect();
  EXPECT_LT(clips.height(), 2 * clips.width()) << clips.width() << " x " << clips.height();
  const char* const tabs[] = {"iterations", "matrix", "histogram"};
  for (const QSize size : {QSize(1920, 1080), QSize(1366, 768)}) {
    window.resize(size);
    for (int tab = 0; tab < sg->results()->count(); ++tab) {
      sg->results()->setCurrentIndex(tab);
      screenshot(
          window,
          QStringLiteral("subgraph_db_%1_%2").arg(size.width()).arg(QLatin1String(tabs[tab])));
    }
  }
  const std::shared_ptr<const SubgraphOutcome> kept = sg->outcome();

  // A hard gamma of one frame: no path meets it; the message names the pair, the result stays.
  SubgraphSettings hard = doc->settings();
  hard.gamma = 1;
  hard.strict = true;
  window.project()->undoStack()->push(setSubgraphSettingsCommand(doc, hard));
  sg->runSearch();
  ASSERT_TRUE(finished.wait(600000));
  EXPECT_EQ(sg->outcome(), kept);
  EXPECT_TRUE(sg->panel()->summary().contains(QLatin1String("cannot be met")))
      << sg->panel()->summary().toStdString();
  EXPECT_TRUE(sg->panel()->summary().contains(QLatin1String("key &#x27;")) ||
              sg->panel()->summary().contains(QLatin1String("key '")))
      << sg->panel()->summary().toStdString();
  EXPECT_TRUE(sg->exportAction()->isEnabled());
  window.project()->undoStack()->undo();
  EXPECT_FALSE(doc->settings().strict);
}

// Motions on another skeleton than the working one (the first motion's) are set aside, and keys
// keep their motions when such capture is added; a key on a motion set aside is named by the run
// with the reason, rather than searched without, and every key is still there.
TEST(SubgraphGui, AKeyOnAMotionSetAsideIsNamed) {
  MainWindow window;
  window.setAskToSave(false);
  window.resize(1366, 768);
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  QSignalSpy batch(&window, &MainWindow::loadBatchFinished);
  window.openFiles({QString::fromStdString(test::capturePath("cmu/08_01.bvh")),
                    QString::fromStdString(test::capturePath("cmu/02_03.bvh"))});
  ASSERT_TRUE(batch.wait(300000));
  SnapSession* session = window.workspace<SnapWorkspace>()->session();
  ASSERT_TRUE(QTest::qWaitFor(
      [&] { return session->state()->frames && session->state()->working.size() == 2; }, 300000));
  SubgraphWorkspace* sg = window.workspace<SubgraphWorkspace>();
  sg->raiseDocks();
  SubgraphDocument* doc = sg->document();
  // A drag past the end of the shorter motion keeps what lies inside it; one wholly past its end
  // is refused with a message naming the motion, and adds nothing.
  const MotionId jog = window.project()->motions()[1].id;
  const int jogFrames = static_cast<int>(session->state()->working[1]->frameCount());
  sg->addStretch(jog, jogFrames + 5, jogFrames + 30, false);
  EXPECT_TRUE(doc->keys().empty());
  EXPECT_TRUE(window.statusBar()->currentMessage().contains(QLatin1String("outside 02_03")))
      << window.statusBar()->currentMessage().toStdString();
  sg->addStretch(jog, jogFrames - 10, jogFrames + 30, false);
  ASSERT_EQ(doc->keys().size(), 1u);
  const double fps = window.project()->metricSettings().workingFps;
  EXPECT_NEAR(doc->keys()[0].endSeconds * fps, jogFrames, 1.01);
  window.project()->undoStack()->undo();
  ASSERT_TRUE(doc->keys().empty());

  sg->addStretch(window.project()->motions()[0].id, 8, 24, false);
  ASSERT_EQ(doc->keys().size(), 1u);
  const SubgraphKeySpec first = doc->keys()[0];
  // Capture of another skeleton opened afterwards is asked about, then added in its own library
  // group and set aside; the key keeps its motion (opening files once emptied what was built).
  window.openFiles({QString::fromStdString(test::capturePath("cmu_turns/16_15.bvh")),
                    QString::fromStdString(test::capturePath("cmu_turns/16_11.bvh")),
                    QString::fromStdString(test::capturePath("cmu_turns/16_13.bvh"))});
  ASSERT_TRUE(batch.wait(300000));
  ASSERT_NE(window.openedFiles()->question(), nullptr) << "another skeleton was not asked about";
  window.openedFiles()->addHeld();
  ASSERT_TRUE(QTest::qWaitFor([&] { return session->state()->setAside.size() == 3; }, 300000));
  ASSERT_EQ(doc->keys().size(), 1u);
  EXPECT_EQ(doc->keys()[0], first);
  // A key on a motion that is set aside (one the timeline cannot make: a project written by hand
  // or by another version) is named by the search, not dropped.
  MotionId turn = kNoMotion;
  for (const MotionEntry& e : window.project()->motions())
    if (e.motion->name == "16_15") turn = e.id;
  ASSERT_NE(turn, kNoMotion);
  SubgraphKeySpec apart;
  apart.name = QStringLiteral("Turn");
  apart.colour = QColor(200, 80, 80);
  apart.motion = turn;
  apart.beginSeconds = 0.5;
  apart.endSeconds = 1.0;
  window.project()->undoStack()->push(new AddSubgraphKeyCommand(doc, apart));
  sg->runSearch();
  EXPECT_FALSE(sg->isSearching());
  EXPECT_EQ(sg->outcome(), nullptr);
  const QString why = sg->panel()->summary();
  EXPECT_TRUE(why.contains(QStringLiteral("Key \"Turn\"")) &&
              why.contains(QLatin1String("16_15")) && why.contains(QLatin1String("set aside")) &&
              why.contains(QLatin1String("skeleton")))
      << why.toStdString();
  ASSERT_EQ(doc->keys().size(), 2u);
  screenshot(window, QStringLiteral("subgraph_mixed_skeletons"));
}

}  // namespace
}  // namespace mg

int main(int argc, char** argv) {
  return mg::test::runGuiTests(argc, argv, "subgraph_gui_test");
}
