// SPDX-License-Identifier: MIT
#pragma once

namespace mg {

// The integer steps of the editor's sliders that set a continuous value.
inline constexpr int kSliderSteps = 1000;

}  // namespace mg
