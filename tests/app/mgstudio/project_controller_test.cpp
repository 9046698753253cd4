// SPDX-License-Identifier: MIT
// File > New/Open/Save of the editor on a bare window (no 3D view, so the offscreen platform
// serves): the title's modified marker, save, autosave and recovery, and bad files. Message
// boxes are answered by a timer, as a user would click them.
#include <gtest/gtest.h>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <deque>
#include <filesystem>
#include <functional>
#include <thread>

#include <QAbstractButton>
#include <QApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMainWindow>
#include <QMessageBox>
#include <QProgressDialog>
#include <QPushButton>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTimer>

#include "app/mgstudio/project_controller.h"
#include "core/import/motion_reader.h"
#include "core/util/atomic_file.h"
#include "support/write_failure.h"
#include "widgets/commands/hub_commands.h"
#include "widgets/commands/motion_commands.h"
#include "widgets/document/hub_list.h"
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
      m_texts.push_back(box->text());
      const QMessageBox::StandardButton b = m_answers.empty() ? QMessageBox::Ok : m_answers.front();
      if (!m_answers.empty()) m_answers.pop_front();
      if (QAbstractButton* button = box->button(b))
        button->click();
      else
        box->reject();
    });
    m_timer.start(20);
  }
  void push(QMessageBox::StandardButton b) { m_answers.push_back(b); }
  int seen() const { return m_seen; }
  // The text of every message box seen, in order.
  const QStringList& texts() const { return m_texts; }

 private:
  QStringList m_texts;
  QTimer m_timer;
  std::deque<QMessageBox::StandardButton> m_answers;
  int m_seen = 0;
};

struct Fixture {
  QMainWindow window;
  Project project;
  Json applied;
  ProjectController controller{&window, &project,
                               [] {
                                 return Json(JsonObject{{"zoom", 2.5}});
                               },
                               [this](const Json& v) { applied = v; }};
  QTemporaryDir dir;

  MotionId addBoxing() {
    Result<Motion> m = readMotionFile("/usr/share/assimp/models/BVH/Boxing_Toes.bvh");
    auto* add =
        new AddMotionCommand(&project, std::make_shared<const Motion>(std::move(m.value())));
    project.undoStack()->push(add);
    return add->id();
  }
  HubId addHub(MotionId motion) {
    auto* add = new AddHubCommand(
        hubsOf(project),
        HubSpec{kNoHub, QStringLiteral("Guard"), Qt::red, 0.01, motion, 100, 10, {}});
    project.undoStack()->push(add);
    return add->id();
  }
};

// Saving and opening a project puts it in Recent Files (projectFileUsed, with the absolute path).
TEST(ProjectController, SavedAndOpenedProjectsAreReportedForRecentFiles) {
  Fixture f;
  f.addBoxing();
  QStringList used;
  QObject::connect(&f.controller, &ProjectController::projectFileUsed,
                   [&used](const QString& p) { used << p; });
  const QString path = f.dir.filePath(QStringLiteral("recent.mgproj"));
  ASSERT_TRUE(f.controller.saveTo(path));
  ASSERT_EQ(used.count(), 1);
  EXPECT_EQ(used.at(0), QFileInfo(path).absoluteFilePath());
  ASSERT_TRUE(f.controller.openProject(path));
  ASSERT_EQ(used.count(), 2);
  EXPECT_EQ(used.at(1), QFileInfo(path).absoluteFilePath());
}

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
  EXPECT_EQ(f.project.viewState().at("zoom").get<double>(), 2.5);
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

  f.project.undoStack()->push(renameHubCommand(hubsOf(f.project), hub, QStringLiteral("Unsaved")));
  EXPECT_EQ(f.controller.autosave(), autosavePath(path));
  ASSERT_TRUE(QFile::exists(autosavePath(path)));

  // A new session (after a crash) is offered the autosave and takes it.
  Fixture next;
  DialogAnswers answers;
  answers.push(QMessageBox::Yes);
  ASSERT_TRUE(next.controller.openProject(path));
  EXPECT_EQ(answers.seen(), 1);
  EXPECT_EQ(hubsOf(next.project)->hubs()[0].name, QStringLiteral("Unsaved"));
  EXPECT_EQ(next.project.fileName(), QFileInfo(path).absoluteFilePath());
  EXPECT_TRUE(next.window.isWindowModified());  // recovered edits are not saved yet
  EXPECT_EQ(next.applied.at("zoom").get<double>(), 2.5);
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
  EXPECT_EQ(hubsOf(next.project)->count(), 1);
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
  EXPECT_EQ(hubsOf(f.project)->count(), 1);
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

