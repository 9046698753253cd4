// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <span>

namespace mg {

// How a distance grid is shown as grey levels (mgtool grid --png and the editor's heatmap agree):
// dark = similar, grey = sqrt(min(1, D / whiteLevel)) (an RMS-like, perceptually flatter scale),
// with whiteLevel a high percentile of the grid so that a few far-apart frames do not wash the
// image out.

// The `percentile` (in [0, 100]) of `values`, estimated from at most ~200,000 evenly strided
// samples; returns at least 1e-12 so it can divide. Values are kFrameDistanceUnit.
float gridPercentile(std::span<const float> values, double percentile);

// The white level of a grid: its 95th percentile (gridPercentile(values, 95)).
inline float gridWhiteLevel(std::span<const float> values) {
  return gridPercentile(values, 95);
}

// Grey level in [0, 1] of distance `d` under `whiteLevel` (> 0); NaN and negative d map to 0.
float gridGreyFraction(float d, float whiteLevel);

// The same as an 8-bit grey, 0 = black.
std::uint8_t gridGrey8(float d, float whiteLevel);

}  // namespace mg
