// SPDX-License-Identifier: MIT
#include "core/agility/scripted_stream.h"

#include <algorithm>
#include <cmath>

#include "core/util/stopwatch.h"

namespace mg {

ScriptedStream::ScriptedStream(PoseStream& inner, std::vector<ScheduledDirective> directives,
                               std::vector<ScheduledPush> pushes, MotionFieldStream* field,
                               ResponseCriteria criteria)
    : m_inner(inner),
      m_directives(std::move(directives)),
      m_pushes(std::move(pushes)),
      m_field(field),
      m_tracker(inner.fps(), criteria) {
  auto byTime = [](const auto& a, const auto& b) { return a.seconds < b.seconds; };
  std::stable_sort(m_directives.begin(), m_directives.end(), byTime);
  std::stable_sort(m_pushes.begin(), m_pushes.end(), byTime);
}

bool ScriptedStream::next(Pose& out) {
  const int frame = m_inner.framesPlayed();
  const double fps = m_inner.fps();
  while (m_nextDirective < m_directives.size() &&
         std::lround(m_directives[m_nextDirective].seconds * fps) <= frame) {
    const Directive& d = m_directives[m_nextDirective++].directive;
    m_inner.setDirective(d);
    m_tracker.directive(frame, d);
  }
  while (m_nextPush < m_pushes.size() && std::lround(m_pushes[m_nextPush].seconds * fps) <= frame) {
    const FieldPush& p = m_pushes[m_nextPush++].push;
    if (!m_field) continue;
    if (!m_pushRecords.empty() && !m_pushRecords.back().recoverySeconds &&
        !m_pushRecords.back().left) {
      m_pushRecords.back().recoverySeconds = 0.0;
    }
    PushRecord r;
    r.frame = frame;
    r.push = p;
    r.baseline = m_recentDistance.empty()
                     ? m_field->nearestDistance()
                     : *std::max_element(m_recentDistance.begin(), m_recentDistance.end());
    m_pushRecords.push_back(r);
    m_field->push(p);
  }
  Stopwatch clock;
  const bool ok = m_inner.next(out);
  m_seconds += clock.seconds();
  if (!ok) return false;
  if (!out.rootPosition.allFinite()) m_nonFinite = true;
  for (const Eigen::Quaterniond& q : out.localRotations) {
    if (!q.coeffs().allFinite()) m_nonFinite = true;
  }
  m_tracker.frame(frame, out);
  if (m_field) {
    const double d = m_field->nearestDistance();
    m_recentDistance.push_back(d);
    while (m_recentDistance.size() > static_cast<size_t>(std::max(1.0, fps)))
      m_recentDistance.pop_front();
    if (!m_pushRecords.empty()) {
      PushRecord& r = m_pushRecords.back();
      if (!r.recoverySeconds) {
        r.peak = std::max(r.peak, d);
        if (d > r.baseline) r.left = true;
        if (r.left && d <= r.baseline + 0.1 * (r.peak - r.baseline)) {
          r.recoverySeconds = (frame - r.frame) / fps;
        }
      }
    }
  }
  return true;
}

}  // namespace mg
