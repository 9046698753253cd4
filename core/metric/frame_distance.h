// SPDX-License-Identifier: MIT
#pragma once

#include <span>

#include <Eigen/Core>

#include "core/metric/frame_set.h"

namespace mg {

// The optimal alignment of cloud j onto cloud i and the distance left after it.
//
// Convention: T(theta, x0, z0) p = Ry(theta) p + (x0, 0, z0), where Ry is the right-handed rotation
// about +Y (x' = cos x + sin z, z' = -sin x + cos z; positive theta turns +Z towards +X, the same
// sense as yawAngle()). T applied to the points of cloud j (frame j) maps them onto cloud i
// (frame i): distance = sum_k w_k |p_k - T p'_k|^2, minimal over theta, x0, z0.
struct FrameAlignment {
  double distance = 0.0;  // weighted squared distance, kFrameDistanceUnit when weights sum to 1
  double theta = 0.0;     // radians, in (-pi, pi]
  double x0 = 0.0;        // metres
  double z0 = 0.0;        // metres
};

// Applies T(theta, x0, z0) of `alignment` to a point.
Eigen::Vector3d applyAlignment(const FrameAlignment& alignment, const Eigen::Vector3d& p);

// The closed form of Kovar et al. 2002 over explicit clouds, in double: subtract each cloud's
// weighted x/z centroid, A = sum w (x x' + z z'), B = sum w (x z' - z x'), theta = atan2(B, A),
// distance = Sa + Sb - 2 sqrt(A^2 + B^2) + sum w (y - y')^2, and the translation moves the rotated
// centroid of j onto the centroid of i. This is the reference the fast grid is tested against.
// Preconditions: the three spans have the same non-zero size; weights are >= 0 with a positive sum.
FrameAlignment alignPointClouds(std::span<const Eigen::Vector3d> cloudI,
                                std::span<const Eigen::Vector3d> cloudJ,
                                std::span<const double> weights);

// The distance and alignment between frame i of `rows` and frame j of `cols` (the reference,
// one pair at a time). Preconditions: both sets were built with the same settings on the same
// hierarchy; 0 <= i < rows.frameCount(), 0 <= j < cols.frameCount(). Thread-safe.
FrameAlignment frameDistance(const FrameSet& rows, int i, const FrameSet& cols, int j);

}  // namespace mg
