// SPDX-License-Identifier: MIT
#pragma once

#include <vector>

#include "core/field/field_database.h"
#include "core/field/motion_field.h"
#include "core/field/transition_cache.h"
#include "core/util/progress.h"
#include "core/util/result.h"

namespace mg {

// Where a motion field can get moving from: our diagnostic for the stops and landings a database
// may hold (Lee et al. 2010 learn from locomotion only). A field can only do what its data does
// near a state (section 3: every action blends the neighbours' velocities), so a stand whose
// neighbours are all stands the capture never leaves (the end of a jump or of a stop, where the
// recording ended) is a dead end for every task: no reward, discount or policy walks out of it. Two
// measures, neither tied to a task:
//  - Mobility M(s) = max_j [ d_j + gamma sum_i w_i M(n_i) ]: the discounted floor distance (metres)
//    the best policy of the learned transition model (the transition cache: action j's root move
//    d_j in the floor plane, its next state's neighbours n_i with similarity weights w_i) covers
//    from database state s. A steady walk at v m/s has M = v / fps / (1 - gamma) (3.3 m at 1 m/s,
//    30 fps, gamma 0.99); a stand the data never leaves only its drift.
//  - An escape run (runEscape): the flow itself, not the model, played from a state by the
//    lookahead of Eq. 11 with mobility for value (every frame the action of largest
//    d_j + gamma M(next_j)): what a policy that wants nothing but to move achieves. The model
//    blends the values of the next state's neighbours, so it credits escapes through neighbours of
//    small weight that the flow, which blends their velocities, never takes; the run tells them
//    apart.
struct FieldMobilitySettings {
  double discount = 0.99;         // gamma in (0, 1)
  double toleranceMetres = 1e-4;  // stop when no M changes by more in a sweep; > 0
  int maxIterations = 10000;      // sweeps; hitting it is reported (iterations), not an error

  // Fails when the discount is not in (0, 1), the tolerance not positive or maxIterations < 1.
  Status validate() const;
};

struct FieldMobility {
  double discount = 0.99;
  std::vector<float> metres;  // per database state: M(s), >= 0
  int iterations = 0;         // sweeps done
  double residual = 0.0;      // largest change of the last sweep, metres

  // M at a state whose neighbours and similarity weights are given: sum_i w_i M(n_i).
  double at(std::span<const Neighbour> neighbours, std::span<const double> weights) const;
};

// Value iteration of M from 0, Gauss-Seidel sweeps over the states backwards in clip order (values
// flow back along a clip in one sweep; same fixed point as the plain iteration). Fails when a
// setting is invalid, the cache is not of this database, or cancelled.
Result<FieldMobility> solveFieldMobility(const FieldDatabase& database,
                                         const TransitionCache& cache,
                                         const FieldMobilitySettings& settings = {},
                                         const Progress& progress = {});

// What an escape run did. A stand the data never leaves still drifts (the blend of the stands'
// small root motions, about 0.1 m/s on CMU capture), so the distance alone does not tell an escape;
// the mobility of the states the run reaches does: compare it with the database's.
struct EscapeRun {
  double metres = 0.0;        // floor distance the root covered
  double maxSpeed = 0.0;      // m/s, the largest one-frame floor speed
  double bestMobility = 0.0;  // metres, the largest M (FieldMobility::at) of the states played
  int frames = 0;             // frames played
};

// Plays `frames` frames of the flow of `field` from `start` by the mobility lookahead (ties: the
// lower action). Precondition: mobility solved on field's database; frames >= 0.
EscapeRun runEscape(const MotionField& field, const FieldMobility& mobility,
                    const MotionState& start, int frames);

}  // namespace mg
