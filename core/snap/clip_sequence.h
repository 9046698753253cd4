// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <span>
#include <vector>

#include "core/graph/random_walk.h"
#include "core/motion/floor_transform.h"
#include "core/motion/motion.h"
#include "core/snap/hub_graph.h"
#include "core/synth/pose_stream.h"
#include "core/util/result.h"

namespace mg {

// Plays edges of a snapped hub graph back to back (Snap-Together Motion, section 5): each clip's
// frames are moved by a running floor transform W; at a cut from an edge ending at match frame a
// of hub H to an edge starting at match frame b of H it becomes W * toHub(a)^-1 * toHub(b), so the
// new clip's first frame lands where the old clip's next frame (the hub's common pose) would
// have been, and the walk is continuous. The running transform lives here, nowhere else.
// Shares the motions; not thread-safe (one player per thread); no allocation per frame once the
// output pose has its joint count.
class ClipSequencePlayer {
 public:
  // `motions` are the snapped motions (SnapResult::motions) of `graph`; `start` places the first
  // clip's hub coordinates in the world. Precondition: graph.validate() succeeds and motions
  // match it (see validateFor).
  ClipSequencePlayer(HubGraph graph, std::vector<std::shared_ptr<const Motion>> motions,
                     FloorTransform start = {});

  // Fails when the motions do not match the graph (count, frame counts, one hierarchy).
  static Status validateFor(const HubGraph& graph,
                            std::span<const std::shared_ptr<const Motion>> motions);

  // Queues an edge. Fails when the edge is out of range, or it does not leave the hub the
  // previous queued edge enters.
  Status pushEdge(int edge);
  // Edges queued and not yet finished (including the one playing).
  int queuedEdges() const { return static_cast<int>(m_queue.size()); }

  // Writes the next frame into `out` (resized to the joint count as needed) and advances.
  // Returns false, leaving `out` alone, when the queue is empty.
  bool next(Pose& out);

  const FloorTransform& rootTransform() const { return m_transform; }  // the running W
  int currentEdge() const { return m_queue.empty() ? -1 : m_queue.front(); }
  // The (motion, frame) of `motions` the last frame written came from; (-1, -1) before the first.
  SourceFrame lastSource() const { return m_last; }
  // Cuts made so far (clips started after the first).
  int cutsMade() const { return m_cuts; }
  const HubGraph& graph() const { return m_graph; }

 private:
  HubGraph m_graph;
  std::vector<std::shared_ptr<const Motion>> m_motions;
  std::deque<int> m_queue;     // edges to play, front is playing
  int m_frameInClip = 0;       // offset of the next frame within the front edge's clip
  FloorTransform m_transform;  // motion coordinates of the front edge -> world
  bool m_started = false;
  SourceFrame m_last;
  int m_cuts = 0;
};

// A random walk over a snapped hub graph as an endless pose stream: RandomWalk picks the next
// edge whenever the current clip ends. Deterministic for a seed. On a graph with dead ends the
// stream stops (next() returns false) when the walk reaches one; prune it first. Every cut is a
// transition labelled "edge E" (E the edge entered); lastSource() indexes `motions`.
class RandomWalkStream final : public PoseStream {
 public:
  // Precondition: as ClipSequencePlayer, and 0 <= startHub < graph.hubs.size().
  RandomWalkStream(HubGraph graph, std::vector<std::shared_ptr<const Motion>> motions, int startHub,
                   std::uint64_t seed, FloorTransform start = {});

  std::shared_ptr<const Skeleton> skeleton() const override { return m_skeleton; }
  double fps() const override { return m_fps; }
  // The next frame, or false at a dead end.
  bool next(Pose& out) override;
  int framesPlayed() const override { return m_played; }
  SourceFrame lastSource() const override { return m_player.lastSource(); }
  const std::vector<StreamTransition>& transitions() const override { return m_transitions; }

  const ClipSequencePlayer& player() const { return m_player; }
  // Edges taken so far, in order.
  const std::vector<int>& edgesTaken() const { return m_taken; }

 private:
  ClipSequencePlayer m_player;
  RandomWalk m_walk;
  std::vector<int> m_taken;
  std::shared_ptr<const Skeleton> m_skeleton;
  double m_fps = 30.0;
  int m_played = 0;
  std::vector<StreamTransition> m_transitions;
};

}  // namespace mg
