// SPDX-License-Identifier: MIT
#pragma once

#include <vector>

#include "core/field/field_database.h"
#include "core/field/field_step.h"
#include "core/field/field_task.h"
#include "core/field/neighbour_index.h"
#include "core/field/value_function.h"
#include "core/util/progress.h"
#include "core/util/result.h"

namespace mg {

// The cached nearest-neighbour results of learning (paper section 5.1: "caching the result of the
// ANN calls on the fixed motion samples"): for every database state s and each of its k actions j,
// the next state F(m_s, a_j)'s neighbours with their similarity weights, and the turn and move the
// task parameters advance by. None of it depends on the task or the compression, so one cache
// serves every value function of a field.
struct TransitionCache {
  int k = 0;                       // actions per state (min(k, states))
  std::vector<int> termBegin;      // per (state, action) s * k + j: first term; size states*k + 1
  std::vector<int> termState;      // neighbour states of the next state
  std::vector<float> termWeight;   // their similarity weights
  std::vector<float> yawChange;    // per (state, action), radians
  std::vector<float> moveX, moveZ; // per (state, action): the root's move in the heading frame
  int stateCount() const { return k > 0 ? static_cast<int>(yawChange.size()) / k : 0; }
};

// Computes the cache with parallelFor (per state; cancellable; progress per state block).
// Deterministic: the result does not depend on the thread count. Fails when the flow settings are
// invalid or when cancelled ("cancelled").
Result<TransitionCache> buildTransitionCache(const FieldDatabase& database, const NeighbourIndex& index,
                                             const FieldFlowSettings& flow, int threads = 0,
                                             const Progress& progress = {});

struct ValueIterationSettings {
  double discount = 0.99;   // gamma in (0, 1)
  // Convergence: stop when the Bellman residual max |V_{n+1} - V_n| (reward units, radians per
  // frame) falls below this; then |V - V*| <= gamma / (1 - gamma) x residual.
  double tolerance = 1e-3;
  int maxIterations = 3000;  // sweeps; hitting it is reported, not an error
  int compression = 1;       // N of Eq. 13; >= 1
  // Policy-evaluation sweeps after each full sweep (modified policy iteration): they apply the
  // last full sweep's greedy actions only, at about a tenth of a full sweep's cost each, and carry
  // values much further per full sweep. 0 = plain value iteration. Same fixed point.
  int evaluationSweeps = 10;
  int threads = 0;           // 0 = the pool's

  // Fails when: gamma not in (0, 1); tolerance not positive; maxIterations < 1; compression < 1;
  // evaluationSweeps < 0.
  Status validate() const;
};

// Fitted value iteration (paper section 4.2) over the anchor states x task samples, with the
// cached transitions. V starts at 0; each full sweep sets, for every anchor a and sample T,
//   V(a, T) = max_j [ r(T'_j) + gamma V(next_j, T'_j) ],
// V(next_j, .) the cached neighbour blend of anchor values, interpolated at T'_j, and is followed
// by `evaluationSweeps` sweeps of the same update with j fixed to the full sweep's choice
// (modified policy iteration). `iterations` counts full sweeps; the Bellman residual is the largest
// change of the last full sweep. Sweeps are
// Gauss-Seidel in blocks: the anchors are cut into 16 fixed blocks (by index, so clip order), each
// block is swept backwards in clip time updating in place, reading other blocks' values from the
// previous sweep. Values thus flow back along a whole clip in one sweep, blocks run in parallel, and
// the result does not depend on the thread count. Same fixed point as the plain (Jacobi) iteration.
// Fails when a setting or the task is invalid, the cache is not of this database, or cancelled.
Result<FieldValueFunction> solveValueFunction(const FieldDatabase& database,
                                              const TransitionCache& cache, const FieldTask& task,
                                              const ValueIterationSettings& settings,
                                              const Progress& progress = {});

}  // namespace mg
