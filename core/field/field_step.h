// SPDX-License-Identifier: MIT
#pragma once

#include <span>
#include <vector>

#include "core/field/field_database.h"
#include "core/field/motion_state.h"
#include "core/field/neighbour_index.h"
#include "core/util/result.h"

namespace mg {

// Settings of the flow (Lee et al. 2010, section 3.2).
struct FieldFlowSettings {
  int k = 15;                    // neighbours per state and actions per state; >= 1
  double driftCorrection = 0.1;  // delta in [0, 1): tug towards the nearest database state

  // Fails when k < 1 or delta is outside [0, 1).
  Status validate() const;
};

// Similarity weights (paper Eq. 2; ALGORITHMS.md section 4): w_i proportional to
// 1/d_i - 1/d_k over the neighbours (nearest first, d_k the farthest), normalised to sum to one.
// Neighbours at distance 0 share all the weight; when every distance equals d_k (or k = 1) the
// weights are uniform. Precondition: neighbours non-empty, sorted by distance.
void similarityWeights(std::span<const Neighbour> neighbours, std::vector<double>& weights);

// Action j of Eq. 7: the similarity weights with w_j set to 1, renormalised.
void actionWeights(std::span<const double> similarity, int j, std::vector<double>& action);

// What one frame of the flow did: the next state, and the turn and move that the task parameters
// are updated with.
struct FieldStepOutcome {
  MotionState next;
  double yawChange = 0.0;  // radians, counter-clockwise seen from above, wrapped to (-pi, pi]
  Eigen::Vector3d displacement = Eigen::Vector3d::Zero();  // root move, heading frame of the state
};

// The transition function of one state (paper Eqs. 3-6): prepare() finds the neighbourhood of a
// state once; step() then gives the next state for any action over those neighbours cheaply
// (the blends are linear in the weights, so each action costs one joint pass). Drift correction
// (our reconstruction of Eqs. 4-6): the applied velocity is (1 - delta) sum a_i v_i (+)
// delta ((x~ (+) v~) (-) x), where x~ is the nearest database pose moved onto the state's floor
// position and heading (its height, tilt and joints kept), so the tug pulls the pose towards the
// data's next pose without moving the character in the plane; likewise the next velocity is
// (1 - delta) sum a_i y_i (+) delta y~. Not thread-safe (scratch); one per thread.
class FieldStepper {
 public:
  FieldStepper(const FieldDatabase& database, const NeighbourIndex& index, FieldFlowSettings flow);

  // Finds the neighbours of `state` and everything step() shares between actions.
  void prepare(const MotionState& state);
  // Prepares with neighbours found elsewhere (sorted, nearest first).
  void prepare(const MotionState& state, std::span<const Neighbour> neighbours);

  std::span<const Neighbour> neighbours() const { return m_neighbours; }
  std::span<const double> similarity() const { return m_similarity; }
  int actionCount() const { return static_cast<int>(m_neighbours.size()); }

  // The passive step (action = similarity weights).
  void stepPassive(FieldStepOutcome& out) const;
  // The step of action j (0 <= j < actionCount()).
  void stepAction(int j, FieldStepOutcome& out) const;
  // The step of arbitrary action weights over neighbours() (>= 0, not all zero).
  void stepWeights(std::span<const double> weights, FieldStepOutcome& out) const;

 private:
  void finishStep(double rootScale, const Eigen::Vector3d& rootSum,
                  const std::vector<Eigen::Vector4d>& vSum, const Eigen::Vector3d& yRootSum,
                  const std::vector<Eigen::Vector4d>& ySum, FieldStepOutcome& out) const;

  const FieldDatabase& m_db;
  const NeighbourIndex& m_index;
  FieldFlowSettings m_flow;
  MotionState m_state;
  std::vector<Neighbour> m_neighbours;
  std::vector<double> m_similarity;
  std::vector<double> m_feature;
  // Sums over the neighbours with the similarity weights (unnormalised quaternion coefficients
  // on the identity's hemisphere), and the drift target.
  Eigen::Vector3d m_vRoot, m_yRoot;
  std::vector<Eigen::Vector4d> m_v, m_y;
  FieldVelocity m_driftV, m_driftY;
  // Scratch of step().
  mutable std::vector<Eigen::Vector4d> m_tmpV, m_tmpY;
  mutable FieldVelocity m_blendV, m_blendY;
};

// Wraps an angle to (-pi, pi].
double wrapAngle(double radians);

}  // namespace mg
