// SPDX-License-Identifier: MIT
// File > New/Open/Save of the editor on a bare window (no 3D view, so the offscreen platform
// serves): the title's modified marker, save, autosave and recovery, and bad files. Message
// boxes are answered by a timer, as a user would click them.
#include <gtest/gtest.h>

#include <deque>

#include <QAbstractButton>
#include <QApplication>
#include <QDateTime>
#include <QFile>
#include <QMainWindow>
#include <QMessageBox>
#include <QTemporaryDir>
#include <QTimer>

#include "app/mgstudio/project_controller.h"
#include "core/import/motion_reader.h"
#include "widgets/commands/hub_commands.h"
#include "widgets/commands/motion_commands.h"
#include "widgets/document/project.h"
#include "widgets/document/project_file.h"

namespace mg {
namespace {

// Clicks the given buttons of the message boxes that appear, in order.
class DialogAnswers {
 public:
  DialogAnswers() {
    QObject::connect(&m_timer, &QTimer::timeout, [this] {
      auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
      if (!box) return;
      ++m_seen;
      const QMessageBox::StandardButton b = m_answers.empty() ? QMessageBox::Ok : m_answers.front();
      if (!m_answers.empty()) m_answers.pop_front();
      if (QAbstractButton* button = box->button(b)) button->click();
      else box->reject();
    });
    m_timer.start(20);
  }
  void push(QMessageBox::StandardButton b) { m_answers.push_back(b); }
  int seen() const { return m_seen; }

 private:
  QTimer m_timer;
  std::deque<QMessageBox::StandardButton> m_answers;
  int m_seen = 0;
};

struct Fixture {
  QMainWindow window;
  Project project;
  JsonValue applied;
  ProjectController controller{&window, &project, [] { return JsonValue(JsonValue::Object{{"zoom", 2.5}}); },
                               [this](const JsonValue& v) { applied = v; }};
  QTemporaryDir dir;

