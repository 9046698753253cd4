// SPDX-License-Identifier: MIT
#include "widgets/jobs/quality_cache.h"

#include <gtest/gtest.h>

#include <QTemporaryDir>

#include "widgets/document/project.h"
#include "widgets/document/result_cache.h"

namespace mg {
namespace {

QualityReport sampleReport() {
  QualityReport r;
  r.settings.seconds = 42.0;
  r.settings.seed = 7;
  r.settings.sources = {"/a/walk.bvh"};
  SourceFigures source;
  source.files = {{"/a/walk.bvh", 3}};
  source.frames = 900;
  source.frameCounts = {900};
  source.summary.clips = {AccelerationStats{898, 1, 2, 3, 4, 5, 6, 7, 8, 9}};
  source.summary.skate.plants = 11;
  source.frameAcceleration = {0.5, 1.5, 2.5};
  source.standingHeightsMetres = {0.05, 0.07};
  source.jumpP99 = 3.25;
  r.sources.push_back(source);
  InputFigures in;
  in.path = "/tmp/x/snap";
  in.kind = "snap";
  in.label = "snap";
  in.steerable = true;
  in.sourceGroup = 0;
  in.size.framesKept = 1234567890123LL;
  in.size.buildSeconds = 2.5;
  in.walkFrames = 1800;
  in.worst = {{10, 0.33, "edge 3", 1.5, 0.25, "LeftFoot"}};
  in.hasResponse = true;
  in.response.changes = 5;
  ResponseRecord record;
  record.changeFrame = 120;
  record.directive.kind = Directive::Kind::Line;
  record.directive.headingRadians = 1.0;
  record.seconds = 0.75;
  in.responses = {record, ResponseRecord{}};
  in.coverage.evenness = 0.8;
  r.inputs.push_back(in);
  InputFigures failed;
  failed.path = "/tmp/x/field";
  failed.error = "could not be opened";
  r.inputs.push_back(failed);
  r.acceleration.edges = {0, 1, 10};
  r.acceleration.logarithmic = true;
  r.acceleration.counts = {{3, 4}, {5, 6}};
  r.acceleration.series = {"source", "snap"};
  r.acceleration.unit = "bh/s^2";
  r.seconds = 9.5;
  return r;
}

TEST(QualityCache, ReportRoundTrips) {
  const QualityReport r = sampleReport();
  Result<std::shared_ptr<const QualityReport>> back = decodeQualityReport(encodeQualityReport(r));
  ASSERT_TRUE(back.ok()) << back.error().message;
  const QualityReport& b = **back;
  EXPECT_EQ(b.settings.seconds, 42.0);
  EXPECT_EQ(b.settings.seed, 7u);
  EXPECT_EQ(b.settings.sources, r.settings.sources);
  ASSERT_EQ(b.sources.size(), 1u);
  EXPECT_EQ(b.sources[0].files[0].trimLeadingFrames, 3);
  EXPECT_EQ(b.sources[0].summary.clips[0].worstPoint, 9);
  EXPECT_EQ(b.sources[0].summary.skate.plants, 11);
  EXPECT_EQ(b.sources[0].frameAcceleration, r.sources[0].frameAcceleration);
  EXPECT_EQ(b.sources[0].jumpP99, 3.25);
  ASSERT_EQ(b.inputs.size(), 2u);
  EXPECT_EQ(b.inputs[0].size.framesKept, 1234567890123LL);
  EXPECT_EQ(b.inputs[0].worst[0].worstPoint, "LeftFoot");
  ASSERT_EQ(b.inputs[0].responses.size(), 2u);
  EXPECT_EQ(b.inputs[0].responses[0].directive.kind, Directive::Kind::Line);
  EXPECT_EQ(b.inputs[0].responses[0].seconds, 0.75);
  EXPECT_FALSE(b.inputs[0].responses[1].seconds.has_value());
  EXPECT_EQ(b.inputs[0].coverage.evenness, 0.8);
  EXPECT_EQ(b.inputs[1].error, "could not be opened");
  EXPECT_EQ(b.acceleration.counts, r.acceleration.counts);
  EXPECT_TRUE(b.acceleration.logarithmic);
  EXPECT_EQ(b.seconds, 9.5);
}

TEST(QualityCache, DamagedPayloadsFail) {
  const std::string payload = encodeQualityReport(sampleReport());
  EXPECT_FALSE(decodeQualityReport("").ok());
  EXPECT_FALSE(decodeQualityReport("MGSG").ok());
  for (size_t cut : {size_t(8), size_t(30), payload.size() / 2, payload.size() - 1}) {
    SCOPED_TRACE(cut);
    EXPECT_FALSE(decodeQualityReport(payload.substr(0, cut)).ok());
  }
  EXPECT_FALSE(decodeQualityReport(payload + "x").ok());
}

TEST(QualityCache, OtherSettingsAreOtherInputs) {
  Project project;
  QualityReportSettings s;
  const Json inputs = qualityCacheInputs(project, s);
  EXPECT_EQ(qualityCacheInputs(project, s), inputs);
  s.seed = 2;
  EXPECT_NE(resultCacheKey(qualityCacheInputs(project, s)), resultCacheKey(inputs));
}

}  // namespace
}  // namespace mg
