// SPDX-License-Identifier: MIT
#pragma once

#include <random>

namespace mg {

// A uniform draw in [0, 1) from the top 53 bits of `rng`.
inline double uniform01(std::mt19937_64& rng) {
  return static_cast<double>(rng() >> 11) * 0x1.0p-53;
}

}  // namespace mg
