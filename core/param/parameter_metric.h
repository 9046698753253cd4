// SPDX-License-Identifier: MIT
#pragma once

#include <array>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "core/motion/motion.h"
#include "core/util/result.h"

namespace mg {

// The largest parameter vector a node may have (the paper's nodes have 1 to 3 parameters).
inline constexpr int kMaxParameterDims = 3;
using ParameterVector = std::array<double, kMaxParameterDims>;  // unused trailing entries are 0

// What a parameter measures on a (blended) clip. Parameters are measured, never assumed.
enum class ParameterKind {
  // Change of travel direction, degrees, positive = left (counter-clockwise seen from above):
  // direction of the root's floor chord over the last `windowFraction` of the clip minus that
  // over the first, wrapped to (-180, 180]. One parameter.
  TravelDirectionChange,
  // Mean floor speed of the root from the first to the last frame, metres per second. One.
  TravelSpeed,
  // Position of a joint (or its end site) at normalised time `keyTime`, metres, in the frame of
  // the root at the clip's first frame (x left, y up from the floor, z forward): e.g. a punch
  // target. One parameter per letter of `axes`.
  EndEffectorPosition,
  // Lowest height of a joint (or its end site) over the clip, metres: e.g. how low a duck goes.
  MinimumHeight,
};

// One metric of a node. A node's metrics together give 1 to 3 parameters.
struct ParameterMetric {
  ParameterKind kind = ParameterKind::TravelDirectionChange;
  std::string joint;                  // EndEffectorPosition, MinimumHeight: joint name
  bool endSite = false;               // measure the joint's first end site instead of the joint
  double keyTime = 1.0;               // EndEffectorPosition: in [0, 1]
  std::string axes = "xyz";           // EndEffectorPosition: 1 to 3 distinct letters of "xyz"
  double windowFraction = 1.0 / 3.0;  // TravelDirectionChange: chord window, in (0, 0.5]

  int dimensions() const;
  // "travel_direction_change", "travel_speed", "end_effector_position", "minimum_height".
  std::string kindName() const;
  std::string unit() const;  // "deg", "m/s", "m"

  // Fails when: a joint is needed and missing from the skeleton (or has no end site when endSite
  // is set); keyTime outside [0, 1]; axes empty, longer than 3, repeated or not of "xyz";
  // windowFraction outside (0, 0.5].
  Status validate(const Skeleton& skeleton) const;
};

// The kind named `name` (see kindName), or an error listing the known names.
Result<ParameterKind> parameterKindByName(const std::string& name);

// Measures a node's metrics on clips of one skeleton. Validated once; measure() is then
// thread-safe (const, keeps no state).
class ParameterMeasure {
 public:
  // Fails when: `metrics` is empty; any metric is invalid on `skeleton`; the metrics give more
  // than kMaxParameterDims parameters.
  static Result<ParameterMeasure> create(std::vector<ParameterMetric> metrics,
                                         std::shared_ptr<const Skeleton> skeleton);

  int dimensions() const { return m_dims; }
  const std::vector<ParameterMetric>& metrics() const { return m_metrics; }
  // Names per parameter, e.g. "travel_direction_change" or "end_effector_position.x".
  std::vector<std::string> parameterNames() const;
  // The unit of each parameter, in the order of parameterNames() ("deg", "m/s", "m").
  std::vector<std::string> parameterUnits() const;

  // The parameters of `clip` (at least 2 frames, this skeleton) in metric order.
  ParameterVector measure(const Motion& clip) const;

 private:
  std::vector<ParameterMetric> m_metrics;
  std::vector<int> m_joint;    // resolved joint per metric, -1 when unused
  std::vector<int> m_endSite;  // resolved end site per metric, -1 when unused
  std::shared_ptr<const Skeleton> m_skeleton;
  int m_dims = 0;
};

}  // namespace mg
