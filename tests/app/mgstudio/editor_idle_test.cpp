// SPDX-License-Identifier: MIT
// The editor with hubs must stay idle when nothing happens: the Hub Graph canvas once fitted its
// view on every resize while fitting toggled its scroll bars, which resized it again; the loop
// kept the UI thread busy, starved the autosave timer and delayed Ctrl+S by seconds. Runs the real
// main window under Xvfb (Qt3D needs a display).
#include <gtest/gtest.h>

#include <time.h>

#include <cstdio>

#include <QApplication>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFile>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTabBar>
#include <QTemporaryDir>
#include <QTest>

#include "app/mgstudio/main_window.h"
#include "app/mgstudio/pmg/parametric_workspace.h"
#include "app/mgstudio/project_controller.h"
#include "app/mgstudio/snap/snap_workspace.h"
#include "core/util/json_text.h"
#include "gui_test_main.h"
#include "widgets/commands/hub_commands.h"
#include "widgets/document/hub_list.h"
#include "widgets/document/project_file.h"
#include "widgets/jobs/snap_session.h"
#include "widgets/views/graph/graph_canvas.h"
#include "widgets/views/playback/playback_controller.h"
#include "widgets/views/snap/snap_preview.h"

namespace mg {
namespace {

// Counts the events `target` receives of one type.
class EventCounter : public QObject {
 public:
  EventCounter(QObject* target, QEvent::Type type) : m_type(type) {
    target->installEventFilter(this);
  }
  int count() const { return m_count; }

 protected:
  bool eventFilter(QObject*, QEvent* event) override {
    if (event->type() == m_type) ++m_count;
    return false;
  }

 private:
  QEvent::Type m_type;
  int m_count = 0;
};

double threadCpuSeconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

// Waits (processing events) until the snap session is snapped and has no job running.
bool waitUntilSnapped(SnapSession* session, int timeoutMs) {
  return QTest::qWaitFor(
      [session] { return session->state()->stage >= 2 && !session->isRunning(); }, timeoutMs);
}

// Hides the Hub Graph (the Snap-Together workspace's main editor, beside the viewport) as a user
// would: by switching to the Parametric workspace, whose page replaces it; the project at `path`
// is saved again so that reopening it stays there.
void hideCanvasBySwitchingWorkspace(MainWindow& window, const QString& path) {
  window.workspace<ParametricWorkspace>()->raiseDocks();
  ZoomingGraphicsView* view = window.workspace<SnapWorkspace>()->canvas()->view();
  ASSERT_TRUE(QTest::qWaitFor([view] { return view->visibleRegion().isEmpty(); }, 5000));
  ASSERT_TRUE(window.projectFiles()->saveTo(path));
}

class EditorIdle : public ::testing::Test {
 protected:
  void SetUp() override {
    m_window.setAskToSave(false);
    m_window.resize(1440, 900);
    m_window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&m_window));
  }
  // The sample with three suggested hubs, snapped, saved as `path` (clean).
  void sampleWithHubs(const QString& path) {
    QSignalSpy batch(&m_window, &MainWindow::loadBatchFinished);
    m_window.openSample();
    ASSERT_TRUE(batch.wait(60000));
    SnapSession* session = m_window.workspace<SnapWorkspace>()->session();
    ASSERT_TRUE(QTest::qWaitFor([session] { return !session->state()->working.empty(); }, 60000));
    session->suggestHubs(3, 0.0, 10);
    ASSERT_TRUE(
        QTest::qWaitFor([this] { return hubsOf(*m_window.project())->count() == 3; }, 120000));
    ASSERT_TRUE(waitUntilSnapped(session, 120000));
    m_window.playback()->setPlaying(false);
    ASSERT_TRUE(m_window.projectFiles()->saveTo(path));
  }

  MainWindow m_window;
  QTemporaryDir m_dir;
};

// (a) With hubs present (and the Hub Graph hidden by another workspace) and the project modified,
// the autosave timer fires within its interval.
TEST_F(EditorIdle, AutosaveIsWrittenWithinItsIntervalWithHubsPresent) {
  const QString path = m_dir.filePath(QStringLiteral("hubs.mgproj"));
  ASSERT_NO_FATAL_FAILURE(sampleWithHubs(path));
  ASSERT_NO_FATAL_FAILURE(
      hideCanvasBySwitchingWorkspace(m_window, path));  // where the canvas used to spin
  const HubId hub = hubsOf(*m_window.project())->hubs()[0].id;
  m_window.projectFiles()->setAutosaveIntervalMs(1000);
  m_window.project()->undoStack()->push(
      renameHubCommand(hubsOf(*m_window.project()), hub, QStringLiteral("Renamed")));
  ASSERT_TRUE(waitUntilSnapped(m_window.workspace<SnapWorkspace>()->session(), 60000));
  // Two intervals of slack for a loaded machine; the spinning editor never wrote it at all.
  EXPECT_TRUE(QTest::qWaitFor([&path] { return QFile::exists(autosavePath(path)); }, 2000));
  Project recovered;
  ASSERT_TRUE(loadProject(&recovered, autosavePath(path)).ok());
  EXPECT_EQ(hubsOf(recovered)->hubs()[0].name, QStringLiteral("Renamed"));
}

