// SPDX-License-Identifier: MIT
#include "widgets/commands/metric_settings_command.h"

#include "widgets/commands/change_value.h"
#include "widgets/commands/command_text.h"

namespace mg {

QUndoCommand* setMetricSettingsCommand(Project* project, const MetricSettings& settings) {
  Q_ASSERT(settings.validate().ok());
  return new ChangeValue<MetricSettings>(
      commandText("Change Metric Settings"),
      {[project] { return project->metricSettings(); },
       [project](const MetricSettings& s) { project->setMetricSettings(s); }},
      settings);
}

}  // namespace mg
