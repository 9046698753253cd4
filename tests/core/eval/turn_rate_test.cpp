// SPDX-License-Identifier: MIT
#include "core/eval/turn_rate.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

#include <gtest/gtest.h>

namespace mg {
namespace {

constexpr double kDegree = std::numbers::pi / 180;

// A facing that turns at `degreesPerSecond` from `start`, with a sway of `swayDegrees` over a
// `swaySeconds` period, wrapped to (-pi, pi] as poses give it.
std::vector<double> turning(int frames, double fps, double degreesPerSecond, double start = 0,
                            double swayDegrees = 0, double swaySeconds = 1) {
  std::vector<double> yaw;
  for (int f = 0; f < frames; ++f) {
    const double t = f / fps;
    const double a = start + degreesPerSecond * kDegree * t +
                     swayDegrees * kDegree * std::sin(2 * std::numbers::pi * t / swaySeconds);
    yaw.push_back(std::remainder(a, 2 * std::numbers::pi));
  }
  return yaw;
}

TEST(TurnRate, ASteadyTurnIsItsRateThroughTheWrap) {
  // 90 degrees a second for 6 s passes +-180 degrees once: no jump of 360 counts.
  const TurnRate t = measureTurnRate(turning(180, 30, 90), 30);
  EXPECT_EQ(t.frames, 180 - 16);  // h = 8 frames each side at 30 Hz
  EXPECT_NEAR(t.p99, 90, 1e-9);
  EXPECT_NEAR(t.max, 90, 1e-9);
  const TurnRate left = measureTurnRate(turning(180, 30, -90, 2.0), 30);
  EXPECT_NEAR(left.max, 90, 1e-9);  // either way, from any heading
}

TEST(TurnRate, SwayIsAveragedOverTheWindowAsHandComputed) {
  // y = A sin(2 pi t / T): y(t + w/2) - y(t - w/2) = 2 A cos(2 pi t / T) sin(pi w / T), so the
  // largest windowed change is 2 A sin(pi w / T), w = 16 frames at 30 Hz.
  const double w = 16.0 / 30.0;
  const double expected = 2 * 5 * std::sin(std::numbers::pi * w / 1.0) / w;
  const TurnRate t = measureTurnRate(turning(300, 30, 0, 0, 5, 1), 30);
  EXPECT_NEAR(t.max, expected, 0.05);
  EXPECT_LT(t.max, 20);  // a 5 degree sway is not a fast turn
}

TEST(TurnRate, TakesAreMeasuredApartAndShortOnesAddNothing) {
  const std::vector<std::vector<double>> takes = {turning(60, 30, 0, 0.0), turning(60, 30, 45, 3.0),
                                                  turning(10, 30, 500)};
  const TurnRate t = measureTurnRate(takes, 30);
  EXPECT_EQ(t.frames, 2 * (60 - 16));
  EXPECT_NEAR(t.max, 45, 1e-9);  // the 3 rad between takes is no turn; the short take has none
  EXPECT_EQ(measureTurnRate(turning(10, 30, 500), 30).frames, 0);
  EXPECT_EQ(measureTurnRate(turning(100, 30, 90), 0).frames, 0);
  // Played backwards a turn is as fast.
  std::vector<double> back = turning(120, 30, 70, 0, 3, 0.8);
  const double forward = measureTurnRate(back, 30).max;
  std::reverse(back.begin(), back.end());
  EXPECT_NEAR(measureTurnRate(back, 30).max, forward, 1e-9);
}

}  // namespace
}  // namespace mg