// (b) Reopening the project with the Hub Graph hidden by another workspace leaves the UI thread
// idle: no resize or fit of the canvas and under 5% of one core over a quiet second. Showing the
// canvas then fits it once, and it stays still.
TEST_F(EditorIdle, ReopeningWithTheHubGraphHiddenLeavesTheEventLoopIdle) {
  const QString path = m_dir.filePath(QStringLiteral("hidden.mgproj"));
  ASSERT_NO_FATAL_FAILURE(sampleWithHubs(path));
  ASSERT_NO_FATAL_FAILURE(hideCanvasBySwitchingWorkspace(m_window, path));
  ZoomingGraphicsView* view = m_window.workspace<SnapWorkspace>()->canvas()->view();
  ASSERT_TRUE(view->visibleRegion().isEmpty());

  ASSERT_TRUE(m_window.projectFiles()->openProject(path));
  ASSERT_EQ(hubsOf(*m_window.project())->count(), 3);
  ASSERT_TRUE(waitUntilSnapped(m_window.workspace<SnapWorkspace>()->session(), 120000));
  // Nothing may animate: stop the library playback and the walk preview until the load's own
  // follow-ups (selecting a motion plays it, a snapped graph starts a walk) are over.
  bool still = false;
  // At least three rounds: a one-off deferred layout after the load may land late on a loaded
  // machine; a loop would go on and fail the quiet second below.
  for (int round = 0; round < 20 && (!still || round < 3); ++round) {
    m_window.playback()->setPlaying(false);
    m_window.workspace<SnapWorkspace>()->preview()->setWalkPlaying(false);
    QTest::qWait(300);
    still = !m_window.playback()->isPlaying() &&
            !m_window.workspace<SnapWorkspace>()->preview()->isWalkPlaying() &&
            !m_window.workspace<SnapWorkspace>()->session()->isRunning();
  }
  ASSERT_TRUE(still) << "something keeps playing";

  EventCounter viewResizes(view, QEvent::Resize), viewportResizes(view->viewport(), QEvent::Resize);
  const int fitsBefore = view->fitCount();
  const double cpuBefore = threadCpuSeconds();
  QElapsedTimer wall;
  wall.start();
  QTest::qWait(1000);
  const double busy =
      (threadCpuSeconds() - cpuBefore) / (static_cast<double>(wall.elapsed()) / 1000.0);
  std::printf(
      "[ idle ] UI thread busy %.1f%% of a quiet second after reopening; %d canvas resizes, %d "
      "fits\n",
      100.0 * busy, viewResizes.count() + viewportResizes.count(), view->fitCount() - fitsBefore);
  EXPECT_EQ(viewResizes.count() + viewportResizes.count(), 0);
  EXPECT_EQ(view->fitCount(), fitsBefore);
  EXPECT_LT(busy, 0.05);

  // Shown again: it fits the graph once (deferred while hidden), then nothing more happens.
  m_window.workspace<SnapWorkspace>()->raiseDocks();
  ASSERT_TRUE(QTest::qWaitFor([view] { return !view->visibleRegion().isEmpty(); }, 5000));
  QTest::qWait(300);
  const int fitsWhenShown = view->fitCount() - fitsBefore;
  EXPECT_GE(fitsWhenShown, 1);
  EXPECT_LE(fitsWhenShown, 3);
  const int settled = view->fitCount();
  const int resizesSettled = viewportResizes.count();
  QTest::qWait(1000);
  EXPECT_EQ(view->fitCount(), settled);
  EXPECT_EQ(viewportResizes.count(), resizesSettled);
  EXPECT_FALSE(view->horizontalScrollBar()->isVisible());
  EXPECT_FALSE(view->verticalScrollBar()->isVisible());
}

// The snap export keeps what the author made: hub names and colours in the graph file, clips named
// from hub to hub, and it writes into a folder that does not exist yet.
TEST_F(EditorIdle, SnapExportKeepsHubNamesAndColours) {
  ASSERT_NO_FATAL_FAILURE(sampleWithHubs(m_dir.filePath(QStringLiteral("named.mgproj"))));
  const HubSpec first = hubsOf(*m_window.project())->hubs()[0];
  m_window.project()->undoStack()->push(
      renameHubCommand(hubsOf(*m_window.project()), first.id, QStringLiteral("Guard up")));
  ASSERT_TRUE(waitUntilSnapped(m_window.workspace<SnapWorkspace>()->session(), 60000));
  const QString folder = m_dir.filePath(QStringLiteral("new/export"));
  ASSERT_EQ(m_window.workspace<SnapWorkspace>()->exportTo(folder), QString());
  QFile file(folder + QStringLiteral("/snap_graph.json"));
  ASSERT_TRUE(file.open(QIODevice::ReadOnly));
  Result<Json> json = readJsonText(file.readAll().toStdString());
  ASSERT_TRUE(json.ok()) << json.error().message;
  const auto state = m_window.workspace<SnapWorkspace>()->session()->state();
  const Json& hubs = json->at("hubs");
  ASSERT_EQ(hubs.size(), state->graphHubs.size());
  bool renamed = false;
  for (size_t h = 0; h < hubs.size(); ++h) {
    const HubSpec* spec = hubsOf(*m_window.project())->hub(state->graphHubs[h]);
    ASSERT_NE(spec, nullptr);
    EXPECT_EQ(hubs[h].at("name").get_ref<const std::string&>(), spec->name.toStdString());
    EXPECT_EQ(hubs[h].at("colour").get_ref<const std::string&>(),
              spec->colour.name().toStdString());
    renamed = renamed || spec->name == QStringLiteral("Guard up");
  }
  EXPECT_TRUE(renamed);
  for (const Json& clip : json->at("clips")) {
    const std::string name = clip.at("file").get_ref<const std::string&>();
    EXPECT_NE(name.find("_to_"), std::string::npos) << name;
    EXPECT_TRUE(QFile::exists(folder + QLatin1Char('/') + QString::fromStdString(name))) << name;
  }
}

}  // namespace
}  // namespace mg

int main(int argc, char** argv) {
  return mg::test::runGuiTests(argc, argv, "editor_idle_test");
}
