// SPDX-License-Identifier: MIT
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "core/motion/floor_transform.h"
#include "core/param/edge_lookup.h"
#include "core/param/parametric_graph.h"
#include "core/synth/pose_stream.h"

namespace mg {

class ParametricStream;

// One decision of a control policy: at the playing clip's next transition, take graph edge
// `edge` (leaving the current node) to a target clip of parameter `parameter`.
struct EdgeChoice {
  int edge = -1;
  ParameterVector parameter{};  // used as given (a policy clamps it if it wants it clamped)
};

// A control policy of a parametric graph (paper section 5.2): it only chooses; the stream
// synthesises. Called by the stream right after each transition (and on replan()) with the stream
// in its new state. Returning nullopt means no transition: the stream plays its clip out and ends.
class ParametricControl {
 public:
  virtual ~ParametricControl() = default;
  virtual std::optional<EdgeChoice> choose(const ParametricStream& stream) = 0;
};

// One transition the stream made.
struct PlayerTransition {
  int edge = -1;
  int outputFrame = 0;          // first output frame of the blend window
  int sourceFrame = 0;          // transition frame of the source clip
  int targetFrame = 0;          // transition frame of the target clip
  ParameterVector parameter{};  // the target clip's parameter
  ParameterBox box;             // the box it was chosen from (lookup result)
};

// The synthesis of a parametric motion graph (paper section 5.1) as a PoseStream: plays the clip
// of the current node and parameter, and executes the control's choices: at the transition point
// found by lookup it aligns the next clip to the playing one by point clouds and blends the two
// linearly over a window of blendFrames centred on the transition. Holds no control logic.
// transitions() are labelled "edge E"; lastSource() is always (-1, -1) (every clip is a blend of
// examples). Shares the graph; not thread-safe (one stream per thread); deterministic for the
// same choices.
class ParametricStream final : public PoseStream {
 public:
  // Starts at `startNode` with `startParameter` (clamped into the node's range), placed in the
  // world by `start`, asking `control` (may be null: no transitions) for its first transition.
  // Fails when the graph is null, the node is out of range, the parameter is not finite,
  // blendFrames < 2, or the node cannot make the clip.
  static Result<ParametricStream> create(std::shared_ptr<const ParametricGraph> graph,
                                         int startNode, const ParameterVector& startParameter,
                                         int blendFrames,
                                         std::shared_ptr<ParametricControl> control,
                                         FloorTransform start = {});

  // The policy asked from the next transition on (the playing clip keeps its plan).
  void setControl(std::shared_ptr<ParametricControl> control) { m_control = std::move(control); }
  // Asks the control again, now, for the playing clip's transition (a scripted choice).
  void replan() { planNext(); }

  std::shared_ptr<const Skeleton> skeleton() const override;
  double fps() const override;
  // Writes the next frame (root in world metres, local rotations with the root's in world) and
  // advances. Returns false at a dead end (no transition chosen) once its clip has played.
  bool next(Pose& out) override;
  int framesPlayed() const override { return m_output; }
  const std::vector<StreamTransition>& transitions() const override { return m_streamTransitions; }

  // The state a policy chooses from.
  const ParametricGraph& graph() const { return *m_graph; }
  int currentNode() const { return m_node; }
  const ParameterVector& currentParameter() const { return m_parameter; }
  const Motion& currentClip() const { return m_clip; }  // clip coordinates
  const FloorTransform& clipToWorld() const { return m_toWorld; }
  // Frame of the playing clip where the transition of lookup `lk` happens (not before the next
  // frame to play).
  int sourceFrameFor(const TransitionLookup& lk) const;

  const std::vector<PlayerTransition>& transitionRecords() const { return m_transitions; }
  // World position of the root in the last frame written.
  const Eigen::Vector3d& rootPosition() const { return m_lastRoot; }

 private:
  ParametricStream() = default;
  void planNext();         // asks the control and places the blend window
  void startTransition();  // builds the blend window and swaps clips
  void worldPose(const Motion& clip, const FloorTransform& t, int frame, Pose& out) const;

  std::shared_ptr<const ParametricGraph> m_graph;
  std::shared_ptr<ParametricControl> m_control;
  int m_blendFrames = 10;

  int m_node = 0;
  ParameterVector m_parameter{};
  Motion m_clip, m_nextClip;  // clip coordinates
  FloorTransform m_toWorld;   // clip -> world
  int m_frame = 0;            // next frame of m_clip to output
  // The plan for the playing clip: -1 when there is no transition.
  int m_planEdge = -1;
  ParameterVector m_planParameter{};
  TransitionLookup m_planLookup;
  int m_planSourceFrame = 0;   // transition frame of the playing clip
  int m_planTargetFrame = 0;   // transition frame of the next clip
  int m_planWindowStart = 0;   // frame of the playing clip where the blend window starts
  std::vector<Pose> m_window;  // blended frames waiting to be output
  size_t m_windowNext = 0;
  std::vector<PlayerTransition> m_transitions;
  std::vector<StreamTransition> m_streamTransitions;
  int m_output = 0;
  Eigen::Vector3d m_lastRoot = Eigen::Vector3d::Zero();
  std::vector<double> m_weightScratch;
};

}  // namespace mg