  MotionId addBoxing() {
    Result<Motion> m = readMotionFile("/usr/share/assimp/models/BVH/Boxing_Toes.bvh");
    auto* add = new AddMotionCommand(&project, std::make_shared<const Motion>(std::move(m.value())));
    project.undoStack()->push(add);
    return add->id();
  }
  HubId addHub(MotionId motion) {
    auto* add = new AddHubCommand(project.hubs(), HubSpec{kNoHub, QStringLiteral("Guard"), Qt::red, 0.01, motion, 100, 10, {}});
    project.undoStack()->push(add);
    return add->id();
  }
};

TEST(ProjectController, TitleMarksModifiedUntilSaved) {
  Fixture f;
  EXPECT_TRUE(f.window.windowTitle().startsWith(QStringLiteral("Untitled[*]")));
  EXPECT_FALSE(f.window.isWindowModified());
  const MotionId m = f.addBoxing();
  f.addHub(m);
  EXPECT_TRUE(f.window.isWindowModified());
  const QString path = f.dir.filePath(QStringLiteral("boxing.mgproj"));
  ASSERT_TRUE(f.controller.saveTo(path));
  EXPECT_FALSE(f.window.isWindowModified());
  EXPECT_TRUE(f.window.windowTitle().startsWith(QStringLiteral("boxing.mgproj[*]")));
  EXPECT_EQ(f.project.viewState().find("zoom")->asNumber(), 2.5);
  f.project.undoStack()->undo();
  EXPECT_TRUE(f.window.isWindowModified());
  f.project.undoStack()->redo();
  EXPECT_FALSE(f.window.isWindowModified());  // back at the saved state
}

TEST(ProjectController, AutosaveWhileModifiedAndRecoverOnOpen) {
  Fixture f;
  const MotionId m = f.addBoxing();
  const HubId hub = f.addHub(m);
  const QString path = f.dir.filePath(QStringLiteral("work.mgproj"));
  ASSERT_TRUE(f.controller.saveTo(path));
  EXPECT_TRUE(f.controller.autosave().isEmpty());  // nothing to autosave while clean

  f.project.undoStack()->push(renameHubCommand(f.project.hubs(), hub, QStringLiteral("Unsaved")));
  EXPECT_EQ(f.controller.autosave(), autosavePath(path));
  ASSERT_TRUE(QFile::exists(autosavePath(path)));

  // A new session (after a crash) is offered the autosave and takes it.
  Fixture next;
  DialogAnswers answers;
  answers.push(QMessageBox::Yes);
  ASSERT_TRUE(next.controller.openProject(path));
  EXPECT_EQ(answers.seen(), 1);
  EXPECT_EQ(next.project.hubs()->hubs()[0].name, QStringLiteral("Unsaved"));
  EXPECT_EQ(next.project.fileName(), QFileInfo(path).absoluteFilePath());
  EXPECT_TRUE(next.window.isWindowModified());  // recovered edits are not saved yet
  EXPECT_EQ(next.applied.find("zoom")->asNumber(), 2.5);
  // Saving writes the project and retires the side file.
  ASSERT_TRUE(next.controller.save());
  EXPECT_FALSE(QFile::exists(autosavePath(path)));
  EXPECT_FALSE(next.window.isWindowModified());
}

TEST(ProjectController, UntitledAutosaveIsOfferedAtStart) {
  QString autosaved;
  {
    Fixture crashed;
    crashed.addHub(crashed.addBoxing());
    autosaved = crashed.controller.autosave();
    ASSERT_FALSE(autosaved.isEmpty());
    EXPECT_TRUE(autosaved.endsWith(QStringLiteral("untitled.mgproj.autosave")));
  }
  Fixture next;
  DialogAnswers answers;
  answers.push(QMessageBox::Yes);
  next.controller.offerUntitledRecovery();
  EXPECT_EQ(answers.seen(), 1);
  EXPECT_EQ(next.project.motionCount(), 1);
  EXPECT_EQ(next.project.hubs()->count(), 1);
  EXPECT_TRUE(next.project.fileName().isEmpty());
  EXPECT_TRUE(next.window.isWindowModified());
  // Declining removes it, so it is asked once.
  Fixture third;
  answers.push(QMessageBox::No);
  third.controller.offerUntitledRecovery();
  EXPECT_EQ(answers.seen(), 2);
  EXPECT_EQ(third.project.motionCount(), 0);
  EXPECT_FALSE(QFile::exists(autosaved));
}

TEST(ProjectController, BadProjectLeavesTheOpenOneAndSaysWhy) {
  Fixture f;
  const MotionId m = f.addBoxing();
  f.addHub(m);
  const int steps = f.project.undoStack()->count();
  const QString bad = f.dir.filePath(QStringLiteral("bad.mgproj"));
  QFile file(bad);
  ASSERT_TRUE(file.open(QIODevice::WriteOnly));
  file.write("{\"format\": \"mgstudio.project\", \"version\": 99}");
  file.close();
  DialogAnswers answers;
  EXPECT_FALSE(f.controller.openProject(bad));
  EXPECT_EQ(answers.seen(), 1);
  EXPECT_EQ(f.project.motionCount(), 1);
  EXPECT_EQ(f.project.hubs()->count(), 1);
  EXPECT_EQ(f.project.undoStack()->count(), steps);
  EXPECT_TRUE(f.window.isWindowModified());
}

TEST(ProjectController, AskBeforeDiscardingEdits) {
  Fixture f;
  f.addBoxing();
  DialogAnswers answers;
  answers.push(QMessageBox::Cancel);
  EXPECT_FALSE(f.controller.maybeSave());
  answers.push(QMessageBox::Cancel);
  f.controller.newProject();  // cancelled: nothing lost
  EXPECT_EQ(f.project.motionCount(), 1);
  answers.push(QMessageBox::Discard);
  f.controller.newProject();
  EXPECT_EQ(f.project.motionCount(), 0);
  EXPECT_FALSE(f.window.isWindowModified());
  EXPECT_EQ(answers.seen(), 3);
  EXPECT_TRUE(f.controller.maybeSave());  // nothing to ask about
  EXPECT_EQ(answers.seen(), 3);
}

}  // namespace
}  // namespace mg

int main(int argc, char** argv) {
  qputenv("QT_QPA_PLATFORM", "offscreen");
  QTemporaryDir configDir;
  qputenv("XDG_CONFIG_HOME", configDir.path().toLocal8Bit());
  qputenv("XDG_DATA_HOME", configDir.path().toLocal8Bit());
  QApplication app(argc, argv);
  QApplication::setOrganizationName(QStringLiteral("MotionGraphStudioTests"));
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
