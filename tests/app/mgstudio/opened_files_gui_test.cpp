// SPDX-License-Identifier: MIT
// Opening files that do not fit the project: the author is asked before anything changes, and
// hubs already built keep their motions (issue 28: suggesting three hubs on the sample and then
// opening other capture emptied every hub without a word). Removing a motion that hubs use asks
// first and is one undo step. Uses the sample and CMU's 01_01 / 01_03 from assimp-testmodels.
#include <gtest/gtest.h>

#include <QApplication>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>
#include <QTimer>

#include "app/mgstudio/main_window.h"
#include "app/mgstudio/opened_files_gate.h"
#include "app/mgstudio/project_controller.h"
#include "app/mgstudio/snap/snap_workspace.h"
#include "gui_snap_sample.h"
#include "gui_test_main.h"
#include "widgets/document/hub_list.h"
#include "widgets/jobs/snap_session.h"
#include "widgets/views/library/motion_library_model.h"
#include "widgets/views/library/motion_library_view.h"
#include "widgets/views/playback/stream_player.h"
#include "widgets/views/snap/snap_preview.h"

int main(int argc, char** argv) {
  return mg::test::runGuiTests(argc, argv, "opened_files_gui_test");
}

namespace mg {
namespace {

const QStringList kCmuClips = {QStringLiteral("/usr/share/assimp/models/BVH/01_01.bvh"),
                               QStringLiteral("/usr/share/assimp/models/BVH/01_03.bvh")};

// Opens the two CMU clips (another skeleton than the sample's) and waits for the batch.
void openCmuClips(MainWindow& window) {
  QSignalSpy batch(&window, &MainWindow::loadBatchFinished);
  window.openFiles(kCmuClips);
  ASSERT_TRUE(batch.wait(60000));
}

QPushButton* button(QMessageBox* box, QMessageBox::ButtonRole role) {
  for (QAbstractButton* b : box->buttons())
    if (box->buttonRole(b) == role) return qobject_cast<QPushButton*>(b);
  return nullptr;
}

// Waits until the derivation has run on the project with `setAside` motions set aside.
void waitForSnap(SnapSession* session, size_t setAside) {
  ASSERT_TRUE(QTest::qWaitFor(
      [session, setAside] {
        return !session->isRunning() && session->state()->setAside.size() == setAside &&
               session->state()->stage >= 2;
      },
      60000))
      << "running " << session->isRunning() << ", set aside " << session->state()->setAside.size()
      << ", stage " << session->state()->stage;
}

TEST(OpenedFiles, AnotherSkeletonIsAskedAboutAndHubsKeepTheirMotions) {
  MainWindow window;
  ASSERT_NO_FATAL_FAILURE(test::showLaptopWindowWithThreeHubs(window));
  Project& project = *window.project();
  SnapSession* session = window.workspace<SnapWorkspace>()->session();
  ASSERT_TRUE(session->state()->emptyHubs.empty());
  const std::vector<HubSpec> hubs = hubsOf(project)->hubs();
  const int steps = project.undoStack()->count();

  ASSERT_NO_FATAL_FAILURE(openCmuClips(window));
  OpenedFilesGate* gate = window.openedFiles();
  // Asked, and nothing changed yet.
  EXPECT_EQ(project.motionCount(), 1);
  EXPECT_EQ(project.undoStack()->count(), steps);
  QMessageBox* question = gate->question();
  ASSERT_NE(question, nullptr);
  ASSERT_TRUE(QTest::qWaitForWindowExposed(question));
  EXPECT_TRUE(question->text().contains(QStringLiteral("2 opened files do not fit")))
      << question->text().toStdString();
  EXPECT_TRUE(question->informativeText().contains(QStringLiteral("01_01.bvh: another skeleton")))
      << question->informativeText().toStdString();
  QPushButton* add = button(question, QMessageBox::AcceptRole);
  ASSERT_NE(add, nullptr);
  EXPECT_EQ(add->text(), QStringLiteral("Add Them"));
  QTest::mouseClick(add, Qt::LeftButton);

  // Added in one step, as a group of their own; the hubs keep the sample.
  ASSERT_EQ(project.motionCount(), 3);
  EXPECT_EQ(project.undoStack()->count(), steps + 1);
  EXPECT_EQ(gate->question(), nullptr);
  MotionLibraryModel* model = window.library()->model();
  EXPECT_TRUE(model->data(model->index(1, MotionLibraryModel::Joints), Qt::DisplayRole)
                  .toString()
                  .endsWith(QStringLiteral("group 2")));
  ASSERT_NO_FATAL_FAILURE(waitForSnap(session, 2));
  EXPECT_EQ(hubsOf(project)->hubs(), hubs);
  EXPECT_TRUE(session->state()->emptyHubs.empty());
  EXPECT_EQ(session->state()->working.size(), 1u);
  EXPECT_EQ(session->state()->setAside.size(), 2u);
  EXPECT_EQ(session->state()->graph.hubs.size(), 3u);

  project.undoStack()->undo();  // one step takes both files out again
  EXPECT_EQ(project.motionCount(), 1);
}

TEST(OpenedFiles, LeavingThemOutChangesNothing) {
  MainWindow window;
  ASSERT_NO_FATAL_FAILURE(test::showLaptopWindowWithThreeHubs(window));
  Project& project = *window.project();
  const int steps = project.undoStack()->count();
  ASSERT_NO_FATAL_FAILURE(openCmuClips(window));
  QMessageBox* question = window.openedFiles()->question();
  ASSERT_NE(question, nullptr);
  QSignalSpy decided(window.openedFiles(), &OpenedFilesGate::decided);
  QTest::keyClick(question, Qt::Key_Escape);
  ASSERT_EQ(decided.count(), 1);
  EXPECT_EQ(decided[0][0].toInt(), 0);
  EXPECT_EQ(decided[0][1].toInt(), 2);
  EXPECT_EQ(project.motionCount(), 1);
  EXPECT_EQ(project.undoStack()->count(), steps);
  EXPECT_EQ(hubsOf(project)->count(), 3);
}

TEST(OpenedFiles, FilesThatFitAreAddedWithoutAQuestion) {
  MainWindow window;
  window.setAskToSave(false);
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  ASSERT_NO_FATAL_FAILURE(openCmuClips(window));  // an empty project: the first sets the skeleton
  EXPECT_EQ(window.project()->motionCount(), 2);
  EXPECT_EQ(window.openedFiles()->question(), nullptr);
}

// Many files at once (issue 28's load figures: 500 takes froze the UI for 2.5 s): they arrive
// faster than a frame can add them, so they are added a slice at a time, the batch ends only when
// every one is in, the first is selected, and the whole Open is one undo step of one history row.
TEST(OpenedFiles, ABatchOfManyFilesIsAddedInSlicesAsOneUndoStep) {
  MainWindow window;
  window.setAskToSave(false);
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  QStringList files;
  for (int i = 0; i < 24; ++i) files << kCmuClips[i % 2];
  QSignalSpy batch(&window, &MainWindow::loadBatchFinished);
  window.openFiles(files);
  ASSERT_TRUE(batch.wait(60000));
  Project& project = *window.project();
  EXPECT_FALSE(window.openedFiles()->busy());
  ASSERT_EQ(project.motionCount(), 24);
  EXPECT_EQ(project.undoStack()->count(), 1);
  EXPECT_EQ(project.undoStack()->undoText(), QStringLiteral("Load 24 motions"));
  EXPECT_EQ(window.library()->selectedMotions(), QList<MotionId>{project.motions()[0].id});
  project.undoStack()->undo();
  EXPECT_EQ(project.motionCount(), 0);
  project.undoStack()->redo();
  ASSERT_EQ(project.motionCount(), 24);
  // A second Open is a step of its own.
  QSignalSpy again(&window, &MainWindow::loadBatchFinished);
  window.openFiles({kCmuClips[0]});
  ASSERT_TRUE(again.wait(60000));
  EXPECT_EQ(project.motionCount(), 25);
  EXPECT_EQ(project.undoStack()->count(), 2);
}

// The sample opened into an empty project: its boxing clip (another skeleton) changes nothing
// the author made, so it is added in a group of its own at once, and the status bar says so.
TEST(OpenedFiles, ABatchIntoAnEmptyProjectAddsMisfitsApartWithoutAQuestion) {
  MainWindow window;
  window.setAskToSave(false);
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  QSignalSpy apart(window.openedFiles(), &OpenedFilesGate::addedApart);
  QSignalSpy batch(&window, &MainWindow::loadBatchFinished);
  window.openFiles({kCmuClips[0], QStringLiteral("/usr/share/assimp/models/BVH/Boxing_Toes.bvh")});
  ASSERT_TRUE(batch.wait(60000));
  EXPECT_EQ(window.project()->motionCount(), 2);
  EXPECT_EQ(window.openedFiles()->question(), nullptr);
  ASSERT_EQ(apart.count(), 1);
  const QStringList lines = apart[0][0].toStringList();
  ASSERT_EQ(lines.size(), 1);
  EXPECT_TRUE(lines[0].startsWith(QStringLiteral("Boxing_Toes.bvh: another skeleton")))
      << lines[0].toStdString();
  // A later batch into the project that now has motions asks again.
  ASSERT_NO_FATAL_FAILURE(openCmuClips(window));
  EXPECT_EQ(window.project()->motionCount(), 4);  // both fit 01_01, the first motion
  QSignalSpy batch2(&window, &MainWindow::loadBatchFinished);
  window.openFiles({QStringLiteral("/usr/share/assimp/models/BVH/Boxing_Toes.bvh")});
  ASSERT_TRUE(batch2.wait(60000));
  EXPECT_NE(window.openedFiles()->question(), nullptr);
  EXPECT_EQ(window.project()->motionCount(), 4);
}

// Scripted runs (--quit-after-ms) never wait for an answer: held files are added (and named on
// stderr), and the hubs keep their motions all the same.
TEST(OpenedFiles, AScriptedRunAddsHeldFilesWithoutAsking) {
  MainWindow window;
  ASSERT_NO_FATAL_FAILURE(test::showLaptopWindowWithThreeHubs(window));
  window.openedFiles()->setInteractive(false);
  Project& project = *window.project();
  const std::vector<HubSpec> hubs = hubsOf(project)->hubs();
  ASSERT_NO_FATAL_FAILURE(openCmuClips(window));
  EXPECT_EQ(window.openedFiles()->question(), nullptr);
  EXPECT_EQ(project.motionCount(), 3);
  EXPECT_EQ(hubsOf(project)->hubs(), hubs);
}

TEST(OpenedFiles, RemovingAMotionWithHubsAsksAndIsOneStep) {
  MainWindow window;
  ASSERT_NO_FATAL_FAILURE(test::showLaptopWindowWithThreeHubs(window));
  Project& project = *window.project();
  window.library()->selectMotion(project.motions()[0].id);
  QAction* remove = nullptr;
  for (QAction* a : window.findChildren<QAction*>())
    if (a->text() == QStringLiteral("&Remove Motion")) remove = a;
  ASSERT_NE(remove, nullptr);

  QString asked;
  auto answer = [&asked](QMessageBox::ButtonRole role) {
    QTimer::singleShot(200, [&asked, role] {
      auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
      if (!box) return;
      asked = box->text() + QLatin1Char('\n') + box->informativeText();
      for (QAbstractButton* b : box->buttons())
        if (box->buttonRole(b) == role) b->click();
    });
  };
  answer(QMessageBox::RejectRole);  // Cancel: nothing happens
  remove->trigger();
  EXPECT_TRUE(asked.contains(QStringLiteral("Also removed: 3 hubs"))) << asked.toStdString();
  EXPECT_EQ(project.motionCount(), 1);
  EXPECT_EQ(hubsOf(project)->count(), 3);

  answer(QMessageBox::DestructiveRole);
  remove->trigger();
  EXPECT_EQ(project.motionCount(), 0);
  EXPECT_EQ(hubsOf(project)->count(), 0);
  project.undoStack()->undo();
  EXPECT_EQ(project.motionCount(), 1);
  EXPECT_EQ(hubsOf(project)->count(), 3);
}

// New Project forgets what was transient about the project before: files held for a question,
// the question itself, and a running walk preview (it played the old project's motions).
TEST(OpenedFiles, NewProjectForgetsHeldFilesAndStopsThePreview) {
  MainWindow window;
  ASSERT_NO_FATAL_FAILURE(test::showLaptopWindowWithThreeHubs(window));
  SnapPreview* preview = window.workspace<SnapWorkspace>()->preview();
  preview->setWalkPlaying(true);
  ASSERT_TRUE(preview->isWalking());
  ASSERT_NO_FATAL_FAILURE(openCmuClips(window));
  ASSERT_NE(window.openedFiles()->question(), nullptr);
  window.openedFiles()->question()->hide();   // as if the author went to File > New first
  window.project()->undoStack()->setClean();  // and had saved: New Project does not ask
  window.projectFiles()->newProject();
  EXPECT_EQ(window.project()->motionCount(), 0);
  EXPECT_EQ(window.openedFiles()->heldCount(), 0);
  EXPECT_EQ(window.openedFiles()->question(), nullptr);
  EXPECT_FALSE(window.streams()->isPlaying());
  EXPECT_FALSE(preview->isWalking());
  // The next file opened into the empty project is simply added.
  ASSERT_NO_FATAL_FAILURE(openCmuClips(window));
  EXPECT_EQ(window.project()->motionCount(), 2);
}

}  // namespace
}  // namespace mg
