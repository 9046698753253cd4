// SPDX-License-Identifier: MIT
// Each parameter kind measured on a hand-made clip whose answer is known, and every invalid
// metric refused.
#include "core/param/parameter_metric.h"

#include <cmath>
#include <numbers>

#include <gtest/gtest.h>

#include "support/synthetic_motion.h"

namespace mg {
namespace {

// A clip of the synthetic biped in its rest pose (every local rotation identity except the
// root's yaw, `yawDegrees` about +Y), its root at `root(f)` on frame f.
template <class RootPath>
Motion restClip(int frames, double yawDegrees, RootPath root) {
  Motion m;
  m.name = "rest";
  m.skeleton = test::makeBipedSkeleton();
  m.fps = 30.0;
  const Eigen::Quaterniond yaw(
      Eigen::AngleAxisd(yawDegrees * std::numbers::pi / 180.0, Eigen::Vector3d::UnitY()));
  for (int f = 0; f < frames; ++f) {
    m.rootPositions.push_back(root(f));
    for (int j = 0; j < m.jointCount(); ++j)
      m.localRotations.push_back(j == 0 ? yaw : Eigen::Quaterniond::Identity());
  }
  return m;
}

ParameterVector measureOne(const ParameterMetric& metric, const Motion& clip) {
  Result<ParameterMeasure> measure = ParameterMeasure::create({metric}, clip.skeleton);
  EXPECT_TRUE(measure) << measure.error().message;
  return measure ? measure->measure(clip) : ParameterVector{};
}

TEST(ParameterMetric, TravelDirectionChangeOfAQuarterTurnLeft) {
  // 31 frames: along +Z to frame 15, then along +X (left, seen from above). With the default
  // window of a third, the chords are frames 0-10 (+Z) and 20-30 (+X): +90 degrees.
  const Motion clip = restClip(31, 0, [](int f) {
    return f <= 15 ? Eigen::Vector3d(0, 0.9, f / 30.0) : Eigen::Vector3d((f - 15) / 30.0, 0.9, 0.5);
  });
  EXPECT_NEAR(measureOne({}, clip)[0], 90.0, 1e-9);
  // The same path mirrored (+Z then -X) turns right: -90.
  Motion mirrored = clip;
  for (Eigen::Vector3d& p : mirrored.rootPositions) p.x() = -p.x();
  EXPECT_NEAR(measureOne({}, mirrored)[0], -90.0, 1e-9);
}

TEST(ParameterMetric, TravelDirectionChangeWrapsAcrossTheBack) {
  // From heading +170 degrees to -170 degrees is a 20 degree turn to the left, not -340.
  const double a = 170.0 * std::numbers::pi / 180.0, b = -170.0 * std::numbers::pi / 180.0;
  const Motion clip = restClip(31, 0, [&](int f) {
    const double t = f / 30.0;
    if (f <= 15) return Eigen::Vector3d(std::sin(a) * t, 0.9, std::cos(a) * t);
    const Eigen::Vector3d mid(std::sin(a) * 0.5, 0.9, std::cos(a) * 0.5);
    return Eigen::Vector3d(mid.x() + std::sin(b) * (t - 0.5), 0.9,
                           mid.z() + std::cos(b) * (t - 0.5));
  });
  EXPECT_NEAR(measureOne({}, clip)[0], 20.0, 1e-9);
}

TEST(ParameterMetric, TravelSpeedIsTheFloorChordOverTheDuration) {
  // 3 m across and 4 m forward in one second (30 frames at 30 Hz), rising 0.3 m: 5 m/s.
  const Motion clip = restClip(31, 0, [](int f) {
    const double t = f / 30.0;
    return Eigen::Vector3d(3 * t, 0.9 + 0.3 * t, 4 * t);
  });
  ParameterMetric speed;
  speed.kind = ParameterKind::TravelSpeed;
  EXPECT_NEAR(measureOne(speed, clip)[0], 5.0, 1e-12);
}

TEST(ParameterMetric, EndEffectorPositionIsInTheStartingRootFrame) {
  // The root faces +X (yaw 90) and moves 1 m along it. The left foot hangs 0.1 m to the left of
  // the hips and 0.8 m below them, so at the end of the clip it is 0.1 m left, 0.1 m above the
  // floor and 1 m forward of where the root started, whatever the yaw and the start position.
  for (double yaw : {0.0, 90.0, -135.0}) {
    const double r = yaw * std::numbers::pi / 180.0;
    const Motion clip = restClip(11, yaw, [&](int f) {
      return Eigen::Vector3d(2 + std::sin(r) * f / 10.0, 0.9, -1 + std::cos(r) * f / 10.0);
    });
    ParameterMetric foot;
    foot.kind = ParameterKind::EndEffectorPosition;
    foot.joint = "LeftFoot";
    foot.keyTime = 1.0;
    const ParameterVector p = measureOne(foot, clip);
    EXPECT_NEAR(p[0], 0.1, 1e-12) << yaw;
    EXPECT_NEAR(p[1], 0.1, 1e-12) << yaw;
    EXPECT_NEAR(p[2], 1.0, 1e-12) << yaw;
    // One axis, at the start of the clip: only forward, and nothing travelled yet.
    foot.axes = "z";
    foot.keyTime = 0.0;
    EXPECT_NEAR(measureOne(foot, clip)[0], 0.0, 1e-12) << yaw;
  }
}

TEST(ParameterMetric, MinimumHeightOfAnEndSite) {
  // The left toe and its end site (0.05 m in front of it) are both 0.9 m below the hips in the
  // rest pose; the hips dip to 0.85 m.
  const Motion clip = restClip(21, 30, [](int f) {
    return Eigen::Vector3d(0, 0.9 - 0.05 * std::sin(std::numbers::pi * f / 20.0), 0);
  });
  ParameterMetric low;
  low.kind = ParameterKind::MinimumHeight;
  low.joint = "LeftToeBase";
  low.endSite = true;
  EXPECT_NEAR(measureOne(low, clip)[0], 0.85 - 0.9, 1e-12);
  low.endSite = false;
  EXPECT_NEAR(measureOne(low, clip)[0], 0.85 - 0.9, 1e-12);
}

TEST(ParameterMetric, NamesUnitsAndDimensions) {
  ParameterMetric turn;
  ParameterMetric hand;
  hand.kind = ParameterKind::EndEffectorPosition;
  hand.joint = "Head";
  hand.axes = "xz";
  Result<ParameterMeasure> m = ParameterMeasure::create({turn, hand}, test::makeBipedSkeleton());
  ASSERT_TRUE(m) << m.error().message;
  EXPECT_EQ(m->dimensions(), 3);
  EXPECT_EQ(m->parameterNames(),
            (std::vector<std::string>{"travel_direction_change", "end_effector_position.x",
                                      "end_effector_position.z"}));
  EXPECT_EQ(m->parameterUnits(), (std::vector<std::string>{"deg", "m", "m"}));
  for (ParameterKind k : {ParameterKind::TravelDirectionChange, ParameterKind::TravelSpeed,
                          ParameterKind::EndEffectorPosition, ParameterKind::MinimumHeight}) {
    ParameterMetric p;
    p.kind = k;
    Result<ParameterKind> back = parameterKindByName(p.kindName());
    ASSERT_TRUE(back);
    EXPECT_EQ(*back, k);
  }
  Result<ParameterKind> unknown = parameterKindByName("speediness");
  ASSERT_FALSE(unknown);
  EXPECT_NE(unknown.error().message.find("travel_speed"), std::string::npos)
      << unknown.error().message;
}

TEST(ParameterMetric, InvalidMetricsAreRefused) {
  const std::shared_ptr<const Skeleton> biped = test::makeBipedSkeleton();
  ParameterMetric p;
  p.kind = ParameterKind::EndEffectorPosition;
  p.joint = "LeftHand";  // the biped has no hands
  EXPECT_FALSE(p.validate(*biped));
  p.joint = "Spine";
  p.endSite = true;  // Spine has no end site
  EXPECT_FALSE(p.validate(*biped));
  p.endSite = false;
  EXPECT_TRUE(p.validate(*biped));
  for (double t : {-0.1, 1.5, std::nan("")}) {
    ParameterMetric q = p;
    q.keyTime = t;
    EXPECT_FALSE(q.validate(*biped)) << t;
  }
  for (const char* axes : {"", "xx", "xyzx", "w"}) {
    ParameterMetric q = p;
    q.axes = axes;
    EXPECT_FALSE(q.validate(*biped)) << axes;
  }
  ParameterMetric turn;
  for (double w : {0.0, 0.6, -1.0}) {
    turn.windowFraction = w;
    EXPECT_FALSE(turn.validate(*biped)) << w;
  }
  ParameterMetric low;
  low.kind = ParameterKind::MinimumHeight;  // needs a joint
  EXPECT_FALSE(low.validate(*biped));
  EXPECT_FALSE(ParameterMeasure::create({}, biped));
  ParameterMetric three = p;  // 3 + 1 parameters is one too many
  EXPECT_FALSE(ParameterMeasure::create({three, ParameterMetric{}}, biped));
  EXPECT_FALSE(ParameterMeasure::create({ParameterMetric{}}, nullptr));
}

}  // namespace
}  // namespace mg
