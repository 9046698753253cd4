// SPDX-License-Identifier: MIT
// The Quality dock in the real window at 1366x768 (CTest runs it under xvfb-run): the sample with
// three suggested hubs, the report run on the project's snapped graph in the background, the
// side-by-side table, the plots and the worst transitions; clicking a transition replays the
// report walk on the one stream player and stops the transport on it. Keeps a screenshot.
#include <gtest/gtest.h>

#include <cmath>

#include <QDockWidget>
#include <QScreen>
#include <QScrollArea>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTest>
#include <QTreeWidget>

#include "app/mgstudio/field/field_workspace.h"
#include "app/mgstudio/main_window.h"
#include "app/mgstudio/quality_dock.h"
#include "app/mgstudio/snap/snap_workspace.h"
#include "app/mgstudio/subgraph/subgraph_workspace.h"
#include "core/field/motion_field.h"
#include "core/report/quality_report.h"
#include "gui_snap_sample.h"
#include "gui_test_main.h"
#include "widgets/document/project.h"
#include "widgets/jobs/snap_session.h"
#include "widgets/views/playback/playback_controller.h"
#include "widgets/views/playback/stream_player.h"
#include "widgets/views/quality/quality_panel.h"
#include "widgets/views/quality/quality_plots.h"
#include "widgets/views/viewport/viewport_widget.h"

namespace mg {
namespace {

TEST(QualityGui, ReportOfTheProjectsGraphAndAClickOnATransition) {
  MainWindow window;
  window.setAskToSave(false);
  window.resize(1366, 768);
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  QualityDock* quality = window.quality();
  ASSERT_NE(quality, nullptr);
  // Nothing to report yet: it says so and starts nothing.
  quality->run();
  EXPECT_FALSE(quality->isRunning());

  ASSERT_NO_FATAL_FAILURE(test::openSampleWithThreeHubs(window));

  quality->dock()->show();
  quality->dock()->raise();
  QTest::qWait(200);
  // The dock scrolls instead of growing the window (what the window's own minimum is, is
  // another matter: issue 12).
  const QSize before = window.size();
  QSignalSpy finished(quality, &QualityDock::finished);
  quality->panel()->setSettings(30, 3);
  quality->run();
  EXPECT_TRUE(quality->isRunning());
  ASSERT_TRUE(finished.wait(180000));
  ASSERT_TRUE(finished[0][0].toBool());
  const auto report = quality->report();
  ASSERT_NE(report, nullptr);
  ASSERT_EQ(report->inputs.size(), 1u);
  const InputFigures& snap = report->inputs[0];
  ASSERT_TRUE(snap.error.empty()) << snap.error;
  EXPECT_EQ(snap.kind, "snap");
  EXPECT_NEAR(snap.walkSeconds, 30.0, 1e-6);
  EXPECT_GT(snap.transitions, 3);
  ASSERT_FALSE(snap.worst.empty());
  ASSERT_EQ(report->sources.size(), 1u);
  EXPECT_TRUE(report->sources[0].error.empty())
      << report->sources[0].error;  // the sample's file, found
  EXPECT_GT(quality->panel()->table()->rowCount(), 20);
  EXPECT_EQ(quality->panel()->table()->columnCount(), 3);  // measure, source, the snap graph

  // Clicking the worst transition replays the walk and stops on it.
  QTreeWidget* list = quality->panel()->transitions();
  QTreeWidgetItem* worst = list->topLevelItem(0)->child(0);
  ASSERT_NE(worst, nullptr);
  list->scrollToItem(worst);
  QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, list->visualItemRect(worst).center());
  ASSERT_TRUE(window.streams()->hasStream());
  EXPECT_FALSE(window.playback()->isPlaying());
  const int expected = static_cast<int>(std::lround(snap.worst[0].seconds * 30.0));
  EXPECT_EQ(window.playback()->frame(), expected);
  EXPECT_EQ(window.streams()->frame(), expected);
  // The replayed walk is the report's: its transition lands on the same frame.
  bool found = false;
  for (const StreamTransition& t : window.streams()->stream()->transitions())
    found = found || t.outputFrame == expected;
  EXPECT_TRUE(found) << "no transition of the replayed walk at frame " << expected;

