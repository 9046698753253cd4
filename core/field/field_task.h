// SPDX-License-Identifier: MIT
#pragma once

#include <span>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "core/util/result.h"

namespace mg {

// A control task of Lee et al. 2010, section 5.1, with its task parameters T, their sampling grid
// and reward.
//  - Direction: T = (angle), the desired direction minus the character's facing (root yaw),
//    wrapped to (-pi, pi]; `angleSamples` uniform samples -pi + 2 pi t / angleSamples.
//    Reward -|angle|.
//  - Line: T = (angle, offset): the same angle, and the character's signed distance from the
//    desired line (metres, positive on the line's left), sampled at `offsetSamples` uniform values
//    over [-maxOffsetMetres, maxOffsetMetres] (clamped beyond). Reward -|angle| - c |offset|,
//    c = offsetRewardPerMetre (our choice: 1 rad per metre, so being 1 m off weighs like facing
//    57 degrees off).
// Rewards are those of the state reached by the action (R(s, a) = r(T')), in radians per frame.
// The user changes the directive now and then: with probability h = directiveChangesPerSecond /
// fps per frame the desired direction (and line) is drawn anew, uniformly, so the value of a next
// state is (1 - h) V(s', T') + h mean_T V(s', T). Our addition to the paper's MDP: without it
// standing still facing the goal is a perfect absorbing state, and a character whose capture
// holds stops and jumps walks into a stop and can no longer answer the next directive. With it,
// being able to turn later is worth something, which is what the agility experiment asks. It
// cannot lead out of a stand that no data leaves (the end of a clip that ends standing: no action
// blends anything but stands there); field_mobility.h finds those. 0 gives the paper's MDP.
enum class FieldTaskKind { Direction = 0, Line = 1 };

struct FieldTask {
  // Upper bounds validate() enforces (a file cannot ask for a table past them, and
  // parameterCount() cannot overflow).
  static constexpr int kMaxAngleSamples = 360;
  static constexpr int kMaxOffsetSamples = 201;

  FieldTaskKind kind = FieldTaskKind::Direction;
  int angleSamples = 18;
  int offsetSamples = 13;
  double maxOffsetMetres = 2.0;
  double offsetRewardPerMetre = 1.0;
  double directiveChangesPerSecond = 0.25;  // >= 0; 0.25: a new directive every 4 s on average

  // Fails when: angleSamples < 4 or above kMaxAngleSamples; directiveChangesPerSecond negative
  // or not finite; for the line task offsetSamples < 2 or above kMaxOffsetSamples, or
  // maxOffsetMetres or the reward weight not positive and finite.
  Status validate() const;
  // Samples per database state: angleSamples, or angleSamples x offsetSamples (angle-major).
  int parameterCount() const {
    return kind == FieldTaskKind::Direction ? angleSamples : angleSamples * offsetSamples;
  }
  double angleStep() const;
  double offsetStep() const;
  double angleAt(int t) const;   // sample t of the angle
  double offsetAt(int o) const;  // sample o of the offset (line task)
};

const char* fieldTaskName(FieldTaskKind kind);  // "direction", "line"
bool parseFieldTaskKind(const std::string& name, FieldTaskKind& out);

// A task parameter value (offset unused by the direction task).
struct TaskParameter {
  double angle = 0.0;   // radians, (-pi, pi]
  double offset = 0.0;  // metres
};

// r(T): the reward of being at T.
double taskReward(const FieldTask& task, const TaskParameter& t);

// T after a frame in which the character turned by `yawChange` (radians, counter-clockwise) and
// moved by `displacement` (metres, in its heading frame at the start of the frame: +Z forward,
// +X left): the angle loses the turn; the offset gains the move's component along the line's left.
TaskParameter advanceTask(const FieldTask& task, const TaskParameter& t, double yawChange,
                          const Eigen::Vector3d& displacement);

// Multilinear interpolation weights of T on the grid: up to four (sample index, weight) pairs,
// weights summing to one; the angle wraps around, the offset clamps to its range.
struct TaskStencil {
  int index[4] = {0, 0, 0, 0};
  double weight[4] = {0, 0, 0, 0};
  int count = 0;
};
TaskStencil taskStencil(const FieldTask& task, const TaskParameter& t);

// The per-frame probability of a directive change at `fps` frames per second, in [0, 1].
double directiveChangeProbability(const FieldTask& task, double fps);

// The value of T given the values at every sample (parameterCount() entries).
double interpolateTask(const FieldTask& task, std::span<const float> values,
                       const TaskParameter& t);

}  // namespace mg
