// SPDX-License-Identifier: MIT
#pragma once

#include <QUndoCommand>

#include "core/metric/metric_settings.h"
#include "widgets/document/project.h"

namespace mg {

// Replaces the project's metric settings (a ChangeValue); undo restores the previous ones. Every
// grid, minimum and transition depends on them, so a change is one step of the history like any
// edit, never merged. `project` must outlive the command (Project clears its stack on
// destruction). Precondition: settings.validate() succeeds. A command that would change nothing
// is obsolete (the undo stack drops it on push).
QUndoCommand* setMetricSettingsCommand(Project* project, const MetricSettings& settings);

}  // namespace mg
