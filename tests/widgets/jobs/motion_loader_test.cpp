// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include <QSignalSpy>
#include <QTest>

#include "widgets/jobs/motion_loader.h"

namespace mg {
namespace {

const QString kSample = QStringLiteral(MG_SAMPLE_DIR "/Boxing_Toes.bvh");
const QString kSecond = QStringLiteral(MG_SAMPLE_DIR "/01_01.bvh");
const QString kMissing = QStringLiteral("/nonexistent/not_there.bvh");

struct Recorder {
  QStringList loaded;
  QStringList failed;
  QStringList messages;
  std::vector<std::shared_ptr<const Motion>> motions;
  explicit Recorder(MotionLoader& loader) {
    QObject::connect(&loader, &MotionLoader::motionLoaded,
                     [this](const QString& path, std::shared_ptr<const Motion> m) {
                       loaded.push_back(path);
                       motions.push_back(std::move(m));
                     });
    QObject::connect(&loader, &MotionLoader::loadFailed,
                     [this](const QString& path, const QString& message) {
                       failed.push_back(path);
                       messages.push_back(message);
                     });
  }
};

TEST(MotionLoader, LoadsARealFile) {
  MotionLoader loader;
  Recorder rec(loader);
  QSignalSpy finished(&loader, &MotionLoader::finished);
  loader.load({kSample}, {});
  EXPECT_TRUE(loader.isRunning());
  ASSERT_TRUE(finished.wait(60000));
  EXPECT_FALSE(finished[0][0].toBool());  // not cancelled
  ASSERT_EQ(rec.loaded, QStringList{kSample});
  const Motion& m = *rec.motions[0];
  EXPECT_GT(m.frameCount(), 1000);
  EXPECT_GT(m.jointCount(), 10);
  EXPECT_NEAR(m.fps, 100.0, 1e-6);
  EXPECT_TRUE(m.validate().ok());
  EXPECT_FALSE(loader.isRunning());
  EXPECT_TRUE(loader.pendingPaths().isEmpty());
}

TEST(MotionLoader, MissingFileFailsAndTheRestOfTheBatchLoads) {
  MotionLoader loader;
  Recorder rec(loader);
  QSignalSpy finished(&loader, &MotionLoader::finished);
  QSignalSpy progress(&loader, &MotionLoader::progressChanged);
  loader.load({kMissing, kSample, kSecond}, {});
  ASSERT_TRUE(finished.wait(60000));
  EXPECT_EQ(rec.failed, QStringList{kMissing});
  ASSERT_EQ(rec.messages.size(), 1);
  EXPECT_TRUE(rec.messages[0].contains(QStringLiteral("not_there.bvh")))
      << rec.messages[0].toStdString();
  EXPECT_EQ(rec.loaded, (QStringList{kSample, kSecond}));
  ASSERT_FALSE(progress.isEmpty());
  EXPECT_EQ(progress.last()[1].toInt(), 3);  // total
}

TEST(MotionLoader, NewRequestSupersedesTheStaleJobWithoutLosingFiles) {
  MotionLoader loader;
  Recorder rec(loader);
  QSignalSpy finished(&loader, &MotionLoader::finished);
  loader.load({kSample, kSecond}, {});
  loader.load({kSecond}, {});  // while the first batch is still running
  ASSERT_TRUE(finished.wait(60000));
  // Let any late result of the stale job arrive; it must be dropped.
  QTest::qWait(200);
  EXPECT_EQ(finished.count(), 1);
  EXPECT_EQ(rec.loaded, (QStringList{kSample, kSecond, kSecond}));
  EXPECT_TRUE(rec.failed.isEmpty());
}

TEST(MotionLoader, CancelStopsTheBatch) {
  MotionLoader loader;
  Recorder rec(loader);
  QSignalSpy finished(&loader, &MotionLoader::finished);
  QStringList many;
  for (int i = 0; i < 6; ++i) many.push_back(kSample);
  loader.load(many, {});
  loader.cancel();
  ASSERT_TRUE(finished.wait(60000));
  EXPECT_TRUE(finished[0][0].toBool());  // cancelled
  EXPECT_LT(rec.loaded.size(), many.size());
  EXPECT_FALSE(loader.isRunning());
  EXPECT_TRUE(loader.pendingPaths().isEmpty());
}

TEST(MotionLoader, AppliesImportOptions) {
  MotionLoader loader;
  Recorder rec(loader);
  QSignalSpy finished(&loader, &MotionLoader::finished);
  ImportOptions trimmed;
  trimmed.trimLeadingFrames = 100;
  loader.load({kSample}, {});
  ASSERT_TRUE(finished.wait(60000));
  loader.load({kSample}, trimmed);
  ASSERT_TRUE(finished.wait(60000));
  ASSERT_EQ(rec.motions.size(), 2u);
  EXPECT_EQ(rec.motions[0]->frameCount() - rec.motions[1]->frameCount(), 100);
}

}  // namespace
}  // namespace mg
