// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <span>

#include <Eigen/Core>

#include "core/util/result.h"

namespace mg {

// Fills the free entries of a sequence (one value per frame) so that the sequence gains the
// least acceleration: the free entries minimise
//   E = sum over 1 <= f <= n-2 of |v(f-1) - 2 v(f) + v(f+1)|^2 + ridge * sum over free f of
//   |v(f)|^2
// with every fixed entry (fixed[f] != 0) kept as given. Between fixed entries this is the
// discrete natural cubic spline, which joins each fixed stretch with the slope that stretch has,
// so a correction filled this way blends in and out without a step in position or velocity.
// `ridge` (>= 0, tiny) keeps stretches with fewer than two fixed neighbours well posed, pulling
// them gently to zero. Solved as a banded (pentadiagonal) system in O(n). Owns nothing.
// Fails when: values and fixed differ in size; ridge is negative or not finite; a value is not
// finite; nothing determines a free value (no fixed frame and no ridge).
Status fillMinimumAcceleration(std::span<Eigen::Vector3d> values,
                               std::span<const std::uint8_t> fixed, double ridge = 1e-6);

}  // namespace mg
