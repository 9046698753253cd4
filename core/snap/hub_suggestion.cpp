// SPDX-License-Identifier: MIT
#include "core/snap/hub_suggestion.h"

#include <cmath>
#include <string>

namespace mg {

Status HubSuggestionJob::validate() const {
  if (!rows) return Error{"hub suggestion: no distance rows given"};
  if (frameCounts.empty()) return Error{"hub suggestion: no motions"};
  for (int n : frameCounts) {
    if (n < 1) return Error{"hub suggestion: a motion has no frames"};
  }
  if (!(threshold > 0.0) || !std::isfinite(threshold)) {
    return Error{"hub suggestion: threshold must be a positive finite number"};
  }
  if (wminFrames < 2) return Error{"hub suggestion: wminFrames must be at least 2"};
  if (minMatches < 1) return Error{"hub suggestion: minMatches must be at least 1"};
  for (const FrameRef& e : excluded) {
    if (e.motion < 0 || e.motion >= static_cast<int>(frameCounts.size()) || e.frame < 0 ||
        e.frame >= frameCounts[e.motion]) {
      return Error{"hub suggestion: an excluded frame is out of range"};
    }
  }
  return Status::success();
}

Result<std::vector<HubSuggestion>> HubSuggestionJob::run(int count) const {
  if (Status s = validate(); !s) return s.error();
  const int motions = static_cast<int>(frameCounts.size());
  long long totalFrames = 0;
  for (int n : frameCounts) totalFrames += n;
  std::vector<FrameRef> exclusions(excluded.begin(), excluded.end());
  std::vector<HubSuggestion> out;
  std::vector<std::vector<float>> rowCopies(motions);
  std::vector<std::span<const float>> rowSpans(motions);
  for (int round = 0; round < count; ++round) {
    bool found = false;
    HubSuggestion best;
    long long done = 0;
    for (int qm = 0; qm < motions; ++qm) {
      for (int qf = 0; qf < frameCounts[qm]; ++qf, ++done) {
        if (progress) {
          if (progress->cancelled()) return Error{"hub suggestion: cancelled"};
          progress->report((round + static_cast<double>(done) / totalFrames) / count);
        }
        if (tooCloseToAny(exclusions, qm, qf, wminFrames)) continue;
        const FrameRef query{qm, qf};
        for (int m = 0; m < motions; ++m) {
          const std::span<const float> row = rows(query, m);
          if (static_cast<int>(row.size()) != frameCounts[m]) {
            return Error{"hub suggestion: distance row of motion " + std::to_string(m) + " has " +
                         std::to_string(row.size()) + " entries, expected " +
                         std::to_string(frameCounts[m])};
          }
          rowCopies[m].assign(row.begin(), row.end());  // the source may reuse its buffer
          rowSpans[m] = rowCopies[m];
        }
        MatchSetJob job{rowSpans, threshold, wminFrames, exclusions};
        Result<std::vector<MatchCandidate>> set = job.run();
        if (!set) return set.error();
        const int size = static_cast<int>(set->size());
        if (size < minMatches) continue;
        double mean = 0.0;
        for (const MatchCandidate& c : *set) mean += c.distance;
        mean /= size;
        const int bestSize = static_cast<int>(best.matches.size());
        if (!found || size > bestSize || (size == bestSize && mean < best.meanDistance)) {
          best = {query, std::move(set.value()), mean};
          found = true;
        }
      }
    }
    if (!found) {
      if (out.empty()) {
        return Error{"hub suggestion: no frame has a match set of " + std::to_string(minMatches) +
                     " frames under the threshold"};
      }
      break;
    }
    for (const MatchCandidate& c : best.matches) exclusions.push_back(c.ref);
    out.push_back(std::move(best));
  }
  if (progress) progress->report(1.0);
  return out;
}

}  // namespace mg
