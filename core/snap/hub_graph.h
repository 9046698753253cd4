// SPDX-License-Identifier: MIT
#pragma once

#include <span>
#include <vector>

#include "core/graph/directed_graph.h"
#include "core/motion/clip.h"
#include "core/motion/floor_transform.h"
#include "core/snap/frame_metric.h"
#include "core/snap/match_set.h"
#include "core/util/result.h"

namespace mg {

// One match frame of a hub: where it is and how it is aligned to the hub.
struct MatchFrame {
  FrameRef ref;
  // Maps the motion's world coordinates into the hub's coordinates (those of the base frame):
  // the metric's alignment of this frame onto the base frame. Identity for the base frame.
  FloorTransform toHub;
  double distance = 0.0;  // D(base, ref), metric units; 0 for the base frame
};

// A node of the Snap-Together graph: a match set whose frames all become one common pose.
struct Hub {
  std::vector<MatchFrame> matchFrames;  // at least one
  int baseMatch = 0;                    // index into matchFrames of the base frame
};

// An edge: the clip of one motion from a match frame of `fromHub` up to (not including) the next
// match frame in that motion, which belongs to `toHub`. Playing the clip and then cutting to any
// clip leaving `toHub` is seamless once the motions are snapped.
struct HubEdge {
  int fromHub = 0;    // index into HubGraph::hubs
  int toHub = 0;      // index into HubGraph::hubs
  int fromMatch = 0;  // index into hubs[fromHub].matchFrames: the clip's first frame
  int toMatch = 0;    // index into hubs[toHub].matchFrames: the frame just after the clip
  Clip clip;          // [from match frame, to match frame) of the motion
};

// Hubs and the clips between them. Plain data, cheap to copy; ids are indices.
struct HubGraph {
  std::vector<int> frameCounts;  // frames of every motion of the collection
  std::vector<Hub> hubs;
  std::vector<HubEdge> edges;  // sorted by motion, then frame

  // The hubs as nodes and the edges as directed edges (same indices).
  DirectedGraph graph() const;

  // Fails when: a frame count is < 1; a hub has no match frames or a bad baseMatch; a match
  // frame names a missing motion or is not interior (0 < frame < count-1); two match frames
  // (of any hubs) in one motion are fewer than 3 frames apart (each needs its own neighbours);
  // an edge's indices or clip disagree with the hubs.
  Status validate() const;
};

// A hub from a match set: the base frame is the one with the smallest sum of distances to the
// others (the centre of the set, as in the paper); every frame is aligned to it with `metric`.
// Calls metric n^2 times for n matches. Fails when `matches` is empty or metric is empty.
Result<Hub> makeHub(std::span<const MatchCandidate> matches, const FramePairMetric& metric);

// Cuts every motion at the match frames of `hubs` and makes each piece between consecutive match
// frames an edge; pieces before the first and after the last match frame of a motion are
// dropped. Fails when the resulting graph would not validate().
Result<HubGraph> buildHubGraph(std::span<const int> frameCounts, std::vector<Hub> hubs);

// Hubs outside the largest strongly connected component, ascending.
std::vector<int> deadEndHubs(const HubGraph& graph);

// The prune operation: keeps the hubs of the largest strongly connected component (renumbered in
// order) and the edges between them. All match frames of kept hubs stay (they remain snapped),
// so no clip changes. The result is strongly connected.
HubGraph pruneDeadEnds(const HubGraph& graph);

// Match frame `match` of hub `hub`, at `frame` of its motion.
struct MatchSlot {
  int hub;
  int match;
  int frame;
};

// Per motion, the match frames of every hub on it, in frame order.
std::vector<std::vector<MatchSlot>> matchSlotsPerMotion(const HubGraph& graph);

}  // namespace mg
