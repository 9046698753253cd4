// SPDX-License-Identifier: MIT
#include "core/field/value_function.h"

#include <algorithm>

namespace mg {

AnchorMap buildAnchorMap(const FieldDatabase& db, int compression) {
  AnchorMap map;
  map.compression = compression;
  const int n = db.stateCount();
  map.anchor0.resize(n), map.anchor1.resize(n), map.lambda.resize(n);
  for (int c = 0; c < db.clipCount(); ++c) {
    const int first = db.clipFirstState[c], last = db.clipFirstState[c + 1] - 1;
    const int firstAnchor = map.anchorCount();
    for (int s = first; s <= last; ++s) {
      if ((s - first) % compression == 0 || s == last) map.anchorStates.push_back(s);
    }
    for (int s = first; s <= last; ++s) {
      const int local = s - first;
      // The clip's last state is an anchor of its own even when it is not N states on.
      const int a0 = s == last ? map.anchorCount() - 1 : firstAnchor + local / compression;
      const int s0 = map.anchorStates[a0];
      if (s0 == s) {
        map.anchor0[s] = map.anchor1[s] = a0;
        map.lambda[s] = 0.0f;
        continue;
      }
      const int a1 = a0 + 1;
      const int s1 = map.anchorStates[a1];
      map.anchor0[s] = a0, map.anchor1[s] = a1;
      map.lambda[s] = static_cast<float>(s - s0) / static_cast<float>(s1 - s0);
    }
  }
  return map;
}

void FieldValueFunction::blendedValues(std::span<const Neighbour> neighbours,
                                       std::span<const double> weights,
                                       std::vector<float>& out) const {
  const int p = task.parameterCount();
  out.assign(p, 0.0f);
  for (size_t i = 0; i < neighbours.size(); ++i) {
    const double w = weights[i];
    if (w == 0) continue;
    const int s = neighbours[i].state;
    const float l = anchors.lambda[s];
    const float w0 = static_cast<float>(w * (1 - l)), w1 = static_cast<float>(w * l);
    const float* v0 = values.data() + static_cast<size_t>(anchors.anchor0[s]) * p;
    const float* v1 = values.data() + static_cast<size_t>(anchors.anchor1[s]) * p;
    for (int t = 0; t < p; ++t) out[t] += w0 * v0[t] + w1 * v1[t];
  }
}

double FieldValueFunction::value(std::span<const Neighbour> neighbours,
                                 std::span<const double> weights, const TaskParameter& t) const {
  const TaskStencil st = taskStencil(task, t);
  const int p = task.parameterCount();
  double v = 0;
  for (size_t i = 0; i < neighbours.size(); ++i) {
    const double w = weights[i];
    if (w == 0) continue;
    const int s = neighbours[i].state;
    const double l = anchors.lambda[s];
    const float* v0 = values.data() + static_cast<size_t>(anchors.anchor0[s]) * p;
    const float* v1 = values.data() + static_cast<size_t>(anchors.anchor1[s]) * p;
    for (int c = 0; c < st.count; ++c) {
      v += w * st.weight[c] * ((1 - l) * v0[st.index[c]] + l * v1[st.index[c]]);
    }
  }
  return v;
}

}  // namespace mg
