// SPDX-License-Identifier: MIT
#pragma once

#include <span>
#include <vector>

#include "core/snap/frame_metric.h"
#include "core/snap/match_set.h"
#include "core/util/progress.h"
#include "core/util/result.h"

namespace mg {

// A suggested hub: the query frame and its match set.
struct HubSuggestion {
  FrameRef query;                       // the frame whose match set is largest
  std::vector<MatchCandidate> matches;  // its match set, in order of distance
  double meanDistance = 0.0;            // mean of matches[i].distance
};

// Suggests hubs (Snap-Together Motion, section 4.1): forms the match set of every frame that is
// not excluded and picks the largest (ties: lowest mean distance, then lowest motion and frame).
// count > 1 repeats it, each time adding the chosen match frames to the exclusions, so later
// hubs never reuse or crowd earlier match frames. Owns nothing; thread-safe if `rows` is.
struct HubSuggestionJob {
  DistanceRowSource rows;              // D(query, .) per motion; called frames x motions times
  std::span<const int> frameCounts;    // frames of every motion, each >= 1; not owned
  double threshold = 0.0;              // as MatchSetJob::threshold
  int wminFrames = 10;                 // as MatchSetJob::wminFrames
  int minMatches = 2;                  // a suggestion needs at least this many match frames; >= 1
  std::span<const FrameRef> excluded;  // match frames of existing hubs; not owned
  const Progress* progress = nullptr;  // polled once per query frame; may be null

  // Fails when: rows is empty; frameCounts is empty or holds a count < 1; threshold is not a
  // positive finite number; wminFrames < 2; minMatches < 1; an excluded frame is out of range.
  Status validate() const;

  // Up to `count` (>= 1) suggestions, best first. Fails when validate() fails, when cancelled,
  // when a row's length differs from its motion's frame count, or when not even one frame
  // has a match set of minMatches frames.
  Result<std::vector<HubSuggestion>> run(int count = 1) const;
};

}  // namespace mg
