// SPDX-License-Identifier: MIT
#include "core/field/motion_state.h"

#include <cmath>

#include "core/motion/quaternion.h"

namespace mg {
namespace {

Eigen::Quaterniond toIdentityHemisphere(const Eigen::Quaterniond& q) {
  return q.w() < 0 ? Eigen::Quaterniond(-q.w(), -q.x(), -q.y(), -q.z()) : q;
}

}  // namespace

Eigen::Quaterniond headingOf(const Eigen::Quaterniond& rootRotation) {
  return Eigen::Quaterniond(Eigen::AngleAxisd(yawAngle(rootRotation), Eigen::Vector3d::UnitY()));
}

FieldVelocity poseDifference(const Pose& to, const Pose& from) {
  FieldVelocity v;
  const size_t joints = from.localRotations.size();
  v.rotations.resize(joints);
  const Eigen::Quaterniond h = headingOf(from.localRotations[0]);
  const Eigen::Quaterniond hInv = h.conjugate();
  v.rootDisplacement = hInv * (to.rootPosition - from.rootPosition);
  v.rotations[0] = toIdentityHemisphere(
      (hInv * to.localRotations[0] * from.localRotations[0].conjugate() * h).normalized());
  for (size_t j = 1; j < joints; ++j) {
    v.rotations[j] = toIdentityHemisphere(
        (from.localRotations[j].conjugate() * to.localRotations[j]).normalized());
  }
  return v;
}

void addVelocity(const Pose& pose, const FieldVelocity& velocity, Pose& out) {
  const size_t joints = pose.localRotations.size();
  const Eigen::Quaterniond h = headingOf(pose.localRotations[0]);
  const Eigen::Vector3d root = pose.rootPosition + h * velocity.rootDisplacement;
  const Eigen::Quaterniond root0 =
      (h * velocity.rotations[0] * h.conjugate() * pose.localRotations[0]).normalized();
  if (&out != &pose) out.localRotations.resize(joints);
  for (size_t j = 1; j < joints; ++j) {
    out.localRotations[j] = (pose.localRotations[j] * velocity.rotations[j]).normalized();
  }
  out.localRotations[0] = root0;
  out.rootPosition = root;
}

void blendVelocities(std::span<const FieldVelocity* const> velocities,
                     std::span<const double> weights, FieldVelocity& out) {
  const size_t joints = velocities[0]->rotations.size();
  out.rotations.assign(joints, Eigen::Quaterniond(0, 0, 0, 0));
  out.rootDisplacement.setZero();
  double total = 0;
  for (size_t i = 0; i < velocities.size(); ++i) {
    const double w = weights[i];
    if (w == 0) continue;
    total += w;
    const FieldVelocity& v = *velocities[i];
    out.rootDisplacement += w * v.rootDisplacement;
    for (size_t j = 0; j < joints; ++j) {
      const Eigen::Quaterniond& q = v.rotations[j];
      const double s = q.w() < 0 ? -w : w;
      out.rotations[j].coeffs() += s * q.coeffs();
    }
  }
  out.rootDisplacement /= total;
  for (Eigen::Quaterniond& q : out.rotations) {
    const double n = q.norm();
    q = n > 1e-300 ? Eigen::Quaterniond(q.coeffs() / n) : Eigen::Quaterniond::Identity();
  }
}

void mixVelocities(const FieldVelocity& a, const FieldVelocity& b, double t, FieldVelocity& out) {
  const size_t joints = a.rotations.size();
  out.rotations.resize(joints);
  out.rootDisplacement = (1 - t) * a.rootDisplacement + t * b.rootDisplacement;
  for (size_t j = 0; j < joints; ++j)
    out.rotations[j] = slerpShortest(a.rotations[j], b.rotations[j], t);
}

}  // namespace mg
