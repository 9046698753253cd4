// SPDX-License-Identifier: MIT
#include "core/field/motion_field.h"

#include <algorithm>

#include "core/util/stopwatch.h"

namespace mg {

Status MotionFieldSettings::validate() const {
  if (Status s = database.validate(); !s) return s;
  return flow.validate();
}

Status MotionFieldBuildSettings::validate() const {
  if (Status s = field.validate(); !s) return s;
  if (!learn) return Status::success();
  if (Status s = task.validate(); !s) return s;
  return iteration.validate();
}

Result<std::shared_ptr<const MotionField>> assembleMotionField(
    std::shared_ptr<const FieldDatabase> database, const MotionFieldSettings& settings,
    std::shared_ptr<const FieldValueFunction> values) {
  if (Status s = settings.validate(); !s) return s.error();
  if (!database || database->stateCount() == 0) return Error{"motion field: no database"};
  if (values) {
    const AnchorMap& a = values->anchors;
    if (static_cast<int>(a.anchor0.size()) != database->stateCount() ||
        values->values.size() !=
            static_cast<size_t>(a.anchorCount()) * values->task.parameterCount()) {
      return Error{"motion field: the value function does not fit the database"};
    }
  }
  auto field = std::make_shared<MotionField>();
  field->settings = settings;
  field->index = NeighbourIndex::build(*database, settings.knn);
  field->database = std::move(database);
  field->values = std::move(values);
  return std::shared_ptr<const MotionField>(std::move(field));
}

Result<MotionFieldBuild> buildMotionField(std::span<const std::shared_ptr<const Motion>> motions,
                                          const MotionFieldBuildSettings& settings,
                                          const Progress& progress) {
  if (Status s = settings.validate(); !s) return s.error();
  MotionFieldBuild build;
  MotionFieldBuildStats& stats = build.stats;
  Stopwatch clock;
  Result<FieldDatabase> db = buildFieldDatabase(motions, settings.field.database);
  if (!db) return db.error();
  auto database = std::make_shared<const FieldDatabase>(std::move(db.value()));
  stats.states = database->stateCount();
  stats.dims = database->featureDims;
  stats.statesSeconds = clock.seconds();
  progress.report(0.05);
  if (progress.cancelled()) return Error{"motion field cancelled"};
  clock.restart();
  Result<std::shared_ptr<const MotionField>> passive =
      assembleMotionField(database, settings.field, nullptr);
  if (!passive) return passive.error();
  progress.report(0.08);
  if (!settings.learn) {
    stats.neighboursSeconds = clock.seconds();
    auto field = std::make_shared<MotionField>(*passive.value());
    field->buildSeconds = stats.statesSeconds + stats.neighboursSeconds;
    build.field = std::move(field);
    progress.report(1.0);
    return build;
  }
  const MotionField& f = *passive.value();
  Result<TransitionCache> cache = buildTransitionCache(*database, *f.index, settings.field.flow,
                                                       settings.threads, progress.slice(0.08, 0.6));
  if (!cache) return Error{progress.cancelled() ? "motion field cancelled" : cache.error().message};
  stats.neighboursSeconds = clock.seconds();
  clock.restart();
  ValueIterationSettings iteration = settings.iteration;
  if (iteration.threads == 0) iteration.threads = settings.threads;
  Result<FieldValueFunction> values = solveValueFunction(*database, cache.value(), settings.task,
                                                         iteration, progress.slice(0.6, 1.0));
  if (!values)
    return Error{progress.cancelled() ? "motion field cancelled" : values.error().message};
  stats.valueIterationSeconds = clock.seconds();
  stats.anchors = values->anchors.anchorCount();
  stats.iterations = values->iterations;
  stats.bellmanResidual = values->bellmanResidual;
  auto field = std::make_shared<MotionField>(f);
  field->values = std::make_shared<const FieldValueFunction>(std::move(values.value()));
  field->buildSeconds = stats.statesSeconds + stats.neighboursSeconds + stats.valueIterationSeconds;
  build.field = std::move(field);
  build.cache = std::make_shared<const TransitionCache>(std::move(cache.value()));
  progress.report(1.0);
  return build;
}

void ActionLookahead::look(const FieldStepper& stepper) {
  const FieldDatabase& db = *m_field.database;
  const int actions = stepper.actionCount();
  m_outcomes.resize(actions);
  m_features.resize(static_cast<size_t>(actions) * db.featureDims);
  for (int j = 0; j < actions; ++j) {
    stepper.stepAction(j, m_outcomes[j]);
    embedState(db, m_outcomes[j].next.pose, m_outcomes[j].next.velocity,
               m_features.data() + static_cast<size_t>(j) * db.featureDims);
  }
  m_field.index->queryBatch(m_features.data(), actions, m_field.settings.flow.k, m_found);
  m_perAction = actions > 0 ? static_cast<int>(m_found.size()) / actions : 0;
  m_weights.resize(m_found.size());
  std::vector<double> w;
  for (int j = 0; j < actions; ++j) {
    similarityWeights(neighbours(j), w);
    std::copy(w.begin(), w.end(), m_weights.begin() + static_cast<size_t>(j) * m_perAction);
  }
}

std::span<const Neighbour> ActionLookahead::neighbours(int j) const {
  return {m_found.data() + static_cast<size_t>(j) * m_perAction, static_cast<size_t>(m_perAction)};
}

std::span<const double> ActionLookahead::weights(int j) const {
  return {m_weights.data() + static_cast<size_t>(j) * m_perAction,
          static_cast<size_t>(m_perAction)};
}

FieldPolicy::FieldPolicy(const MotionField& field) : m_field(field), m_lookahead(field) {}

int FieldPolicy::choose(const FieldStepper& stepper, const TaskParameter& t, FieldStepOutcome& out,
                        std::vector<double>* qValues) {
  const FieldDatabase& db = *m_field.database;
  const FieldValueFunction& vf = *m_field.values;
  m_lookahead.look(stepper);
  const int actions = m_lookahead.actionCount();
  if (qValues) qValues->assign(actions, 0.0);
  int best = 0;
  double bestQ = -INFINITY;
  const double hazard = directiveChangeProbability(vf.task, db.settings.workingFps);
  for (int j = 0; j < actions; ++j) {
    const std::span<const Neighbour> nb = m_lookahead.neighbours(j);
    const std::span<const double> w = m_lookahead.weights(j);
    const FieldStepOutcome& o = m_lookahead.outcome(j);
    const TaskParameter next = advanceTask(vf.task, t, o.yawChange, o.displacement);
    double later = (1 - hazard) * vf.value(nb, w, next);
    if (hazard > 0) {
      vf.blendedValues(nb, w, m_blended);
      double mean = 0;
      for (float x : m_blended) mean += x;
      later += hazard * mean / static_cast<double>(m_blended.size());
    }
    const double q = taskReward(vf.task, next) + vf.discount * later;
    if (qValues) (*qValues)[j] = q;
    if (q > bestQ) bestQ = q, best = j;
  }
  out = m_lookahead.outcome(best);
  return best;
}

}  // namespace mg
