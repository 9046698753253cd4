// SPDX-License-Identifier: MIT
#include "core/field/field_task.h"

#include <algorithm>
#include <cmath>

#include "core/field/field_step.h"

namespace mg {

Status FieldTask::validate() const {
  if (angleSamples < 4) return Error{"motion field task: at least 4 angle samples are needed"};
  if (angleSamples > kMaxAngleSamples) {
    return Error{"motion field task: at most " + std::to_string(kMaxAngleSamples) +
                 " angle samples (one a degree)"};
  }
  if (!(std::isfinite(directiveChangesPerSecond) && directiveChangesPerSecond >= 0)) {
    return Error{"motion field task: the directive change rate must not be negative"};
  }
  if (kind == FieldTaskKind::Line) {
    if (offsetSamples < 2) return Error{"motion field task: at least 2 offset samples are needed"};
    if (offsetSamples > kMaxOffsetSamples) {
      return Error{"motion field task: at most " + std::to_string(kMaxOffsetSamples) +
                   " offset samples"};
    }
    if (!(std::isfinite(maxOffsetMetres) && maxOffsetMetres > 0)) {
      return Error{"motion field task: the offset range must be positive"};
    }
    if (!(std::isfinite(offsetRewardPerMetre) && offsetRewardPerMetre > 0)) {
      return Error{"motion field task: the offset reward weight must be positive"};
    }
  }
  return Status::success();
}

double FieldTask::angleStep() const {
  return 2 * M_PI / angleSamples;
}
double FieldTask::offsetStep() const {
  return 2 * maxOffsetMetres / (offsetSamples - 1);
}
double FieldTask::angleAt(int t) const {
  return -M_PI + t * angleStep();
}
double FieldTask::offsetAt(int o) const {
  return -maxOffsetMetres + o * offsetStep();
}

const char* fieldTaskName(FieldTaskKind kind) {
  return kind == FieldTaskKind::Direction ? "direction" : "line";
}

bool parseFieldTaskKind(const std::string& name, FieldTaskKind& out) {
  if (name == "direction") return out = FieldTaskKind::Direction, true;
  if (name == "line") return out = FieldTaskKind::Line, true;
  return false;
}

double taskReward(const FieldTask& task, const TaskParameter& t) {
  const double r = -std::abs(t.angle);
  return task.kind == FieldTaskKind::Direction ? r
                                               : r - task.offsetRewardPerMetre * std::abs(t.offset);
}

TaskParameter advanceTask(const FieldTask& task, const TaskParameter& t, double yawChange,
                          const Eigen::Vector3d& displacement) {
  TaskParameter next;
  next.angle = wrapAngle(t.angle - yawChange);
  if (task.kind == FieldTaskKind::Line) {
    // The line's left in the heading frame is the heading's left (+X) turned by the angle.
    next.offset =
        t.offset + displacement.x() * std::cos(t.angle) - displacement.z() * std::sin(t.angle);
  }
  return next;
}

TaskStencil taskStencil(const FieldTask& task, const TaskParameter& t) {
  TaskStencil s;
  const double a = (wrapAngle(t.angle) + M_PI) / task.angleStep();
  const double af = std::floor(a);
  const double alpha = a - af;
  const int a0 = static_cast<int>(af) % task.angleSamples;
  const int a1 = (a0 + 1) % task.angleSamples;
  if (task.kind == FieldTaskKind::Direction) {
    s.count = 2;
    s.index[0] = a0, s.weight[0] = 1 - alpha;
    s.index[1] = a1, s.weight[1] = alpha;
    return s;
  }
  const double o =
      (std::clamp(t.offset, -task.maxOffsetMetres, task.maxOffsetMetres) + task.maxOffsetMetres) /
      task.offsetStep();
  const int o0 = std::min(static_cast<int>(std::floor(o)), task.offsetSamples - 2);
  const double beta = o - o0;
  const int n = task.offsetSamples;
  s.count = 4;
  s.index[0] = a0 * n + o0, s.weight[0] = (1 - alpha) * (1 - beta);
  s.index[1] = a0 * n + o0 + 1, s.weight[1] = (1 - alpha) * beta;
  s.index[2] = a1 * n + o0, s.weight[2] = alpha * (1 - beta);
  s.index[3] = a1 * n + o0 + 1, s.weight[3] = alpha * beta;
  return s;
}

double directiveChangeProbability(const FieldTask& task, double fps) {
  return std::clamp(task.directiveChangesPerSecond / fps, 0.0, 1.0);
}

double interpolateTask(const FieldTask& task, std::span<const float> values,
                       const TaskParameter& t) {
  const TaskStencil s = taskStencil(task, t);
  double v = 0;
  for (int i = 0; i < s.count; ++i) v += s.weight[i] * values[s.index[i]];
  return v;
}

}  // namespace mg
