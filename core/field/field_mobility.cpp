// SPDX-License-Identifier: MIT
#include "core/field/field_mobility.h"

#include <algorithm>
#include <cmath>

namespace mg {

Status FieldMobilitySettings::validate() const {
  if (!(discount > 0 && discount < 1))
    return Error{"field mobility: the discount must be in (0, 1)"};
  if (!(toleranceMetres > 0 && std::isfinite(toleranceMetres))) {
    return Error{"field mobility: the tolerance must be positive"};
  }
  if (maxIterations < 1) return Error{"field mobility: at least one iteration is needed"};
  return Status::success();
}

double FieldMobility::at(std::span<const Neighbour> neighbours,
                         std::span<const double> weights) const {
  double m = 0;
  for (size_t i = 0; i < neighbours.size(); ++i) m += weights[i] * metres[neighbours[i].state];
  return m;
}

Result<FieldMobility> solveFieldMobility(const FieldDatabase& db, const TransitionCache& cache,
                                         const FieldMobilitySettings& settings,
                                         const Progress& progress) {
  if (Status s = settings.validate(); !s) return s.error();
  const int n = db.stateCount();
  if (n == 0 || cache.stateCount() != n)
    return Error{"field mobility: the transition cache is of another database"};
  const int k = cache.k;
  std::vector<float> move(static_cast<size_t>(n) * k);
  for (size_t e = 0; e < move.size(); ++e) move[e] = std::hypot(cache.moveX[e], cache.moveZ[e]);
  FieldMobility out;
  out.discount = settings.discount;
  out.metres.assign(n, 0.0f);
  float* m = out.metres.data();
  const float gamma = static_cast<float>(settings.discount);
  double first = -1;
  for (int it = 1; it <= settings.maxIterations; ++it) {
    if (progress.cancelled()) return Error{"field mobility cancelled"};
    double residual = 0;
    for (int s = n - 1; s >= 0; --s) {
      float best = 0;
      for (int j = 0; j < k; ++j) {
        const size_t e = static_cast<size_t>(s) * k + j;
        float later = 0;
        for (int t = cache.termBegin[e]; t < cache.termBegin[e + 1]; ++t)
          later += cache.termWeight[t] * m[cache.termState[t]];
        best = std::max(best, move[e] + gamma * later);
      }
      residual = std::max(residual, static_cast<double>(std::abs(best - m[s])));
      m[s] = best;
    }
    out.iterations = it;
    out.residual = residual;
    if (residual < settings.toleranceMetres) break;
    if (first < 0) first = residual;
    if (first > settings.toleranceMetres && residual > 0) {
      progress.report(std::log(first / residual) / std::log(first / settings.toleranceMetres));
    }
  }
  progress.report(1.0);
  return out;
}

EscapeRun runEscape(const MotionField& field, const FieldMobility& mobility,
                    const MotionState& start, int frames) {
  FieldStepper stepper(*field.database, *field.index, field.settings.flow);
  ActionLookahead lookahead(field);
  MotionState state = start;
  EscapeRun run;
  const double fps = field.fps();
  for (; run.frames < frames; ++run.frames) {
    stepper.prepare(state);
    run.bestMobility =
        std::max(run.bestMobility, mobility.at(stepper.neighbours(), stepper.similarity()));
    lookahead.look(stepper);
    int best = 0;
    double bestValue = -INFINITY;
    for (int j = 0; j < lookahead.actionCount(); ++j) {
      const Eigen::Vector3d& d = lookahead.outcome(j).displacement;
      const double v =
          std::hypot(d.x(), d.z()) +
          mobility.discount * mobility.at(lookahead.neighbours(j), lookahead.weights(j));
      if (v > bestValue) bestValue = v, best = j;
    }
    const MotionState& next = lookahead.outcome(best).next;
    const double step = std::hypot(next.pose.rootPosition.x() - state.pose.rootPosition.x(),
                                   next.pose.rootPosition.z() - state.pose.rootPosition.z());
    run.metres += step;
    run.maxSpeed = std::max(run.maxSpeed, step * fps);
    state = next;
  }
  return run;
}

}  // namespace mg
