// SPDX-License-Identifier: MIT
#include "widgets/jobs/field_cache.h"

#include <gtest/gtest.h>

#include <QTemporaryDir>

#include "../../core/field/field_test_data.h"
#include "support/synthetic_motion.h"
#include "widgets/document/result_cache.h"

namespace mg {
namespace {

FieldSettings settings() {
  FieldSettings s;
  s.k = 8;
  return s;
}

std::shared_ptr<const FieldBuildOutcome> built() {
  MotionFieldBuildSettings s;
  s.iteration.tolerance = 1e-2;
  s.field.flow.k = settings().k;
  return buildFieldOutcome(test::makeFieldMotions(), s, 0);
}

const std::vector<FileFingerprint> kMotions = {{100, 0x1234}, {200, 0xabcd}};

TEST(FieldCache, SavedAndReadBackWithoutBuilding) {
  const auto outcome = built();
  ASSERT_TRUE(outcome->field) << outcome->error.toStdString();
  QTemporaryDir dir;
  const QString project = dir.filePath(QStringLiteral("f.mgproj"));
  const Json inputs = fieldCacheInputs(kMotions, settings(), 30.0, 0);
  ASSERT_TRUE(
      writeResultCache(project, kFieldCacheName, inputs, encodeFieldOutcome(*outcome)).ok());

  // Reopened: the motions named by the cache, with the same settings, find it.
  const std::vector<FileFingerprint> used =
      fieldCacheMotions(peekResultCacheInputs(project, kFieldCacheName));
  EXPECT_EQ(used, kMotions);
  const CachedResult cached =
      readResultCache(project, kFieldCacheName, fieldCacheInputs(used, settings(), 30.0, 0));
  ASSERT_EQ(cached.state, CachedResult::State::Found);
  Result<std::shared_ptr<const FieldBuildOutcome>> back = decodeFieldOutcome(cached.payload);
  ASSERT_TRUE(back.ok()) << back.error().message;
  const FieldBuildOutcome& b = **back;
  EXPECT_EQ(b.field->database->stateCount(), outcome->field->database->stateCount());
  EXPECT_EQ(b.stats.states, outcome->stats.states);
  EXPECT_EQ(b.stats.iterations, outcome->stats.iterations);
  ASSERT_EQ(b.points.size(), outcome->points.size());
  EXPECT_NEAR(b.points[3].x(), outcome->points[3].x(), 1e-9);
  ASSERT_TRUE(b.field->values);
  EXPECT_EQ(b.field->values->task.kind, outcome->field->values->task.kind);
}

// The editor's field build leaves a capture glitch out (issue 27), saying how many.
TEST(FieldJobs, ACaptureGlitchIsLeftOutOfTheField) {
  const auto clean = built();
  ASSERT_TRUE(clean->field) << clean->error.toStdString();
  EXPECT_EQ(clean->glitchesLeftOut, 0);
  std::vector<std::shared_ptr<const Motion>> motions = test::makeFieldMotions();
  Motion glitched = *motions[0];
  ASSERT_TRUE(test::plantJointFlip(glitched, "RightUpLeg", 45, 150));
  motions[0] = std::make_shared<const Motion>(std::move(glitched));
  MotionFieldBuildSettings s;
  s.iteration.tolerance = 1e-2;
  s.field.flow.k = settings().k;
  const auto left = buildFieldOutcome(motions, s, 0);
  ASSERT_TRUE(left->field) << left->error.toStdString();
  EXPECT_EQ(left->glitchesLeftOut, 1);
  EXPECT_LT(left->field->database->stateCount(), clean->field->database->stateCount());
}

TEST(FieldCache, OtherSettingsOrMotionsAreStale) {
  const Json inputs = fieldCacheInputs(kMotions, settings(), 30.0, 0);
  FieldSettings other = settings();
  other.compression = 2;
  EXPECT_NE(resultCacheKey(fieldCacheInputs(kMotions, other, 30.0, 0)), resultCacheKey(inputs));
  EXPECT_NE(resultCacheKey(fieldCacheInputs(kMotions, settings(), 60.0, 0)),
            resultCacheKey(inputs));
  EXPECT_NE(resultCacheKey(fieldCacheInputs({kMotions[0]}, settings(), 30.0, 0)),
            resultCacheKey(inputs));
  QTemporaryDir dir;
  const QString project = dir.filePath(QStringLiteral("f.mgproj"));
  ASSERT_TRUE(writeResultCache(project, kFieldCacheName, inputs, "x").ok());
  EXPECT_EQ(
      readResultCache(project, kFieldCacheName, fieldCacheInputs(kMotions, other, 30.0, 0)).state,
      CachedResult::State::Stale);
}

TEST(FieldCache, DamagedPayloadFailsToDecode) {
  const auto outcome = built();
  ASSERT_TRUE(outcome->field);
  std::string payload = encodeFieldOutcome(*outcome);
  EXPECT_FALSE(decodeFieldOutcome("").ok());
  EXPECT_FALSE(decodeFieldOutcome("{}\nnot a field").ok());
  EXPECT_FALSE(decodeFieldOutcome(payload.substr(0, payload.size() / 2)).ok());
  payload[payload.size() - 5] ^= 0x55;
  EXPECT_FALSE(decodeFieldOutcome(payload).ok());
}

}  // namespace
}  // namespace mg
