// SPDX-License-Identifier: MIT
#pragma once

#include <span>
#include <vector>

namespace mg {

// How much of the source capture a graph can play, and how evenly a walk plays it. Inputs are
// per source file, per frame (at the rate the report measures at): `playable` marks the frames a
// walk can ever reach (the graph's strongly connected part), `visits` counts how often a walk
// showed each frame as its single source (frames inside blends have none and are not counted).
struct CoverageStats {
  long long sourceFrames = 0;     // every frame of the source capture
  long long playableFrames = 0;   // frames the graph can ever play
  double playableFraction = 0.0;  // playableFrames / sourceFrames
  long long visits = 0;           // walk frames with a single source frame
  long long visitedFrames = 0;    // playable frames shown at least once
  double visitedFraction = 0.0;   // visitedFrames / playableFrames
  // Normalised entropy of the visit distribution over the playable frames, H / ln(playableFrames):
  // 1 when every playable frame is shown equally often, towards 0 when a few frames take all
  // visits; 0 without visits (or with a single playable frame).
  double evenness = 0.0;
  double maxOverMean = 0.0;  // most-visited frame's count over the mean count per playable frame
};

// Precondition: visits[s].size() == playable[s].size() for every s, both of the same size.
CoverageStats measureCoverage(std::span<const std::vector<char>> playable,
                              std::span<const std::vector<int>> visits);

}  // namespace mg
