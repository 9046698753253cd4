// SPDX-License-Identifier: MIT
#pragma once

#include <span>
#include <vector>

namespace mg {

// How fast a character turns, from its facing yaw per frame (the root's yaw of a pose stream, or
// facingYaw of written motion): at each frame f with a full window around it, the facing's change
// from f - h to f + h over 2h / fps, h = round(windowSeconds x fps / 2), absolute, degrees per
// second. The window (half a second by default, about one step) averages out the pelvis's sway
// within a stride, which is not turning. Used to compare a controller's turns with the fastest
// turn anyone makes in the capture it plays (issue 27: a warped clip may spin faster).
struct TurnRate {
  double p99 = 0.0;  // 99th percentile over the frames measured, degrees per second
  double max = 0.0;
  int frames = 0;  // frames with a full window
};

// Over one motion's facing (radians; wrapped or not). Nothing is measured when the motion is
// shorter than the window or fps is not positive.
TurnRate measureTurnRate(std::span<const double> facing, double fps, double windowSeconds = 0.5);

// Over several takes, each measured on its own frames (no window spans two takes).
TurnRate measureTurnRate(std::span<const std::vector<double>> takes, double fps,
                         double windowSeconds = 0.5);

}  // namespace mg
