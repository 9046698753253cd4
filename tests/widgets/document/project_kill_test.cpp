// SPDX-License-Identifier: MIT
// Save, Save As and autosave killed at random moments, hundreds of times: the project file (and
// the autosave) on disk is always a complete version, the last one written or the one being
// written, and the autosave recovery offers the newest complete one. A read-only folder gives a
// clear message and changes nothing.
#include <sys/stat.h>

#include <gtest/gtest.h>

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>

#include "core/import/motion_reader.h"
#include "core/util/atomic_file.h"
#include "support/kill_repeatedly.h"
#include "support/write_failure.h"
#include "widgets/commands/hub_commands.h"
#include "widgets/commands/motion_commands.h"
#include "widgets/document/hub_list.h"
#include "widgets/document/project.h"
#include "widgets/document/project_file.h"

namespace mg {
namespace {

const QString kKillWalkFile = QStringLiteral(MG_TEST_DATA_DIR "/small_walk.bvh");

// Two projects over the small walk: version 0 with 1 hub, version 1 with 400 (a file of about
// 100 KB, so kills land inside the write too).
struct Versions {
  Project projects[2];
  explicit Versions(const QTemporaryDir& dir) {
    const QString walk = dir.filePath(QStringLiteral("small_walk.bvh"));
    QFile::copy(kKillWalkFile, walk);
    for (int v = 0; v < 2; ++v) {
      Result<Motion> m = readMotionFile(walk.toStdString());
      EXPECT_TRUE(m);
      auto* add =
          new AddMotionCommand(&projects[v], std::make_shared<const Motion>(std::move(m.value())));
      projects[v].undoStack()->push(add);
      for (int h = 0; h < (v == 0 ? 1 : 400); ++h) {
        HubSpec spec{kNoHub,
                     QStringLiteral("Hub %1").arg(h),
                     QColor(10, 200, 30),
                     0.01,
                     add->id(),
                     2,
                     2,
                     std::nullopt};
        projects[v].undoStack()->push(new AddHubCommand(hubsOf(projects[v]), spec));
      }
    }
  }
  // The version in the project file at `path`, or -1 when it does not read.
  static int onDisk(const QString& path) {
    Result<ProjectData> data = readProject(path);
    if (!data) {
      ADD_FAILURE() << data.error().message;
      return -1;
    }
    const auto snap = data->sections.find("snap");
    const Json* hubs = snap != data->sections.end() ? jsonFind(snap->second, "hubs") : nullptr;
    const size_t count = hubs ? hubs->size() : 0;
    return count == 1 ? 0 : count == 400 ? 1 : -1;
  }
};

TEST(ProjectKill, SaveAndSaveAsAlwaysLeaveACompleteProject) {
  QTemporaryDir dir;
  Versions versions(dir);
  for (const QString name :
       {QStringLiteral("save.mgproj"), QStringLiteral("save_as_target.mgproj")}) {
    const QString path = dir.filePath(name);
    ASSERT_TRUE(saveProject(versions.projects[0], path));
    test::killRepeatedly([&](int v) { (void)saveProject(versions.projects[v], path); },
                         [&] { return Versions::onDisk(path); }, std::chrono::milliseconds(30));
  }
}

// Autosave killed mid-write: after the editor's tidy-up on the next open, the autosave offered is
// the newest complete version (a complete temporary of a killed write becomes the autosave).
TEST(ProjectKill, AutosaveRecoveryOffersTheNewestCompleteVersion) {
  QTemporaryDir dir;
  Versions versions(dir);
  const QString project = dir.filePath(QStringLiteral("work.mgproj"));
  ASSERT_TRUE(saveProject(versions.projects[0], project));
  const QString autosave = autosavePath(project);
  ASSERT_TRUE(saveProject(versions.projects[0], autosave));
  {
    QFile file(project);
    ASSERT_TRUE(file.open(QIODevice::ReadWrite));
    ASSERT_TRUE(file.setFileTime(QDateTime::currentDateTime().addSecs(-10),
                                 QFileDevice::FileModificationTime));
  }
  test::killRepeatedly([&](int v) { (void)saveProject(versions.projects[v], autosave); },
                       [&] {
                         tidySaveTemporaries(project);
                         EXPECT_TRUE(saveTemporariesOf(autosave.toStdString()).empty());
                         EXPECT_TRUE(hasRecoverableAutosave(project));
                         return Versions::onDisk(autosave);
                       },
                       std::chrono::milliseconds(30));
  EXPECT_EQ(Versions::onDisk(project), 0);  // the project file itself was never touched
}

// Root ignores folder permissions, so there the folder is a tmpfs remounted read-only.
TEST(ProjectKill, AReadOnlyFolderGivesAClearMessageAndKeepsTheFile) {
  QTemporaryDir dir;
  Versions versions(dir);
  test::SmallFilesystem fs(1024);
  const bool root = ::geteuid() == 0;
  if (root && !fs.mounted()) GTEST_SKIP() << "cannot mount a tmpfs to make read-only";
  const QString folder = root ? QString::fromStdString(fs.path()) : dir.path();
  const QString path = QDir(folder).filePath(QStringLiteral("kept.mgproj"));
  ASSERT_TRUE(saveProject(versions.projects[0], path));
  ASSERT_TRUE(root ? fs.makeReadOnly() : ::chmod(folder.toLocal8Bit().constData(), 0555) == 0);
  const Status s = saveProject(versions.projects[1], path);
  if (!root) ::chmod(folder.toLocal8Bit().constData(), 0755);
  ASSERT_FALSE(s);
  EXPECT_NE(s.error().message.find("kept.mgproj"), std::string::npos) << s.error().message;
  EXPECT_EQ(Versions::onDisk(path), 0);
}

}  // namespace
}  // namespace mg
