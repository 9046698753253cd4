// SPDX-License-Identifier: MIT
#pragma once

#include <span>
#include <vector>

#include "core/field/field_database.h"
#include "core/field/field_task.h"
#include "core/field/neighbour_index.h"

namespace mg {

// Temporal compression (paper Eq. 13): values are stored only at "anchor" states, every N-th state
// of each clip from its first plus the clip's last state; a state between anchors a0 and a1 of its
// clip takes (1 - lambda) V(a0) + lambda V(a1), lambda its fraction of the way. N = 1 stores every
// state.
struct AnchorMap {
  int compression = 1;
  std::vector<int> anchorStates;      // database state of each anchor, ascending
  std::vector<int> anchor0, anchor1;  // per database state: its anchors (equal at an anchor)
  std::vector<float> lambda;          // per database state, in [0, 1]
  int anchorCount() const { return static_cast<int>(anchorStates.size()); }
};
// Precondition: compression >= 1.
AnchorMap buildAnchorMap(const FieldDatabase& database, int compression);

// A value function over task states: V at every anchor state x task parameter sample, interpolated
// over neighbours with the similarity weights, between anchors in clip time, and multilinearly
// over the task parameters (paper section 4.2).
struct FieldValueFunction {
  FieldTask task;
  double discount = 0.99;
  AnchorMap anchors;
  std::vector<float> values;  // anchorCount() x task.parameterCount(), anchor-major
  // How value iteration ended.
  int iterations = 0;
  double bellmanResidual = 0.0;  // max |V_{n+1} - V_n| of the last sweep

  std::span<const float> anchorValues(int anchor) const {
    const size_t p = task.parameterCount();
    return {values.data() + anchor * p, p};
  }
  // V(s) for a state whose neighbours and similarity weights are given, at task parameter t.
  double value(std::span<const Neighbour> neighbours, std::span<const double> weights,
               const TaskParameter& t) const;
  // The per-sample values (parameterCount() entries) blended over the neighbours, into `out`.
  void blendedValues(std::span<const Neighbour> neighbours, std::span<const double> weights,
                     std::vector<float>& out) const;
};

}  // namespace mg
