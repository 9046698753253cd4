// SPDX-License-Identifier: MIT
#pragma once

#include <span>
#include <string_view>

#include <Eigen/Core>
#include <Eigen/Geometry>

namespace mg {

// Rotation from Euler angles given as channels, in the BVH sense: `axes` names the axes in the
// order the channels appear (e.g. "ZXY"), `degrees` the matching angles. The rotation is
// R = R(axes[0]) * R(axes[1]) * R(axes[2]), applied to column vectors. Precondition: `axes` has
// three letters from X, Y, Z.
Eigen::Quaterniond eulerToQuaternion(std::string_view axes, const Eigen::Vector3d& degrees);

// The inverse of eulerToQuaternion for the same axis order: angles in degrees. Any of the
// equivalent triples may be returned; eulerToQuaternion of it gives the same rotation.
Eigen::Vector3d quaternionToEuler(const Eigen::Quaterniond& q, std::string_view axes);

// Slerp along the shorter arc (q and -q are the same rotation). t in [0, 1].
Eigen::Quaterniond slerpShortest(const Eigen::Quaterniond& a, const Eigen::Quaterniond& b,
                                 double t);

// Normalised weighted sum after aligning every sign to the first quaternion's hemisphere: a good
// blend/average for rotations that are not far apart. Weights need not sum to one but must not all
// be zero. Precondition: rotations.size() == weights.size() > 0.
Eigen::Quaterniond blendQuaternions(std::span<const Eigen::Quaterniond> rotations,
                                    std::span<const double> weights);

// Heading of a rotation about the vertical (Y) axis, radians in (-pi, pi]: the angle of the
// rotated +Z axis projected on the floor, measured from +Z towards +X.
double yawAngle(const Eigen::Quaterniond& q);

}  // namespace mg
