// SPDX-License-Identifier: MIT
#pragma once

#include <Eigen/Core>
#include <Eigen/Geometry>

namespace mg {

// A rigid motion of the floor plane: rotation by `theta` about the vertical (Y) axis through the
// origin, then translation by (x, 0, z). It is the alignment (theta, x0, z0) of the frame metric
// and the running root transform of playback. Value type.
struct FloorTransform {
  double theta = 0.0;  // radians, counter-clockwise seen from above (+Y), any value
  double x = 0.0;      // metres
  double z = 0.0;      // metres

  Eigen::Quaterniond rotation() const {
    return Eigen::Quaterniond(Eigen::AngleAxisd(theta, Eigen::Vector3d::UnitY()));
  }
  // The transform applied to a point (the height is unchanged).
  Eigen::Vector3d apply(const Eigen::Vector3d& p) const {
    const double c = std::cos(theta), s = std::sin(theta);
    return {c * p.x() + s * p.z() + x, p.y(), -s * p.x() + c * p.z() + z};
  }
  // The transform applied to a direction (velocity, offset): rotation only.
  Eigen::Vector3d applyToVector(const Eigen::Vector3d& v) const {
    const double c = std::cos(theta), s = std::sin(theta);
    return {c * v.x() + s * v.z(), v.y(), -s * v.x() + c * v.z()};
  }
  // The transform applied to a world orientation (e.g. the root's).
  Eigen::Quaterniond apply(const Eigen::Quaterniond& q) const { return rotation() * q; }

  // (*this) after `inner`: result.apply(p) == apply(inner.apply(p)).
  FloorTransform operator*(const FloorTransform& inner) const {
    const Eigen::Vector3d t = apply(Eigen::Vector3d(inner.x, 0.0, inner.z));
    return {theta + inner.theta, t.x(), t.z()};
  }
  FloorTransform inverse() const {
    const FloorTransform rotationOnly{-theta, 0.0, 0.0};
    const Eigen::Vector3d t = rotationOnly.apply(Eigen::Vector3d(-x, 0.0, -z));
    return {-theta, t.x(), t.z()};
  }
};

}  // namespace mg
