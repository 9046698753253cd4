// SPDX-License-Identifier: MIT
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <QPromise>
#include <QString>

#include "core/report/quality_report.h"

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

// Reports progress 0..1000 and stops soon after the promise is cancelled (no result then).
void runQualityJob(QPromise<QualityJobResult>& promise, const QualityJob& job);

}  // namespace mg
