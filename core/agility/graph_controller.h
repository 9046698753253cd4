// SPDX-License-Identifier: MIT
#pragma once

#include <memory>
#include <span>
#include <vector>

#include <Eigen/Core>

#include "core/dmg/database_motion_graph.h"
#include "core/dmg/dmg_walk.h"
#include "core/field/field_task.h"
#include "core/motion/motion.h"
#include "core/synth/pose_stream.h"
#include "core/util/progress.h"
#include "core/util/result.h"

namespace mg {

// The graph-based controller of the paper's comparison (Lee et al. 2010, section 5.1, after Lee,
// Lee and Popovic 2009), on the database motion graph of the same capture (core/dmg: every frame a
// vertex, transitions at local minima of the frame distance), with the same direction task and
// reward. It acts per clip: at a decision vertex it picks an out-edge (the natural next frame or a
// transition) and a direction warp w, and then plays up to `clipFrames` frames along the target's
// motion (fewer where that motion ends), turning the character by w spread evenly over the clip
// frames (w / clipFrames per frame). Warps run over `2 warpSteps + 1` values in
// [-maxWarpDegrees, maxWarpDegrees]: +-45 degrees per clip as the paper allowed. Warping has the
// physicality cost of Lee, Lee and Popovic 2009, of "minimal importance" as the paper says: each
// frame's reward loses physicalityWeight x the angle (radians) the warp turns the character that
// frame, beside the task's -|heading error| (radians), so a warp is used where it gains heading
// and not to spin further than the capture turns when the heading is met. Our choice of clip: 15
// frames, half a second, about one walking step, since a frame-level graph has no clips of its
// own.
// Tasks: direction following, or line following (the field's line task, core/field/field_task.h:
// angle and signed offset from the line, the same samples and reward), so that both controllers
// are compared on both of the paper's tasks.
struct GraphControllerSettings {
  int clipFrames = 15;           // >= 1
  double maxWarpDegrees = 45.0;  // >= 0
  int warpSteps = 3;             // >= 0
  // Reward lost per radian of warp turn, per frame (>= 0; 0: warping is free). At 1 a full 45
  // degree warp over 15 frames costs 0.052 a frame, as much as 3 degrees of heading error.
  double physicalityWeight = 1.0;
  FieldTaskKind task = FieldTaskKind::Direction;
  int angleSamples = 18;   // task samples of the angle, >= 4
  int offsetSamples = 13;  // line task: samples of the offset over +-maxOffsetMetres
  double maxOffsetMetres = 2.0;
  double offsetRewardPerMetre = 1.0;
  double discount = 0.99;  // per frame, in (0, 1)
  // Random directive changes, as the field's task has them (core/field/field_task.h), so both
  // controllers solve the same problem; the chance of a change during a clip of L frames is
  // 1 - (1 - h)^L, valued at the mean over directions at the clip's end.
  double directiveChangesPerSecond = 0.25;
  double tolerance = 1e-3;  // Bellman residual to stop at
  int maxIterations = 5000;
  int blendFrames = 10;  // DmgWalkStream's blend at transitions

