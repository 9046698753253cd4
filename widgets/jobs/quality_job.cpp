// SPDX-License-Identifier: MIT
#include "widgets/jobs/quality_job.h"

#include "core/import/import_motion_loader.h"
#include "core/util/parallel_for.h"

namespace mg {

void runQualityJob(JobContext<QualityJobResult>& context, const QualityJob& job) {
  // The report polls cancelled() per input, per source file and every few hundred frames.
  QualityJobResult result;
  const int n = static_cast<int>(job.paths.size());
  std::vector<ReportInput> inputs(static_cast<size_t>(n));
  const MotionFileLoader load = importMotionLoader();
  const Progress opening = context.progress().slice(0.0, 0.2);
  parallelFor(n, 0, [&](int i, int) {
    ReportInput& in = inputs[static_cast<size_t>(i)];
    in.path = job.paths[static_cast<size_t>(i)];
    if (opening.cancelled()) return;
    Result<std::unique_ptr<GraphInput>> opened = openGraphInput(in.path, load);
    if (opened)
      in.input = std::move(opened.value());
    else
      in.error = opened.error().message;
    opening.report(0.5);
  });
  if (context.cancelled()) return;
  for (const ReportInput& in : inputs) result.inputs.push_back(in.input);
  Result<QualityReport> report =
      runQualityReport(std::move(inputs), job.settings, context.progress().slice(0.2, 1.0));
  if (context.cancelled()) return;
  if (report) {
    result.report = std::make_shared<const QualityReport>(std::move(report.value()));
  } else {
    result.error = QString::fromStdString(report.error().message);
  }
  context.addResult(std::move(result));
}

}  // namespace mg
