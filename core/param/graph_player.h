// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <random>
#include <vector>

#include "core/param/edge_lookup.h"
#include "core/param/parametric_graph.h"
#include "core/synth/floor_transform.h"

namespace mg {

// How the player picks the next edge and parameter at each transition (paper section 5.2).
enum class ControlMode {
  Random,    // a random outgoing edge, a random parameter inside its box
  Target,    // greedy with one clip of look-ahead: the choice whose clips best head for a point
  Steer,     // the edge and parameter whose clip ends travelling closest to a desired direction
  Scripted,  // the edge and parameter given by scriptNext() (transition preview)
};

struct PlayerSettings {
  int blendFrames = 10;           // linear-blend window centred on the transition point, >= 2
  int candidatesPerDimension = 9; // Target/Steer: parameters tried per box dimension, >= 2
  double arrivalRadius = 0.5;     // Target: metres; within it the goal counts as reached
  std::uint64_t seed = 1;         // the walk is deterministic for a seed

  // Fails when blendFrames < 2, candidatesPerDimension < 2 or arrivalRadius <= 0.
  Status validate() const;
};

// One transition the player made.
struct PlayerTransition {
  int edge = -1;
  int outputFrame = 0;        // first output frame of the blend window
  int sourceFrame = 0;        // transition frame of the source clip
  int targetFrame = 0;        // transition frame of the target clip
  ParameterVector parameter{};  // the target clip's parameter
  ParameterBox box;           // the box it was chosen from (lookup result)
};

// Synthesises an endless pose stream from a parametric motion graph: plays a clip, and at each
// transition point (found by lookup) aligns the next clip to it by point clouds and blends the two
// linearly over a window centred on the transition. Shares the graph; not thread-safe (one
// player per thread); deterministic for a seed and the same control calls.
class GraphPlayer {
 public:
  // Starts at `startNode` with `startParameter` (clamped into the node's range; empty = random),
  // placed in the world by `start`. Fails when the settings are invalid, the graph is null, the
  // node is out of range or the parameter is not finite.
  static Result<GraphPlayer> create(std::shared_ptr<const ParametricGraph> graph, int startNode,
                                    std::optional<ParameterVector> startParameter,
                                    const PlayerSettings& settings, FloorTransform start = {});

  void setRandom() { m_mode = ControlMode::Random; }
  // Head for (x, z) on the floor, metres.
  void setTarget(double x, double z) { m_mode = ControlMode::Target, m_goal = {x, z}; }
  // Travel towards world heading `yawRadians` (the sense of yawAngle: 0 = +Z, pi/2 = +X).
  void setSteering(double yawRadians) { m_mode = ControlMode::Steer, m_heading = yawRadians; }
  // The next transition takes `edge` (leaving the current node) to `parameter`, unclamped.
  void scriptNext(int edge, const ParameterVector& parameter);

  // Writes the next frame (root in world metres, local rotations with the root's in world) and
  // advances. Returns false at a dead end (a node without an existing outgoing edge) once its
  // clip has played.
  bool next(Pose& out);

  int currentNode() const { return m_node; }
  const ParameterVector& currentParameter() const { return m_parameter; }
  const std::vector<PlayerTransition>& transitions() const { return m_transitions; }
  int framesPlayed() const { return m_output; }
  // World position of the root in the last frame written.
  const Eigen::Vector3d& rootPosition() const { return m_lastRoot; }

 private:
  GraphPlayer() = default;
  void planNext();                 // chooses the next edge/parameter and the blend window
  void choosePlan();               // the choice of edge and parameter alone
  void startTransition();          // builds the blend window and swaps clips
  double score(const GraphEdge& e, const ParameterVector& l, const TransitionLookup& lk);
  // Target mode: how well a placed root path heads for the goal (lower is better; a path that
  // passes within the arrival radius scores below -arrivedBonus / 2).
  double goalScore(const FloorTransform& place, const std::vector<Eigen::Vector3d>& path, int ft,
                   double arrivedBonus) const;
  void worldPose(const Motion& clip, const FloorTransform& t, int frame, Pose& out) const;

  std::shared_ptr<const ParametricGraph> m_graph;
  PlayerSettings m_settings;
  ControlMode m_mode = ControlMode::Random;
  Eigen::Vector2d m_goal{0, 0};
  double m_heading = 0.0;
  int m_scriptEdge = -1;
  ParameterVector m_scriptParameter{};
  std::mt19937_64 m_rng;

  int m_node = 0;
  ParameterVector m_parameter{};
  Motion m_clip, m_nextClip;       // clip coordinates
  FloorTransform m_toWorld;        // clip -> world
  int m_frame = 0;                 // next frame of m_clip to output
  // The plan for the playing clip: -1 when there is no outgoing edge.
  int m_planEdge = -1;
  ParameterVector m_planParameter{};
  TransitionLookup m_planLookup;
  int m_planSourceFrame = 0;       // transition frame of the playing clip
  int m_planTargetFrame = 0;       // transition frame of the next clip
  int m_planWindowStart = 0;       // frame of the playing clip where the blend window starts
  std::vector<Pose> m_window;      // blended frames waiting to be output
  size_t m_windowNext = 0;
  std::vector<PlayerTransition> m_transitions;
  int m_output = 0;
  Eigen::Vector3d m_lastRoot = Eigen::Vector3d::Zero();
  std::vector<Eigen::Vector3d> m_pathScratch;
  std::vector<Eigen::Quaterniond> m_rotScratch;
  std::vector<double> m_weightScratch;
  std::vector<Eigen::Vector3d> m_pathScratch2;     // the look-ahead clip of Target mode
  std::vector<Eigen::Quaterniond> m_rotScratch2;
};

// A transition preview for the editor: the source clip for `sourceParameter` blended into the
// target clip for `targetParameter` through edge `edge`, up to the target clip's own next
// transition window (or its end).
// Fails when the edge does not exist or as GraphPlayer::create.
Result<Motion> previewTransition(std::shared_ptr<const ParametricGraph> graph, int edge,
                                 const ParameterVector& sourceParameter,
                                 const ParameterVector& targetParameter,
                                 const PlayerSettings& settings = {});

}  // namespace mg
