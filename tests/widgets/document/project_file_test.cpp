// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include "core/import/motion_reader.h"
#include "widgets/commands/hub_commands.h"
#include "widgets/commands/motion_commands.h"
#include "widgets/document/hub_list.h"
#include "widgets/document/project.h"
#include "widgets/document/project_file.h"

namespace mg {
namespace {

const QString kBoxing = QStringLiteral("/usr/share/assimp/models/BVH/Boxing_Toes.bvh");
const QString kSmallWalk = QStringLiteral(MG_TEST_DATA_DIR "/small_walk.bvh");

std::shared_ptr<const Motion> read(const QString& path) {
  Result<Motion> m = readMotionFile(path.toStdString());
  EXPECT_TRUE(m.ok()) << (m ? "" : m.error().message);
  return std::make_shared<const Motion>(std::move(m.value()));
}

void writeText(const QString& path, const QByteArray& text) {
  QFile f(path);
  ASSERT_TRUE(f.open(QIODevice::WriteOnly));
  f.write(text);
}

// A project with the boxing sample (outside the folder) and the small walk copied into
// <dir>/motions, two hubs, non-default metric settings and view state.
void buildProject(Project* project, const QTemporaryDir& dir) {
  QDir(dir.path()).mkdir(QStringLiteral("motions"));
  const QString walk = dir.filePath(QStringLiteral("motions/small_walk.bvh"));
  ASSERT_TRUE(QFile::copy(kSmallWalk, walk));
  auto* boxing = new AddMotionCommand(project, read(kBoxing));
  auto* small = new AddMotionCommand(project, read(walk));
  project->undoStack()->push(boxing);
  project->undoStack()->push(small);
  MetricSettings metric;
  metric.windowFrames = 7;
  metric.weighting = WindowWeighting::Uniform;
  project->setMetricSettings(metric);
  HubSpec a{kNoHub, QStringLiteral("Guard"), QColor(10, 200, 30), 0.0123, boxing->id(), 400,
            12,     QPointF(5, -7)};
  HubSpec b{kNoHub,      QStringLiteral("Step \"x\""), QColor(250, 0, 90), 0.5, small->id(), 3, 2,
            std::nullopt};
  project->undoStack()->push(new AddHubCommand(hubsOf(*project), a));
  project->undoStack()->push(new AddHubCommand(hubsOf(*project), b));
  project->setViewState(
      JsonObject{{"docks", JsonObject{{"timeline", true}}}, {"camera", JsonArray{1.5, 2.0, 3.0}}});
}

// Hubs with motion ids replaced by rows, so two projects can be compared.
std::vector<HubSpec> hubsByRow(const Project& p) {
  std::vector<HubSpec> out = hubsOf(p)->hubs();
  for (HubSpec& h : out) h.motion = p.indexOf(h.motion);
  return out;
}

TEST(ProjectFile, SaveLoadRoundTrip) {
  QTemporaryDir dir;
  Project original;
  buildProject(&original, dir);
  const QString path = dir.filePath(QStringLiteral("session.mgproj"));
  ASSERT_TRUE(saveProject(original, path).ok());

  // Motion paths are stored relative to the project file.
  Result<ProjectData> data = readProject(path);
  ASSERT_TRUE(data.ok()) << data.error().message;
  Result<Json> json = projectJson(original, path);
  const auto& motions = json->at("motions");
  EXPECT_EQ(motions[1].at("path").get_ref<const std::string&>(), "motions/small_walk.bvh");
  EXPECT_EQ(QDir::cleanPath(dir.filePath(
                QString::fromStdString(motions[0].at("path").get_ref<const std::string&>()))),
            kBoxing);

  Project loaded;
  ASSERT_TRUE(loadProject(&loaded, path).ok());
  EXPECT_EQ(loaded.fileName(), QFileInfo(path).absoluteFilePath());
  EXPECT_TRUE(loaded.undoStack()->isClean());
  EXPECT_EQ(loaded.undoStack()->count(), 0);
  ASSERT_EQ(loaded.motionCount(), 2);
  EXPECT_EQ(loaded.motions()[0].motion->frameCount(), original.motions()[0].motion->frameCount());
  EXPECT_EQ(loaded.motions()[1].motion->name, "small_walk");
  EXPECT_EQ(loaded.metricSettings(), original.metricSettings());
  EXPECT_EQ(hubsByRow(loaded), hubsByRow(original));
  EXPECT_EQ(jsonText(loaded.viewState()), jsonText(original.viewState()));

  // Moving the whole folder keeps the relative motion readable.
  Project again;
  ASSERT_TRUE(saveProject(loaded, path).ok());
  ASSERT_TRUE(loadProject(&again, path).ok());
  EXPECT_EQ(hubsByRow(again), hubsByRow(original));
}

TEST(ProjectFile, ReadsVersionOneFixture) {
  Project project;
  const Status s = loadProject(&project, QStringLiteral(MG_TEST_DATA_DIR "/project_v1.mgproj"));
  ASSERT_TRUE(s.ok()) << s.error().message;
  ASSERT_EQ(project.motionCount(), 1);
  EXPECT_EQ(project.motions()[0].motion->frameCount(), 6);
  ASSERT_EQ(hubsOf(project)->count(), 1);
  const HubSpec& hub = hubsOf(project)->hubs()[0];
  EXPECT_EQ(hub.name, QStringLiteral("Stride"));
  EXPECT_EQ(hub.colour, QColor(QStringLiteral("#e05a47")));
  EXPECT_DOUBLE_EQ(hub.threshold, 0.004);
  EXPECT_EQ(hub.motion, project.motions()[0].id);
  EXPECT_EQ(hub.frame, 2);
  EXPECT_EQ(hub.wminFrames, 2);
  EXPECT_EQ(hub.nodePosition, QPointF(120, -40.5));
  EXPECT_TRUE(project.viewState().at("docks").at("timeline").get<bool>());
}

// A version 2 file (relative paths only) still opens; its motion found nowhere opens missing with
// its hub, and saving writes version 3 keeping that motion's entry.
TEST(ProjectFile, ReadsVersionTwoFixtureWithAMissingMotion) {
  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("v2.mgproj"));
  ASSERT_TRUE(QFile::copy(QStringLiteral(MG_TEST_DATA_DIR "/project_v2.mgproj"), path));
  ASSERT_TRUE(QFile::copy(kSmallWalk, dir.filePath(QStringLiteral("small_walk.bvh"))));
  Project project;
  const Status s = loadProject(&project, path);
  ASSERT_TRUE(s.ok()) << s.error().message;
  ASSERT_EQ(project.motionCount(), 2);
  EXPECT_FALSE(project.motions()[0].file.missing);
  EXPECT_TRUE(project.motions()[0].file.fingerprint.known());
  EXPECT_TRUE(project.motions()[1].file.missing);
  EXPECT_EQ(project.missingCount(), 1);
  EXPECT_EQ(project.motions()[1].motion->name, "old_walk");
  ASSERT_EQ(hubsOf(project)->count(), 2);
  EXPECT_EQ(hubsOf(project)->hubs()[1].motion, project.motions()[1].id);
  EXPECT_EQ(hubsOf(project)->hubs()[1].frame, 40);

