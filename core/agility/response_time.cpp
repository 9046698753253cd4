// SPDX-License-Identifier: MIT
#include "core/agility/response_time.h"

#include <algorithm>
#include <cmath>
#include <random>

#include "core/field/motion_field_stream.h"
#include "core/motion/quaternion.h"

namespace mg {

void ResponseTracker::directive(int frame, const Directive& d) {
  if (d.kind == Directive::Kind::None) return;
  ResponseRecord r;
  r.changeFrame = frame;
  r.directive = d;
  m_records.push_back(r);
}

bool ResponseTracker::meets(const Pose& pose, const Directive& d) const {
  const TaskParameter t = taskParameterOf(pose, d);
  if (std::abs(t.angle) > m_criteria.angleDegrees * M_PI / 180.0) return false;
  return d.kind != Directive::Kind::Line || std::abs(t.offset) <= m_criteria.offsetMetres;
}

void ResponseTracker::frame(int frame, const Pose& pose) {
  if (m_records.empty()) return;
  ResponseRecord& r = m_records.back();
  if (r.seconds || frame < r.changeFrame) return;
  if (frame == r.changeFrame)
    r.startErrorRadians = std::abs(taskParameterOf(pose, r.directive).angle);
  r.heldSeconds = (frame - r.changeFrame) / m_fps;
  if (meets(pose, r.directive)) r.seconds = r.heldSeconds;
}

namespace {

// runHeadingChanges, and with maxOffset > 0 runLineChanges.
std::vector<ResponseRecord> runChanges(PoseStream& stream, int changes, double intervalSeconds,
                                       double warmupSeconds, std::uint64_t seed, double maxOffset,
                                       ResponseCriteria criteria,
                                       const PlayedFrameObserver& observe) {
  std::mt19937_64 rng(seed);
  // A uniform draw in [-1, 1) from 53 random bits (the same on every standard library).
  auto uniform = [&] { return 2 * (static_cast<double>(rng() >> 11) / 9007199254740992.0) - 1; };
  const double fps = stream.fps();
  const int interval = std::max(1, static_cast<int>(std::lround(intervalSeconds * fps)));
  const int warmup = std::max(1, static_cast<int>(std::lround(warmupSeconds * fps)));
  ResponseTracker tracker(fps, criteria);
  Pose pose;
  if (!stream.next(pose)) return {};
  // A line with the character at signed distance `offset` from it, along `heading`.
  auto lineAt = [&](double heading, double offset) {
    Directive d;
    d.kind = Directive::Kind::Line;
    d.headingRadians = heading;
    const Eigen::Vector3d left(std::cos(heading), 0.0, -std::sin(heading));
    d.lineOffsetMetres = pose.rootPosition.dot(left) - offset;
    return d;
  };
  const bool line = maxOffset > 0;
  Directive d;
  d.kind = Directive::Kind::Heading;
  d.headingRadians = yawAngle(pose.localRotations[0]);
  if (line) d = lineAt(d.headingRadians, 0.0);
  stream.setDirective(d);
  if (observe) observe(0, pose, d);
  const int frames = warmup + changes * interval;
  for (int f = 1; f < frames; ++f) {
    if (f >= warmup && (f - warmup) % interval == 0) {
      d.headingRadians = wrapAngle(yawAngle(pose.localRotations[0]) + uniform() * M_PI);
      if (line) d = lineAt(d.headingRadians, uniform() * maxOffset);
      stream.setDirective(d);
      tracker.directive(f, d);
    }
    if (!stream.next(pose)) break;
    if (observe) observe(f, pose, d);
    tracker.frame(f, pose);
  }
  return tracker.records();
}

}  // namespace

std::vector<ResponseRecord> runHeadingChanges(PoseStream& stream, int changes,
                                              double intervalSeconds, double warmupSeconds,
                                              std::uint64_t seed, ResponseCriteria criteria,
                                              const PlayedFrameObserver& observe) {
  return runChanges(stream, changes, intervalSeconds, warmupSeconds, seed, 0.0, criteria, observe);
}

std::vector<ResponseRecord> runLineChanges(PoseStream& stream, int changes, double intervalSeconds,
                                           double warmupSeconds, std::uint64_t seed,
                                           double maxOffsetMetres, ResponseCriteria criteria,
                                           const PlayedFrameObserver& observe) {
  if (!(maxOffsetMetres > 0)) return {};
  return runChanges(stream, changes, intervalSeconds, warmupSeconds, seed, maxOffsetMetres,
                    criteria, observe);
}

}  // namespace mg
