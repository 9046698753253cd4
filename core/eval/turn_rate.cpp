// SPDX-License-Identifier: MIT
#include "core/eval/turn_rate.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace mg {
namespace {

// The rates of one take, appended to `out`.
void appendRates(std::span<const double> facing, double fps, double windowSeconds,
                 std::vector<double>& out) {
  if (!(fps > 0) || !(windowSeconds > 0)) return;
  const int h = std::max(1, static_cast<int>(std::lround(windowSeconds * fps / 2)));
  const int n = static_cast<int>(facing.size());
  // Unwrapped, so a turn through +-180 degrees is not a jump of 360.
  std::vector<double> yaw(facing.begin(), facing.end());
  for (int f = 1; f < n; ++f) {
    double d = std::remainder(yaw[f] - yaw[f - 1], 2 * std::numbers::pi);
    yaw[f] = yaw[f - 1] + d;
  }
  const double toDegreesPerSecond = 180.0 / std::numbers::pi * fps / (2.0 * h);
  for (int f = h; f + h < n; ++f)
    out.push_back(std::abs(yaw[f + h] - yaw[f - h]) * toDegreesPerSecond);
}

TurnRate summarise(std::vector<double>& rates) {
  TurnRate t;
  t.frames = static_cast<int>(rates.size());
  if (rates.empty()) return t;
  std::sort(rates.begin(), rates.end());
  t.max = rates.back();
  // Nearest rank.
  const size_t rank = static_cast<size_t>(std::ceil(0.99 * static_cast<double>(rates.size())));
  t.p99 = rates[std::clamp<size_t>(rank, 1, rates.size()) - 1];
  return t;
}

}  // namespace

TurnRate measureTurnRate(std::span<const double> facing, double fps, double windowSeconds) {
  std::vector<double> rates;
  appendRates(facing, fps, windowSeconds, rates);
  return summarise(rates);
}

TurnRate measureTurnRate(std::span<const std::vector<double>> takes, double fps,
                         double windowSeconds) {
  std::vector<double> rates;
  for (const std::vector<double>& take : takes) appendRates(take, fps, windowSeconds, rates);
  return summarise(rates);
}

}  // namespace mg
