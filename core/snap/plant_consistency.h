// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <span>

#include "core/motion/motion.h"
#include "core/snap/common_pose.h"
#include "core/snap/plant_alignment.h"
#include "core/util/result.h"

namespace mg {

// Rigidly consistent plant positions of linked common poses (Snap-Together Motion, appendix).
// A link holds its points planted across a clip, so they must be in the same place at both of
// its ends; the alignments (plantAlignments) can put them there only when the two common poses
// plant them in the same configuration up to a floor transform (rigidly similar). Common poses
// are averages of different match frames and generally do not: a link whose points span both
// feet leaves centimetres between where one end puts a foot and where the other does, and the
// foot has to slide that far along the clip.
//
// The paper's answer, for every class of common poses joined by links: give its members one
// configuration of their planted feet, the average, and move each common pose's feet there by
// inverse kinematics. Here the average is reached by consensus over the links themselves (any
// mix of heel and toe points): repeatedly, each link between two different hubs fits the floor
// transform of its points from one common pose onto the other (fitFloorTransform) and moves both
// sides half way towards agreement; a foot with two or more points planted then moves rigidly
// (the best floor transform of its points), so feet keep their shape. A planted toe holds its tip
// (the end site past a toe joint, findToeTips) too, so a link of a toe links its tip: without it
// a foot standing on its toe alone may point another way at each end of the clip, and its tip
// glides round the toe. A class's average configuration is the fixed point, and its centre stays
// put. The common poses' planted points are then placed there (plantCommonPose with targets and
// tip targets: legs by IK, a foot on its toe turned about it, heights unchanged) and held in
// frames f-1 and f+1 as before.

// What the consensus did.
struct PlantConsistency {
  int links = 0;                // distinct links between different hubs with two points or more
  int iterations = 0;           // consensus rounds run
  double residualBefore = 0.0;  // metres: largest distance a link's fit leaves between its points
                                // (toe tips included)
  double residualAfter = 0.0;   // the same after the consensus (and rigid feet)
  double largestMove = 0.0;     // metres: largest horizontal move of a planted point
};

// Makes the planted points of linked common poses rigidly similar and moves the common poses
// accordingly. `commonPoses` (hub coordinates) and `hubMasks` (points each common pose plants,
// bit 1 << FootPoint) have one entry per hub; `links` index hubs and name planted points
// (plantLinks). Links from a hub to itself and of one point are always consistent and are left
// out. Fails when: a link names a hub out of range; masks and poses differ in count; as
// plantCommonPose. A skeleton without legs leaves the poses alone.
Result<PlantConsistency> makeLinkedPlantsConsistent(const Skeleton& skeleton,
                                                    std::span<const PlantLink> links,
                                                    std::span<const std::uint8_t> hubMasks,
                                                    std::span<PoseTriple> commonPoses,
                                                    double reachFraction = 0.995);

}  // namespace mg
