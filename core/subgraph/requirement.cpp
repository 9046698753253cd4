// SPDX-License-Identifier: MIT
#include "core/subgraph/requirement.h"

#include <algorithm>
#include <cmath>

namespace mg {

Status Requirement::validate() const {
  const int k = static_cast<int>(kind);
  if (k < 1 || k > 4) return Error{"requirement " + std::to_string(k) + ": choose 1, 2, 3 or 4"};
  if (gamma < 1 || gamma > kMaxGamma) {
    return Error{"gamma " + std::to_string(gamma) + " is outside [1, " + std::to_string(kMaxGamma) +
                 "]: no path of that length can be searched for"};
  }
  if (kind == RequirementKind::Quality) {
    if (!std::isfinite(alpha) || alpha < 0) return Error{"alpha must be a number >= 0"};
    if (!std::isfinite(frameCost) || frameCost <= 0) return Error{"the frame cost must be > 0"};
  }
  if (kind == RequirementKind::ClipToClip && entryFrames < 1) {
    return Error{"the entry window must be at least 1 frame"};
  }
  return Status::success();
}

std::vector<int> edgeUnits(const DatabaseMotionGraph& graph, const Requirement& requirement) {
  std::vector<int> units(graph.edgeCount(), 1);
  if (requirement.kind != RequirementKind::Quality) return units;
  for (int e = 0; e < graph.edgeCount(); ++e) {
    const double cost = requirement.alpha * graph.transitionCost(e) + requirement.frameCost;
    // c_t is stored as a float: 0.3f is 0.30000001, so with alpha 10 an edge of exactly 16 units
    // would round up to 17. The slack is far above float noise and far below a unit.
    units[e] = std::max(1, static_cast<int>(std::ceil(cost * kQualityUnitsPerCost - 1e-4)));
  }
  return units;
}

int boundUnits(const Requirement& requirement) {
  return requirement.kind == RequirementKind::Quality ? requirement.gamma * kQualityUnitsPerCost
                                                      : requirement.gamma;
}

int pairBound(const Requirement& requirement, int dmgUnits) {
  if (requirement.kind == RequirementKind::DmgMinimum) return dmgUnits;
  return std::max(boundUnits(requirement), dmgUnits);
}

KeyPairs keyPairs(const DatabaseMotionGraph& graph, const KeyVertices& keys,
                  std::span<const KeySegment> segments, const Requirement& requirement) {
  KeyPairs out;
  auto vertexLabel = [&](int v, int segment) {
    return "key '" + segments[segment].name + "' frame " + std::to_string(graph.vertex(v).frame);
  };
  if (requirement.kind == RequirementKind::ClipToClip) {
    const int n = static_cast<int>(keys.segmentVertices.size());
    for (int b = 0; b < n; ++b) {
      const std::vector<int>& vs = keys.segmentVertices[b];
      const size_t count = std::min<size_t>(vs.size(), requirement.entryFrames);
      out.groups.emplace_back(vs.begin(), vs.begin() + count);
      out.groupLabels.push_back("the beginning of key '" + segments[b].name + "'");
    }
    for (int a = 0; a < n; ++a) {
      const int last = keys.segmentVertices[a].back();
      out.sourceLabels.push_back("the end of key '" + segments[a].name + "'");
      for (int b = 0; b < n; ++b) out.pairs.push_back({last, b, a});
    }
    return out;
  }
  const int k = static_cast<int>(keys.vertices.size());
  for (int i = 0; i < k; ++i) {
    out.groups.push_back({keys.vertices[i]});
    out.groupLabels.push_back(vertexLabel(keys.vertices[i], keys.segmentOf[i]));
  }
  out.sourceLabels = out.groupLabels;
  for (int i = 0; i < k; ++i) {
    for (int j = 0; j < k; ++j) {
      if (i != j) out.pairs.push_back({keys.vertices[i], j, i});
    }
  }
  return out;
}

}  // namespace mg