QByteArray readBytes(const QString& path) {
  QFile file(path);
  return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// A save and an autosave that fail on `path` (whatever makes them fail is set up by `failing`):
// the old project file and the old autosave stay byte for byte, the project stays modified, and
// the message (dialog and status bar) says what happened.
// `withWritesFailing(body)` runs body while writes fail.
using WritesFailing = std::function<void(const std::function<void()>& body)>;
// `expected(file)`: the message for `file` not saved.
void expectFailedSavesLoseNothing(Fixture& f, const QString& path,
                                  const WritesFailing& withWritesFailing,
                                  const std::function<QString(const QString&)>& expected) {
  const HubId hub = hubsOf(f.project)->hubs()[0].id;
  f.project.undoStack()->push(
      renameHubCommand(hubsOf(f.project), hub, QStringLiteral("Autosaved")));
  ASSERT_EQ(f.controller.autosave(), autosavePath(path));
  const QByteArray savedProject = readBytes(path), savedAutosave = readBytes(autosavePath(path));
  ASSERT_FALSE(savedProject.isEmpty());
  ASSERT_FALSE(savedAutosave.isEmpty());
  f.project.undoStack()->push(renameHubCommand(hubsOf(f.project), hub, QStringLiteral("Latest")));

  DialogAnswers answers;
  withWritesFailing([&f] {
    EXPECT_FALSE(f.controller.save());
    EXPECT_TRUE(f.controller.autosave().isEmpty());
  });
  ASSERT_EQ(answers.seen(), 1);
  EXPECT_TRUE(answers.texts()[0].startsWith(expected(path))) << answers.texts()[0].toStdString();
  const QString status = f.window.statusBar()->currentMessage();
  EXPECT_EQ(status, QStringLiteral("Autosave failed: ") + expected(autosavePath(path)))
      << status.toStdString();
  EXPECT_EQ(readBytes(path), savedProject);
  EXPECT_EQ(readBytes(autosavePath(path)), savedAutosave);  // neither replaced nor deleted
  EXPECT_TRUE(f.window.isWindowModified());
  EXPECT_TRUE(f.controller.isModified());
  EXPECT_EQ(hubsOf(f.project)->hubs()[0].name, QStringLiteral("Latest"));
  // Nothing half-written is left beside them, and what is there still opens.
  const QStringList left =
      QDir(QFileInfo(path).absolutePath()).entryList(QDir::Files | QDir::Hidden);
  for (const QString& name : left)
    EXPECT_FALSE(name.contains(QStringLiteral(".tmp"))) << name.toStdString();
  EXPECT_TRUE(hasRecoverableAutosave(path));
  Project reread;
  EXPECT_TRUE(loadProject(&reread, path).ok());
}

// Writes are refused by a file-size limit (EFBIG), which needs no privileges.
TEST(ProjectController, FailedSaveAndAutosaveKeepTheOldFilesAndTheEdits) {
  Fixture f;
  f.addHub(f.addBoxing());
  const QString path = f.dir.filePath(QStringLiteral("limited.mgproj"));
  ASSERT_TRUE(f.controller.saveTo(path));
  expectFailedSavesLoseNothing(
      f, path,
      [](const std::function<void()>& body) {
        test::FileSizeLimit limit(64);
        body();
      },
      [](const QString& file) {
        return file +
               QStringLiteral(" was not saved (File too large); your previous version is intact");
      });
  // Once writes work again, Save succeeds and retires the autosave.
  ASSERT_TRUE(f.controller.save());
  EXPECT_FALSE(f.window.isWindowModified());
  EXPECT_FALSE(QFile::exists(autosavePath(path)));
}

// A real full file system: a 256 KB tmpfs filled up (skipped when the test may not mount one).
TEST(ProjectController, SaveOntoAFullDiskSaysSoAndLosesNothing) {
  test::SmallFilesystem fs(256);
  if (!fs.mounted()) GTEST_SKIP() << "cannot mount a tmpfs (needs root)";
  Fixture f;
  f.addHub(f.addBoxing());
  const QString path = QString::fromStdString(fs.file("Project.mgproj"));
  ASSERT_TRUE(f.controller.saveTo(path));
  expectFailedSavesLoseNothing(
      f, path,
      [&fs](const std::function<void()>& body) {
        fs.fill();
        body();
      },
      [](const QString& file) {
        return QStringLiteral("Disk full: %1 was not saved; your previous version is intact")
            .arg(file);
      });
  std::filesystem::remove(fs.file("filler"));
  ASSERT_TRUE(f.controller.save());
  EXPECT_FALSE(f.window.isWindowModified());
}

// An autosave that does not parse (say, a 0-byte file from an older version on a full disk) is
// never offered: opening goes straight to the project, and an untitled one is not asked about.
TEST(ProjectController, AutosaveThatDoesNotParseIsNeverOffered) {
  Fixture f;
  f.addHub(f.addBoxing());
  const QString path = f.dir.filePath(QStringLiteral("work.mgproj"));
  ASSERT_TRUE(f.controller.saveTo(path));
  QFile broken(autosavePath(path));
  ASSERT_TRUE(broken.open(QIODevice::WriteOnly));
  ASSERT_TRUE(broken.setFileTime(QDateTime::currentDateTime().addSecs(60),
                                 QFileDevice::FileModificationTime));
  broken.close();
  EXPECT_FALSE(hasRecoverableAutosave(path));
  Fixture next;
  DialogAnswers answers;
  ASSERT_TRUE(next.controller.openProject(path));
  EXPECT_EQ(answers.seen(), 0);
  EXPECT_EQ(hubsOf(next.project)->count(), 1);

  Fixture fresh;
  const QString freshAutosave = fresh.controller.currentAutosavePath();
  QDir().mkpath(QFileInfo(freshAutosave).absolutePath());
  QFile empty(freshAutosave);
  ASSERT_TRUE(empty.open(QIODevice::WriteOnly));
  empty.write("{\"format\": \"mgstudio.pro");  // cut short
  empty.close();
  fresh.controller.offerUntitledRecovery();
  EXPECT_EQ(answers.seen(), 0);
  EXPECT_EQ(fresh.project.motionCount(), 0);
  QFile::remove(freshAutosave);
}

// An editor killed between writing its temporary and renaming it leaves a complete, newer copy
// beside the project: the next open offers it as the recovered version and leaves no stray file.
TEST(ProjectController, CompleteTemporaryOfAKilledSaveIsRecovered) {
  Fixture f;
  const HubId hub = f.addHub(f.addBoxing());
  const QString path = f.dir.filePath(QStringLiteral("work.mgproj"));
  ASSERT_TRUE(f.controller.saveTo(path));
  f.project.undoStack()->push(renameHubCommand(hubsOf(f.project), hub, QStringLiteral("Latest")));
  Result<Json> json = projectJson(f.project, path);
  ASSERT_TRUE(json);
  const QString temp = f.dir.filePath(QStringLiteral(".work.mgproj.tmp4242"));
  QFile killed(temp);
  ASSERT_TRUE(killed.open(QIODevice::WriteOnly));
  killed.write(QByteArray::fromStdString(jsonText(*json, 2)));
  killed.flush();
  ASSERT_TRUE(killed.setFileTime(QDateTime::currentDateTime().addSecs(5),
                                 QFileDevice::FileModificationTime));
  killed.close();

  Fixture next;
  DialogAnswers answers;
  answers.push(QMessageBox::Yes);
  ASSERT_TRUE(next.controller.openProject(path));
  EXPECT_EQ(answers.seen(), 1);
  EXPECT_EQ(hubsOf(next.project)->hubs()[0].name, QStringLiteral("Latest"));
  EXPECT_TRUE(next.window.isWindowModified());
  EXPECT_TRUE(saveTemporariesOf(path.toStdString()).empty());
}

// Opening reads every capture file in a background job: the window keeps processing events, a
// progress dialog shows, and its Cancel stops the open and leaves the open project untouched.
TEST(ProjectController, OpeningReadsInTheBackgroundAndCanBeCancelled) {
  Fixture f;
  const QString path = f.dir.filePath(QStringLiteral("many.mgproj"));
  std::string motions;
  // Enough files that a fast machine is still reading when the ticker clicks Cancel.
  for (int i = 0; i < 400; ++i) {
    motions +=
        std::string(i ? ", " : "") + "{\"path\": \"/usr/share/assimp/models/BVH/Boxing_Toes.bvh\"}";
  }
  QFile file(path);
  ASSERT_TRUE(file.open(QIODevice::WriteOnly));
  file.write(QByteArray::fromStdString(
      "{\"format\": \"mgstudio.project\", \"version\": 1, \"hubs\": [], \"import\": "
      "{\"metres_per_unit\": 0, "
      "\"trim_leading_frames\": 0}, \"metric\": {\"custom_joints\": [], \"joints\": \"all\", "
      "\"weighting\": "
      "\"tapered\", \"window_frames\": 9, \"working_fps\": 30}, \"motions\": [" +
      motions + "]}"));
  file.close();

  int ticks = 0, shown = 0;
  QTimer ticker;
  QObject::connect(&ticker, &QTimer::timeout, [&] {
    ++ticks;
    auto* dialog = qobject_cast<QProgressDialog*>(QApplication::activeModalWidget());
    if (!dialog) return;
    ++shown;
    if (dialog->value() <= 0) return;  // once it has read a file or more, click Cancel
    for (QPushButton* b : dialog->findChildren<QPushButton*>()) {
      if (b->text() == QStringLiteral("Cancel")) b->click();
    }
  });
  ticker.start(10);
  DialogAnswers answers;  // the "cannot open" message
  EXPECT_FALSE(f.controller.openProject(path));
  // Any tick proves the event loop ran during the read (a count would depend on the machine's
  // speed).
  EXPECT_GT(ticks, 0) << "the event loop did not run while the project was read";
  EXPECT_GT(shown, 0) << "no progress dialog";
  ASSERT_EQ(answers.seen(), 1);
  EXPECT_TRUE(answers.texts()[0].contains(QStringLiteral("cancelled")))
      << answers.texts()[0].toStdString();
  EXPECT_EQ(f.project.motionCount(), 0);
}

// The real thing: a process saving the project over and over is killed at random moments until
// it leaves a temporary behind; opening the project then removes it (a partial one is no
// recovery) and opens the intact project.
TEST(ProjectController, KillDuringSaveLeavesNoStrayTemporaryAfterOpen) {
  Fixture f;
  f.addHub(f.addBoxing());
  const QString path = f.dir.filePath(QStringLiteral("killed.mgproj"));
  ASSERT_TRUE(f.controller.saveTo(path));
  Result<Json> json = projectJson(f.project, path);
  ASSERT_TRUE(json);
  // Large enough (about 8 MB) that a kill usually lands inside the write.
  std::string text = jsonText(*json, 2);
  const std::string padding = "\n" + std::string(8 << 20, ' ');
  text.insert(text.size() - 1, padding);
  const std::string target = path.toStdString();
  bool stray = false;
  for (int attempt = 0; attempt < 40 && !stray; ++attempt) {
    const pid_t child = ::fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
      for (;;) (void)writeTextFileAtomically(target, text);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20 + 7 * attempt));
    ::kill(child, SIGKILL);
    ::waitpid(child, nullptr, 0);
    stray = !saveTemporariesOf(target).empty();
  }
  ASSERT_TRUE(stray) << "no kill landed inside a save";

  Fixture next;
  DialogAnswers answers;
  answers.push(QMessageBox::No);  // if the kill hit the rename window, the copy is complete
  ASSERT_TRUE(next.controller.openProject(path));
  EXPECT_TRUE(saveTemporariesOf(target).empty());
  EXPECT_EQ(hubsOf(next.project)->count(), 1);
  const QStringList left = QDir(f.dir.path()).entryList(QDir::Files | QDir::Hidden);
  for (const QString& name : left)
    EXPECT_FALSE(name.contains(QStringLiteral(".tmp"))) << name.toStdString();
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