  Status validate() const;
  // The task these settings describe (its reward, samples and directive change rate).
  FieldTask fieldTask() const;
};

// The value of every (vertex, task sample) of the graph, by value iteration over clip actions
// (Gauss-Seidel, backwards in vertex order) until the Bellman residual is below the tolerance.
// Precomputed per action and sample: the clip's discounted reward and where its end lands on the
// task grid, so one sweep is a few multiply-adds per (vertex, action, sample).
struct GraphValueFunction {
  GraphControllerSettings settings;
  std::vector<float> values;  // vertexCount x fieldTask().parameterCount(), as the field's
  int iterations = 0;
  double bellmanResidual = 0.0;
};

// One action of a vertex: the edge, the warp, and the clip it plays.
struct GraphClipAction {
  int edge = -1;
  double warpRadians = 0.0;
  int endVertex = -1;                // the clip's last frame: the next decision vertex
  std::vector<float> cumulativeYaw;  // per clip frame, source yaw turned since the decision
  // Per clip frame: the source root's move over that frame in the source heading frame at its
  // start (x left, z forward), what the line offset advances by (advanceTask).
  std::vector<Eigen::Vector2f> moves;
};

// Plays clip `a` from task parameter (angle, offset) for each of `offsets` (the direction task
// ignores offsets; pass one): the discounted sum of the per-frame rewards r(T_i) of the frames
// into returns[i], the angle at the clip's end, and the offset's change over the clip (the same
// for every start offset). The warp turns the character by warpRadians / clipFrames a frame, and
// each frame's reward also loses physicalityWeight x |warpRadians| / clipFrames.
void graphClipReturns(const GraphClipAction& a, const GraphControllerSettings& settings,
                      double angle, std::span<const double> offsets, double* returns,
                      double& endAngle, double& offsetShift);

// The clip actions of vertex v (edges whose target can start a clip), in edge then warp order.
std::vector<GraphClipAction> graphClipActions(
    const DatabaseMotionGraph& graph, const std::vector<std::shared_ptr<const Motion>>& motions,
    const GraphControllerSettings& settings, int v);

// Learns the values. `motions` are the graph's motions at its rate. Fails when the settings are
// invalid, the motions do not fit the graph, or cancelled.
Result<GraphValueFunction> solveGraphController(
    const DatabaseMotionGraph& graph, const std::vector<std::shared_ptr<const Motion>>& motions,
    const GraphControllerSettings& settings, const Progress& progress = {});

// The controller as a steerable PoseStream: a DmgWalkStream whose edges are chosen per clip by the
// lookahead policy max_a [sum_i gamma^(i-1) r(T_i) + gamma^L V(end, T_L)] at the character's
// actual task parameter, and which turns its floor transform by the chosen warp. Follows Heading
// directives, and Line directives when its values are of the line task (a Heading directive is
// then a line through the character); without one it plays natural edges (warp 0) and a
// transition where the motion ends.
// Not thread-safe; not copyable or movable (its chooser refers to it).
class GraphControllerStream final : public PoseStream {
 public:
  // Preconditions: the value function was solved on this graph and these motions;
  // 0 <= startVertex < vertexCount.
  GraphControllerStream(std::shared_ptr<const DatabaseMotionGraph> graph,
                        std::vector<std::shared_ptr<const Motion>> motions,
                        std::shared_ptr<const GraphValueFunction> values, int startVertex,
                        FloorTransform start = {});
  GraphControllerStream(const GraphControllerStream&) = delete;
  GraphControllerStream& operator=(const GraphControllerStream&) = delete;

  std::shared_ptr<const Skeleton> skeleton() const override { return m_walk->skeleton(); }
  double fps() const override { return m_walk->fps(); }
  bool next(Pose& out) override;
  int framesPlayed() const override { return m_walk->framesPlayed(); }
  SourceFrame lastSource() const override { return m_walk->lastSource(); }
  const std::vector<StreamTransition>& transitions() const override {
    return m_walk->transitions();
  }
  bool canFollow(Directive::Kind kind) const override {
    return kind != Directive::Kind::Line || m_values->settings.task == FieldTaskKind::Line;
  }
  void setDirective(const Directive& directive) override { m_directive = directive; }

  int decisions() const { return m_decisions; }

 private:
  int choose(int vertex);

  std::shared_ptr<const DatabaseMotionGraph> m_graph;
  std::vector<std::shared_ptr<const Motion>> m_motions;
  std::shared_ptr<const GraphValueFunction> m_values;
  std::unique_ptr<DmgWalkStream> m_walk;
  Directive m_directive;
  Pose m_last;
  bool m_hasLast = false;
  int m_clipRemaining = 0;
  int m_decisions = 0;
};

}  // namespace mg
