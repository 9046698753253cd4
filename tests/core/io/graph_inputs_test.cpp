// SPDX-License-Identifier: MIT
// The registry of graph kinds: every kind is claimed by its own opener, and a kind added by one
// registration (the motion field) is opened, walked and judged like the others.
#include <algorithm>
#include <filesystem>
#include <set>

#include <gtest/gtest.h>

#include "core/field/motion_field.h"
#include "core/import/import_motion_loader.h"
#include "core/io/field_file.h"
#include "core/io/graph_input.h"
#include "core/report/quality_report.h"
#include "support/synthetic_motion.h"
#include "support/temp_name.h"

namespace mg {
namespace {

namespace fs = std::filesystem;

// Every <kind>_input.cpp of core/io (the build lists them) registered its kind, under the file's
// name, once: a kind whose row was lost from graph_inputs.cpp fails here.
TEST(GraphInputs, EveryKindIsRegisteredOnce) {
  std::vector<std::string> names;
  for (const GraphInputKind& k : graphInputKinds()) names.push_back(k.name);
  std::vector<std::string> files;
  std::string list = MG_GRAPH_INPUT_FILES;
  for (size_t at = 0; at <= list.size();) {
    const size_t comma = std::min(list.find(',', at), list.size());
    const std::string file = list.substr(at, comma - at);
    const std::string suffix = "_input.cpp";
    if (file.size() > suffix.size()) files.push_back(file.substr(0, file.size() - suffix.size()));
    at = comma + 1;
  }
  ASSERT_GE(files.size(), 4u) << list;  // at least snap, pmg, subgraph and field
  std::vector<std::string> sorted = names;
  std::sort(sorted.begin(), sorted.end());
  std::sort(files.begin(), files.end());
  EXPECT_EQ(sorted, files);
  EXPECT_EQ(std::set<std::string>(names.begin(), names.end()).size(), names.size());
  const fs::path dir = fs::temp_directory_path() / "mg_graph_input_test_empty";
  fs::create_directories(dir);
  Result<std::unique_ptr<GraphInput>> none = openGraphInput(dir.string(), importMotionLoader());
  ASSERT_FALSE(none);
  EXPECT_NE(none.error().message.find("field: motion field file"), std::string::npos)
      << none.error().message;
  fs::remove_all(dir);
}

// A passive field of two synthetic walks: opened through the registry, it plays as a stream of
// blends (no single source, no transitions), covers every state of both motions, and the report
// measures its written walk.
TEST(GraphInputs, AMotionFieldIsOneRegistration) {
  const fs::path dir = fs::temp_directory_path() / test::uniqueTempName("mg_graph_input_test_");
  fs::create_directories(dir);
  std::vector<std::shared_ptr<const Motion>> motions{
      std::make_shared<const Motion>(test::makeSwingMotion(90, 30.0, 1.0)),
      std::make_shared<const Motion>(test::makeSwingMotion(60, 30.0, 1.3))};
  MotionFieldBuildSettings settings;
  settings.learn = false;
  Result<MotionFieldBuild> built = buildMotionField(motions, settings);
  ASSERT_TRUE(built) << built.error().message;
  const std::string path = (dir / "walk.field").string();
  ASSERT_TRUE(writeFieldFile(path, *built->field));

  Result<std::unique_ptr<GraphInput>> opened = openGraphInput(path, importMotionLoader());
  ASSERT_TRUE(opened) << opened.error().message;
  const GraphInput& field = **opened;
  EXPECT_EQ(field.kind(), "field");
  EXPECT_FALSE(field.steerable());  // no value function
  EXPECT_EQ(field.size().clips, 2);
  EXPECT_EQ(field.size().transitions, 0);
  EXPECT_EQ(field.size().framesKept, 150);
  ASSERT_EQ(field.playableSpans().size(), 2u);
  EXPECT_NEAR(field.playableSpans()[0].endSeconds, 88 / 30.0, 1e-9);  // states are frames 0 .. F-3
  Result<std::unique_ptr<PoseStream>> stream = field.makeStream(1);
  ASSERT_TRUE(stream);
  Pose pose;
  for (int i = 0; i < 60; ++i) ASSERT_TRUE((*stream)->next(pose));
  EXPECT_EQ(field.toSource((*stream)->lastSource()).source, -1);

  std::vector<ReportInput> inputs;
  inputs.push_back({path, std::shared_ptr<const GraphInput>(std::move(opened.value())), {}});
  QualityReportSettings report;
  report.seconds = 5;
  report.coverageSeconds = 10;
  Result<QualityReport> r = runQualityReport(std::move(inputs), report);
  ASSERT_TRUE(r) << r.error().message;
  const InputFigures& f = r->inputs[0];
  ASSERT_TRUE(f.error.empty()) << f.error;
  EXPECT_EQ(f.walkFrames, 150);
  EXPECT_EQ(f.transitions, 0);
  EXPECT_FALSE(f.hasVisits);
  // The synthetic motions name no capture file: the source says so, the walk is still measured.
  ASSERT_EQ(r->sources.size(), 1u);
  EXPECT_NE(r->sources[0].error.find("does not name the capture file"), std::string::npos)
      << r->sources[0].error;
  EXPECT_GT(f.acceleration.frames, 100);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace mg
