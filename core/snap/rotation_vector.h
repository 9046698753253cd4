// SPDX-License-Identifier: MIT
#pragma once

#include <cmath>

#include <Eigen/Core>
#include <Eigen/Geometry>

namespace mg {

// Rotation vector (axis x angle, radians, angle in [0, pi]) of a unit quaternion, taking the
// shorter of q and -q. The exponential map's inverse: rotationFromVector(rotationVector(q)) == q
// up to sign.
inline Eigen::Vector3d rotationVector(const Eigen::Quaterniond& q) {
  Eigen::Vector3d v = q.vec();
  double w = q.w();
  if (w < 0) {
    v = -v;
    w = -w;
  }
  const double s = v.norm();
  if (s < 1e-12) return 2.0 * v;  // first-order: angle ~ 2 |v|
  return v * (2.0 * std::atan2(s, w) / s);
}

// Unit quaternion of a rotation vector (axis x angle, radians).
inline Eigen::Quaterniond rotationFromVector(const Eigen::Vector3d& u) {
  const double angle = u.norm();
  if (angle < 1e-12)
    return Eigen::Quaterniond(1.0, 0.5 * u.x(), 0.5 * u.y(), 0.5 * u.z()).normalized();
  const Eigen::Vector3d axis = u / angle;
  return Eigen::Quaterniond(Eigen::AngleAxisd(angle, axis));
}

}  // namespace mg
