// SPDX-License-Identifier: MIT
#pragma once

#include <memory>

#include "core/param/parametric_edge.h"

namespace mg::test {

// A hand-made 1-D edge sampling: 2 source samples (l = -10, 10) and 10 target samples at
// l = 0, 10, ..., 90. Source 0: targets 0-3 have minimum 0.002 (GOOD at the default T_GOOD
// 0.005), 4-5 0.006 (NEUTRAL), 6-9 0.02 (BAD). Source 1: every target 0.02 (BAD), so its box is
// empty and the edge does not exist at the default thresholds.
inline std::shared_ptr<const EdgeSampling> syntheticSampling() {
  auto s = std::make_shared<EdgeSampling>();
  s->sourceNode = s->targetNode = "walk";
  s->targetScale = {90.0, 1.0, 1.0};
  s->settings.sourceSamples = 2;
  s->settings.targetSamples = 10;
  s->sourceParameters = {{-10.0, 0, 0}, {10.0, 0, 0}};
  for (int t = 0; t < 10; ++t) s->targetParameters.push_back({10.0 * t, 0, 0});
  for (int src = 0; src < 2; ++src) {
    for (int t = 0; t < 10; ++t) {
      const float m = src == 1 ? 0.02f : (t < 4 ? 0.002f : (t < 6 ? 0.006f : 0.02f));
      s->minimum.push_back(m);
      s->sourceTime.push_back(0.8f);
      s->targetTime.push_back(0.1f);
    }
  }
  return s;
}

}  // namespace mg::test
