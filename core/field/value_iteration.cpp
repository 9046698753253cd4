// SPDX-License-Identifier: MIT
#include "core/field/value_iteration.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <utility>

#include "core/util/parallel_for.h"

// The sweep is compiled for several x86-64 levels and picked when the program loads (GCC/Clang
// function multiversioning), so a portable binary still uses AVX2/AVX-512 for the blends, which
// are most of learning. Elsewhere it is compiled once, and with clang (the sanitizer build), whose
// version 14 refuses target_clones on a member defined out of line.
#if defined(__x86_64__) && defined(__ELF__) && defined(__GNUC__) && !defined(__clang__)
#define MG_SWEEP_CLONES \
  __attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))
#else
#define MG_SWEEP_CLONES
#endif
#define MG_INLINE [[gnu::always_inline]] inline

namespace mg {
namespace {

constexpr int kMaxBlocks = 16;
constexpr float kPi = static_cast<float>(M_PI);

int positiveMod(int a, int n) {
  const int m = a % n;
  return m < 0 ? m + n : m;
}

// The solver of solveValueFunction: the cached transitions re-expressed over anchors, and the
// sweeps.
class Solver {
 public:
  Solver(const FieldDatabase& db, const TransitionCache& cache, const FieldTask& task,
         const ValueIterationSettings& settings, FieldValueFunction& vf);
  // One Gauss-Seidel sweep, full (max over actions, recording the policy) or an evaluation of the
  // recorded policy. Returns the largest change of an anchor value.
  double sweep(bool full, const Progress& progress);

 private:
  struct Block {
    int first = 0, end = 0;  // anchors
  };
  struct Scratch {
    std::vector<float> u;               // k x p: blended next values per action
    std::vector<float> best;            // p
    std::vector<float> changed;         // k: hazard x mean next value per action
    std::vector<int> stamp;             // k: the anchor action j was last blended for
    std::vector<float> row, padded, q;  // one angle sample's offsets (line task)
  };
  void buildTransitions();
  MG_SWEEP_CLONES double sweepBlock(const Block& b, bool full, Scratch& scratch,
                                    const Progress& progress);
  // u = the values of action e's next state (its terms' blend), and changed = hazard x their mean.
  MG_INLINE void blend(size_t e, const Block& b, float* __restrict u, float& changed) const;
  // The Q of angle sample t and every offset sample for action e, into q (offsets values).
  MG_INLINE void qRow(size_t e, const float* u, float changed, int t, Scratch& scratch,
                      float* q) const;

  const FieldDatabase& m_db;
  const TransitionCache& m_cache;
  const ValueIterationSettings& m_settings;
  FieldValueFunction& m_vf;
  const AnchorMap& m_map;
  int m_k, m_p, m_angles, m_offsets;
  float m_gamma, m_hazard, m_angleStep, m_offsetStep, m_offsetReward;
  std::vector<float> m_angleOf, m_cosOf, m_sinOf, m_offsetOf;

  // Per (anchor, action) e = a * k + j: the next state's neighbours as anchors, each neighbour's
  // similarity weight split over its two anchors by its interpolation weights, duplicates merged.
  std::vector<int> m_termBegin, m_termAnchor;
  std::vector<float> m_termWeight;
  // Per e: T' = T - yaw lies between angle samples t + o0 and t + o0 + 1 (alpha on the second);
  // the move (heading frame) shifts the line offset.
  std::vector<int> m_o0;
  std::vector<float> m_alpha, m_yaw, m_moveX, m_moveZ;

