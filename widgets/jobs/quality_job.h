// SPDX-License-Identifier: MIT
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <QString>

#include "core/report/quality_report.h"
#include "widgets/jobs/job_slot.h"

namespace mg {

// The Quality dock's background job: opens graph exports (written by the workspaces beforehand)
// and runs the quality report on them, as mgtool eval does. Copies of its inputs only.
struct QualityJob {
  std::vector<std::string> paths;
  QualityReportSettings settings;
};

struct QualityJobResult {
  std::shared_ptr<const QualityReport> report;  // null on failure
  // The opened inputs in report order (null where opening failed), kept to replay a walk.
  std::vector<std::shared_ptr<const GraphInput>> inputs;
  QString error;
};

// Reports progress (opening [0, 0.2], the report [0.2, 1]) and stops soon after `context` is
// cancelled (no result then).
void runQualityJob(JobContext<QualityJobResult>& context, const QualityJob& job);

}  // namespace mg
