// SPDX-License-Identifier: MIT
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>

#include "core/motion/foot_contacts.h"
#include "core/motion/motion.h"
#include "core/snap/common_pose.h"
#include "core/util/result.h"

namespace mg {

// How planted feet are enforced.
struct FootConstraintSettings {
  int blendFrames = 6;           // frames over which a correction blends in and out; >= 0
  double reachFraction = 0.995;  // root moves when a target needs more than this of a leg; (0, 1]
  // Beyond this fraction of a leg the reach saturates smoothly towards reachFraction and the root
  // takes up the rest, so knees never snap straight; (0, reachFraction].
  double softReachFraction = 0.97;
};

// A re-step: frames [begin, end] between two plants of `point` (bit 1 << FootPoint), unplanted so
// that the point can move from where one plant holds it to where the other does, which the
// capture does not do there (splitUnheldPlants). A foot that moves has to leave the floor: the
// point is lifted there at least `lift` metres above the higher of the two plants (less what it
// already rises there), by a smooth bump (zero height and velocity at both plants).
struct PlantStep {
  int point = 0;  // FootPoint; a toe's step lifts its tip too
  int begin = 0, end = 0;
  double lift = 0.0;
};

// Enforces foot plants on an edited motion (the constraint solver of Snap-Together Motion,
// section 4.3), adding as little acceleration as it can.
//  - Targets: every planted run of a foot point in `contacts` gets a target path. Locked frames
//    in the run are kept as they are and anchor it: the target is their position, moving (with
//    zero velocity at both ends) from one locked stretch to the next when a run holds locked
//    frames of two match frames. A run without locked frames holds the mean of its positions.
//    Where heel and toe of one foot are planted together their targets are made to agree with
//    the foot's length (no pose can reach two targets further apart): the point whose run
//    locked frames anchor keeps its target (the toe if both or neither are anchored) and the
//    other is moved along the line between the two targets to the foot's length from it, over
//    its whole run (where the leader is not planted, as on the nearest frame where it is), so a
//    heel landing before its toe, or a toe holding after its heel lifts, keeps one place.
//  - Root: where a target needs more than softReachFraction of a leg, the root moves (smoothly
//    more as the need nears reachFraction, all of it beyond); the shift is filled in between
//    (fillMinimumAcceleration) so it never steps.
//  - Corrections: every foot point's correction (target minus where it is, after the root shift)
//    is fixed on its planted frames, zero on locked frames and on frames more than blendFrames
//    from its planted frames, and filled with the least acceleration in between: it blends in
//    before touch-down and out after lift-off (or before a locked frame) with no step in
//    position or velocity.
//  - Steps: each of `steps` adds its lift to the point's correction (PlantStep).
//  - Legs: each frame with a correction is solved by LegIkJob (heel -> ankle target, toe ->
//    foot aim); while only the toe is planted the ankle keeps its distance to the toe target, so
//    the foot pivots about the toe.
// Locked frames are never changed, so the frames the hubs rely on stay exactly as given. Legs
// are found from findFootPoints (heel joint = foot of the chain). Owns nothing; thread-safe.
struct FootConstraintJob {
  const Motion* motion = nullptr;          // the edited motion; not owned
  const FootContacts* contacts = nullptr;  // plants to enforce, one entry per frame; not owned
  std::span<const std::uint8_t> locked;    // one flag per frame (non-zero: locked) or empty
  FootConstraintSettings settings;
  std::span<const PlantStep> steps;  // re-steps to lift, or empty

  // Fails when: motion or contacts is null; the motion does not validate(); contacts or locked
  // (if not empty) do not have one entry per frame; blendFrames < 0; reachFraction not in (0, 1];
  // softReachFraction not in (0, reachFraction]; a step names no FootPoint, has begin > end, frames
  // outside the motion, a negative or non-finite lift.
  Status validate() const;

  // The constrained motion. A skeleton without recognisable legs comes back unchanged.
  Result<Motion> run() const;
};

// Makes a common pose keep its planted foot points still (the paper's appendix, per hub: the
// common pose is made to satisfy its own constraints): every point of `plantedMask` (bit
// 1 << FootPoint) stays in frames f-1 and f+1 where it is in frame f, by leg IK on those two
// frames (root moved if out of reach), and so does the tip of a planted toe joint. With
// `targets` (one per FootPoint, world metres; a point of plantedMask without one stays where it
// is), frame f's legs are first solved to put its planted points there, keeping each foot's
// orientation unless its toe has a target; otherwise frame f is unchanged. Fails when a pose has
// the wrong joint count, reachFraction is not in (0, 1], or targets is neither empty nor one per
// FootPoint. Skeletons without legs leave the pose alone.
// With `tipTargets` too (empty or one per side, left then right; only read where the side's toe
// has a target and the skeleton a toe tip, see findToeTips), the foot also turns about its toe
// (its ankle target swung about the vertical through the toe target) and the toe joint aims the
// tip there, so a foot planted on its toe alone takes the heading the tip asks for.
Status plantCommonPose(const Skeleton& skeleton, std::uint8_t plantedMask, PoseTriple& pose,
                       double reachFraction = 0.995,
                       std::span<const std::optional<Eigen::Vector3d>> targets = {},
                       std::span<const std::optional<Eigen::Vector3d>> tipTargets = {});

// The tip of each toe, left then right: the end site past the toe joint, on skeletons where the
// toe point is a joint of its own (not the foot's end site). A planted toe holds its tip too.
std::array<std::optional<FootPointLocation>, 2> findToeTips(const Skeleton& skeleton);

}  // namespace mg
