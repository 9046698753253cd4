// SPDX-License-Identifier: MIT
#include "widgets/commands/metric_settings_command.h"

#include <QCoreApplication>

namespace mg {

SetMetricSettingsCommand::SetMetricSettingsCommand(Project* project,
                                                   const MetricSettings& settings,
                                                   QUndoCommand* parent)
    : QUndoCommand(parent),
      m_project(project),
      m_before(project->metricSettings()),
      m_after(settings) {
  Q_ASSERT(settings.validate().ok());
  setText(QCoreApplication::translate("mg", "Change Metric Settings"));
  if (m_before == m_after) setObsolete(true);
}

void SetMetricSettingsCommand::redo() { m_project->setMetricSettings(m_after); }

void SetMetricSettingsCommand::undo() { m_project->setMetricSettings(m_before); }

}  // namespace mg
