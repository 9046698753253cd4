// SPDX-License-Identifier: MIT
#pragma once

#include <optional>
#include <span>
#include <vector>

#include "core/eval/point_tracks.h"
#include "core/synth/pose_stream.h"
#include "core/util/result.h"

namespace mg {

// Where a character faces and how fast it turns to face a new direction, measured on
// PointTracks (independent of the code that made the motion).
//
// Facing: the hip line. The mirrored pair of points used is found by name ("left..."/"right..."
// anywhere in the name, or a leading "l"/"r" before the same rest, case-insensitive; end sites
// excluded) at the shallowest depth of the hierarchy whose rest positions are at least
// minSeparationFraction body heights apart horizontally (the hips or thighs of human skeletons).
// The character faces (L - R) x up, i.e. yaw = atan2(-(L - R).z, (L - R).x) in the yaw sense of
// directives (0 = +Z, pi/2 = +X; a skeleton whose left side is at +X faces +Z at rest). The
// facing vector is averaged over a centred window of smoothSeconds (the pelvis sways by 5-10
// degrees within a stride, which would otherwise count as turning), shorter at the ends of the
// motion.
struct FacingSettings {
  double smoothSeconds = 1.0;           // >= 0; 0 = no smoothing (about a stride cancels the sway)
  double minSeparationFraction = 0.05;  // of the body height
};

struct FacingPair {
  int left = -1;
  int right = -1;
};

// Fails, saying so, when the skeleton has no mirrored pair far enough apart.
Result<FacingPair> findFacingPair(const PointTracks& tracks, const FacingSettings& settings = {});

// Facing yaw of every frame, radians in (-pi, pi].
std::vector<double> facingYaw(const PointTracks& tracks, FacingPair pair,
                              const FacingSettings& settings = {});

// The one response-time measure (Lee et al. 2010, section 5.1, Tables 1-2), used by the quality
// report on written motion and by the agility experiment on a stream's poses (core/agility
// ResponseTracker): after a directive change at output frame F, the response time is (f - F) / fps
// for the first frame f >= F, before the next change, whose facing is within `angleDegrees` of
// the desired heading and, for a Line directive, whose root is also within `offsetMetres` of the
// line. A change not met before the next change (or the end) is a failure. Statistics, as the
// paper's tables: mean, median and max over the changes met, and the number of failures beside
// them (so a kind that never turns reads "N failures", never fast). Where the facing comes from is
// the caller's: the hip line of written motion (facingYaw, here) or the root yaw of a pose.
struct ResponseCriteria {
  double angleDegrees = 5.0;  // in (0, 180]
  double offsetMetres = 0.1;  // Line directives only
};

// One directive change and how it was met.
struct ResponseRecord {
  int changeFrame = 0;  // first frame played under the new directive
  Directive directive;
  double startErrorRadians = 0.0;  // |facing - heading| at the change
  std::optional<double> seconds;   // the response time; empty: not met (a failure)
  double heldSeconds =
      0.0;  // how long the directive was held until met, the next change or the end
};

struct ResponseSummary {
  int changes = 0;
  int failures = 0;
  // Over the changes met; 0 when none was.
  double meanSeconds = 0.0;
  double medianSeconds = 0.0;  // of an even count: the mean of the two middle values
  double maxSeconds = 0.0;
};
ResponseSummary summarizeResponses(const std::vector<ResponseRecord>& records);

// A new heading asked for at output frame `frame` (the first frame synthesised after it).
struct DirectiveChange {
  int frame = 0;
  double headingRadians = 0.0;  // yaw sense as above
};

// The measure on written motion: the facing of `tracks` (hip line) against Heading changes.
// Changes must be in increasing frame order inside the motion. Fails when no facing pair is found,
// a change lies outside the motion or the changes are out of order, or the angle is not in
// (0, 180] degrees.
Result<std::vector<ResponseRecord>> measureResponses(const PointTracks& tracks,
                                                     std::span<const DirectiveChange> changes,
                                                     const ResponseCriteria& criteria,
                                                     const FacingSettings& settings = {});

// Wraps an angle into (-pi, pi].
double wrapYaw(double radians);

}  // namespace mg
