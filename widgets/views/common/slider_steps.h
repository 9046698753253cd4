// SPDX-License-Identifier: MIT
#pragma once

#include <algorithm>
#include <cmath>

#include <QFontMetrics>
#include <QSlider>

namespace mg {

// The integer steps of the editor's sliders that set a continuous value.
inline constexpr int kSliderSteps = 1000;

// The one mapping of every threshold slider: positions on a log scale from `low` to `high`
// (0 < low < high), kTicksPerDecade positions per factor of ten, so one tick (an arrow key)
// always changes the value by the same ratio (10^(1/20), about 12%) wherever the thumb is, and a
// page step (Page Up, a click beside the thumb) by a quarter of a decade. A linear or
// square-root slider gave a few pixels to the small thresholds that matter and most of its
// travel to ones nobody uses.
struct LogSliderScale {
  static constexpr int kTicksPerDecade = 20;
  // Least screen width of a decade at the slider's minimum width, in average character widths:
  // a short drag then moves the value by a fraction of a decade, not by one or two.
  static constexpr int kCharsPerDecade = 4;

  double low = 1e-4;
  double high = 1.0;

  int tickCount() const {
    return std::max(1, static_cast<int>(std::lround(decades() * kTicksPerDecade)));
  }
  double decades() const { return valid() ? std::log10(high / low) : 0.0; }
  bool valid() const { return low > 0 && high > low && std::isfinite(high); }

  // The value at slider position `tick` (clamped to [0, tickCount()]).
  double value(int tick) const {
    if (!valid()) return low;
    const double f = std::clamp(tick, 0, tickCount()) / static_cast<double>(tickCount());
    return low * std::pow(high / low, f);
  }
  // The nearest position of `v`; values outside [low, high] (and NaN) go to the nearest end.
  int tick(double v) const {
    if (!valid() || !(v > low)) return 0;
    if (v >= high) return tickCount();
    return static_cast<int>(std::lround(std::log(v / low) / std::log(high / low) * tickCount()));
  }

  // Gives `slider` this scale's range and steps, and a minimum width from its font (a decade at
  // least kCharsPerDecade average characters). The caller sets the position (tick()) after.
  void apply(QSlider* slider) const {
    slider->setRange(0, tickCount());
    slider->setSingleStep(1);
    slider->setPageStep(std::max(1, kTicksPerDecade / 4));
    const int perDecade = kCharsPerDecade * slider->fontMetrics().averageCharWidth();
    slider->setMinimumWidth(static_cast<int>(std::ceil(decades() * perDecade)));
  }
};

}  // namespace mg
