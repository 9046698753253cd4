// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "core/eval/response_measure.h"
#include "core/motion/motion.h"
#include "core/synth/pose_stream.h"

namespace mg {

// Response times of a steered stream by the one measure of core/eval/response_measure.h, with the
// facing taken from the pose's root yaw: works on the poses any PoseStream writes, so the motion
// field and the graph controller are timed alike. Fed frame by frame: call directive() when the
// directive changes (before the frame it first applies to) and frame() with every pose written.
class ResponseTracker {
 public:
  ResponseTracker(double fps, ResponseCriteria criteria = {}) : m_fps(fps), m_criteria(criteria) {}

  void directive(int frame, const Directive& d);
  void frame(int frame, const Pose& pose);
  // True when the pose meets the directive.
  bool meets(const Pose& pose, const Directive& d) const;

  const std::vector<ResponseRecord>& records() const { return m_records; }

 private:
  double m_fps;
  ResponseCriteria m_criteria;
  std::vector<ResponseRecord> m_records;
};

}  // namespace mg

namespace mg {

// The paper's agility experiment: `changes` heading changes, each a uniformly drawn turn in
// [-180, 180) degrees relative to where the character faces at that moment, one every
// `intervalSeconds` after `warmupSeconds` of following the first facing. Plays `stream` (which must
// follow Heading directives) and returns one record per change; a change not met within its
// interval is a failure. Deterministic for a seed; the same seed gives every stream the same turns.
// `observe`, when given, sees every frame played, with the directive it was played under (for
// measuring how fast the stream turns, core/eval/turn_rate.h, or tracing a controller).
using PlayedFrameObserver =
    std::function<void(int frame, const Pose& pose, const Directive& directive)>;
std::vector<ResponseRecord> runHeadingChanges(PoseStream& stream, int changes,
                                              double intervalSeconds, double warmupSeconds,
                                              std::uint64_t seed, ResponseCriteria criteria = {},
                                              const PlayedFrameObserver& observe = {});

// The line-following experiment (Table 2): as runHeadingChanges, but each change is a new line
// (Line directive) along a uniformly drawn heading in [-180, 180) degrees relative to the facing,
// placed so that the character's signed offset from it is uniform in [-maxOffsetMetres,
// maxOffsetMetres]; the warm-up follows the line through the character along its facing. Timed
// until within the angle and the offset of the criteria. Empty when maxOffsetMetres <= 0.
std::vector<ResponseRecord> runLineChanges(PoseStream& stream, int changes, double intervalSeconds,
                                           double warmupSeconds, std::uint64_t seed,
                                           double maxOffsetMetres, ResponseCriteria criteria = {},
                                           const PlayedFrameObserver& observe = {});

}  // namespace mg