  QTest::qWait(1500);  // let the viewport draw the replayed character
  EXPECT_LE(window.height(), before.height());
  EXPECT_LE(window.width(), before.width());
  const QPoint topLeft = window.mapToGlobal(QPoint(0, 0));
  const QImage shot = window.screen()
                          ->grabWindow(0, topLeft.x(), topLeft.y(), window.width(), window.height())
                          .toImage();
  EXPECT_TRUE(shot.save(QStringLiteral(MG_GUI_ARTIFACT_DIR "/quality_dock_1366x768.png")));
  // The plots, scrolled to inside the dock.
  QScrollArea* scroll = quality->panel()->findChild<QScrollArea*>();
  ASSERT_NE(scroll, nullptr);
  scroll->ensureWidgetVisible(quality->panel()->plots(), 0, 0);
  QTest::qWait(300);
  const QImage plots =
      window.screen()
          ->grabWindow(0, topLeft.x(), topLeft.y(), window.width(), window.height())
          .toImage();
  EXPECT_TRUE(plots.save(QStringLiteral(MG_GUI_ARTIFACT_DIR "/quality_dock_plots_1366x768.png")));
}

// A motion field and a minimum-size subgraph built in the editor go into the report beside the
// snap graph: their workspaces write them in their formats (a .field file, a subgraph folder), the
// report opens them with the registered kinds and steers the field (50 heading changes), as
// mgtool eval does.
TEST(QualityGui, AFieldAndASubgraphBuiltInTheEditorAreReportedBesideTheSnapGraph) {
  MainWindow window;
  ASSERT_NO_FATAL_FAILURE(test::showLaptopWindowWithThreeHubs(window));
  FieldWorkspace* field = window.workspace<FieldWorkspace>();
  ASSERT_NE(field, nullptr);
  QSignalSpy built(field, &FieldWorkspace::fieldBuilt);
  field->build();
  ASSERT_TRUE(built.wait(300000)) << "the field did not build";
  ASSERT_TRUE(field->field());

  // And a minimum-size subgraph of two stretches of the sample.
  SubgraphWorkspace* sg = window.workspace<SubgraphWorkspace>();
  ASSERT_NE(sg, nullptr);
  const MotionId sample = window.project()->motions().front().id;
  sg->addStretch(sample, 60, 90, false);
  sg->addStretch(sample, 300, 330, false);
  QSignalSpy searched(sg, &SubgraphWorkspace::searchFinished);
  sg->runSearch();
  ASSERT_TRUE(searched.wait(300000));
  ASSERT_NE(sg->outcome(), nullptr);
  ASSERT_TRUE(sg->outcome()->error.isEmpty()) << sg->outcome()->error.toStdString();

  QualityDock* quality = window.quality();
  QSignalSpy finished(quality, &QualityDock::finished);
  quality->panel()->setSettings(20, 2);
  quality->run();
  ASSERT_TRUE(finished.wait(300000));
  ASSERT_TRUE(finished[0][0].toBool());
  const auto report = quality->report();
  ASSERT_NE(report, nullptr);
  ASSERT_EQ(report->inputs.size(), 3u);
  const InputFigures* snap = nullptr;
  const InputFigures* fieldFigures = nullptr;
  const InputFigures* subgraph = nullptr;
  for (const InputFigures& f : report->inputs)
    (f.kind == "field" ? fieldFigures : f.kind == "subgraph" ? subgraph : snap) = &f;
  ASSERT_NE(snap, nullptr);
  ASSERT_NE(fieldFigures, nullptr);
  ASSERT_NE(subgraph, nullptr);
  EXPECT_EQ(snap->kind, "snap");
  ASSERT_TRUE(subgraph->error.empty()) << subgraph->error;
  EXPECT_FALSE(subgraph->steerable);
  EXPECT_EQ(subgraph->size.framesKept,
            static_cast<long long>(sg->outcome()->result.vertices.size()));
  ASSERT_TRUE(fieldFigures->error.empty()) << fieldFigures->error;
  EXPECT_TRUE(fieldFigures->steerable);
  ASSERT_TRUE(fieldFigures->hasResponse);
  EXPECT_EQ(fieldFigures->response.changes, 50);
  long long frames = 0;
  for (const auto& m : field->field()->database->motions) frames += m->frameCount();
  EXPECT_EQ(fieldFigures->size.framesKept, frames);
  // Measure, the source groups, the three graphs.
  EXPECT_EQ(quality->panel()->table()->columnCount(), 4 + static_cast<int>(report->sources.size()));
  quality->dock()->show();
  quality->dock()->raise();
  QTest::qWait(500);
  const QPoint topLeft = window.mapToGlobal(QPoint(0, 0));
  const QImage shot = window.screen()
                          ->grabWindow(0, topLeft.x(), topLeft.y(), window.width(), window.height())
                          .toImage();
  EXPECT_TRUE(
      shot.save(QStringLiteral(MG_GUI_ARTIFACT_DIR "/quality_dock_three_kinds_1366x768.png")));
}

}  // namespace
}  // namespace mg

int main(int argc, char** argv) {
  return mg::test::runGuiTests(argc, argv, "quality_gui_test");
}
