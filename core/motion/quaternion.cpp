// SPDX-License-Identifier: MIT
#include "core/motion/quaternion.h"

#include <cmath>

namespace mg {
namespace {

Eigen::Vector3d axisVector(char axis) {
  switch (axis) {
    case 'X':
    case 'x':
      return Eigen::Vector3d::UnitX();
    case 'Y':
    case 'y':
      return Eigen::Vector3d::UnitY();
    default:
      return Eigen::Vector3d::UnitZ();
  }
}

int axisIndex(char axis) {
  switch (axis) {
    case 'X':
    case 'x':
      return 0;
    case 'Y':
    case 'y':
      return 1;
    default:
      return 2;
  }
}

}  // namespace

Eigen::Quaterniond eulerToQuaternion(std::string_view axes, const Eigen::Vector3d& degrees) {
  Eigen::Quaterniond q = Eigen::Quaterniond::Identity();
  for (int i = 0; i < 3; ++i) {
    q = q * Eigen::Quaterniond(Eigen::AngleAxisd(degrees[i] * M_PI / 180.0, axisVector(axes[i])));
  }
  return q.normalized();
}

Eigen::Vector3d quaternionToEuler(const Eigen::Quaterniond& q, std::string_view axes) {
  // Eigen's eulerAngles(a0, a1, a2) returns angles for R = R(a0) R(a1) R(a2), the same convention.
  const Eigen::Vector3d rad = q.normalized().toRotationMatrix().eulerAngles(
      axisIndex(axes[0]), axisIndex(axes[1]), axisIndex(axes[2]));
  return rad * (180.0 / M_PI);
}

Eigen::Quaterniond slerpShortest(const Eigen::Quaterniond& a, const Eigen::Quaterniond& b,
                                 double t) {
  // Eigen's slerp already takes the shorter arc; normalise against drift.
  return a.slerp(t, b).normalized();
}

Eigen::Quaterniond blendQuaternions(std::span<const Eigen::Quaterniond> rotations,
                                    std::span<const double> weights) {
  Eigen::Vector4d sum = Eigen::Vector4d::Zero();
  const Eigen::Vector4d ref = rotations[0].coeffs();
  for (size_t i = 0; i < rotations.size(); ++i) {
    Eigen::Vector4d c = rotations[i].coeffs();
    if (c.dot(ref) < 0) c = -c;
    sum += weights[i] * c;
  }
  const double n = sum.norm();
  if (n < 1e-12) return rotations[0];
  Eigen::Quaterniond out;
  out.coeffs() = sum / n;
  return out;
}

double yawAngle(const Eigen::Quaterniond& q) {
  const Eigen::Vector3d forward = q * Eigen::Vector3d::UnitZ();
  return std::atan2(forward.x(), forward.z());
}

}  // namespace mg
