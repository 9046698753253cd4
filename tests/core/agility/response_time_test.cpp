// SPDX-License-Identifier: MIT
#include "core/agility/response_time.h"

#include <cmath>

#include <gtest/gtest.h>

namespace mg {
namespace {

TEST(ResponseTracker, TimesTheFirstFrameWithinTolerance) {
  ResponseTracker tracker(30.0);
  Directive d;
  d.kind = Directive::Kind::Heading;
  d.headingRadians = 0.5;
  tracker.directive(10, d);
  Pose p;
  p.localRotations = {Eigen::Quaterniond::Identity()};
  for (int f = 10; f < 40; ++f) {
    const double yaw = 0.5 * (f - 10) / 20.0;  // reaches 0.5 rad at frame 30
    p.localRotations[0] = Eigen::Quaterniond(Eigen::AngleAxisd(yaw, Eigen::Vector3d::UnitY()));
    tracker.frame(f, p);
  }
  ASSERT_TRUE(tracker.records()[0].seconds);
  // Within 5 degrees (0.0873 rad) from yaw >= 0.4127, i.e. frame 10 + ceil(16.5) = 27.
  EXPECT_NEAR(*tracker.records()[0].seconds, 17.0 / 30.0, 1e-12);
  tracker.directive(40, d);
  const ResponseSummary s = summarizeResponses(tracker.records());
  EXPECT_EQ(s.changes, 2);
  EXPECT_EQ(s.failures, 1);
}

}  // namespace
}  // namespace mg
