// SPDX-License-Identifier: MIT
#pragma once

#include <memory>
#include <span>
#include <vector>

#include "core/field/field_database.h"
#include "core/field/field_step.h"
#include "core/field/field_task.h"
#include "core/field/neighbour_index.h"
#include "core/field/value_function.h"
#include "core/field/value_iteration.h"
#include "core/util/progress.h"
#include "core/util/result.h"

namespace mg {

// Everything that defines a motion field's flow.
struct MotionFieldSettings {
  FieldDatabaseSettings database;
  FieldFlowSettings flow;
  KnnMethod knn = kDefaultKnnMethod;

  Status validate() const;
};

// A motion field (Lee et al. 2010): the motion database, its exact neighbour index, the flow, and
// optionally a value function for one task (without one the field plays passively). Immutable;
// share it as std::shared_ptr<const MotionField> (streams on several threads may use it at once).
struct MotionField {
  MotionFieldSettings settings;
  std::shared_ptr<const FieldDatabase> database;
  std::shared_ptr<const NeighbourIndex> index;
  std::shared_ptr<const FieldValueFunction> values;  // null: passive only
  // Informative: wall time the field took to build from the loaded capture, as field files record
  // it (the quality report shows it); < 0 when unknown.
  double buildSeconds = -1;
  // Informative: frames dropped from the start of every source file before the motions (as
  // files record it, so a report lines the source up with the field); < 0 when unknown.
  int trimLeadingFrames = -1;

  double fps() const { return database->settings.workingFps; }
};

// A field from a built database (indexes it). `values` may be null; when given it must be of this
// database (anchor map over its states). Fails when the settings are invalid or the values do not
// fit the database.
Result<std::shared_ptr<const MotionField>> assembleMotionField(
    std::shared_ptr<const FieldDatabase> database, const MotionFieldSettings& settings,
    std::shared_ptr<const FieldValueFunction> values);

// What to build: the field, and whether to learn a value function for `task`.
struct MotionFieldBuildSettings {
  MotionFieldSettings field;
  bool learn = true;
  FieldTask task;
  ValueIterationSettings iteration;
  int threads = 0;  // 0 = the pool's

  Status validate() const;
};

struct MotionFieldBuildStats {
  int states = 0;
  int dims = 0;
  int anchors = 0;
  int iterations = 0;
  double bellmanResidual = 0.0;
  double statesSeconds = 0.0;      // resampling, states, features
  double neighboursSeconds = 0.0;  // the index and the transition cache
  double valueIterationSeconds = 0.0;
};

struct MotionFieldBuild {
  std::shared_ptr<const MotionField> field;
  std::shared_ptr<const TransitionCache> cache;  // null when not learned; reusable for other tasks
  MotionFieldBuildStats stats;
};

// Builds a field from `motions` (any rate; resampled). Progress: states 0-5%, index 5-8%, cache
// 8-60%, value iteration 60-100% (without learning the cache is skipped). Cancellable. Fails with
// the message of the failing step (buildFieldDatabase names the motion) or "cancelled".
Result<MotionFieldBuild> buildMotionField(std::span<const std::shared_ptr<const Motion>> motions,
                                          const MotionFieldBuildSettings& settings,
                                          const Progress& progress = {});

// The next state of every action of a prepared stepper and that state's neighbours with their
// similarity weights (one batched query): what a lookahead policy scores. Not thread-safe
// (scratch); one per stream.
class ActionLookahead {
 public:
  explicit ActionLookahead(const MotionField& field) : m_field(field) {}
  // Precondition: stepper prepared (over this field's database and index).
  void look(const FieldStepper& stepper);
  int actionCount() const { return static_cast<int>(m_outcomes.size()); }
  const FieldStepOutcome& outcome(int j) const { return m_outcomes[j]; }
  std::span<const Neighbour> neighbours(int j) const;
  std::span<const double> weights(int j) const;

 private:
  const MotionField& m_field;
  std::vector<FieldStepOutcome> m_outcomes;
  std::vector<double> m_features;
  std::vector<Neighbour> m_found;
  std::vector<double> m_weights;  // per action, perAction entries
  int m_perAction = 0;
};

// The lookahead policy of Eq. 11 over the k actions of a prepared state: for each action j the next
// state, its task parameter T'_j and its neighbours; Q_j = r(T'_j) + gamma ((1 - h) V(next_j, T'_j)
// + h mean_T V(next_j, T)) with h the task's directive change probability (FieldTask); the largest
// Q wins (ties: the lower j). Not thread-safe (scratch); one per stream.
class FieldPolicy {
 public:
  explicit FieldPolicy(const MotionField& field);
  // Returns the chosen action; `out` receives its outcome. `qValues` (optional) receives every Q.
  // Precondition: field.values is not null; stepper prepared.
  int choose(const FieldStepper& stepper, const TaskParameter& t, FieldStepOutcome& out,
             std::vector<double>* qValues = nullptr);
  // The actions of the last choose(): each one's next state and turn.
  const ActionLookahead& lookahead() const { return m_lookahead; }

 private:
  const MotionField& m_field;
  ActionLookahead m_lookahead;
  std::vector<float> m_blended;
};

}  // namespace mg
