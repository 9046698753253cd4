// SPDX-License-Identifier: MIT
// The threshold sliders' one log mapping.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include <QSlider>

#include "widgets/views/common/slider_steps.h"

namespace mg {
namespace {

TEST(LogSliderScale, EveryTickIsTheSameRatioAndPositionsRoundTrip) {
  const LogSliderScale scale{1e-4, 1.0};
  EXPECT_EQ(scale.tickCount(), 4 * LogSliderScale::kTicksPerDecade);
  EXPECT_DOUBLE_EQ(scale.value(0), 1e-4);
  EXPECT_NEAR(scale.value(scale.tickCount()), 1.0, 1e-12);
  const double ratio = std::pow(10.0, 1.0 / LogSliderScale::kTicksPerDecade);
  for (int t = 0; t < scale.tickCount(); ++t) {
    EXPECT_NEAR(scale.value(t + 1) / scale.value(t), ratio, 1e-9) << "tick " << t;
    EXPECT_EQ(scale.tick(scale.value(t)), t);
  }
  // The 0.0074 -> 0.134 m² of one short drag is 25 ticks apart: far more than a tick or two.
  EXPECT_GE(scale.tick(0.134) - scale.tick(0.0074), 20);
  EXPECT_LT(ratio, 1.15);
}

TEST(LogSliderScale, OutOfRangeAndBadValuesGoToTheEnds) {
  const LogSliderScale scale{0.01, 10.0};
  EXPECT_EQ(scale.tick(0.0), 0);
  EXPECT_EQ(scale.tick(-3.0), 0);
  EXPECT_EQ(scale.tick(std::numeric_limits<double>::quiet_NaN()), 0);
  EXPECT_EQ(scale.tick(1e9), scale.tickCount());
  EXPECT_EQ(scale.tick(std::numeric_limits<double>::infinity()), scale.tickCount());
  EXPECT_DOUBLE_EQ(scale.value(-5), 0.01);
  EXPECT_NEAR(scale.value(100000), 10.0, 1e-12);
  // A scale that is no range (from a grid without distances) answers without dividing by zero.
  const LogSliderScale empty{0.0, 0.0};
  EXPECT_FALSE(empty.valid());
  EXPECT_EQ(empty.tick(0.5), 0);
  EXPECT_EQ(empty.tickCount(), 1);
}

TEST(LogSliderScale, ApplySetsStepsAndAWidthPerDecadeFromTheFont) {
  QSlider slider(Qt::Horizontal);
  const LogSliderScale scale{1e-3, 1.0};
  scale.apply(&slider);
  EXPECT_EQ(slider.minimum(), 0);
  EXPECT_EQ(slider.maximum(), scale.tickCount());
  EXPECT_EQ(slider.singleStep(), 1);
  EXPECT_EQ(slider.pageStep(), LogSliderScale::kTicksPerDecade / 4);
  EXPECT_GE(slider.minimumWidth(),
            3 * LogSliderScale::kCharsPerDecade * slider.fontMetrics().averageCharWidth());
}

}  // namespace
}  // namespace mg
