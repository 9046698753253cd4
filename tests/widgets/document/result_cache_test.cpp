// SPDX-License-Identifier: MIT
#include "widgets/document/result_cache.h"

#include <gtest/gtest.h>

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include "core/import/motion_reader.h"
#include "widgets/commands/motion_commands.h"
#include "widgets/document/project.h"
#include "widgets/document/project_file.h"

namespace mg {
namespace {

const QString kCacheWalk = QStringLiteral(MG_TEST_DATA_DIR "/small_walk.bvh");

QByteArray cacheBytesOf(const QString& path) {
  QFile f(path);
  EXPECT_TRUE(f.open(QIODevice::ReadOnly));
  return f.readAll();
}

void writeCacheBytes(const QString& path, const QByteArray& bytes) {
  QFile f(path);
  ASSERT_TRUE(f.open(QIODevice::WriteOnly));
  f.write(bytes);
}

const Json kInputs = JsonObject{{"result", "test"}, {"k", 15}};

TEST(ResultCache, FolderIsBesideTheProjectNeverInside) {
  EXPECT_EQ(resultCacheFolder(QStringLiteral("/p/walks.mgproj")),
            QStringLiteral("/p/walks.mgcache"));
  EXPECT_TRUE(resultCacheFolder(QString()).isEmpty());
}

TEST(ResultCache, WrittenThenFoundWithTheSameInputs) {
  QTemporaryDir dir;
  const QString project = dir.filePath(QStringLiteral("a.mgproj"));
  const std::string payload("\0binary\npayload\xff", 16);
  ASSERT_TRUE(writeResultCache(project, "thing.cache", kInputs, payload).ok());
  EXPECT_TRUE(QFileInfo::exists(dir.filePath(QStringLiteral("a.mgcache/thing.cache"))));
  const CachedResult found = readResultCache(project, "thing.cache", kInputs);
  ASSERT_EQ(found.state, CachedResult::State::Found) << found.message.toStdString();
  EXPECT_EQ(found.payload, payload);
  EXPECT_EQ(peekResultCacheInputs(project, "thing.cache"), kInputs);
  EXPECT_EQ(readResultCache(project, "other.cache", kInputs).state, CachedResult::State::Absent);
}

TEST(ResultCache, OtherSettingsMakeItStale) {
  QTemporaryDir dir;
  const QString project = dir.filePath(QStringLiteral("a.mgproj"));
  ASSERT_TRUE(writeResultCache(project, "thing.cache", kInputs, "x").ok());
  const Json changed = JsonObject{{"result", "test"}, {"k", 16}};
  const CachedResult stale = readResultCache(project, "thing.cache", changed);
  EXPECT_EQ(stale.state, CachedResult::State::Stale);
  EXPECT_TRUE(stale.payload.empty());
  EXPECT_TRUE(stale.message.contains(QStringLiteral("thing.cache")));
}

TEST(ResultCache, DamagedFilesAreCorruptWithAMessage) {
  QTemporaryDir dir;
  const QString project = dir.filePath(QStringLiteral("a.mgproj"));
  ASSERT_TRUE(writeResultCache(project, "thing.cache", kInputs, "payload bytes").ok());
  const QString file = dir.filePath(QStringLiteral("a.mgcache/thing.cache"));
  const QByteArray good = cacheBytesOf(file);
  QByteArray flipped = good;
  flipped[flipped.size() - 2] = 'X';
  const std::vector<std::pair<const char*, QByteArray>> cases = {
      {"empty", QByteArray()},
      {"garbage", QByteArray("not a cache at all")},
      {"truncated", good.left(good.size() - 3)},
      {"padded", good + "more"},
      {"flipped payload byte", flipped},
      {"bad header", QByteArray(good).replace("mgstudio.cache", "mgstudio.cachf")},
      {"no header end", QByteArray("MGCACHE1\n{")},
  };
  for (const auto& [name, bytes] : cases) {
    SCOPED_TRACE(name);
    writeCacheBytes(file, bytes);
    const CachedResult r = readResultCache(project, "thing.cache", kInputs);
    EXPECT_EQ(r.state, CachedResult::State::Corrupt);
    EXPECT_TRUE(r.message.contains(QStringLiteral("ignored"))) << r.message.toStdString();
    EXPECT_TRUE(r.payload.empty());
  }
}

TEST(ResultCache, ProjectInputsDoNotDependOnWhereTheProjectIs) {
  QTemporaryDir dir;
  const QString walk = dir.filePath(QStringLiteral("small_walk.bvh"));
  ASSERT_TRUE(QFile::copy(kCacheWalk, walk));
  Project project;
  Result<Motion> m = readMotionFile(walk.toStdString());
  ASSERT_TRUE(m.ok());
  project.undoStack()->push(
      new AddMotionCommand(&project, std::make_shared<const Motion>(std::move(m.value()))));
  project.setFileName(dir.filePath(QStringLiteral("here.mgproj")));
  const Json here = projectInputsJson(project);
  project.setFileName(dir.filePath(QStringLiteral("sub/there.mgproj")));
  EXPECT_EQ(projectInputsJson(project), here);
  EXPECT_EQ(jsonFind(here, "view"), nullptr);
  const Json& motion = here.at("motions")[0];
  EXPECT_EQ(jsonFind(motion, "path"), nullptr);
  EXPECT_NE(jsonFind(motion, "checksum"), nullptr);
  MetricSettings metric;
  metric.windowFrames = 7;
  project.setMetricSettings(metric);
  EXPECT_NE(projectInputsJson(project), here);
}

}  // namespace
}  // namespace mg
