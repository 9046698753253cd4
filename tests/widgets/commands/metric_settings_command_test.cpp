// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include <QSignalSpy>

#include "tests/support/synthetic_motion.h"
#include "widgets/commands/hub_commands.h"
#include "widgets/commands/metric_settings_command.h"
#include "widgets/commands/motion_commands.h"
#include "widgets/document/hub_list.h"
#include "widgets/document/project.h"

namespace mg {
namespace {

TEST(MetricSettingsCommand, RedoUndoSwapSettingsAndSignal) {
  Project project;
  const MetricSettings defaults = project.metricSettings();
  QSignalSpy changed(&project, &Project::metricSettingsChanged);
  MetricSettings s = defaults;
  s.windowFrames = 15;
  s.joints = JointSelection::Major;
  s.weighting = WindowWeighting::Uniform;
  s.workingFps = 60;
  project.undoStack()->push(setMetricSettingsCommand(&project, s));
  EXPECT_EQ(project.metricSettings(), s);
  EXPECT_EQ(changed.count(), 1);
  EXPECT_TRUE(project.undoStack()->canUndo());

  project.undoStack()->undo();
  EXPECT_EQ(project.metricSettings(), defaults);
  EXPECT_EQ(changed.count(), 2);
  project.undoStack()->redo();
  EXPECT_EQ(project.metricSettings().windowFrames, 15);
  EXPECT_EQ(project.metricSettings().workingFps, 60.0);
  EXPECT_EQ(changed.count(), 3);
}

TEST(MetricSettingsCommand, UnchangedSettingsAreNotRecorded) {
  Project project;
  QSignalSpy changed(&project, &Project::metricSettingsChanged);
  project.undoStack()->push(setMetricSettingsCommand(&project, project.metricSettings()));
  EXPECT_EQ(project.undoStack()->count(), 0);
  EXPECT_EQ(changed.count(), 0);
}

TEST(MetricSettingsCommand, SuccessiveChangesUndoOneByOne) {
  Project project;
  MetricSettings a = project.metricSettings();
  a.windowFrames = 5;
  MetricSettings b = a;
  b.windowFrames = 21;
  project.undoStack()->push(setMetricSettingsCommand(&project, a));
  project.undoStack()->push(setMetricSettingsCommand(&project, b));
  EXPECT_EQ(project.undoStack()->count(), 2);
  project.undoStack()->undo();
  EXPECT_EQ(project.metricSettings().windowFrames, 5);
  project.undoStack()->undo();
  EXPECT_EQ(project.metricSettings().windowFrames, MetricSettings{}.windowFrames);
}

// Hub frames count at the working rate: a new rate keeps each hub at the same moment, in the same
// undo step (a hub at frame 90 of 30 fps once silently moved to 1.5 s at 60 fps).
TEST(MetricSettingsCommand, ANewWorkingRateKeepsHubsAtTheirMoment) {
  Project project;
  Motion m = test::makeSwingMotion(120, 30.0);  // 4 s
  auto* add = new AddMotionCommand(&project, std::make_shared<const Motion>(std::move(m)));
  const MotionId id = add->id();
  project.undoStack()->push(add);
  HubSpec h;
  h.name = QStringLiteral("Hub 1");
  h.colour = QColor(200, 100, 50);
  h.motion = id;
  h.frame = 90;  // 3 s at the default 30 fps
  h.threshold = 0.2;
  auto* hub = new AddHubCommand(hubsOf(project), h);
  const HubId hubId = hub->id();
  project.undoStack()->push(hub);
  ASSERT_EQ(project.metricSettings().workingFps, 30.0);
  const int steps = project.undoStack()->count();

  MetricSettings s = project.metricSettings();
  s.workingFps = 60;
  project.undoStack()->push(setMetricSettingsCommand(&project, s));
  EXPECT_EQ(project.undoStack()->count(), steps + 1);
  EXPECT_EQ(hubsOf(project)->hub(hubId)->frame, 180);
  s.workingFps = 24;
  project.undoStack()->push(setMetricSettingsCommand(&project, s));
  EXPECT_EQ(hubsOf(project)->hub(hubId)->frame, 72);
  project.undoStack()->undo();
  EXPECT_EQ(hubsOf(project)->hub(hubId)->frame, 180);
  project.undoStack()->undo();
  EXPECT_EQ(hubsOf(project)->hub(hubId)->frame, 90);
  EXPECT_EQ(project.metricSettings().workingFps, 30.0);
  // Other settings leave the frames alone.
  s = project.metricSettings();
  s.windowFrames = 5;
  project.undoStack()->push(setMetricSettingsCommand(&project, s));
  EXPECT_EQ(hubsOf(project)->hub(hubId)->frame, 90);
}

}  // namespace
}  // namespace mg
