// SPDX-License-Identifier: MIT
// The snap export as a user runs it: a background job behind the kind's progress strip with
// Cancel. A completed export leaves the graph file and one clip folder; an export cancelled from
// the strip leaves that export exactly as it was; the next export replaces it with a new clip
// folder and removes the old one. The real main window under Xvfb (Qt3D needs a display); the
// screenshot of the strip is kept in the build directory.
#include <gtest/gtest.h>

#include <atomic>
#include <map>

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QScreen>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

#include "app/mgstudio/main_window.h"
#include "app/mgstudio/snap/snap_workspace.h"
#include "core/import/import_motion_loader.h"
#include "core/io/snap_import.h"
#include "core/util/thread_pool.h"
#include "gui_snap_sample.h"
#include "gui_test_main.h"
#include "widgets/jobs/snap_session.h"
#include "widgets/views/common/job_progress_widget.h"
#include "widgets/views/playback/playback_controller.h"

namespace mg {
namespace {

// Every file under `dir` (relative path -> bytes).
std::map<QString, QByteArray> contents(const QString& dir) {
  std::map<QString, QByteArray> out;
  QDirIterator it(dir, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
  while (it.hasNext()) {
    const QString path = it.next();
    QFile f(path);
    if (f.open(QIODevice::ReadOnly)) out[QDir(dir).relativeFilePath(path)] = f.readAll();
  }
  return out;
}

QStringList folders(const QString& dir) {
  return QDir(dir).entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
}

// Keeps every worker of the process-wide pool busy until release(), so a job started meanwhile
// waits in the queue with its progress strip up, as it would behind a long build.
class PoolHold {
 public:
  PoolHold() {
    const int workers = ThreadPool::global().workerCount();
    for (int i = 0; i < workers; ++i) {
      ThreadPool::global().submit([this] {
        ++m_started;
        while (!m_release) QThread::msleep(5);
      });
    }
    m_all = QTest::qWaitFor([this, workers] { return m_started == workers; }, 30000);
  }
  ~PoolHold() { release(); }
  bool holding() const { return m_all; }
  void release() { m_release = true; }

 private:
  std::atomic<int> m_started{0};
  std::atomic<bool> m_release{false};
  bool m_all = false;
};

TEST(SnapExportGui, ProgressStripCancelKeepsThePreviousExportAndTheNextReplacesIt) {
  QTemporaryDir dir;
  MainWindow window;
  ASSERT_NO_FATAL_FAILURE(test::showLaptopWindowWithThreeHubs(window));
  window.playback()->setPlaying(false);

  SnapWorkspace* snap = window.workspace<SnapWorkspace>();
  QSignalSpy finished(snap, &SnapWorkspace::exportFinished);
  const QString folder = dir.filePath(QStringLiteral("export"));

  // 1. A completed export: the graph file and clips/.
  snap->startExport(folder);
  ASSERT_TRUE(finished.wait(60000));
  ASSERT_EQ(finished.takeFirst().at(1).toString(), QString());
  EXPECT_EQ(folders(folder), QStringList{QStringLiteral("clips")});
  const std::map<QString, QByteArray> first = contents(folder);
  ASSERT_TRUE(first.count(QStringLiteral("snap_graph.json")));
  ASSERT_GE(first.size(), 3u);

  // 2. A second export, cancelled from the strip while it waits for a worker.
  JobProgressWidget* strip = snap->progressWidget();
  QToolButton* cancel = strip->findChild<QToolButton*>();
  ASSERT_NE(cancel, nullptr);
  {
    PoolHold hold;
    ASSERT_TRUE(hold.holding());
    snap->startExport(folder);
    ASSERT_TRUE(QTest::qWaitFor([strip] { return strip->isVisible(); }, 5000))
        << "no progress strip";
    QTest::qWait(300);  // painted
    const QRect frame = window.frameGeometry();
    const QImage shot = window.screen()
                            ->grabWindow(0, frame.x(), frame.y(), frame.width(), frame.height())
                            .toImage();
    EXPECT_TRUE(shot.save(QStringLiteral(MG_GUI_ARTIFACT_DIR "/snap_export_progress.png")));
    EXPECT_TRUE(cancel->isVisible() && cancel->isEnabled());
    QTest::mouseClick(cancel, Qt::LeftButton);
    hold.release();
    ASSERT_TRUE(finished.wait(60000));
  }
  const QString error = finished.takeFirst().at(1).toString();
  EXPECT_TRUE(error.contains(QStringLiteral("cancelled"))) << error.toStdString();
  EXPECT_TRUE(QTest::qWaitFor([strip] { return !strip->isVisible(); }, 5000))
      << "the strip stays after cancel";
  EXPECT_TRUE(window.statusBar()->currentMessage().contains(QStringLiteral("cancelled")))
      << window.statusBar()->currentMessage().toStdString();
  EXPECT_EQ(contents(folder), first) << "the cancelled export changed the folder";
  EXPECT_EQ(folders(folder), QStringList{QStringLiteral("clips")});

  // 3. The next export replaces it: its own clip folder, the old one gone, and it reads back.
  snap->startExport(folder);
  ASSERT_TRUE(finished.wait(60000));
  ASSERT_EQ(finished.takeFirst().at(1).toString(), QString());
  EXPECT_EQ(folders(folder), QStringList{QStringLiteral("clips-2")});
  Result<SnapGraphFile> read = readSnapGraph(folder.toStdString(), importMotionLoader());
  ASSERT_TRUE(read) << read.error().message;
  EXPECT_EQ(read->clips.size() + 1, first.size());  // the graph file and one BVH per clip
  for (const std::string& clip : read->clipFiles) EXPECT_EQ(clip.rfind("clips-2/", 0), 0u) << clip;
}

}  // namespace
}  // namespace mg

int main(int argc, char** argv) {
  return mg::test::runGuiTests(argc, argv, "snap_export_gui_test");
}
