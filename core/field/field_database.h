// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "core/field/motion_state.h"
#include "core/motion/motion.h"
#include "core/util/result.h"

namespace mg {

// How motions become a motion database (Lee et al. 2010, section 3.1) and how states are compared.
struct FieldDatabaseSettings {
  double workingFps = 30.0;  // every motion is resampled to this rate; > 0
  // Weights of the state distance (paper Eq. 1): the root terms (velocity, orientation with yaw
  // factored out, rotation delta) get `rootWeight`; joint j gets the length in metres of the bone
  // it turns (the longest offset among its children and end sites) times `boneWeightScale`.
  double rootWeight = 0.5;
  double boneWeightScale = 1.0;

  // Fails when a number is not positive and finite.
  Status validate() const;
};

// The motion database: for every frame i of every clip with two frames after it, the state
// m_i = (x_i, v_i = x_{i+1} (-) x_i) and the next velocity y_i = x_{i+2} (-) x_{i+1}; no state
// straddles two clips. Also the embedding of the state distance: a feature vector per state such
// that the Euclidean distance of two features is exactly the distance of Eq. 1,
//   d(m, m')^2 = b_root |v_root - v'_root|^2 + b_0 |t_0(u) - t'_0(u)|^2 + b_0 |q_0(u) - q'_0(u)|^2
//              + sum_j b_j (|p_j(u) - p'_j(u)|^2 + |q_j(u) - q'_j(u)|^2),
// t_0 the root orientation with its yaw removed, q the rotation deltas, u a fixed unit vector
// (1, 1, 1) / sqrt(3) (not along any bone of a T-posed skeleton, so no bone's swing is invisible).
// Joints with weight 0 are left out of the features. Immutable once built; share it.
struct FieldDatabase {
  FieldDatabaseSettings settings;
  std::shared_ptr<const Skeleton> skeleton;
  // The source motions at the working rate, in input order (clip c is motion c).
  std::vector<std::shared_ptr<const Motion>> motions;

  // Per state (states of clip c are [clipFirstState[c], clipFirstState[c + 1]), in frame order).
  std::vector<Pose> poses;                    // x_i, world coordinates of the source
  std::vector<FieldVelocity> velocities;      // v_i
  std::vector<FieldVelocity> nextVelocities;  // y_i
  std::vector<int> stateClip;                 // clip (= motion) of each state
  std::vector<int> stateFrame;                // frame of x_i in its motion
  std::vector<int> clipFirstState;            // clipCount() + 1 entries
  // Foot contacts of x_i (detectFootContacts on its motion): bit (1 << FootPoint) when planted.
  std::vector<std::uint8_t> contacts;

  // Distance embedding.
  std::vector<double> jointWeights;  // b_j per joint (b_0 = rootWeight)
  std::vector<int> featureJoints;    // joints j >= 1 with b_j > 0, in order
  int featureDims = 0;               // 9 + 6 x featureJoints.size()
  // stateCount() x featureDims, row-major (row i = feature of state i).
  std::vector<double> features;

  int stateCount() const { return static_cast<int>(poses.size()); }
  int clipCount() const { return static_cast<int>(motions.size()); }
  const double* feature(int state) const {
    return features.data() + static_cast<size_t>(state) * featureDims;
  }
  // The state after `state` in its clip, or -1 at a clip's last state.
  int nextInClip(int state) const {
    return state + 1 < clipFirstState[stateClip[state] + 1] ? state + 1 : -1;
  }
};

// The unit vector u of the distance.
Eigen::Vector3d fieldUnitVector();

// Writes the feature of (pose, velocity) into `out` (database.featureDims values). Only the
// root's tilt and the velocity enter, so the feature ignores world position and yaw.
void embedState(const FieldDatabase& database, const Pose& pose, const FieldVelocity& velocity,
                double* out);

// Builds the database of `motions` (resampled to settings.workingFps). Fails, naming the motion,
// when: the settings are invalid; there are no motions; a motion is null or invalid
// (Motion::validate); skeletons differ in hierarchy from the first motion's; a motion has fewer
// than 3 frames at the working rate (a state needs two frames after it).
Result<FieldDatabase> buildFieldDatabase(std::span<const std::shared_ptr<const Motion>> motions,
                                         const FieldDatabaseSettings& settings);

// Principal axes of the features: `mean` (featureDims) and `axes` (featureDims x featureDims,
// column c the c-th axis, by decreasing variance) with their variances. Used to draw the state
// space in 2-D and to order the k-d tree's coordinates.
struct FeaturePca {
  Eigen::VectorXd mean;
  Eigen::MatrixXd axes;
  Eigen::VectorXd variances;
};
FeaturePca featurePca(const FieldDatabase& database);

}  // namespace mg
