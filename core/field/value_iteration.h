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
//  - Sampled (default): value iteration over every database state (as N = 1), then only the
//    anchors' values are kept; the stored function and its interpolation are those of Eq. 13, so
//    control reads a compressed function, but it is fitted where the data is. Exact wherever the
//    uncompressed values are linear in clip time between anchors.
//  - AnchorsOnly: the paper's reading ("instead of iterating over all task states, we only iterate
//    over those states associated with anchor motion states"): only anchors are backed up, with
//    the values of every next state interpolated between anchors. Measured on cmu_turns + cmu16
//    (`mgtool field eval`), this fails: a backup's next states lie mostly one frame on in the same
//    clip, whose value is (1 - 1/N) the anchor's own, so the backup treats the character as
//    staying near the anchor with the anchor's actions for about N frames, and the states between
//    anchors (a landing, a stop, the standing end of a clip) never enter learning. Standing states
//    of every clip are each other's neighbours, and where their anchors straddle the change from
//    moving to standing the interpolation overrates standing; the fixed point amplifies that by
//    about 1 / (1 - gamma) = 100, the controller walks into the stops and cannot turn. The same
//    anchors sampled from the uncompressed values (Sampled) steer as reliably as N = 1.
// Both need the transition cache of every state, which is the learning's memory either way; what
// compression saves is the value function control keeps.
enum class CompressedLearning { Sampled = 0, AnchorsOnly = 1 };

struct ValueIterationSettings {
  double discount = 0.99;   // gamma in (0, 1)
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
  int threads = 0;           // 0 = the pool's

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
