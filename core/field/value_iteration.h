// SPDX-License-Identifier: MIT
#pragma once

#include <vector>

#include "core/field/field_database.h"
#include "core/field/field_step.h"
#include "core/field/field_task.h"
#include "core/field/neighbour_index.h"
#include "core/field/transition_cache.h"
#include "core/field/value_function.h"
#include "core/util/progress.h"
#include "core/util/result.h"

namespace mg {

// How a compressed value function (compression N > 1, paper Eq. 13) is learned.
//  - Sampled (default): the Bellman backup runs at every database state (as N = 1), then only the
//    anchors' values are kept; control reads the compressed function (anchors, interpolated along
//    each clip), so the values at anchors are the exact ones and the error is the interpolation's
//    between them (tests/core/field/value_compression_test.cpp checks this against a directly
//    computed value function).
//  - AnchorsOnly: the paper's reading ("instead of iterating over all task states, we only iterate
//    over those states associated with anchor motion states"): only anchors are backed up, every
//    next state's value read through the interpolation. Its fixed point is not the interpolation
//    of the true values: a backup's next states lie mostly one frame on in the same clip, whose
//    interpolated value is (1 - 1/N) the anchor's own, so the backup treats the character as
//    staying at the anchor with the anchor's actions (its turning ability) for about N frames, and
//    the states between anchors (the end of a turn, a landing, the change from walking to
//    standing) never get a backup of their own. On a chain whose turning ability grows along the
//    clip the anchors' values are off by about 5% at N = 5; on cmu_turns + cmu16 (stops and jumps
//    included) controllers so learned fail 41 and 42 of 50 heading changes at N = 20 and 30
//    (`mgtool field eval FIELD --compressed-learning anchors`), against 6 and 4 with Sampled.
// Both need the transition cache of every state, which is the learning's memory either way; what
// compression saves is the value function control keeps (1/N of it).
enum class CompressedLearning { Sampled = 0, AnchorsOnly = 1 };

struct ValueIterationSettings {
  double discount = 0.99;  // gamma in (0, 1)
  // Convergence: stop when the Bellman residual max |V_{n+1} - V_n| (reward units, radians per
  // frame) falls below this; then |V - V*| <= gamma / (1 - gamma) x residual.
  double tolerance = 1e-3;
  int maxIterations = 3000;  // sweeps; hitting it is reported, not an error
  int compression = 1;       // N of Eq. 13; >= 1
  CompressedLearning learning = CompressedLearning::Sampled;
  // Policy-evaluation sweeps after each full sweep (modified policy iteration): they apply the
  // last full sweep's greedy actions only (each distinct action's neighbour blend computed once
  // per state), and carry values much further per full sweep. 0 = plain value iteration. Same
  // fixed point.
  int evaluationSweeps = 10;
  int threads = 0;  // 0 = the pool's

  // Fails when: gamma not in (0, 1); tolerance not positive; maxIterations < 1; compression < 1;
  // evaluationSweeps < 0.
  Status validate() const;
};

// Fitted value iteration (paper section 4.2) over the anchor states x task samples (every state
// unless AnchorsOnly learning of a compressed function), with the cached transitions. V starts at
// 0; each full sweep sets, for every anchor a and sample T,
//   V(a, T) = max_j [ r(T'_j) + gamma V(next_j, T'_j) ],
// V(next_j, .) the cached neighbour blend of (interpolated) anchor values, interpolated at T'_j,
// and is followed by `evaluationSweeps` sweeps of the same update with j fixed to the full sweep's
// choice (modified policy iteration). `iterations` counts full sweeps; the Bellman residual is the
// largest change of the last full sweep. Sweeps are Gauss-Seidel in blocks: the anchors are cut
// into 16 fixed blocks (by index, so clip order), each block is swept backwards in clip time
// updating in place, reading other blocks' values from the previous sweep. Values thus flow back
// along a whole clip in one sweep, blocks run in parallel, and the result does not depend on the
// thread count. Same fixed point as the plain (Jacobi) iteration. Fails when a setting or the task
// is invalid, the cache is not of this database, k > 65535, or cancelled.
Result<FieldValueFunction> solveValueFunction(const FieldDatabase& database,
                                              const TransitionCache& cache, const FieldTask& task,
                                              const ValueIterationSettings& settings,
                                              const Progress& progress = {});

}  // namespace mg
