// SPDX-License-Identifier: MIT
// File > Export Motion as a user runs it on the sample: a random walk of the snap graph played in
// the viewport, written as .glb and as .bvh, reads back (the project's reader) to the world joint
// positions of the frames the preview played, within 0.1 mm; a library clip written as .gltf
// reads back as the clip; a name without a motion format and a folder that does not exist end in
// a message and write nothing. The real main window under Xvfb; the status bar after the export
// is kept as a screenshot in the build directory.
#include <gtest/gtest.h>

#include <QDir>
#include <QFileInfo>
#include <QMessageBox>
#include <QScreen>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>

#include "app/mgstudio/main_window.h"
#include "app/mgstudio/motion_export_action.h"
#include "app/mgstudio/snap/snap_workspace.h"
#include "core/import/motion_reader.h"
#include "gui_snap_sample.h"
#include "gui_test_main.h"
#include "support/joint_distance.h"
#include "widgets/document/project.h"
#include "widgets/views/library/motion_library_view.h"
#include "widgets/views/playback/playback_controller.h"
#include "widgets/views/playback/stream_player.h"
#include "widgets/views/snap/snap_preview.h"

namespace mg {
namespace {

// Exports to `path` and waits for the result: the error ("" on success) and the frames written.
std::pair<QString, int> exportAndWait(MotionExportAction* action, const QString& path) {
  QSignalSpy done(action, &MotionExportAction::exported);
  action->exportTo(path);
  if (done.isEmpty() && !done.wait(60000)) return {QStringLiteral("timed out"), 0};
  return {done.first().at(1).toString(), done.first().at(2).toInt()};
}

// Closes the warnings the failed exports left open (they do not block the event loop).
int closeWarnings(MainWindow& window) {
  int closed = 0;
  for (QMessageBox* box : window.findChildren<QMessageBox*>()) {
    if (box->isVisible()) ++closed;
    box->close();
  }
  return closed;
}

TEST(MotionExportGui, PlayedWalkAndLibraryClipReadBackAndBadNamesAreRefused) {
  QTemporaryDir dir;
  MainWindow window;
  ASSERT_NO_FATAL_FAILURE(test::showLaptopWindowWithThreeHubs(window));
  MotionExportAction* exporter = window.motionExport();
  ASSERT_NE(exporter, nullptr);

  // 1. A random walk played for three seconds, paused: what it played is what is written.
  window.workspace<SnapWorkspace>()->preview()->restartWalk(true);
  StreamPlayer* streams = window.streams();
  ASSERT_TRUE(QTest::qWaitFor(
      [streams] { return streams->hasStream() && streams->lastFrame() >= 90; }, 60000));
  window.playback()->setPlaying(false);
  const Motion played = streams->playedMotion("walk");
  ASSERT_GE(played.frameCount(), 91);
  for (const char* name : {"walk.glb", "walk.bvh"}) {
    const QString path = dir.filePath(QString::fromLatin1(name));
    const auto [error, frames] = exportAndWait(exporter, path);
    ASSERT_EQ(error, QString()) << name;
    EXPECT_EQ(frames, played.frameCount()) << name;
    const Result<Motion> back = readMotionFile(path.toStdString());
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_NEAR(back->fps, played.fps, 1e-3) << name;  // BVH keeps the frame time to 7 digits
    EXPECT_LT(test::largestJointDistance(played, *back), 1e-4) << name;  // 0.1 mm
  }
  EXPECT_TRUE(window.statusBar()->currentMessage().contains(
      QStringLiteral("exported %1 frames").arg(played.frameCount())))
      << window.statusBar()->currentMessage().toStdString();
  {
    QTest::qWait(200);  // the status message painted
    const QRect frame = window.frameGeometry();
    const QImage shot = window.screen()
                            ->grabWindow(0, frame.x(), frame.y(), frame.width(), frame.height())
                            .toImage();
    EXPECT_TRUE(shot.save(QStringLiteral(MG_GUI_ARTIFACT_DIR "/motion_export.png")));
  }

  // 2. Refusals: a name with no motion format, a folder that does not exist. Nothing is written.
  {
    const QString text = dir.filePath(QStringLiteral("walk.txt"));
    const auto [error, frames] = exportAndWait(exporter, text);
    EXPECT_TRUE(error.contains(QStringLiteral(".glb"))) << error.toStdString();
    EXPECT_EQ(frames, 0);
    EXPECT_FALSE(QFileInfo::exists(text));
    const QString missing = dir.filePath(QStringLiteral("no/such/folder/walk.bvh"));
    const auto [error2, frames2] = exportAndWait(exporter, missing);
    EXPECT_FALSE(error2.isEmpty());
    EXPECT_EQ(frames2, 0);
    EXPECT_FALSE(QFileInfo::exists(missing));
    EXPECT_EQ(closeWarnings(window), 2);
  }

  // 3. A library clip (the preview stops when the library selects one) is written whole.
  const MotionId first = window.project()->motions()[0].id;
  window.library()->selectMotion(first);
  ASSERT_FALSE(streams->hasStream());
  window.playback()->setPlaying(false);
  const std::shared_ptr<const Motion> clip = window.project()->motion(first);
  const QString gltf = dir.filePath(QStringLiteral("clip.gltf"));
  const auto [error, frames] = exportAndWait(exporter, gltf);
  ASSERT_EQ(error, QString());
  EXPECT_EQ(frames, clip->frameCount());
  EXPECT_TRUE(QFileInfo::exists(dir.filePath(QStringLiteral("clip.bin"))));
  const Result<Motion> back = readMotionFile(gltf.toStdString());
  ASSERT_TRUE(back) << back.error().message;
  EXPECT_LT(test::largestJointDistance(*clip, *back), 1e-4);
}

}  // namespace
}  // namespace mg

int main(int argc, char** argv) {
  return mg::test::runGuiTests(argc, argv, "motion_export_gui_test");
}
