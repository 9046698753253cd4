// SPDX-License-Identifier: MIT
#pragma once

#include <span>
#include <vector>

#include "core/snap/frame_metric.h"
#include "core/util/result.h"

namespace mg {

// A frame chosen for a match set, with its distance to the query frame.
struct MatchCandidate {
  FrameRef ref;
  double distance = 0.0;  // D(query, ref), metric units
  bool operator==(const MatchCandidate&) const = default;
};

// Builds the match set of a query frame f (Snap-Together Motion, section 4.1): in every motion,
// the strict local minima of D(f, .) that lie below `threshold` are candidates; they are taken in
// order of increasing distance (ties: lower motion, then lower frame), skipping any within
// `wminFrames` of a frame already taken in the same motion or of an excluded frame. A minimum is
// an interior frame i (0 < i < n-1) with D[i-1] > D[i] <= D[i+1] (the first frame of a plateau),
// so every match frame has a neighbour on each side. Owns nothing; thread-safe.
struct MatchSetJob {
  // D(f, .) for every motion of the collection, indexed by motion; rows[m].size() is motion m's
  // frame count. Not owned; must outlive run().
  std::span<const std::span<const float>> rows;
  double threshold = 0.0;  // candidates need D < threshold; > 0
  int wminFrames = 10;     // minimum spacing in frames of two match frames in one motion; >= 2
  // Frames already used (match frames of other hubs): candidates closer than wminFrames to one
  // of them are skipped. Motions index `rows`. Not owned.
  std::span<const FrameRef> excluded;

  // Fails when: threshold is not a positive finite number; wminFrames < 2; an excluded frame
  // names a motion or frame outside `rows`; a row holds a negative or NaN distance.
  Status validate() const;

  // The match set in order of distance. Calls validate() first.
  Result<std::vector<MatchCandidate>> run() const;
};

// True when `frame` of `motion` is closer than `wminFrames` to any frame of `taken` in that motion.
bool tooCloseToAny(std::span<const FrameRef> taken, int motion, int frame, int wminFrames);

}  // namespace mg
