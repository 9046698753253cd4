// SPDX-License-Identifier: MIT
#include "widgets/jobs/field_jobs.h"

#include <algorithm>

#include "core/field/field_database.h"
#include "core/motion/pose_glitches.h"

namespace mg {

std::shared_ptr<const FieldBuildOutcome> fieldOutcomeOf(std::shared_ptr<const MotionField> field,
                                                        const MotionFieldBuildStats& stats,
                                                        int glitchesLeftOut) {
  auto out = std::make_shared<FieldBuildOutcome>();
  out->glitchesLeftOut = glitchesLeftOut;
  out->field = std::move(field);
  out->stats = stats;
  const FeaturePca pca = featurePca(*out->field->database);
  out->axes = pca.axes.leftCols(std::min<Eigen::Index>(2, pca.axes.cols()));
  out->mean = pca.mean;
  const FieldDatabase& db = *out->field->database;
  for (int i = 0; i < db.stateCount(); ++i) {
    const Eigen::Map<const Eigen::VectorXd> f(db.feature(i), db.featureDims);
    const Eigen::VectorXd p = out->axes.transpose() * (f - out->mean);
    out->points.emplace_back(p[0], p.size() > 1 ? p[1] : 0.0);
  }
  return out;
}

std::shared_ptr<const FieldBuildOutcome> buildFieldOutcome(
    const std::vector<std::shared_ptr<const Motion>>& motions,
    const MotionFieldBuildSettings& settings, int trimLeadingFrames, const Progress& progress) {
  // Half a second at least, as mgtool field build: a shorter run gives states with no future.
  const GlitchFreeMotions clean = withoutGlitches(motions, 0.5);
  int glitches = 0;
  for (const auto& found : clean.glitches) glitches += static_cast<int>(found.size());
  if (clean.runs.empty()) {
    auto out = std::make_shared<FieldBuildOutcome>();
    out->error = QStringLiteral(
        "no frame is left once the capture glitches (red on the Match Timeline) are left out");
    return out;
  }
  Result<MotionFieldBuild> built = buildMotionField(clean.runs, settings, progress);
  if (!built) {
    auto out = std::make_shared<FieldBuildOutcome>();
    out->error = QString::fromStdString(built.error().message);
    return out;
  }
  auto field = std::make_shared<MotionField>(*built->field);
  field->trimLeadingFrames = trimLeadingFrames;  // recorded in the file for the quality report
  return fieldOutcomeOf(std::move(field), built->stats, glitches);
}

std::shared_ptr<const FieldCompareOutcome> compareFieldAgility(const MotionField& field,
                                                               const Progress& progress) {
  auto out = std::make_shared<FieldCompareOutcome>();
  AgilitySettings settings;
  settings.changes = 20;
  // On the task the field was built for: heading changes, or line changes (Table 2).
  if (field.values) settings.task = field.values->task;
  Result<AgilityComparison> r = compareAgility(field, settings, progress);
  if (!r) {
    out->error = QString::fromStdString(r.error().message);
  } else {
    out->entries = r->field;
    out->entries.push_back(r->graph);
  }
  return out;
}

}  // namespace mg
