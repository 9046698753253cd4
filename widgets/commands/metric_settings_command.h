// SPDX-License-Identifier: MIT
#pragma once

#include <functional>

#include <QUndoCommand>

#include "core/metric/metric_settings.h"
#include "widgets/document/project.h"

namespace mg {

// Replaces the project's metric settings (a ChangeValue); undo restores the previous ones. Every
// grid, minimum and transition depends on them, so a change is one step of the history like any
// edit, never merged. `project` must outlive the command (Project clears its stack on
// destruction). Precondition: settings.validate() succeeds. A command that would change nothing
// is obsolete (the undo stack drops it on push). A change of the working rate carries, in the same
// step, what every registered follower does to keep the author's frames where they were in time
// (hub frames count at the working rate: a hub at frame 90 of 30 fps is at frame 180 of 60 fps).
QUndoCommand* setMetricSettingsCommand(Project* project, const MetricSettings& settings);

// A kind whose authored items count frames at the working rate appends, as children of `parent`,
// the commands that move them from `oldFps` to `newFps` (none when it has nothing to move). One
// line in the kind's commands .cpp registers it:
//   const RegisterWorkingRateFollower kHubFrames(&followHubFrames);
using WorkingRateFollower =
    std::function<void(Project& project, double oldFps, double newFps, QUndoCommand* parent)>;
struct RegisterWorkingRateFollower {
  explicit RegisterWorkingRateFollower(WorkingRateFollower follower);
};

}  // namespace mg
