// SPDX-License-Identifier: MIT
#pragma once

#include <array>
#include <vector>

#include <Eigen/Core>

#include "core/motion/foot_contacts.h"
#include "core/motion/leg_ik.h"
#include "core/motion/motion.h"

namespace mg {

// Foot plants for synthesised locomotion: the paper's "foot contact annotation", applied to the
// poses a motion field writes (never to its states, so the flow itself is unchanged). Each frame
// gets, per foot point, the fraction of its neighbours' similarity weight whose database frame has
// that point planted (detectFootContacts on the source). A foot whose heel fraction passes 0.5
// holds its heel where it was shown when the plant began (in the floor plane; the height follows
// the motion); with only the toe planted it holds the toe. The leg reaches the held point by
// two-bone IK (core/motion/leg_ik.h), the root moving only when a target is out of reach; a hold
// pulls a foot at most 0.1 m from where the flow puts it (beyond, the held point slides). When the
// plant ends, the correction fades out over `releaseFrames`. Legs come from findFootPoints; a
// skeleton without them passes through unchanged. One per stream; not thread-safe.
class FootLock {
 public:
  explicit FootLock(const Skeleton& skeleton, int releaseFrames = 6);

  bool hasLegs() const { return !m_feet.empty(); }
  // Edits `pose` (a world pose of `skeleton`). `planted[p]` in [0, 1] per FootPoint.
  void apply(Pose& pose, const std::array<double, kFootPointCount>& planted);
  // Forgets held points (after a jump of the character, e.g. a new start).
  void reset();

 private:
  struct Foot {
    LegChain leg;
    FootPointLocation heel, toe;
    FootPoint heelPoint, toePoint;
    int mode = 0;  // 0 free, 1 heel held, 2 toe held
    Eigen::Vector3d held = Eigen::Vector3d::Zero();
    Eigen::Vector3d offset = Eigen::Vector3d::Zero();  // correction shown last frame (world)
  };
  const Skeleton& m_skeleton;
  double m_release;
  std::vector<Foot> m_feet;
  std::vector<Eigen::Vector3d> m_world;
  std::vector<Eigen::Quaterniond> m_worldRotations;
};

}  // namespace mg
