// SPDX-License-Identifier: MIT
#pragma once

#include <span>
#include <vector>

#include "core/eval/point_tracks.h"
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
std::vector<double> facingYaw(const PointTracks& tracks, FacingPair pair, const FacingSettings& settings = {});

// A new direction asked for at output frame `frame` (the first frame synthesised after it).
struct DirectiveChange {
  int frame = 0;
  double headingRadians = 0.0;  // yaw sense as above
};

// How long the character took to face within the tolerance of one change: the first frame
// f >= change.frame whose facing is within tolerance, seconds = (f - change.frame) / fps. A change
// not met before the next change (or the end of the motion) is not reached; its seconds are the
// time it had (censored).
struct Response {
  int frame = 0;
  double headingRadians = 0.0;
  double startErrorRadians = 0.0;  // |facing - heading| at the change
  double seconds = 0.0;
  bool reached = false;
};

struct ResponseStats {
  int changes = 0;
  int reached = 0;
  // Over every change, the unreached ones counted with their censored time (so a kind that never
  // turns cannot look fast).
  double meanSeconds = 0.0;
  double medianSeconds = 0.0;
  double maxSeconds = 0.0;
  std::vector<Response> responses;
};

// Changes must be in increasing frame order inside the motion. Fails when no facing pair is
// found, a change lies outside the motion or the changes are out of order, or the tolerance is
// not in (0, pi].
Result<ResponseStats> measureResponses(const PointTracks& tracks, std::span<const DirectiveChange> changes,
                                       double toleranceRadians, const FacingSettings& settings = {});

// Wraps an angle into (-pi, pi].
double wrapYaw(double radians);

}  // namespace mg
