// SPDX-License-Identifier: MIT
#pragma once

#include <vector>

#include "core/field/field_database.h"
#include "core/field/field_step.h"
#include "core/field/neighbour_index.h"
#include "core/util/progress.h"
#include "core/util/result.h"

namespace mg {

// The cached nearest-neighbour results of learning (paper section 5.1: "caching the result of the
// ANN calls on the fixed motion samples"): for every database state s and each of its k actions j,
// the next state F(m_s, a_j)'s neighbours with their similarity weights, and the turn and move the
// task parameters advance by. None of it depends on the task or the compression, so one cache
// serves every value function of a field.
struct TransitionCache {
  int k = 0;                        // actions per state (min(k, states))
  std::vector<int> termBegin;       // per (state, action) s * k + j: first term; size states*k + 1
  std::vector<int> termState;       // neighbour states of the next state
  std::vector<float> termWeight;    // their similarity weights
  std::vector<float> yawChange;     // per (state, action), radians
  std::vector<float> moveX, moveZ;  // per (state, action): the root's move in the heading frame
  int stateCount() const { return k > 0 ? static_cast<int>(yawChange.size()) / k : 0; }
};

// Computes the cache with parallelFor (per state; cancellable; progress per state block).
// Deterministic: the result does not depend on the thread count. Fails when the flow settings are
// invalid or when cancelled ("cancelled").
Result<TransitionCache> buildTransitionCache(const FieldDatabase& database,
                                             const NeighbourIndex& index,
                                             const FieldFlowSettings& flow, int threads = 0,
                                             const Progress& progress = {});

}  // namespace mg
