// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <span>

#include "core/motion/foot_contacts.h"
#include "core/motion/motion.h"
#include "core/snap/common_pose.h"
#include "core/util/result.h"

namespace mg {

// How planted feet are enforced.
struct FootConstraintSettings {
  int blendFrames = 5;         // frames over which a correction fades out next to a plant; >= 0
  double reachFraction = 0.995;  // root moves when a target needs more than this of a leg; (0, 1]
};

// Enforces foot plants on an edited motion (the constraint solver of Snap-Together Motion,
// section 4.3). For every planted run of a foot point in `contacts` the point gets one fixed
// position: where it is at the run's locked frame nearest to each frame, or, when the run holds
// no locked frame, the mean of its positions over the run. Every unlocked planted frame is then
// solved: the root moves if a target is out of reach, each leg is solved by LegIkJob (heel ->
// ankle target; toe -> foot aim). Corrections fade out over `blendFrames` next to solved frames;
// locked frames are never changed and act as zero corrections, so the frames the hubs rely on
// stay exactly as given. Legs are found from findFootPoints (heel joint = foot of the chain).
// Owns nothing; thread-safe.
struct FootConstraintJob {
  const Motion* motion = nullptr;          // the edited motion; not owned
  const FootContacts* contacts = nullptr;  // usually detected on the unedited motion; not owned
  std::span<const std::uint8_t> locked;    // one flag per frame (non-zero: locked) or empty
  FootConstraintSettings settings;

  // Fails when: motion or contacts is null; the motion does not validate(); contacts or locked
  // (if not empty) do not have one entry per frame; blendFrames < 0; reachFraction not in (0, 1].
  Status validate() const;

  // The constrained motion. A skeleton without recognisable legs comes back unchanged.
  Result<Motion> run() const;
};

// Makes a common pose keep its planted foot points still (the paper's appendix, per hub: the
// common pose is made to satisfy its own constraints): every point of `plantedMask` (bit
// 1 << FootPoint) stays in frames f-1 and f+1 where it is in frame f, by leg IK on those two
// frames (root moved if out of reach). Frame f is unchanged. Fails when a pose has the wrong
// joint count or reachFraction is not in (0, 1]. Skeletons without legs leave the pose alone.
Status plantCommonPose(const Skeleton& skeleton, std::uint8_t plantedMask, PoseTriple& pose,
                       double reachFraction = 0.995);

}  // namespace mg
