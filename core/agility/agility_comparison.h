// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/agility/graph_controller.h"
#include "core/agility/response_time.h"
#include "core/eval/turn_rate.h"
#include "core/field/motion_field.h"
#include "core/util/progress.h"
#include "core/util/result.h"

namespace mg {

// The paper's agility experiments (Tables 1 and 2): the same heading changes (runHeadingChanges)
// or line changes (runLineChanges, offsets up to the task's maxOffsetMetres) played by the motion
// field with value functions of the task learned at several temporal compressions, and by the
// graph-based controller with the same task on the database motion graph of the same frames.
struct AgilitySettings {
  FieldTask task;  // its kind picks the experiment
  int changes = 50;
  double intervalSeconds = 4.0;
  std::uint64_t seed = 1;  // the turns and the start state
  std::vector<int> compressions = {1, 10, 20, 30};
  CompressedLearning learning = CompressedLearning::Sampled;  // how N > 1 functions are learned
  double graphThreshold = 0.02;  // m^2, transitions of the database motion graph
  GraphControllerSettings graph;
  int threads = 0;
};

struct AgilityEntry {
  std::string label;  // "N=1", ..., "graph"
  std::vector<ResponseRecord> records;
  ResponseSummary summary;
  TurnRate turnRate;  // how fast the character turned over the run (root yaw, half-second window)
  double learnSeconds = 0.0;  // value iteration (the N=1 entry also holds the cache)
  long long valueBytes = 0;
};

struct AgilityComparison {
  std::vector<AgilityEntry> field;  // one per compression, in order
  AgilityEntry graph;
  int graphVertices = 0;
  int graphTransitions = 0;
  int graphIterations = 0;
  TurnRate captureTurnRate;  // the same measure over every take of the field's database
};

// Runs the experiment on `field`'s database (its own value function is not used). Progress:
// learning and playing each controller in turn; cancellable. Fails when a setting is invalid, the
// graph cannot be built (e.g. no transitions under the threshold), or cancelled.
Result<AgilityComparison> compareAgility(const MotionField& field, const AgilitySettings& settings,
                                         const Progress& progress = {});

}  // namespace mg
