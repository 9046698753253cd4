// SPDX-License-Identifier: MIT
#include "widgets/document/missing_motions.h"

#include <gtest/gtest.h>

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include "core/import/bvh_writer.h"
#include "core/import/motion_reader.h"
#include "widgets/commands/hub_commands.h"
#include "widgets/commands/motion_commands.h"
#include "widgets/commands/relink_command.h"
#include "widgets/document/hub_list.h"
#include "widgets/document/project.h"
#include "widgets/document/project_file.h"
#include "widgets/jobs/snap_pipeline.h"

namespace mg {
namespace {

const QString kWalkFile = QStringLiteral(MG_TEST_DATA_DIR "/small_walk.bvh");

std::shared_ptr<const Motion> readWalk(const QString& path) {
  Result<Motion> m = readMotionFile(path.toStdString());
  EXPECT_TRUE(m.ok()) << (m ? "" : m.error().message);
  return std::make_shared<const Motion>(std::move(m.value()));
}

QByteArray bytesOf(const QString& path) {
  QFile f(path);
  EXPECT_TRUE(f.open(QIODevice::ReadOnly));
  return f.readAll();
}

void writeBytes(const QString& path, const QByteArray& bytes) {
  QDir().mkpath(QFileInfo(path).absolutePath());
  QFile f(path);
  ASSERT_TRUE(f.open(QIODevice::WriteOnly));
  f.write(bytes);
}

// The small walk with one digit of its last frame changed: the same name and size, another
// checksum, still a capture.
QByteArray otherTake() {
  QByteArray bytes = bytesOf(kWalkFile);
  for (qsizetype i = bytes.size() - 1; i >= 0; --i) {
    if (bytes[i] >= '1' && bytes[i] <= '8') {
      bytes[i] = static_cast<char>(bytes[i] + 1);
      break;
    }
  }
  return bytes;
}

// <dir>/project/walk.mgproj with the small walk in <dir>/project/motions and a hub on it, saved.
struct MovedCapture {
  QTemporaryDir dir;
  QString projectPath;
  QString capturePath;
  MovedCapture() {
    projectPath = dir.filePath(QStringLiteral("project/walk.mgproj"));
    capturePath = dir.filePath(QStringLiteral("project/motions/small_walk.bvh"));
    writeBytes(capturePath, bytesOf(kWalkFile));
    Project p;
    p.undoStack()->push(new AddMotionCommand(&p, readWalk(capturePath)));
    HubSpec hub{
        kNoHub,      QStringLiteral("Stride"), QColor(10, 200, 30), 0.01, p.motions()[0].id, 3, 2,
        std::nullopt};
    p.undoStack()->push(new AddHubCommand(hubsOf(p), hub));
    EXPECT_TRUE(saveProject(p, projectPath).ok());
  }
  // Moves the capture to <dir>/store/deep/er, away from both recorded paths.
  QString moveCapture() {
    const QString to = dir.filePath(QStringLiteral("store/deep/er/small_walk.bvh"));
    QDir().mkpath(QFileInfo(to).absolutePath());
    EXPECT_TRUE(QFile::rename(capturePath, to));
    return to;
  }
};

TEST(MissingMotions, PlaceholderIsAValidMotionOfTheRecordedLength) {
  auto m = missingMotionPlaceholder("walk", "/gone/walk.bvh", 120, 60.0);
  EXPECT_TRUE(m->validate().ok());
  EXPECT_EQ(m->frameCount(), 120);
  EXPECT_EQ(m->fps, 60.0);
  EXPECT_EQ(m->sourcePath, "/gone/walk.bvh");
  auto unknown = missingMotionPlaceholder("walk", "/gone/walk.bvh", 0, 0);
  EXPECT_EQ(unknown->frameCount(), kUnknownMissingFrames);
}

TEST(MissingMotions, MovedCaptureOpensMissingAndFindRelinksByChecksum) {
  MovedCapture fixture;
  const QString stored = fixture.moveCapture();
  // A same-named file of another take where the search looks first: not taken.
  const QString decoy = fixture.dir.filePath(QStringLiteral("store/a_decoy/small_walk.bvh"));
  writeBytes(decoy, otherTake());
  ASSERT_EQ(bytesOf(decoy).size(), bytesOf(kWalkFile).size());

  Project project;
  const Status s = loadProject(&project, fixture.projectPath);
  ASSERT_TRUE(s.ok()) << s.error().message;
  ASSERT_EQ(project.motionCount(), 1);
  const MotionId id = project.motions()[0].id;
  EXPECT_TRUE(project.isMissing(id));
  EXPECT_EQ(project.motion(id)->frameCount(), readWalk(kWalkFile)->frameCount());
  ASSERT_EQ(hubsOf(project)->count(), 1);  // the hub is kept on the missing motion
  EXPECT_EQ(hubsOf(project)->hubs()[0].motion, id);

  // Every derivation leaves it out with the reason (the snap pipeline, and so the subgraph).
  const SnapPipelineInput input = snapPipelineInput(project);
  EXPECT_TRUE(input.motions.empty());
  ASSERT_EQ(input.setAside.size(), 1u);
  EXPECT_TRUE(input.setAside[0].reason.contains(QStringLiteral("missing")));

  // Only the decoy's folder: nothing found, the decoy refused for its checksum.
  Result<MissingFileSearch> none =
      findMissingFiles(project, fixture.dir.filePath(QStringLiteral("store/a_decoy")));
  ASSERT_TRUE(none.ok()) << none.error().message;
  EXPECT_TRUE(none->found.empty());
  EXPECT_EQ(none->stillMissing, 1);
  ASSERT_EQ(none->notTaken.size(), 1u);
  EXPECT_TRUE(none->notTaken[0].contains(QStringLiteral("checksum")));

  // The whole store: the real take is found (the decoy beside it is not taken).
  Result<MissingFileSearch> found =
      findMissingFiles(project, fixture.dir.filePath(QStringLiteral("store")));
  ASSERT_TRUE(found.ok()) << found.error().message;
  ASSERT_EQ(found->found.size(), 1u);
  EXPECT_EQ(found->stillMissing, 0);
  EXPECT_EQ(QString::fromStdString(found->found[0].motion->sourcePath), stored);
  EXPECT_TRUE(project.isMissing(id));  // finding touches nothing

  project.undoStack()->push(new RelinkMotionsCommand(&project, std::move(found.value().found)));
  EXPECT_FALSE(project.isMissing(id));
  EXPECT_EQ(project.motion(id)->jointCount(), readWalk(kWalkFile)->jointCount());
  EXPECT_EQ(hubsOf(project)->hubs()[0].motion, id);
  project.undoStack()->undo();
  EXPECT_TRUE(project.isMissing(id));
  project.undoStack()->redo();
  EXPECT_FALSE(project.isMissing(id));

  // Saved and reopened, the project opens with the motion found at its new place.
  ASSERT_TRUE(saveProject(project, fixture.projectPath).ok());
  Project reopened;
  ASSERT_TRUE(loadProject(&reopened, fixture.projectPath).ok());
  EXPECT_EQ(reopened.missingCount(), 0);
  EXPECT_EQ(QString::fromStdString(reopened.motions()[0].motion->sourcePath), stored);
}

TEST(MissingMotions, SavingKeepsAMissingMotionsEntry) {
  MovedCapture fixture;
  fixture.moveCapture();
  Project project;
  ASSERT_TRUE(loadProject(&project, fixture.projectPath).ok());
  const QString copy = fixture.dir.filePath(QStringLiteral("project/copy.mgproj"));
  ASSERT_TRUE(saveProject(project, copy).ok());
  Project again;
  ASSERT_TRUE(loadProject(&again, copy).ok());
  ASSERT_EQ(again.motionCount(), 1);
  EXPECT_TRUE(again.isMissing(again.motions()[0].id));
  EXPECT_EQ(again.motions()[0].file.fingerprint, project.motions()[0].file.fingerprint);
  EXPECT_EQ(again.motions()[0].file.recordedRelativePath, QStringLiteral("motions/small_walk.bvh"));
  EXPECT_EQ(hubsOf(again)->count(), 1);
  // The capture put back where the project recorded it: found again.
  writeBytes(fixture.capturePath, bytesOf(kWalkFile));
  Project back;
  ASSERT_TRUE(loadProject(&back, copy).ok());
  EXPECT_EQ(back.missingCount(), 0);
}

TEST(MissingMotions, LocateRefusesAFileTheHubsDoNotFit) {
  MovedCapture fixture;
  fixture.moveCapture();
  Project project;
  ASSERT_TRUE(loadProject(&project, fixture.projectPath).ok());
  const MotionId id = project.motions()[0].id;
  // A hub at working frame 3: a two-frame capture cannot hold it.
  const Motion tiny = sliceFrames(*readWalk(kWalkFile), 0, 2);
  const QString shortFile = fixture.dir.filePath(QStringLiteral("short/small_walk.bvh"));
  QDir().mkpath(QFileInfo(shortFile).absolutePath());
  ASSERT_TRUE(writeBvhFile(tiny, shortFile.toStdString()).ok());
  Result<MotionEntry> shortOne = readRelinkCandidate(project, id, shortFile);
  ASSERT_FALSE(shortOne.ok());
  EXPECT_NE(shortOne.error().message.find("does not fit"), std::string::npos)
      << shortOne.error().message;
  const QString junk = fixture.dir.filePath(QStringLiteral("junk/small_walk.bvh"));
  writeBytes(junk, "not a capture at all");
  Result<MotionEntry> bad = readRelinkCandidate(project, id, junk);
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().message.find("small_walk.bvh"), std::string::npos);
  EXPECT_TRUE(project.isMissing(id));
  Result<MotionEntry> none = readRelinkCandidate(project, id, QStringLiteral("/nonexistent.bvh"));
  EXPECT_FALSE(none.ok());
  Result<MotionEntry> good = readRelinkCandidate(project, id, kWalkFile);
  ASSERT_TRUE(good.ok()) << good.error().message;
  EXPECT_EQ(good->id, id);
  EXPECT_TRUE(good->file.fingerprint.known());
}

TEST(MissingMotions, FindFailsOnAFolderThatIsNotOne) {
  MovedCapture fixture;
  fixture.moveCapture();
  Project project;
  ASSERT_TRUE(loadProject(&project, fixture.projectPath).ok());
  EXPECT_FALSE(findMissingFiles(project, fixture.dir.filePath(QStringLiteral("nowhere"))).ok());
  EXPECT_TRUE(project.isMissing(project.motions()[0].id));
}

}  // namespace
}  // namespace mg
