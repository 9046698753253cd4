// SPDX-License-Identifier: MIT
#include "core/field/field_step.h"

#include <cmath>

#include "core/motion/quaternion.h"

namespace mg {
namespace {

Eigen::Vector4d aligned(const Eigen::Quaterniond& q) {
  return q.w() < 0 ? Eigen::Vector4d(-q.coeffs()) : Eigen::Vector4d(q.coeffs());
}

Eigen::Quaterniond normalisedOrIdentity(const Eigen::Vector4d& c) {
  const double n = c.norm();
  return n > 1e-300 ? Eigen::Quaterniond(Eigen::Vector4d(c / n)) : Eigen::Quaterniond::Identity();
}

}  // namespace

Status FieldFlowSettings::validate() const {
  if (k < 1) return Error{"motion field: k must be at least 1"};
  if (!(driftCorrection >= 0 && driftCorrection < 1)) {
    return Error{"motion field: the drift correction must be in [0, 1)"};
  }
  return Status::success();
}

double wrapAngle(double a) {
  a = std::remainder(a, 2 * M_PI);
  return a <= -M_PI ? a + 2 * M_PI : a;
}

void similarityWeights(std::span<const Neighbour> nbrs, std::vector<double>& w) {
  const size_t k = nbrs.size();
  w.assign(k, 0.0);
  int zeros = 0;
  for (const Neighbour& n : nbrs) zeros += n.distance <= 0;
  if (zeros > 0) {
    for (size_t i = 0; i < k; ++i) w[i] = nbrs[i].distance <= 0 ? 1.0 / zeros : 0.0;
    return;
  }
  const double last = 1.0 / nbrs[k - 1].distance;
  double total = 0;
  for (size_t i = 0; i < k; ++i) total += (w[i] = 1.0 / nbrs[i].distance - last);
  if (!(total > 0)) {
    w.assign(k, 1.0 / k);
    return;
  }
  for (double& x : w) x /= total;
}

void actionWeights(std::span<const double> similarity, int j, std::vector<double>& action) {
  action.assign(similarity.begin(), similarity.end());
  action[j] = 1.0;
  double total = 0;
  for (double x : action) total += x;
  for (double& x : action) x /= total;
}

FieldStepper::FieldStepper(const FieldDatabase& database, const NeighbourIndex& index,
                           FieldFlowSettings flow)
    : m_db(database), m_index(index), m_flow(flow) {
  m_feature.resize(database.featureDims);
}

void FieldStepper::prepare(const MotionState& state) {
  embedState(m_db, state.pose, state.velocity, m_feature.data());
  std::vector<Neighbour> found;
  m_index.query(m_feature.data(), m_flow.k, found);
  prepare(state, found);
}

void FieldStepper::prepare(const MotionState& state, std::span<const Neighbour> neighbours) {
  m_state = state;
  m_neighbours.assign(neighbours.begin(), neighbours.end());
  similarityWeights(m_neighbours, m_similarity);
  const int joints = static_cast<int>(state.pose.localRotations.size());
  m_vRoot.setZero(), m_yRoot.setZero();
  m_v.assign(joints, Eigen::Vector4d::Zero());
  m_y.assign(joints, Eigen::Vector4d::Zero());
  for (size_t i = 0; i < m_neighbours.size(); ++i) {
    const double w = m_similarity[i];
    if (w == 0) continue;
    const FieldVelocity& v = m_db.velocities[m_neighbours[i].state];
    const FieldVelocity& y = m_db.nextVelocities[m_neighbours[i].state];
    m_vRoot += w * v.rootDisplacement;
    m_yRoot += w * y.rootDisplacement;
    for (int j = 0; j < joints; ++j) {
      m_v[j] += w * aligned(v.rotations[j]);
      m_y[j] += w * aligned(y.rotations[j]);
    }
  }
  // The drift target: the nearest database pose on the state's floor position and heading, moved
  // on by its own velocity.
  const int nearest = m_neighbours.front().state;
  Pose target = m_db.poses[nearest];
  const Eigen::Quaterniond h = headingOf(state.pose.localRotations[0]);
  const Eigen::Quaterniond hNearest = headingOf(target.localRotations[0]);
  target.localRotations[0] = (h * hNearest.conjugate() * target.localRotations[0]).normalized();
  target.rootPosition = Eigen::Vector3d(state.pose.rootPosition.x(), target.rootPosition.y(),
                                        state.pose.rootPosition.z());
  addVelocity(target, m_db.velocities[nearest], target);
  m_driftV = poseDifference(target, state.pose);
  m_driftY = m_db.nextVelocities[nearest];
}

void FieldStepper::stepPassive(FieldStepOutcome& out) const {
  finishStep(1.0, m_vRoot, m_v, m_yRoot, m_y, out);
}

void FieldStepper::stepAction(int j, FieldStepOutcome& out) const {
  const double wj = m_similarity[j];
  const double extra = 1.0 - wj;
  const FieldVelocity& v = m_db.velocities[m_neighbours[j].state];
  const FieldVelocity& y = m_db.nextVelocities[m_neighbours[j].state];
  const size_t joints = m_v.size();
  m_tmpV.resize(joints), m_tmpY.resize(joints);
  for (size_t q = 0; q < joints; ++q) {
    m_tmpV[q] = m_v[q] + extra * aligned(v.rotations[q]);
    m_tmpY[q] = m_y[q] + extra * aligned(y.rotations[q]);
  }
  finishStep(1.0 / (1.0 + extra), m_vRoot + extra * v.rootDisplacement, m_tmpV,
             m_yRoot + extra * y.rootDisplacement, m_tmpY, out);
}

void FieldStepper::stepWeights(std::span<const double> weights, FieldStepOutcome& out) const {
  const size_t joints = m_v.size();
  m_tmpV.assign(joints, Eigen::Vector4d::Zero());
  m_tmpY.assign(joints, Eigen::Vector4d::Zero());
  Eigen::Vector3d vRoot = Eigen::Vector3d::Zero(), yRoot = Eigen::Vector3d::Zero();
  double total = 0;
  for (size_t i = 0; i < m_neighbours.size(); ++i) {
    const double w = weights[i];
    if (w == 0) continue;
    total += w;
    const FieldVelocity& v = m_db.velocities[m_neighbours[i].state];
    const FieldVelocity& y = m_db.nextVelocities[m_neighbours[i].state];
    vRoot += w * v.rootDisplacement;
    yRoot += w * y.rootDisplacement;
    for (size_t q = 0; q < joints; ++q) {
      m_tmpV[q] += w * aligned(v.rotations[q]);
      m_tmpY[q] += w * aligned(y.rotations[q]);
    }
  }
  finishStep(1.0 / total, vRoot, m_tmpV, yRoot, m_tmpY, out);
}

void FieldStepper::finishStep(double rootScale, const Eigen::Vector3d& rootSum,
                              const std::vector<Eigen::Vector4d>& vSum,
                              const Eigen::Vector3d& yRootSum,
                              const std::vector<Eigen::Vector4d>& ySum,
                              FieldStepOutcome& out) const {
  const size_t joints = vSum.size();
  m_blendV.rotations.resize(joints), m_blendY.rotations.resize(joints);
  m_blendV.rootDisplacement = rootScale * rootSum;
  m_blendY.rootDisplacement = rootScale * yRootSum;
  for (size_t q = 0; q < joints; ++q) {
    m_blendV.rotations[q] = normalisedOrIdentity(vSum[q]);
    m_blendY.rotations[q] = normalisedOrIdentity(ySum[q]);
  }
  const double delta = m_flow.driftCorrection;
  FieldVelocity& applied = out.next.velocity;  // reused as scratch for the applied velocity
  mixVelocities(m_blendV, m_driftV, delta, applied);
  addVelocity(m_state.pose, applied, out.next.pose);
  out.displacement = applied.rootDisplacement;
  out.yawChange = wrapAngle(yawAngle(out.next.pose.localRotations[0]) -
                            yawAngle(m_state.pose.localRotations[0]));
  mixVelocities(m_blendY, m_driftY, delta, out.next.velocity);
}

}  // namespace mg
