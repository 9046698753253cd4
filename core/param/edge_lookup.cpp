// SPDX-License-Identifier: MIT
#include "core/param/edge_lookup.h"

#include <algorithm>
#include <cmath>

namespace mg {

Result<TransitionLookup> lookupTransition(const ParametricEdge& edge, const ParameterVector& l) {
  if (!edge.exists || edge.samples.empty()) {
    return Error{"lookup: edge " + edge.sourceNode + " -> " + edge.targetNode + " does not exist"};
  }
  for (int d = 0; d < edge.sourceDims; ++d) {
    if (!std::isfinite(l[d])) return Error{"lookup: the source parameter is not finite"};
  }
  const int n = static_cast<int>(edge.samples.size());
  const int k = std::min(n, edge.sourceDims + 1);
  // Partial selection of the k nearest; k <= 4 so insertion is enough.
  std::vector<std::pair<double, int>> nearest;
  nearest.reserve(k + 1);
  for (int i = 0; i < n; ++i) {
    double e = 0;
    for (int d = 0; d < edge.sourceDims; ++d) {
      const double x = l[d] - edge.samples[i].source[d];
      e += x * x;
    }
    if (static_cast<int>(nearest.size()) == k && e >= nearest.back().first) continue;
    auto pos = std::upper_bound(nearest.begin(), nearest.end(), std::make_pair(e, i));
    nearest.insert(pos, {e, i});
    if (static_cast<int>(nearest.size()) > k) nearest.pop_back();
  }
  TransitionLookup out;
  std::vector<double> distances;
  for (auto [e, i] : nearest) {
    out.neighbours.push_back(i);
    distances.push_back(std::sqrt(e));
  }
  out.weights.resize(distances.size());
  knnWeights(distances, out.weights);
  ParameterVector centre{}, widths{};
  for (size_t m = 0; m < out.neighbours.size(); ++m) {
    const TransitionSample& s = edge.samples[out.neighbours[m]];
    const double w = out.weights[m];
    for (int d = 0; d < edge.targetDims; ++d)
      centre[d] += w * s.centre[d], widths[d] += w * s.widths[d];
    out.sourceTime += w * s.sourceTime;
    out.targetTime += w * s.targetTime;
  }
  out.box = ParameterBox::fromCentre(edge.targetDims, centre, widths);
  return out;
}

}  // namespace mg
