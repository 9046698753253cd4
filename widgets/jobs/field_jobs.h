// SPDX-License-Identifier: MIT
#pragma once

#include <memory>
#include <vector>

#include <Eigen/Core>
#include <QPointF>
#include <QString>

#include "core/agility/agility_comparison.h"
#include "core/field/motion_field.h"
#include "core/util/progress.h"

namespace mg {

// Background work of the Motion Fields workspace: pure functions of copied inputs, which the
// workspace runs in its JobSlots (widgets/jobs/job_slot.h). Failures come back as an error text.

// What a build hands back to the UI thread: the field and its state-space plot (the states
// projected on the first two principal axes of the database features).
struct FieldBuildOutcome {
  std::shared_ptr<const MotionField> field;  // null on failure
  MotionFieldBuildStats stats;
  Eigen::MatrixXd axes;  // featureDims x 2
  Eigen::VectorXd mean;
  std::vector<QPointF> points;
  int glitchesLeftOut = 0;  // capture glitches the build left out (the runs between were used)
  QString error;
};

// Builds the field of `motions` (buildMotionField) and records `trimLeadingFrames` in it (for the
// quality report). Each motion's capture glitches (core/motion/pose_glitches.h) are left out: the
// field is built from the runs between them of half a second or more. Progress: the build's.
std::shared_ptr<const FieldBuildOutcome> buildFieldOutcome(
    const std::vector<std::shared_ptr<const Motion>>& motions,
    const MotionFieldBuildSettings& settings, int trimLeadingFrames, const Progress& progress = {});

// The outcome of a field already built (read from its cache): the plot computed again, which is
// quick next to the build. `field` must not be null.
std::shared_ptr<const FieldBuildOutcome> fieldOutcomeOf(std::shared_ptr<const MotionField> field,
                                                        const MotionFieldBuildStats& stats,
                                                        int glitchesLeftOut = 0);

// The agility comparison of a built field against a graph controller (compareAgility, 20 changes,
// on the task the field was built for): the field's entries, then the graph controller's.
struct FieldCompareOutcome {
  std::vector<AgilityEntry> entries;
  QString error;  // empty on success
};

std::shared_ptr<const FieldCompareOutcome> compareFieldAgility(const MotionField& field,
                                                               const Progress& progress = {});

}  // namespace mg
