// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include <QSignalSpy>

#include "widgets/commands/metric_settings_command.h"
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

}  // namespace
}  // namespace mg
