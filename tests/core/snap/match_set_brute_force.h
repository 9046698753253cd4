// SPDX-License-Identifier: MIT
#pragma once

#include <cstdlib>
#include <vector>

#include "core/snap/match_set.h"

namespace mg::test {

// Brute force: scan for the best still-allowed local minimum until none is left.
inline std::vector<MatchCandidate> bruteForceMatchSet(const std::vector<std::vector<float>>& rows,
                                                      double threshold, int wmin,
                                                      const std::vector<FrameRef>& excluded) {
  std::vector<MatchCandidate> chosen;
  for (;;) {
    bool found = false;
    MatchCandidate best;
    for (int m = 0; m < static_cast<int>(rows.size()); ++m) {
      for (int i = 1; i + 1 < static_cast<int>(rows[m].size()); ++i) {
        const float d = rows[m][i];
        if (!(d < threshold && rows[m][i - 1] > d && d <= rows[m][i + 1])) continue;
        bool blocked = false;
        for (const auto& c : chosen)
          blocked |= c.ref.motion == m && std::abs(c.ref.frame - i) < wmin;
        for (const auto& e : excluded) blocked |= e.motion == m && std::abs(e.frame - i) < wmin;
        if (blocked) continue;
        const bool better = !found || d < best.distance ||
                            (d == best.distance &&
                             (m < best.ref.motion || (m == best.ref.motion && i < best.ref.frame)));
        if (better) {
          best = {{m, i}, d};
          found = true;
        }
      }
    }
    if (!found) return chosen;
    chosen.push_back(best);
  }
}

}  // namespace mg::test
