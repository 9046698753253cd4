// SPDX-License-Identifier: MIT
#include "core/field/value_iteration.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <mutex>

#include "core/util/parallel_for.h"

namespace mg {
namespace {

constexpr int kBlocks = 16;
constexpr float kPi = static_cast<float>(M_PI);

// The cache's terms re-expressed over anchors (duplicates merged), per (anchor, action).
struct AnchorTerms {
  std::vector<int> begin;  // per anchor * k + j, plus one
  std::vector<int> anchor;
  std::vector<float> weight;
};

AnchorTerms anchorTerms(const TransitionCache& cache, const AnchorMap& map) {
  AnchorTerms out;
  const int k = cache.k;
  out.begin.reserve(static_cast<size_t>(map.anchorCount()) * k + 1);
  out.begin.push_back(0);
  std::vector<std::pair<int, float>> row;
  for (int a = 0; a < map.anchorCount(); ++a) {
    const int s = map.anchorStates[a];
    for (int j = 0; j < k; ++j) {
      const int e = s * k + j;
      row.clear();
      for (int t = cache.termBegin[e]; t < cache.termBegin[e + 1]; ++t) {
        const int n = cache.termState[t];
        const float w = cache.termWeight[t], l = map.lambda[n];
        if (w == 0) continue;
        row.emplace_back(map.anchor0[n], w * (1 - l));
        if (l > 0) row.emplace_back(map.anchor1[n], w * l);
      }
      std::sort(row.begin(), row.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
      for (size_t i = 0; i < row.size(); ++i) {
        if (!out.anchor.empty() && static_cast<int>(out.anchor.size()) > out.begin.back() &&
            out.anchor.back() == row[i].first) {
          out.weight.back() += row[i].second;
        } else {
          out.anchor.push_back(row[i].first);
          out.weight.push_back(row[i].second);
        }
      }
      out.begin.push_back(static_cast<int>(out.anchor.size()));
    }
  }
  return out;
}

int positiveMod(int a, int n) {
  const int m = a % n;
  return m < 0 ? m + n : m;
}

}  // namespace

Status ValueIterationSettings::validate() const {
  if (!(discount > 0 && discount < 1)) return Error{"value iteration: the discount must be in (0, 1)"};
  if (!(tolerance > 0 && std::isfinite(tolerance))) {
    return Error{"value iteration: the tolerance must be positive"};
  }
  if (maxIterations < 1) return Error{"value iteration: at least one iteration is needed"};
  if (compression < 1) return Error{"value iteration: the compression must be at least 1"};
  if (evaluationSweeps < 0) return Error{"value iteration: evaluation sweeps must not be negative"};
  return Status::success();
}

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
        embedState(db, outcome.next.pose, outcome.next.velocity, features.data() + j * db.featureDims);
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

Result<FieldValueFunction> solveValueFunction(const FieldDatabase& db, const TransitionCache& cache,
                                              const FieldTask& task,
                                              const ValueIterationSettings& settings,
                                              const Progress& progress) {
  if (Status s = settings.validate(); !s) return s.error();
  if (Status s = task.validate(); !s) return s.error();
  if (cache.stateCount() != db.stateCount()) {
    return Error{"value iteration: the transition cache is of another database"};
  }
  FieldValueFunction vf;
  vf.task = task;
  vf.discount = settings.discount;
  vf.anchors = buildAnchorMap(db, settings.compression);
  const AnchorTerms terms = anchorTerms(cache, vf.anchors);
  const int anchors = vf.anchors.anchorCount();
  const int p = task.parameterCount();
  const int k = cache.k;
  const int angles = task.angleSamples;
  const int offsets = task.kind == FieldTaskKind::Line ? task.offsetSamples : 1;
  const float gamma = static_cast<float>(settings.discount);
  vf.values.assign(static_cast<size_t>(anchors) * p, 0.0f);
  std::vector<float> previous(vf.values.size());
  std::vector<float> angleOf(angles), cosOf(angles), sinOf(angles), offsetOf(offsets);
  for (int t = 0; t < angles; ++t) {
    angleOf[t] = static_cast<float>(task.angleAt(t));
    cosOf[t] = std::cos(angleOf[t]), sinOf[t] = std::sin(angleOf[t]);
  }
  for (int o = 0; o < offsets; ++o) offsetOf[o] = offsets > 1 ? static_cast<float>(task.offsetAt(o)) : 0.0f;
  const float angleStep = static_cast<float>(task.angleStep());
  const float offsetStep = offsets > 1 ? static_cast<float>(task.offsetStep()) : 1.0f;
  const float maxOffset = static_cast<float>(task.maxOffsetMetres);
  const float offsetReward = static_cast<float>(task.offsetRewardPerMetre);
  const float hazard = static_cast<float>(directiveChangeProbability(task, db.settings.workingFps));

  const int blocks = std::min(kBlocks, anchors);
  auto blockBegin = [&](int b) { return static_cast<int>(static_cast<long long>(anchors) * b / blocks); };
  std::vector<double> blockResidual(blocks);
  // The greedy action of every (anchor, sample) from the last full sweep.
  std::vector<std::uint8_t> policy(vf.values.size(), 0);
  // Per (anchor, action): where the action's turn moves the angle grid (T' = T - yaw lies between
  // samples t + o0 and t + o0 + 1, weight alpha on the second), and its move.
  struct Shift {
    int o0 = 0;
    float alpha = 0, yaw = 0, moveX = 0, moveZ = 0;
  };
  std::vector<Shift> shifts(static_cast<size_t>(anchors) * k);
  for (int a = 0; a < anchors; ++a) {
    for (int j = 0; j < k; ++j) {
      const size_t c = static_cast<size_t>(vf.anchors.anchorStates[a]) * k + j;
      Shift& sh = shifts[static_cast<size_t>(a) * k + j];
      sh.yaw = cache.yawChange[c];
      const float shift = -sh.yaw / angleStep;
      const float f = std::floor(shift);
      sh.o0 = static_cast<int>(f), sh.alpha = shift - f;
      sh.moveX = cache.moveX[c], sh.moveZ = cache.moveZ[c];
    }
  }
  auto turned = [&](int t, float yaw) {
    float angle = angleOf[t] - yaw;  // |yaw| < pi: one wrap at most
    if (angle > kPi) angle -= 2 * kPi;
    if (angle <= -kPi) angle += 2 * kPi;
    return angle;
  };
  // Offset sample o moved by `move`: the lower grid index and the weight of the upper.
  auto offsetCell = [&](int o, float move, float& d, int& d0, float& beta) {
    d = offsetOf[o] + move;
    const float at = (std::clamp(d, -maxOffset, maxOffset) + maxOffset) / offsetStep;
    d0 = std::min(static_cast<int>(at), offsets - 2);
    beta = at - d0;
  };

  // One Gauss-Seidel sweep: full (max over actions, recording the policy and the residual) or an
  // evaluation of the recorded policy. Returns the largest change.
  // Mean over the task samples of every anchor's values at the start of a sweep: the value after a
  // directive change is linear in them (the hazard term reads these, so it lags one sweep; the
  // fixed point is the same).
  std::vector<float> anchorMean(anchors, 0.0f);
  auto changedMean = [&](int a, int j) {
    const int e = a * k + j;
    float m = 0;
    for (int t = terms.begin[e]; t < terms.begin[e + 1]; ++t) m += terms.weight[t] * anchorMean[terms.anchor[t]];
    return m;
  };
  auto sweep = [&](bool full) {
    std::memcpy(previous.data(), vf.values.data(), vf.values.size() * sizeof(float));
    if (hazard > 0) {
      for (int a = 0; a < anchors; ++a) {
        const float* v = previous.data() + static_cast<size_t>(a) * p;
        float sum = 0;
        for (int i = 0; i < p; ++i) sum += v[i];
        anchorMean[a] = sum / p;
      }
    }
    parallelFor(blocks, settings.threads, [&](int b, int) {
      std::vector<float> u(p), best(p);
      std::vector<const float*> rows;
      const int lo = blockBegin(b), hi = blockBegin(b + 1);
      double residual = 0;
      for (int a = hi - 1; a >= lo; --a) {
        if (progress.cancelled()) break;
        std::uint8_t* chosen = policy.data() + static_cast<size_t>(a) * p;
        // The value rows of action j's terms: this block's current values, others' previous.
        auto termRows = [&](int j) {
          const int e = a * k + j;
          rows.clear();
          for (int t = terms.begin[e]; t < terms.begin[e + 1]; ++t) {
            const int other = terms.anchor[t];
            rows.push_back((other >= lo && other < hi ? vf.values.data() : previous.data()) +
                           static_cast<size_t>(other) * p);
          }
          return terms.weight.data() + terms.begin[e];
        };
        if (full) {
          std::fill(best.begin(), best.end(), -INFINITY);
          for (int j = 0; j < k; ++j) {
            const float* w = termRows(j);
            std::fill(u.begin(), u.end(), 0.0f);
            for (size_t t = 0; t < rows.size(); ++t) {
              for (int i = 0; i < p; ++i) u[i] += w[t] * rows[t][i];
            }
            // A directive change draws T anew: the next state's mean value, weighted by h.
            const float changed = hazard * changedMean(a, j);
            const Shift& sh = shifts[static_cast<size_t>(a) * k + j];
            for (int t = 0; t < angles; ++t) {
              const int a0 = positiveMod(t + sh.o0, angles), a1 = (a0 + 1) % angles;
              const float angle = turned(t, sh.yaw);
              if (offsets == 1) {
                const float q = -std::abs(angle) +
                                gamma * ((1 - hazard) * ((1 - sh.alpha) * u[a0] + sh.alpha * u[a1]) + changed);
                if (q > best[t]) best[t] = q, chosen[t] = static_cast<std::uint8_t>(j);
                continue;
              }
              const float move = sh.moveX * cosOf[t] - sh.moveZ * sinOf[t];
              for (int o = 0; o < offsets; ++o) {
                float d, beta;
                int d0;
                offsetCell(o, move, d, d0, beta);
                const float* r0 = u.data() + a0 * offsets + d0;
                const float* r1 = u.data() + a1 * offsets + d0;
                const float v = (1 - sh.alpha) * ((1 - beta) * r0[0] + beta * r0[1]) +
                                sh.alpha * ((1 - beta) * r1[0] + beta * r1[1]);
                const float q = -std::abs(angle) - offsetReward * std::abs(d) +
                                gamma * ((1 - hazard) * v + changed);
                const int slot = t * offsets + o;
                if (q > best[slot]) best[slot] = q, chosen[slot] = static_cast<std::uint8_t>(j);
              }
            }
          }
        } else {
          int rowsOf = -1;
          const float* w = nullptr;
          float changed = 0;
          for (int t = 0; t < angles; ++t) {
            for (int o = 0; o < offsets; ++o) {
              const int slot = t * offsets + o;
              const int j = chosen[slot];
              if (j != rowsOf) {
                w = termRows(j), rowsOf = j;
                changed = hazard * changedMean(a, j);
              }
              const Shift& sh = shifts[static_cast<size_t>(a) * k + j];
              const int a0 = positiveMod(t + sh.o0, angles), a1 = (a0 + 1) % angles;
              const float angle = turned(t, sh.yaw);
              if (offsets == 1) {
                float v = 0;
                for (size_t e = 0; e < rows.size(); ++e) {
                  v += w[e] * ((1 - sh.alpha) * rows[e][a0] + sh.alpha * rows[e][a1]);
                }
                best[slot] = -std::abs(angle) + gamma * ((1 - hazard) * v + changed);
                continue;
              }
              float d, beta;
              int d0;
              offsetCell(o, sh.moveX * cosOf[t] - sh.moveZ * sinOf[t], d, d0, beta);
              const int i00 = a0 * offsets + d0, i10 = a1 * offsets + d0;
              const float w00 = (1 - sh.alpha) * (1 - beta), w01 = (1 - sh.alpha) * beta;
              const float w10 = sh.alpha * (1 - beta), w11 = sh.alpha * beta;
              float v = 0;
              for (size_t e = 0; e < rows.size(); ++e) {
                const float* r = rows[e];
                v += w[e] * (w00 * r[i00] + w01 * r[i00 + 1] + w10 * r[i10] + w11 * r[i10 + 1]);
              }
              best[slot] = -std::abs(angle) - offsetReward * std::abs(d) + gamma * ((1 - hazard) * v + changed);
            }
          }
        }
        float* out = vf.values.data() + static_cast<size_t>(a) * p;
        for (int i = 0; i < p; ++i) {
          residual = std::max(residual, static_cast<double>(std::abs(best[i] - out[i])));
          out[i] = best[i];
        }
      }
      blockResidual[b] = residual;
    });
    return *std::max_element(blockResidual.begin(), blockResidual.end());
  };

  double first = -1;
  for (int iteration = 1; iteration <= settings.maxIterations; ++iteration) {
    const double residual = sweep(true);
    if (progress.cancelled()) return Error{"value iteration cancelled"};
    vf.iterations = iteration;
    vf.bellmanResidual = residual;
    if (first < 0) first = residual;
    if (residual < settings.tolerance) break;
    for (int e = 0; e < settings.evaluationSweeps; ++e) sweep(false);
    if (progress.cancelled()) return Error{"value iteration cancelled"};
    // Progress by the residual's fall on a log scale towards the tolerance.
    if (first > settings.tolerance && residual > 0) {
      progress.report(std::log(first / residual) / std::log(first / settings.tolerance));
    }
  }
  progress.report(1.0);
  return vf;
}

}  // namespace mg
