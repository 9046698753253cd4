// SPDX-License-Identifier: MIT
#pragma once

#include <memory>
#include <random>
#include <vector>

#include "core/param/parametric_stream.h"

namespace mg {

// The control policies of a parametric graph (paper section 5.2), kept apart from the synthesis
// (ParametricStream): each only picks the next edge and parameter. None is thread-safe; each
// belongs to one stream.

// A random outgoing edge, a random parameter inside its box (clamped to the target's range). Draws
// from `rng`, which the caller may share with other policies so a walk switching between them
// stays deterministic for one seed.
class RandomControl final : public ParametricControl {
 public:
  explicit RandomControl(std::shared_ptr<std::mt19937_64> rng) : m_rng(std::move(rng)) {}
  std::optional<EdgeChoice> choose(const ParametricStream& stream) override;

 private:
  std::shared_ptr<std::mt19937_64> m_rng;
};

// The policies that search: every outgoing edge, and per edge a lattice of `candidatesPerDimension`
// parameters per dimension over its box (clamped into the target's range), keeping the lowest
// score.
class SearchControl : public ParametricControl {
 public:
  explicit SearchControl(int candidatesPerDimension) : m_candidates(candidatesPerDimension) {}
  std::optional<EdgeChoice> choose(const ParametricStream& stream) final;

 protected:
  // Score of taking `edge` to parameter `l` (lower is better), given the lookup `lk` from the
  // current parameter and `sourceFrame`, the playing clip's transition frame.
  virtual double score(const ParametricStream& stream, const GraphEdge& edge,
                       const ParameterVector& l, const TransitionLookup& lk, int sourceFrame) = 0;
  // The target clip's root path for `l` in clip coordinates (into pathScratch/rotScratch); false
  // when the node cannot blend it.
  bool rootPath(const ParametricNode& node, const ParameterVector& l,
                std::vector<Eigen::Vector3d>& path, std::vector<Eigen::Quaterniond>& rotations);
  // Where the candidate's root path lands when its frame `targetFrame` is placed on the playing
  // clip's frame `sourceFrame` (position and heading).
  static FloorTransform placeOnSource(const ParametricStream& stream, int sourceFrame,
                                      const Eigen::Vector3d& targetRoot,
                                      const Eigen::Quaterniond& targetRotation);

  int m_candidates;
  std::vector<double> m_weightScratch;
  std::vector<Eigen::Vector3d> m_pathScratch;
  std::vector<Eigen::Quaterniond> m_rotScratch;
};

// The edge and parameter whose clip ends travelling closest to a world heading (yaw sense of
// yawAngle: 0 = +Z, pi/2 = +X).
class SteerControl final : public SearchControl {
 public:
  SteerControl(double headingRadians, int candidatesPerDimension)
      : SearchControl(candidatesPerDimension), m_heading(headingRadians) {}

 private:
  double score(const ParametricStream& stream, const GraphEdge& edge, const ParameterVector& l,
               const TransitionLookup& lk, int sourceFrame) override;
  double m_heading;
};

// Greedy with one clip of look-ahead: the choice whose clips best head for a point (x, z) on the
// floor, metres; a path passing within `arrivalRadius` metres counts as arriving.
class TargetControl final : public SearchControl {
 public:
  TargetControl(Eigen::Vector2d goal, double arrivalRadius, int candidatesPerDimension)
      : SearchControl(candidatesPerDimension), m_goal(goal), m_arrivalRadius(arrivalRadius) {}

 private:
  double score(const ParametricStream& stream, const GraphEdge& edge, const ParameterVector& l,
               const TransitionLookup& lk, int sourceFrame) override;
  double goalScore(const FloorTransform& place, const std::vector<Eigen::Vector3d>& path, int ft,
                   double arrivedBonus) const;
  Eigen::Vector2d m_goal;
  double m_arrivalRadius;
  std::vector<Eigen::Vector3d> m_pathScratch2;  // the look-ahead clip
  std::vector<Eigen::Quaterniond> m_rotScratch2;
};

// The given edge and parameter once (unclamped; when the edge leaves the current node and its
// lookup succeeds), then `after` (a transition preview: scripted, then random).
class ScriptedControl final : public ParametricControl {
 public:
  ScriptedControl(EdgeChoice choice, std::shared_ptr<ParametricControl> after)
      : m_choice(choice), m_after(std::move(after)) {}
  std::optional<EdgeChoice> choose(const ParametricStream& stream) override;

 private:
  EdgeChoice m_choice;
  bool m_used = false;
  std::shared_ptr<ParametricControl> m_after;
};

}  // namespace mg
