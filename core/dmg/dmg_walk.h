// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "core/dmg/database_motion_graph.h"
#include "core/motion/floor_transform.h"
#include "core/motion/motion.h"
#include "core/synth/pose_stream.h"
#include "core/util/result.h"

namespace mg {

// Picks the edge a walk takes out of `vertex`: an edge id in
// [graph.graph().edgeBegin(vertex), graph.graph().edgeEnd(vertex)), or -1 to end the walk.
// `framesSinceTransition` counts frames played since the last transition edge (large at start).
// A controller (value iteration, a path follower) is one of these.
using DmgEdgeChooser =
    std::function<int(const DatabaseMotionGraph& graph, int vertex, int framesSinceTransition)>;

// A seeded random walk: at each vertex, uniform among its out-edges, except that transition
// edges are only considered once `minFramesBetweenTransitions` frames have played since the last
// one (when the vertex has a natural edge; a vertex with only transitions always takes one).
// Deterministic for a seed.
DmgEdgeChooser randomDmgEdgeChooser(std::uint64_t seed, int minFramesBetweenTransitions = 0);

// Follows `vertices` (a path of the graph, consecutive vertices joined by edges) and ends with it.
DmgEdgeChooser pathDmgEdgeChooser(std::vector<int> vertices);

// How a transition edge is played: over the `windowFrames` frames that follow it, the difference
// between the pose the old motion would have shown next and the new motion's pose (joint rotations
// and root position, after aligning the new motion's floor position and heading onto the old
// one) fades out with Kovar et al. 2002's blend weight 2p^3 - 3p^2 + 1, p = (n + 1) / (window + 1)
// for the n-th frame after the edge. So the output is continuous and reaches the new motion
// exactly after the window. A transition inside a window starts from the pose shown, so chains of
// transitions stay continuous too.
struct DmgBlendSettings {
  int windowFrames = 10;  // frames at the graph's rate; >= 0 (0 = cut)
};

// A walk over a database motion graph (or any subgraph exported as one) as a PoseStream: plays
// vertex after vertex at the graph's rate, asking `chooser` for each edge. Natural edges advance
// the source motion; transition edges re-align the floor transform (new frame's root lands on the
// floor position and heading the old motion's next frame would have had) and blend
// (DmgBlendSettings). lastSource() is the current vertex's (motion, frame) outside blend windows,
// (-1, -1) inside them. Shares the graph and motions; not thread-safe (one stream per thread).
class DmgWalkStream final : public PoseStream {
 public:
  // `motions[m]` must be motion m of the graph at the graph's rate (frameCount equal to
  // graph->motionFrameCounts()[m]), one skeleton; see validateFor. `start` places the first
  // frame's source coordinates in the world. Precondition: validateFor succeeds and
  // 0 <= startVertex < vertexCount.
  DmgWalkStream(std::shared_ptr<const DatabaseMotionGraph> graph,
                std::vector<std::shared_ptr<const Motion>> motions, int startVertex,
                DmgEdgeChooser chooser, DmgBlendSettings blend = {}, FloorTransform start = {});

  // Fails when: graph is null; the motion count or a frame count differs from the graph's; a
  // motion is null or invalid; the motions do not share one hierarchy; the rate differs.
  static Status validateFor(const DatabaseMotionGraph* graph,
                            std::span<const std::shared_ptr<const Motion>> motions);

  std::shared_ptr<const Skeleton> skeleton() const override { return m_motions.front()->skeleton; }
  double fps() const override { return m_graph->fps(); }
  bool next(Pose& out) override;
  int framesPlayed() const override { return m_played; }
  SourceFrame lastSource() const override;
  const std::vector<StreamTransition>& transitions() const override { return m_transitions; }

  // Turns the floor transform by `radiansPerFrame` (counter-clockwise seen from above) about the
  // character's root before every following frame: the direction warp of a clip that a controller
  // asks for (core/agility/graph_controller.h). 0 (the default) stops turning.
  void setYawRate(double radiansPerFrame) { m_yawRate = radiansPerFrame; }

  // Names a vertex in the transitions' labels ("<from> -> <to>"). The default names it in the
  // graph's own ids ("motion 3 frame 12"); a graph whose motions are clips of other motions
  // (an export's clip-level graph) names the source motion and frame instead, so a report does
  // not call clip 16 "motion 16" in a project of six motions. Null restores the default.
  void setVertexNamer(std::function<std::string(const DmgVertex&)> namer) {
    m_namer = std::move(namer);
  }

  int currentVertex() const { return m_vertex; }  // the vertex of the last frame written
  const std::vector<int>& edgesTaken() const { return m_edges; }
  const FloorTransform& rootTransform() const { return m_transform; }  // source -> world

 private:
  void startTransition(int from, int to);
  double blendWeight() const;

  std::shared_ptr<const DatabaseMotionGraph> m_graph;
  std::vector<std::shared_ptr<const Motion>> m_motions;
  DmgEdgeChooser m_chooser;
  DmgBlendSettings m_blend;
  FloorTransform m_transform;
  int m_vertex = -1;
  int m_startVertex = 0;
  int m_played = 0;
  int m_sinceTransition = 1 << 29;
  int m_blendFrame = 0;  // frames played since the last transition (0 = first frame after)
  Eigen::Vector3d m_rootOffset = Eigen::Vector3d::Zero();  // world metres
  std::vector<Eigen::Quaterniond> m_rotationOffsets;       // per joint; root in world frame
  std::vector<StreamTransition> m_transitions;
  std::function<std::string(const DmgVertex&)> m_namer;
  std::vector<int> m_edges;
  double m_yawRate = 0.0;
  Eigen::Vector3d m_lastRoot = Eigen::Vector3d::Zero();  // world root of the last frame written
};

}  // namespace mg