  const QString saved = dir.filePath(QStringLiteral("v3.mgproj"));
  ASSERT_TRUE(saveProject(project, saved).ok());
  Result<Json> json = projectJson(project, saved);
  ASSERT_TRUE(json.ok());
  EXPECT_EQ(json->at("version").get<int>(), 3);
  const Json& missing = json->at("motions")[1];
  EXPECT_EQ(missing.at("path").get_ref<const std::string&>(), "gone/old_walk.bvh");
  EXPECT_EQ(jsonFind(missing, "frames"), nullptr);  // a length never known is not invented
  EXPECT_NE(jsonFind(json->at("motions")[0], "checksum"), nullptr);
  Project again;
  ASSERT_TRUE(loadProject(&again, saved).ok());
  EXPECT_TRUE(again.isMissing(again.motions()[1].id));
  EXPECT_EQ(hubsByRow(again), hubsByRow(project));
}

// A project and its capture moved together to another folder, and back, open with every motion
// each time (the relative path); the project moved alone finds its capture by the absolute path.
TEST(ProjectFile, ProjectTravelsToAnotherFolderAndBack) {
  QTemporaryDir root;
  const QString a = root.filePath(QStringLiteral("a")), b = root.filePath(QStringLiteral("b"));
  ASSERT_TRUE(QDir().mkpath(a));
  QTemporaryDir dirA(a + QStringLiteral("/XXXXXX"));
  const QString home = dirA.path();
  dirA.setAutoRemove(false);
  Project original;
  buildProject(&original, dirA);
  ASSERT_TRUE(saveProject(original, home + QStringLiteral("/trip.mgproj")).ok());

  for (const QString& to : {b, home}) {
    SCOPED_TRACE(to.toStdString());
    const QString from = to == b ? home : b;
    ASSERT_TRUE(QDir().rename(from, to));
    ASSERT_FALSE(QFileInfo::exists(from + QStringLiteral("/motions/small_walk.bvh")));
    Project moved;
    const Status s = loadProject(&moved, to + QStringLiteral("/trip.mgproj"));
    ASSERT_TRUE(s.ok()) << s.error().message;
    ASSERT_EQ(moved.motionCount(), 2);
    EXPECT_EQ(moved.missingCount(), 0);
    EXPECT_EQ(QString::fromStdString(moved.motions()[1].motion->sourcePath),
              to + QStringLiteral("/motions/small_walk.bvh"));
    EXPECT_EQ(hubsByRow(moved), hubsByRow(original));
    ASSERT_TRUE(saveProject(moved, to + QStringLiteral("/trip.mgproj")).ok());
  }

  // The project file alone moved elsewhere: the relative path leads nowhere, the absolute one
  // still finds the capture in `home`.
  const QString alone = root.filePath(QStringLiteral("elsewhere/deeper"));
  ASSERT_TRUE(QDir().mkpath(alone));
  ASSERT_TRUE(
      QFile::rename(home + QStringLiteral("/trip.mgproj"), alone + QStringLiteral("/trip.mgproj")));
  Project lone;
  ASSERT_TRUE(loadProject(&lone, alone + QStringLiteral("/trip.mgproj")).ok());
  EXPECT_EQ(lone.missingCount(), 0);
  EXPECT_EQ(hubsByRow(lone), hubsByRow(original));
  QDir(home).removeRecursively();
}

// Every bad file fails with a message naming the file and leaves the open project as it was.
TEST(ProjectFile, BadFilesLeaveProjectUntouched) {
  QTemporaryDir dir;
  Project project;
  buildProject(&project, dir);
  const QString good = dir.filePath(QStringLiteral("good.mgproj"));
  ASSERT_TRUE(saveProject(project, good).ok());
  project.setFileName(good);
  QFile f(good);
  ASSERT_TRUE(f.open(QIODevice::ReadOnly));
  const QByteArray text = f.readAll();
  const std::vector<HubSpec> hubsBefore = hubsOf(project)->hubs();
  const int undoBefore = project.undoStack()->count();

  const std::vector<std::pair<const char*, QByteArray>> cases = {
      {"malformed", QByteArray("{\"format\": \"mgstudio.project\", ")},
      {"empty", QByteArray()},
      {"not an object", QByteArray("[1, 2]")},
      {"wrong tag", QByteArray(text).replace("mgstudio.project", "mgstudio.snap-graph")},
      {"newer version", QByteArray(text).replace("\"version\": 3", "\"version\": 4")},
      {"version zero", QByteArray(text).replace("\"version\": 3", "\"version\": 0")},
      // A file that is there but is no capture (a missing one opens missing: MovedCapture...).
      {"unreadable motion", QByteArray(text).replace("motions/small_walk.bvh", "good.mgproj")},
      {"bad checksum", QByteArray(text).replace("\"checksum\": \"", "\"checksum\": \"zz")},
      {"hub names no motion", QByteArray(text).replace("\"motion\": 1", "\"motion\": 7")},
      {"hub frame negative", QByteArray(text).replace("\"frame\": 400", "\"frame\": -1")},
      {"no hubs", QByteArray(text).replace("\"hubs\"", "\"hubz\"")},
      {"bad metric", QByteArray(text).replace("\"window_frames\": 7", "\"window_frames\": 8")},
  };
  for (const auto& [name, content] : cases) {
    SCOPED_TRACE(name);
    ASSERT_NE(content, text);
    const QString path = dir.filePath(QStringLiteral("bad.mgproj"));
    writeText(path, content);
    const Status s = loadProject(&project, path);
    ASSERT_FALSE(s.ok());
    EXPECT_NE(s.error().message.find("bad.mgproj"), std::string::npos) << s.error().message;
    EXPECT_EQ(project.motionCount(), 2);
    EXPECT_EQ(hubsOf(project)->hubs(), hubsBefore);
    EXPECT_EQ(project.undoStack()->count(), undoBefore);
    EXPECT_EQ(project.fileName(), good);
    EXPECT_EQ(project.metricSettings().windowFrames, 7);
  }
  const Status missing = loadProject(&project, dir.filePath(QStringLiteral("nowhere.mgproj")));
  EXPECT_FALSE(missing.ok());
  EXPECT_EQ(project.motionCount(), 2);
}

TEST(ProjectFile, AutosaveIsOfferedUntilTheProjectIsSavedAgain) {
  QTemporaryDir dir;
  Project project;
  buildProject(&project, dir);
  const QString path = dir.filePath(QStringLiteral("work.mgproj"));
  ASSERT_TRUE(saveProject(project, path).ok());
  EXPECT_FALSE(hasRecoverableAutosave(path));

  // An edit after the save, autosaved, then a "crash": the side file holds the edit.
  project.undoStack()->push(
      renameHubCommand(hubsOf(project), hubsOf(project)->hubs()[0].id, QStringLiteral("Edited")));
  ASSERT_TRUE(saveProject(project, autosavePath(path)).ok());
  EXPECT_EQ(autosavePath(path), path + QStringLiteral(".autosave"));
  EXPECT_TRUE(hasRecoverableAutosave(path));
  Project recovered;
  ASSERT_TRUE(loadProject(&recovered, autosavePath(path)).ok());
  EXPECT_EQ(hubsOf(recovered)->hubs()[0].name, QStringLiteral("Edited"));
  EXPECT_EQ(hubsByRow(recovered), hubsByRow(project));

  // A project file newer than its autosave has nothing to recover.
  QFile autosave(autosavePath(path));
  ASSERT_TRUE(autosave.open(QIODevice::ReadWrite));
  ASSERT_TRUE(autosave.setFileTime(QDateTime::currentDateTime().addSecs(-60),
                                   QFileDevice::FileModificationTime));
  autosave.close();
  EXPECT_FALSE(hasRecoverableAutosave(path));
  QFile::remove(path);
  EXPECT_TRUE(hasRecoverableAutosave(path));
}

}  // namespace
}  // namespace mg
