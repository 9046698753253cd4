// SPDX-License-Identifier: MIT
#include "core/snap/match_set.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>

namespace mg {

bool tooCloseToAny(std::span<const FrameRef> taken, int motion, int frame, int wminFrames) {
  for (const FrameRef& t : taken) {
    if (t.motion == motion && std::abs(t.frame - frame) < wminFrames) return true;
  }
  return false;
}

Status MatchSetJob::validate() const {
  if (!(threshold > 0.0) || !std::isfinite(threshold)) {
    return Error{"match set: threshold must be a positive finite number"};
  }
  if (wminFrames < 2) return Error{"match set: wminFrames must be at least 2"};
  for (const FrameRef& e : excluded) {
    if (e.motion < 0 || e.motion >= static_cast<int>(rows.size()) || e.frame < 0 ||
        e.frame >= static_cast<int>(rows[e.motion].size())) {
      return Error{"match set: excluded frame " + std::to_string(e.frame) + " of motion " +
                   std::to_string(e.motion) + " is out of range"};
    }
  }
  for (size_t m = 0; m < rows.size(); ++m) {
    for (float d : rows[m]) {
      if (!(d >= 0.0f)) {
        return Error{"match set: distance row of motion " + std::to_string(m) +
                     " holds a negative or NaN value"};
      }
    }
  }
  return Status::success();
}

Result<std::vector<MatchCandidate>> MatchSetJob::run() const {
  if (Status s = validate(); !s) return s.error();
  std::vector<MatchCandidate> candidates;
  for (size_t m = 0; m < rows.size(); ++m) {
    const std::span<const float> d = rows[m];
    for (size_t i = 1; i + 1 < d.size(); ++i) {
      if (d[i] < threshold && d[i - 1] > d[i] && d[i] <= d[i + 1]) {
        candidates.push_back({{static_cast<int>(m), static_cast<int>(i)}, d[i]});
      }
    }
  }
  std::sort(candidates.begin(), candidates.end(),
            [](const MatchCandidate& a, const MatchCandidate& b) {
              if (a.distance != b.distance) return a.distance < b.distance;
              if (a.ref.motion != b.ref.motion) return a.ref.motion < b.ref.motion;
              return a.ref.frame < b.ref.frame;
            });
  std::vector<MatchCandidate> chosen;
  std::vector<FrameRef> taken;
  for (const MatchCandidate& c : candidates) {
    if (tooCloseToAny(excluded, c.ref.motion, c.ref.frame, wminFrames)) continue;
    if (tooCloseToAny(taken, c.ref.motion, c.ref.frame, wminFrames)) continue;
    chosen.push_back(c);
    taken.push_back(c.ref);
  }
  return chosen;
}

}  // namespace mg
