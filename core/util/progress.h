// SPDX-License-Identifier: MIT
#pragma once

#include <atomic>
#include <functional>

namespace mg {

// The Qt-free hook through which long work reports progress and learns it should stop.
// Algorithms poll cancelled() once per row or tile and call report() as they go; both may be
// called from several worker threads at once, so the callback must be thread-safe. A
// default-constructed Progress never cancels and reports nowhere.
//
// The job convention (every long core job follows it; the snap pipeline, the DMG build, the
// subgraph search, the PMG node and edge builds and the editor's heatmap grid do):
// - Take `const Progress& progress = {}` as the last argument, or a `const Progress*` member of a
//   job struct (null = none).
// - Phases: a job made of steps gives each step its part of [0, 1] with slice(begin, end) and
//   passes the slice down, so nested work reports through its own [0, 1] and the caller's bar still
//   rises once from 0 to 1 (snap pipeline: preparation [0, 0.1], graph [0.1, 0.5], SnapJob [0.5,
//   1]). Never build a Progress that drops the cancel flag to remap fractions: slices keep it.
// - Cancel: poll cancelled() once per row, tile or outer iteration (never per inner element), in
//   every thread of a parallel loop; when it is set, stop soon and return an Error whose message
//   says "cancelled" (or, for jobs that report results through a callback, return without
//   reporting). A cancelled job's partial result is never returned as a success.
// - Report at most about once per row or tile; the last report of a successful job is 1.0.
// - Threads: run parallel parts with parallelFor (core/util/parallel_for.h), so they share the
//   process-wide pool with the editor's jobs; never start threads of your own.
// - Superseding is the caller's business: the editor runs each job in a JobSlot
//   (widgets/jobs/job_slot.h) that owns the cancel flag; starting a newer job of the same slot
//   cancels the stale one and drops everything it still reports, so core never checks whether its
//   inputs went stale. Inputs are copies or shared immutable data (std::shared_ptr<const Motion>).
class Progress {
 public:
  Progress() = default;
  // `cancelFlag` (may be null) is owned by the caller and must outlive the work.
  // `onReport` receives a fraction in [0, 1]; it may be empty.
  Progress(const std::atomic<bool>* cancelFlag, std::function<void(double)> onReport)
      : m_cancel(cancelFlag), m_report(std::move(onReport)) {}

  bool cancelled() const { return m_cancel && m_cancel->load(std::memory_order_relaxed); }
  void report(double fraction) const {
    if (m_report) m_report(fraction < 0 ? 0 : (fraction > 1 ? 1 : fraction));
  }

  // A hook for one phase of this work: the same cancel flag, and its fractions [0, 1] mapped to
  // [begin, end] of this one (0 <= begin <= end <= 1). The slice copies the callback, so it may
  // outlive this object.
  Progress slice(double begin, double end) const {
    if (!m_report) return Progress(m_cancel, {});
    return Progress(
        m_cancel, [report = m_report, begin, end](double f) { report(begin + (end - begin) * f); });
  }

 private:
  const std::atomic<bool>* m_cancel = nullptr;
  std::function<void(double)> m_report;
};

}  // namespace mg
