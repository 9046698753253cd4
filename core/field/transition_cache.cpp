// SPDX-License-Identifier: MIT
#include "core/field/transition_cache.h"

#include <algorithm>
#include <atomic>
#include <memory>

#include "core/util/parallel_for.h"

namespace mg {

Result<TransitionCache> buildTransitionCache(const FieldDatabase& db, const NeighbourIndex& index,
                                             const FieldFlowSettings& flow, int threads,
                                             const Progress& progress) {
  if (Status s = flow.validate(); !s) return s.error();
  const int n = db.stateCount();
  const int k = std::min(flow.k, n);
  TransitionCache cache;
  cache.k = k;
  cache.yawChange.resize(static_cast<size_t>(n) * k);
  cache.moveX.resize(cache.yawChange.size());
  cache.moveZ.resize(cache.yawChange.size());
  // Every next state has exactly k neighbours, so terms are k per (state, action).
  cache.termBegin.resize(cache.yawChange.size() + 1);
  for (size_t e = 0; e < cache.termBegin.size(); ++e) cache.termBegin[e] = static_cast<int>(e) * k;
  cache.termState.resize(cache.yawChange.size() * k);
  cache.termWeight.resize(cache.termState.size());

  const int workers = effectiveThreadCount(n, threads);
  std::vector<std::unique_ptr<FieldStepper>> steppers(workers);
  for (auto& s : steppers) s = std::make_unique<FieldStepper>(db, index, flow);
  constexpr int kChunk = 32;
  const int chunks = (n + kChunk - 1) / kChunk;
  std::atomic<int> done{0};
  parallelFor(chunks, threads, [&](int chunk, int worker) {
    if (progress.cancelled()) return;
    FieldStepper& stepper = *steppers[worker];
    FieldStepOutcome outcome;
    std::vector<double> features(static_cast<size_t>(k) * db.featureDims);
    std::vector<Neighbour> found;
    std::vector<double> weights;
    MotionState state;
    for (int s = chunk * kChunk; s < std::min(n, (chunk + 1) * kChunk); ++s) {
      state.pose = db.poses[s];
      state.velocity = db.velocities[s];
      stepper.prepare(state);
      const int actions = stepper.actionCount();
      for (int j = 0; j < actions; ++j) {
        stepper.stepAction(j, outcome);
        const size_t e = static_cast<size_t>(s) * k + j;
        cache.yawChange[e] = static_cast<float>(outcome.yawChange);
        cache.moveX[e] = static_cast<float>(outcome.displacement.x());
        cache.moveZ[e] = static_cast<float>(outcome.displacement.z());
        embedState(db, outcome.next.pose, outcome.next.velocity,
                   features.data() + j * db.featureDims);
      }
      index.queryBatch(features.data(), actions, k, found);
      for (int j = 0; j < actions; ++j) {
        const std::span<const Neighbour> nb(found.data() + static_cast<size_t>(j) * k, k);
        similarityWeights(nb, weights);
        const size_t t0 = (static_cast<size_t>(s) * k + j) * k;
        for (int i = 0; i < k; ++i) {
          cache.termState[t0 + i] = nb[i].state;
          cache.termWeight[t0 + i] = static_cast<float>(weights[i]);
        }
      }
    }
    progress.report(static_cast<double>(++done) / chunks);
  });
  if (progress.cancelled()) return Error{"motion field: transition cache cancelled"};
  return cache;
}

}  // namespace mg
