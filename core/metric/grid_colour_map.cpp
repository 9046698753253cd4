// SPDX-License-Identifier: MIT
#include "core/metric/grid_colour_map.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace mg {

float gridPercentile(std::span<const float> values, double percentile) {
  if (values.empty()) return 1e-12f;
  std::vector<float> sample;
  const size_t step = std::max<size_t>(1, values.size() / 200000);
  sample.reserve(values.size() / step + 1);
  for (size_t k = 0; k < values.size(); k += step) sample.push_back(values[k]);
  const double p = std::clamp(percentile, 0.0, 100.0) / 100.0;
  const size_t at = std::min(sample.size() - 1, static_cast<size_t>(sample.size() * p));
  std::nth_element(sample.begin(), sample.begin() + at, sample.end());
  return std::max(sample[at], 1e-12f);
}

float gridGreyFraction(float d, float whiteLevel) {
  if (!(d > 0)) return 0.0f;
  return std::sqrt(std::min(1.0f, d / whiteLevel));
}

std::uint8_t gridGrey8(float d, float whiteLevel) {
  return static_cast<std::uint8_t>(std::lround(255.0f * gridGreyFraction(d, whiteLevel)));
}

}  // namespace mg
