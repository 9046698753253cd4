// SPDX-License-Identifier: MIT
#pragma once

// A small snapped database built from synthetic swing motions, shared by the snap and synth tests.

#include <memory>
#include <vector>

#include "core/snap/hub_graph.h"
#include "core/snap/hub_suggestion.h"
#include "core/snap/snap_job.h"
#include "reference_metric.h"
#include "support/synthetic_motion.h"

namespace mg::test {

// Three walks of different speed and cadence; the third is turned and moved on the floor.
inline std::vector<std::shared_ptr<const Motion>> swingDatabase() {
  std::vector<std::shared_ptr<const Motion>> out;
  out.push_back(std::make_shared<Motion>(makeSwingMotion(150, 30.0, 1.0, 0.5)));
  out.push_back(std::make_shared<Motion>(makeSwingMotion(140, 30.0, 1.15, 0.55)));
  out.push_back(std::make_shared<Motion>(
      rotatedAboutY(makeSwingMotion(160, 30.0, 0.9, 0.47), 0.8, 1.5, -2.0)));
  return out;
}

// Hubs suggested over `motions` with the reference metric (two of them), as a hub graph.
inline Result<HubGraph> suggestedGraph(const std::vector<std::shared_ptr<const Motion>>& motions,
                                       const ReferenceMetric& metric, double threshold, int wmin,
                                       int hubCount = 2) {
  std::vector<int> counts;
  for (const auto& m : motions) counts.push_back(m->frameCount());
  std::vector<float> buffer;
  const DistanceRowSource rows = [&](const FrameRef& q, int m) {
    buffer = metric.row(q, m);
    return std::span<const float>(buffer);
  };
  const auto suggestions = HubSuggestionJob{rows, counts, threshold, wmin}.run(hubCount);
  if (!suggestions) return suggestions.error();
  std::vector<Hub> hubs;
  for (const HubSuggestion& s : *suggestions) {
    Result<Hub> hub = makeHub(s.matches, metric.metric());
    if (!hub) return hub.error();
    hubs.push_back(std::move(hub.value()));
  }
  return buildHubGraph(counts, std::move(hubs));
}

}  // namespace mg::test
