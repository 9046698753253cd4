// SPDX-License-Identifier: MIT
#include "widgets/jobs/quality_job.h"

#include <atomic>

#include "core/import/import_motion_loader.h"
#include "core/util/parallel_for.h"

namespace mg {

void runQualityJob(QPromise<QualityJobResult>& promise, const QualityJob& job) {
  constexpr int kSteps = 1000;
  std::atomic<bool> cancel{false};
  promise.setProgressRange(0, kSteps);
  // The report polls cancelled() per input, per source file and every few hundred frames, and
  // reports as often: each report turns a cancelled promise into the core's flag.
  auto progressAt = [&](double from, double to) {
    return Progress(&cancel, [&promise, &cancel, from, to](double f) {
      if (promise.isCanceled()) cancel = true;
      promise.setProgressValue(static_cast<int>((from + (to - from) * f) * kSteps));
    });
  };
  QualityJobResult result;
  const int n = static_cast<int>(job.paths.size());
  std::vector<ReportInput> inputs(static_cast<size_t>(n));
  const MotionFileLoader load = importMotionLoader();
  const Progress opening = progressAt(0.0, 0.2);
  parallelFor(n, 0, [&](int i, int) {
    ReportInput& in = inputs[static_cast<size_t>(i)];
    in.path = job.paths[static_cast<size_t>(i)];
    if (opening.cancelled()) return;
    Result<std::unique_ptr<GraphInput>> opened = openGraphInput(in.path, load);
    if (opened) in.input = std::move(opened.value()); else in.error = opened.error().message;
    opening.report(0.5);
  });
  if (promise.isCanceled()) return;
  for (const ReportInput& in : inputs) result.inputs.push_back(in.input);
  Result<QualityReport> report = runQualityReport(std::move(inputs), job.settings, progressAt(0.2, 1.0));
  if (promise.isCanceled()) return;
  if (report) {
    result.report = std::make_shared<const QualityReport>(std::move(report.value()));
  } else {
    result.error = QString::fromStdString(report.error().message);
  }
  promise.addResult(std::move(result));
}

}  // namespace mg
