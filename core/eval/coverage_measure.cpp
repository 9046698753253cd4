// SPDX-License-Identifier: MIT
#include "core/eval/coverage_measure.h"

#include <algorithm>
#include <cmath>

namespace mg {

CoverageStats measureCoverage(std::span<const std::vector<char>> playable,
                              std::span<const std::vector<int>> visits) {
  CoverageStats c;
  long long maxVisits = 0, playableVisits = 0;
  for (size_t s = 0; s < playable.size(); ++s) {
    for (size_t f = 0; f < playable[s].size(); ++f) {
      ++c.sourceFrames;
      const int v = s < visits.size() && f < visits[s].size() ? visits[s][f] : 0;
      c.visits += v;
      if (!playable[s][f]) continue;
      ++c.playableFrames;
      playableVisits += v;
      if (v > 0) ++c.visitedFrames;
      maxVisits = std::max<long long>(maxVisits, v);
    }
  }
  if (c.sourceFrames > 0)
    c.playableFraction = static_cast<double>(c.playableFrames) / c.sourceFrames;
  if (c.playableFrames == 0) return c;
  c.visitedFraction = static_cast<double>(c.visitedFrames) / c.playableFrames;
  if (playableVisits == 0) return c;
  c.maxOverMean = maxVisits / (static_cast<double>(playableVisits) / c.playableFrames);
  if (c.playableFrames < 2) return c;
  double h = 0.0;
  for (size_t s = 0; s < playable.size(); ++s) {
    for (size_t f = 0; f < playable[s].size(); ++f) {
      const int v = s < visits.size() && f < visits[s].size() ? visits[s][f] : 0;
      if (!playable[s][f] || v == 0) continue;
      const double p = static_cast<double>(v) / playableVisits;
      h -= p * std::log(p);
    }
  }
  c.evenness = h / std::log(static_cast<double>(c.playableFrames));
  return c;
}

}  // namespace mg
