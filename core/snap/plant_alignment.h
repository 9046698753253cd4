// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "core/motion/floor_transform.h"
#include "core/motion/foot_contacts.h"
#include "core/motion/motion.h"
#include "core/snap/common_pose.h"
#include "core/snap/foot_constraints.h"
#include "core/snap/hub_graph.h"

namespace mg {

// Consistent plant targets of linked common poses (Snap-Together Motion, appendix). A clip whose
// first and last match frames both hold a plant of the same foot point (planted throughout the
// clip in the capture, and planted by both common poses) links the two common poses: for the foot
// to stay put, the plant's position must be the same at both ends in the clip's own motion. The
// alignments (toHub) of match frames are free, so they are chosen for it.

// The floor transform (rotation about Y, then translation on the floor) that best maps `from` onto
// `to` in the least-squares sense on the floor (heights are ignored): 2D Procrustes. Without
// fitRotation, or when the points lie too close together (within 2.5 cm of their centre) to fix
// a rotation, the rotation is `fallbackTheta` and only the translation is fitted.
// Precondition: from.size() == to.size() > 0.
FloorTransform fitFloorTransform(std::span<const Eigen::Vector3d> from,
                                 std::span<const Eigen::Vector3d> to, double fallbackTheta,
                                 bool fitRotation = true);

// World positions of the foot points of `points` (bit 1 << FootPoint) of a pose, in FootPoint
// order; points the skeleton lacks are left out. Precondition: the pose fits the skeleton.
std::vector<Eigen::Vector3d> footPointPositions(const Skeleton& skeleton, const Pose& pose,
                                                std::uint8_t points);

// A linked constraint: two consecutive match frames of one motion (the clip between them) whose
// clip holds `points` (bit 1 << FootPoint) planted in every frame, and whose common poses both
// plant them.
struct PlantLink {
  int motion = 0;
  int fromHub = 0, fromMatch = 0;  // the earlier match frame: hub and index in its matchFrames
  int toHub = 0, toMatch = 0;      // the later one
  std::uint8_t points = 0;         // never 0
};

// The links of `graph`: in each motion, walking its match frames in order, a clip from the
// previous match frame is linked by the points planted throughout it in `contacts` (one per
// motion: the plants the solver will hold) and in both hubs' `hubMasks`. One point fixes no turn
// of the floor, so a link holding a foot by one point also takes the foot's other point where it
// is planted throughout the clip (in `contacts`; the hub masks need not plant it): the foot's
// heading is then held too, instead of being the metric's at each end. In motion order, then
// frame order. Precondition: contacts cover the graph's motions and frame counts; one mask per hub.
std::vector<PlantLink> plantLinks(const HubGraph& graph, std::span<const FootContacts> contacts,
                                  std::span<const std::uint8_t> hubMasks);

// Alignments of every match frame of `graph` (same shape as its hubs' matchFrames) for plants.
// In each motion, walking its match frames in order: a match frame at the end of one of `links`
// (plantLinks) gets toHub = R * toHub(previous), R mapping the linked points of the previous
// hub's common pose onto the same points of this one's (fitFloorTransform, with the rotation of
// the metric's step when the points fix none), so the plant is in one place at both ends. A link
// is declined when it would move the match frame's root more than twice as far from where the
// metric's alignment has it as the plant would slide without it (feet shuffling while the body
// moves on). Unlinked match frames keep the metric's alignment. Each chain of linked match frames
// is then moved as a whole (toHub * X, which keeps every step) so that on average it sits where
// the metric puts it. `commonPoses` in hub coordinates, one per hub.
// Precondition: the graph validates against `motions`; links index its hubs and match frames.
std::vector<std::vector<FloorTransform>> plantAlignments(
    const HubGraph& graph, std::span<const std::shared_ptr<const Motion>> motions,
    std::span<const PlantLink> links, std::span<const PoseTriple> commonPoses);

// Splits the plants that hold two match frames their alignments cannot hold still. A planted
// run of `contacts` (the plants of motion `motion`) from the last locked frame of one match
// frame a of the motion (a+1) to the first of the next one b (b-1), whether or not it holds a
// and b themselves, can stand still only if the two common poses, as `graph`'s alignments
// (toHub) place them, put the point in one place on those two frames; where they put it more
// than 1 mm apart (a link declined, or never made), the foot would glide from one place to the
// other over the whole plant. Instead
// `gapFrames` frames between them (clipped to stay two frames clear of either match frame's
// locked frames f-1..f+1), centred on the frame where `capture` (the motion as captured) has the
// point highest, are left unplanted: the foot stands still on both sides and moves where the
// capture lifts it, if anywhere. Returns the number of plants split. `commonPoses` in hub
// coordinates, one per hub. With `steps`, every split is appended to it as a PlantStep (the
// gap's frames, lift = how far apart the common poses put the point, horizontally). Precondition:
// the graph validates; `capture` is its motion `motion` and `contacts` covers its frames;
// gapFrames >= 1.
int splitUnheldPlants(const HubGraph& graph, int motion, const Motion& capture,
                      std::span<const PoseTriple> commonPoses, int gapFrames,
                      FootContacts& contacts, std::vector<PlantStep>* steps = nullptr);

}  // namespace mg
