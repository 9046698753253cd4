// SPDX-License-Identifier: MIT
#include "widgets/commands/metric_settings_command.h"

#include "widgets/commands/change_value.h"
#include "widgets/commands/command_text.h"

namespace mg {

namespace {

std::vector<WorkingRateFollower>& followers() {
  static std::vector<WorkingRateFollower> all;
  return all;
}

}  // namespace

RegisterWorkingRateFollower::RegisterWorkingRateFollower(WorkingRateFollower follower) {
  followers().push_back(std::move(follower));
}

QUndoCommand* setMetricSettingsCommand(Project* project, const MetricSettings& settings) {
  Q_ASSERT(settings.validate().ok());
  const MetricSettings before = project->metricSettings();
  auto* step = new QUndoCommand(commandText("Change Metric Settings"));
  if (settings.workingFps != before.workingFps) {
    for (const WorkingRateFollower& follow : followers())
      follow(*project, before.workingFps, settings.workingFps, step);
  }
  new ChangeValue<MetricSettings>(
      commandText("Change Metric Settings"),
      {[project] { return project->metricSettings(); },
       [project](const MetricSettings& s) { project->setMetricSettings(s); }},
      settings, MergeId::None, {}, step);
  step->setObsolete(settings == before);
  return step;
}

}  // namespace mg