  std::vector<Block> m_blocks;
  std::vector<float> m_previous;    // values at the start of the sweep (other blocks read these)
  std::vector<float> m_anchorMean;  // per anchor, mean over samples at the start of the sweep
  std::vector<std::uint16_t> m_policy;  // anchors x p: greedy action of the last full sweep
};

Solver::Solver(const FieldDatabase& db, const TransitionCache& cache, const FieldTask& task,
               const ValueIterationSettings& settings, FieldValueFunction& vf)
    : m_db(db), m_cache(cache), m_settings(settings), m_vf(vf), m_map(vf.anchors) {
  m_k = cache.k;
  m_p = task.parameterCount();
  m_angles = task.angleSamples;
  m_offsets = task.kind == FieldTaskKind::Line ? task.offsetSamples : 1;
  m_gamma = static_cast<float>(settings.discount);
  m_hazard = static_cast<float>(directiveChangeProbability(task, db.settings.workingFps));
  m_angleStep = static_cast<float>(task.angleStep());
  m_offsetStep = m_offsets > 1 ? static_cast<float>(task.offsetStep()) : 1.0f;
  m_offsetReward = static_cast<float>(task.offsetRewardPerMetre);
  m_angleOf.resize(m_angles), m_cosOf.resize(m_angles), m_sinOf.resize(m_angles);
  for (int t = 0; t < m_angles; ++t) {
    m_angleOf[t] = static_cast<float>(task.angleAt(t));
    m_cosOf[t] = std::cos(m_angleOf[t]), m_sinOf[t] = std::sin(m_angleOf[t]);
  }
  m_offsetOf.resize(m_offsets);
  for (int o = 0; o < m_offsets; ++o)
    m_offsetOf[o] = m_offsets > 1 ? static_cast<float>(task.offsetAt(o)) : 0.0f;
  buildTransitions();
  const int anchors = m_map.anchorCount();
  const size_t values = static_cast<size_t>(anchors) * m_p;
  m_vf.values.assign(values, 0.0f);
  m_previous.resize(values);
  m_anchorMean.assign(anchors, 0.0f);
  m_policy.assign(values, 0);
  const int blocks = std::min(kMaxBlocks, anchors);
  for (int b = 0; b < blocks; ++b) {
    m_blocks.push_back({static_cast<int>(static_cast<long long>(anchors) * b / blocks),
                        static_cast<int>(static_cast<long long>(anchors) * (b + 1) / blocks)});
  }
}

void Solver::buildTransitions() {
  const int anchors = m_map.anchorCount(), k = m_k;
  const size_t rows = static_cast<size_t>(anchors) * k;
  m_termBegin.assign(rows + 1, 0);
  m_o0.resize(rows), m_alpha.resize(rows), m_yaw.resize(rows), m_moveX.resize(rows),
      m_moveZ.resize(rows);
  std::vector<std::pair<int, float>> row;
  for (int a = 0; a < anchors; ++a) {
    for (int j = 0; j < k; ++j) {
      const size_t e = static_cast<size_t>(a) * k + j;
      const size_t c = static_cast<size_t>(m_map.anchorStates[a]) * k + j;
      m_yaw[e] = m_cache.yawChange[c];
      const float shift = -m_yaw[e] / m_angleStep;
      const float f = std::floor(shift);
      m_o0[e] = static_cast<int>(f), m_alpha[e] = shift - f;
      m_moveX[e] = m_cache.moveX[c], m_moveZ[e] = m_cache.moveZ[c];
      row.clear();
      for (int t = m_cache.termBegin[c]; t < m_cache.termBegin[c + 1]; ++t) {
        const int nb = m_cache.termState[t];
        const float w = m_cache.termWeight[t], l = m_map.lambda[nb];
        if (w == 0) continue;
        row.emplace_back(m_map.anchor0[nb], w * (1 - l));
        if (l > 0) row.emplace_back(m_map.anchor1[nb], w * l);
      }
      std::sort(row.begin(), row.end(),
                [](const auto& x, const auto& y) { return x.first < y.first; });
      for (size_t i = 0; i < row.size(); ++i) {
        if (i > 0 && row[i].first == row[i - 1].first) {
          m_termWeight.back() += row[i].second;
        } else {
          m_termAnchor.push_back(row[i].first);
          m_termWeight.push_back(row[i].second);
        }
      }
      m_termBegin[e + 1] = static_cast<int>(m_termAnchor.size());
    }
  }
}

void Solver::blend(size_t e, const Block& b, float* __restrict u, float& changed) const {
  const int p = m_p;
  // This block's anchors as updated so far in this sweep; others' as they were at its start.
  auto rowOf = [&](int a) -> const float* {
    return (a >= b.first && a < b.end ? m_vf.values.data() : m_previous.data()) +
           static_cast<size_t>(a) * p;
  };
  const int* anchor = m_termAnchor.data();
  const float* weight = m_termWeight.data();
  int t = m_termBegin[e];
  const int end = m_termBegin[e + 1];
  float mean = 0;
  for (int i = t; i < end; ++i) mean += weight[i] * m_anchorMean[anchor[i]];
  changed = m_hazard * mean;
  std::fill(u, u + p, 0.0f);
  // Four rows a pass: one load and store of u per four multiply-adds.
  for (; t + 4 <= end; t += 4) {
    const float* __restrict r0 = rowOf(anchor[t]);
    const float* __restrict r1 = rowOf(anchor[t + 1]);
    const float* __restrict r2 = rowOf(anchor[t + 2]);
    const float* __restrict r3 = rowOf(anchor[t + 3]);
    const float w0 = weight[t], w1 = weight[t + 1], w2 = weight[t + 2], w3 = weight[t + 3];
    for (int i = 0; i < p; ++i) u[i] += w0 * r0[i] + w1 * r1[i] + w2 * r2[i] + w3 * r3[i];
  }
  for (; t < end; ++t) {
    const float* __restrict r = rowOf(anchor[t]);
    const float w = weight[t];
    for (int i = 0; i < p; ++i) u[i] += w * r[i];
  }
}

void Solver::qRow(size_t e, const float* u, float changed, int t, Scratch& scratch,
                  float* q) const {
  const int a0 = positiveMod(t + m_o0[e], m_angles), a1 = a0 + 1 == m_angles ? 0 : a0 + 1;
  const float alpha = m_alpha[e];
  float angle = m_angleOf[t] - m_yaw[e];  // |yaw| < pi: one wrap at most
  if (angle > kPi) angle -= 2 * kPi;
  if (angle <= -kPi) angle += 2 * kPi;
  const float base = -std::abs(angle) + m_gamma * changed;
  const float later = m_gamma * (1 - m_hazard);
  const int n = m_offsets;
  if (n == 1) {
    q[0] = base + later * ((1 - alpha) * u[a0] + alpha * u[a1]);
    return;
  }
  // Line task: the next offset is the sample's plus the move along the line's left (the heading's
  // left turned by the angle), the same shift for every offset sample, so interpolating the next
  // values at it is one shifted blend of the row padded with its end values (clamping).
  const float move = m_moveX[e] * m_cosOf[t] - m_moveZ[e] * m_sinOf[t];
  const float shift =
      std::clamp(move / m_offsetStep, -static_cast<float>(n), static_cast<float>(n));
  const int s0 = static_cast<int>(std::floor(shift));
  const float beta = shift - s0;
  const float* __restrict r0 = u + a0 * n;
  const float* __restrict r1 = u + a1 * n;
  float* __restrict padded = scratch.padded.data();  // n + 2 (n + 1) entries: row i at n + 1 + i
  const int pad = n + 1;
  for (int i = 0; i < n; ++i) padded[pad + i] = (1 - alpha) * r0[i] + alpha * r1[i];
  for (int i = 0; i < pad; ++i) padded[i] = padded[pad], padded[pad + n + i] = padded[pad + n - 1];
  const float* __restrict at = padded + pad + s0;
  for (int o = 0; o < n; ++o) {
    const float v = (1 - beta) * at[o] + beta * at[o + 1];
    q[o] = base - m_offsetReward * std::abs(m_offsetOf[o] + move) + later * v;
  }
}

double Solver::sweepBlock(const Block& b, bool full, Scratch& scratch, const Progress& progress) {
  const int p = m_p, k = m_k, n = m_offsets;
  scratch.u.resize(static_cast<size_t>(k) * p);
  scratch.best.resize(p);
  scratch.changed.resize(k);
  scratch.stamp.assign(k, -1);
  scratch.q.resize(n);
  scratch.padded.resize(3 * n + 2);
  float* best = scratch.best.data();
  float* q = scratch.q.data();
  double residual = 0;
  for (int a = b.end - 1; a >= b.first; --a) {
    if (progress.cancelled()) break;
    std::uint16_t* chosen = m_policy.data() + static_cast<size_t>(a) * p;
    const size_t e0 = static_cast<size_t>(a) * k;
    if (full) {
      std::fill(best, best + p, -INFINITY);
      float* u = scratch.u.data();
      for (int j = 0; j < k; ++j) {
        float changed = 0;
        blend(e0 + j, b, u, changed);
        for (int t = 0; t < m_angles; ++t) {
          qRow(e0 + j, u, changed, t, scratch, q);
          float* bt = best + t * n;
          std::uint16_t* ct = chosen + t * n;
          for (int o = 0; o < n; ++o) {
            if (q[o] > bt[o]) bt[o] = q[o], ct[o] = static_cast<std::uint16_t>(j);
          }
        }
      }
    } else {
      // Each action the policy uses here is blended once.
      for (int slot = 0; slot < p; ++slot) {
        const int j = chosen[slot];
        if (scratch.stamp[j] != a) {
          scratch.stamp[j] = a;
          blend(e0 + j, b, scratch.u.data() + static_cast<size_t>(j) * p, scratch.changed[j]);
        }
      }
      for (int t = 0; t < m_angles; ++t) {
        int rowOf = -1;
        for (int o = 0; o < n; ++o) {
          const int j = chosen[t * n + o];
          if (j != rowOf) {
            qRow(e0 + j, scratch.u.data() + static_cast<size_t>(j) * p, scratch.changed[j], t,
                 scratch, q);
            rowOf = j;
          }
          best[t * n + o] = q[o];
        }
      }
    }
    // In place: the anchors before this one in the block read it this sweep.
    float* v = m_vf.values.data() + static_cast<size_t>(a) * p;
    for (int i = 0; i < p; ++i) {
      residual = std::max(residual, static_cast<double>(std::abs(best[i] - v[i])));
      v[i] = best[i];
    }
  }
  return residual;
}

double Solver::sweep(bool full, const Progress& progress) {
  std::memcpy(m_previous.data(), m_vf.values.data(), m_vf.values.size() * sizeof(float));
  // The value after a directive change is the mean over samples; it reads the values at the start
  // of the sweep (one sweep behind; same fixed point).
  if (m_hazard > 0) {
    for (int a = 0; a < m_map.anchorCount(); ++a) {
      const float* v = m_previous.data() + static_cast<size_t>(a) * m_p;
      float sum = 0;
      for (int i = 0; i < m_p; ++i) sum += v[i];
      m_anchorMean[a] = sum / m_p;
    }
  }
  const int blocks = static_cast<int>(m_blocks.size());
  std::vector<double> residual(blocks, 0.0);
  std::vector<Scratch> scratch(effectiveThreadCount(blocks, m_settings.threads));
  parallelFor(blocks, m_settings.threads, [&](int b, int worker) {
    residual[b] = sweepBlock(m_blocks[b], full, scratch[worker], progress);
  });
  return *std::max_element(residual.begin(), residual.end());
}

}  // namespace

Status ValueIterationSettings::validate() const {
  if (!(discount > 0 && discount < 1))
    return Error{"value iteration: the discount must be in (0, 1)"};
  if (!(tolerance > 0 && std::isfinite(tolerance))) {
    return Error{"value iteration: the tolerance must be positive"};
  }
  if (maxIterations < 1) return Error{"value iteration: at least one iteration is needed"};
  if (compression < 1) return Error{"value iteration: the compression must be at least 1"};
  if (learning != CompressedLearning::Sampled && learning != CompressedLearning::AnchorsOnly) {
    return Error{"value iteration: unknown way of learning a compressed value function"};
  }
  if (evaluationSweeps < 0) return Error{"value iteration: evaluation sweeps must not be negative"};
  return Status::success();
}

Result<FieldValueFunction> solveValueFunction(const FieldDatabase& db, const TransitionCache& cache,
                                              const FieldTask& task,
                                              const ValueIterationSettings& settings,
                                              const Progress& progress) {
  if (Status s = settings.validate(); !s) return s.error();
  if (Status s = task.validate(); !s) return s.error();
  if (cache.stateCount() != db.stateCount() || db.stateCount() == 0) {
    return Error{"value iteration: the transition cache is of another database"};
  }
  if (cache.k > 65535) return Error{"value iteration: at most 65535 actions per state"};
  FieldValueFunction vf;
  vf.task = task;
  vf.discount = settings.discount;
  const bool sampled = settings.learning == CompressedLearning::Sampled;
  vf.anchors = buildAnchorMap(db, sampled ? 1 : settings.compression);
  Solver solver(db, cache, task, settings, vf);
  double first = -1;
  for (int iteration = 1; iteration <= settings.maxIterations; ++iteration) {
    const double residual = solver.sweep(true, progress);
    if (progress.cancelled()) return Error{"value iteration cancelled"};
    vf.iterations = iteration;
    vf.bellmanResidual = residual;
    if (first < 0) first = residual;
    if (residual < settings.tolerance) break;
    for (int e = 0; e < settings.evaluationSweeps; ++e) solver.sweep(false, progress);
    if (progress.cancelled()) return Error{"value iteration cancelled"};
    // Progress by the residual's fall on a log scale towards the tolerance.
    if (first > settings.tolerance && residual > 0) {
      progress.report(std::log(first / residual) / std::log(first / settings.tolerance));
    }
  }
  if (sampled && settings.compression > 1) {
    // Keep the values of the anchor states (Eq. 13 interpolates the rest).
    AnchorMap map = buildAnchorMap(db, settings.compression);
    const size_t p = task.parameterCount();
    std::vector<float> kept(static_cast<size_t>(map.anchorCount()) * p);
    for (int a = 0; a < map.anchorCount(); ++a) {
      std::copy_n(vf.values.begin() + static_cast<size_t>(map.anchorStates[a]) * p, p,
                  kept.begin() + a * p);
    }
    vf.anchors = std::move(map);
    vf.values = std::move(kept);
  }
  progress.report(1.0);
  return vf;
}

}  // namespace mg
