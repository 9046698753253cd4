// SPDX-License-Identifier: MIT
#pragma once

#include <QUndoCommand>

#include "core/metric/metric_settings.h"
#include "widgets/document/project.h"

namespace mg {

// Replaces the project's metric settings; undo restores the previous ones. Every grid, minimum
// and transition depends on them, so a change is one step of the history like any edit.
class SetMetricSettingsCommand : public QUndoCommand {
 public:
  // `project` must outlive the command (Project clears its stack on destruction). Precondition:
  // settings.validate() succeeds. A command that would change nothing is obsolete (the undo
  // stack drops it on push).
  SetMetricSettingsCommand(Project* project, const MetricSettings& settings,
                           QUndoCommand* parent = nullptr);
  const MetricSettings& before() const { return m_before; }
  const MetricSettings& after() const { return m_after; }
  void redo() override;
  void undo() override;

 private:
  Project* m_project;
  MetricSettings m_before;
  MetricSettings m_after;
};

}  // namespace mg
