// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <random>
#include <vector>

#include "core/param/parametric_control.h"
#include "core/param/parametric_stream.h"

namespace mg {

struct PlayerSettings {
  int blendFrames = 10;            // linear-blend window centred on the transition point, >= 2
  int candidatesPerDimension = 9;  // Target/Steer: parameters tried per box dimension, >= 2
  double arrivalRadius = 0.5;      // Target: metres; within it the goal counts as reached
  std::uint64_t seed = 1;          // the walk is deterministic for a seed

  // Fails when blendFrames < 2, candidatesPerDimension < 2 or arrivalRadius <= 0.
  Status validate() const;
};

// A parametric graph walk with its controls: a ParametricStream (the synthesis) driven by one of
// the control policies of parametric_control.h, switched by the calls below. The policies share one
// generator seeded with settings.seed, so a walk is deterministic for a seed and the same control
// calls. As a PoseStream it follows Directive::Heading (steering) and None (random). Shares the
// graph; not thread-safe (one player per thread).
class GraphPlayer final : public PoseStream {
 public:
  // Starts at `startNode` with `startParameter` (clamped into the node's range; empty = random),
  // placed in the world by `start`, walking at random. Fails when the settings are invalid, the
  // graph is null, the node is out of range or the parameter is not finite.
  static Result<GraphPlayer> create(std::shared_ptr<const ParametricGraph> graph, int startNode,
                                    std::optional<ParameterVector> startParameter,
                                    const PlayerSettings& settings, FloorTransform start = {});

  // The policy for the transitions chosen from now on (the playing clip keeps its plan).
  void setRandom();
  // Head for (x, z) on the floor, metres.
  void setTarget(double x, double z);
  // Travel towards world heading `yawRadians` (the sense of yawAngle: 0 = +Z, pi/2 = +X).
  void setSteering(double yawRadians);
  // The next transition takes `edge` (leaving the current node) to `parameter`, unclamped, and is
  // planned at once; then the walk goes on at random.
  void scriptNext(int edge, const ParameterVector& parameter);

  std::shared_ptr<const Skeleton> skeleton() const override { return m_stream->skeleton(); }
  double fps() const override { return m_stream->fps(); }
  // Writes the next frame (root in world metres, local rotations with the root's in world) and
  // advances. Returns false at a dead end (a node without an existing outgoing edge) once its
  // clip has played.
  bool next(Pose& out) override { return m_stream->next(out); }
  int framesPlayed() const override { return m_stream->framesPlayed(); }
  const std::vector<StreamTransition>& transitions() const override {
    return m_stream->transitions();
  }
  bool canFollow(Directive::Kind kind) const override {
    return kind == Directive::Kind::None || kind == Directive::Kind::Heading;
  }
  // Heading -> setSteering(heading); None -> setRandom(); other kinds are ignored.
  void setDirective(const Directive& directive) override;

  int currentNode() const { return m_stream->currentNode(); }
  const ParameterVector& currentParameter() const { return m_stream->currentParameter(); }
  const std::vector<PlayerTransition>& transitionRecords() const {
    return m_stream->transitionRecords();
  }
  // World position of the root in the last frame written.
  const Eigen::Vector3d& rootPosition() const { return m_stream->rootPosition(); }
  const ParametricStream& stream() const { return *m_stream; }

 private:
  GraphPlayer() = default;

  PlayerSettings m_settings;
  std::shared_ptr<std::mt19937_64> m_rng;
  std::optional<ParametricStream> m_stream;  // set by create()
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
