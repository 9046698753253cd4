// SPDX-License-Identifier: MIT
#include "core/field/response_time.h"

#include <algorithm>
#include <cmath>

#include "core/field/motion_field_stream.h"

namespace mg {

void ResponseTracker::directive(int frame, const Directive& d) {
  if (d.kind == Directive::Kind::None) return;
  m_records.push_back({frame, d, std::nullopt});
}

bool ResponseTracker::meets(const Pose& pose, const Directive& d) const {
  const TaskParameter t = taskParameterOf(pose, d);
  if (std::abs(t.angle) > m_criteria.angleDegrees * M_PI / 180.0) return false;
  return d.kind != Directive::Kind::Line || std::abs(t.offset) <= m_criteria.offsetMetres;
}

void ResponseTracker::frame(int frame, const Pose& pose) {
  if (m_records.empty()) return;
  ResponseRecord& r = m_records.back();
  if (r.seconds || frame < r.changeFrame) return;
  if (meets(pose, r.directive)) r.seconds = (frame - r.changeFrame) / m_fps;
}

ResponseSummary summarizeResponses(const std::vector<ResponseRecord>& records) {
  ResponseSummary s;
  s.changes = static_cast<int>(records.size());
  std::vector<double> met;
  for (const ResponseRecord& r : records) {
    if (r.seconds) met.push_back(*r.seconds);
  }
  s.failures = s.changes - static_cast<int>(met.size());
  if (met.empty()) return s;
  std::sort(met.begin(), met.end());
  double total = 0;
  for (double x : met) total += x;
  s.meanSeconds = total / met.size();
  const size_t n = met.size();
  s.medianSeconds = n % 2 ? met[n / 2] : 0.5 * (met[n / 2 - 1] + met[n / 2]);
  s.maxSeconds = met.back();
  return s;
}

}  // namespace mg
