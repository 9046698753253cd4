// SPDX-License-Identifier: MIT
#pragma once

#include <atomic>
#include <functional>

namespace mg {

// The Qt-free hook through which long work reports progress and learns it should stop.
// Algorithms poll cancelled() once per row or tile and call report() as they go; both may be
// called from several worker threads at once, so the callback must be thread-safe. A
// default-constructed Progress never cancels and reports nowhere.
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
    return Progress(m_cancel, [report = m_report, begin, end](double f) { report(begin + (end - begin) * f); });
  }

 private:
  const std::atomic<bool>* m_cancel = nullptr;
  std::function<void(double)> m_report;
};

}  // namespace mg
