// SPDX-License-Identifier: MIT
#pragma once

#include <memory>
#include <span>
#include <vector>

#include "core/motion/foot_contacts.h"
#include "core/motion/motion.h"
#include "core/snap/common_pose.h"
#include "core/snap/foot_constraints.h"
#include "core/snap/hub_graph.h"
#include "core/util/progress.h"
#include "core/util/result.h"

namespace mg {

// Settings of the snapping step.
struct SnapSettings {
  int wminFrames = 10;            // a displacement map reaches at most this far each side; >= 2
  bool enforceFootPlants = true;  // run the constraint solver (section 4.3)
  int refinementIterations = 2;   // common-pose refinement rounds before the final one; >= 0
  // With plants: align every match frame by the plants it shares with its common pose
  // (plantAlignments, the paper's appendix) instead of by the metric, so a foot planted across a
  // clip stays put. SnapResult::graph carries the alignments.
  bool alignPlants = true;
  // With alignPlants: first make the plants of linked common poses rigidly consistent
  // (makeLinkedPlantsConsistent, the rest of the appendix), so the alignments can hold them
  // exactly even where a link spans both feet.
  bool consistentPlants = true;
  // Plant detection, on the unedited and on the displaced motions. A foot point counts as planted
  // below 0.3 rest heights/s (0.5 m/s at 1.7 m), as a viewer (and core/eval) judges it; slower
  // thresholds leave the slowing touch-down frames free, and they show as a creeping foot.
  ContactSettings contacts{0.05, 0.3, 3};
  FootConstraintSettings feet;  // plant enforcement
};

// The snapped database: every motion edited so all match frames of a hub are its common pose.
struct SnapResult {
  // Edited motions, one per input, same order, skeleton and rate. Shared, immutable.
  std::vector<std::shared_ptr<const Motion>> motions;
  // The same after displacement maps only (before plant enforcement); equal to `motions` when
  // enforceFootPlants is off. Kept so tools can show and measure what the solver changed.
  std::vector<std::shared_ptr<const Motion>> displacedMotions;
  // The input graph with the alignment (toHub) of every match frame as the motions were snapped
  // to it: play, export and measure `motions` with this graph, not the input one (with
  // alignPlants the alignments differ; cuts are exact only with these).
  HubGraph graph;
  // Common pose of every hub (frames f-1, f, f+1), in hub coordinates; one per hub.
  std::vector<PoseTriple> commonPoses;
  // The plants the solver enforced on each motion in the last round (see SnapJob). Empty when
  // enforceFootPlants is off.
  std::vector<FootContacts> contacts;
};

// Snaps the motions of a hub graph (Snap-Together Motion, sections 4.2-4.3):
//   without plants: per hub, average its match frames (averageCommonPose) and displace every
//   match frame onto it (buildDisplacementMap), each map reaching min(wminFrames, distance to
//   the neighbouring match frame - 1, distance to the motion's end) frames each side;
//   with plants: every common pose plants the points most of its match frames plant, and every
//   motion holds the plants detected on it, with frames f-1..f+1 of each match frame planted as
//   its common pose. A working set starts as the match frames' triples; each round averages it,
//   plants the common pose's feet (plantCommonPose), links clips by the plants of the round
//   before (plantLinks; the first round by the held plants), makes linked plants rigidly
//   consistent (makeLinkedPlantsConsistent, every point a link holds counting as planted by the
//   common poses at its ends) and aligns them (plantAlignments), displaces, and
//   enforces plants (FootConstraintJob) on the held plants and on those the maps made; earlier
//   rounds lock nothing and copy the match frames back; the last round locks frames f-1..f+1 of
//   every match frame, so cuts stay exact, holds exactly the plants its links came from (made
//   plants only where they join no two of them) and splits plants its alignments cannot hold
//   still (splitUnheldPlants), the foot re-stepping in the air there (PlantStep: lifted as far
//   as its furthest point moves, at most the contact detector's planted height).
// Owns nothing; thread-safe. Long: polls `progress` per motion and round.
struct SnapJob {
  std::span<const std::shared_ptr<const Motion>> motions;  // the database; not owned
  const HubGraph* graph = nullptr;                         // hubs over `motions`; not owned
  SnapSettings settings;
  const Progress* progress = nullptr;  // may be null

  // Fails when: graph is null or does not validate(); motions is empty, a motion is null or
  // does not validate(), or the graph's frame counts differ from the motions'; motions do not
  // share one skeleton hierarchy; a hub has no match frames; wminFrames < 2;
  // refinementIterations < 0.
  Status validate() const;

  Result<SnapResult> run() const;
};

}  // namespace mg
