// SPDX-License-Identifier: MIT
#pragma once

#include <deque>
#include <optional>
#include <vector>

#include "core/agility/response_time.h"
#include "core/field/motion_field_stream.h"
#include "core/synth/pose_stream.h"

namespace mg {

// A directive change at a time of the run.
struct ScheduledDirective {
  double seconds = 0.0;
  Directive directive;
};

// A push at a time of the run.
struct ScheduledPush {
  double seconds = 0.0;
  FieldPush push;
};

// How the field came back after a push: the distance from the state to its nearest database
// state (the paper's "far from data") rises above its largest value of the second before the push
// (`baseline`), peaks, and is back within a tenth of that excursion (baseline + 0.1 (peak -
// baseline)) `recoverySeconds` after the push: 0 when it never rose; empty when it had not come
// back by the end of the run or the next push.
struct PushRecord {
  int frame = 0;
  FieldPush push;
  double baseline = 0.0;
  double peak = 0.0;
  bool left = false;
  std::optional<double> recoverySeconds;
};

// Plays `inner` under a script: directive changes and pushes at given times (applied before the
// first frame at or after round(seconds x fps)), timing the inner stream's own work, measuring
// response times (ResponseTracker) and, when `field` is the inner stream, push recoveries. Pushes
// need `field`; without it they are ignored. Frames pass through unchanged. Not thread-safe.
class ScriptedStream final : public PoseStream {
 public:
  ScriptedStream(PoseStream& inner, std::vector<ScheduledDirective> directives,
                 std::vector<ScheduledPush> pushes, MotionFieldStream* field = nullptr,
                 ResponseCriteria criteria = {});

  std::shared_ptr<const Skeleton> skeleton() const override { return m_inner.skeleton(); }
  double fps() const override { return m_inner.fps(); }
  bool next(Pose& out) override;
  int framesPlayed() const override { return m_inner.framesPlayed(); }
  SourceFrame lastSource() const override { return m_inner.lastSource(); }
  const std::vector<StreamTransition>& transitions() const override {
    return m_inner.transitions();
  }

  const std::vector<ResponseRecord>& responses() const { return m_tracker.records(); }
  const std::vector<PushRecord>& pushes() const { return m_pushRecords; }
  double synthesisSeconds() const { return m_seconds; }  // inside inner.next() only
  bool sawNonFinite() const { return m_nonFinite; }

 private:
  PoseStream& m_inner;
  std::vector<ScheduledDirective> m_directives;
  std::vector<ScheduledPush> m_pushes;
  size_t m_nextDirective = 0, m_nextPush = 0;
  MotionFieldStream* m_field;
  ResponseTracker m_tracker;
  std::vector<PushRecord> m_pushRecords;
  std::deque<double> m_recentDistance;  // the last second's nearest distances
  double m_seconds = 0.0;
  bool m_nonFinite = false;
};

}  // namespace mg
