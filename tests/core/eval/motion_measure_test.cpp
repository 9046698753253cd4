// SPDX-License-Identifier: MIT
#include "core/eval/motion_measure.h"

#include <cmath>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "../import/import_test_util.h"
#include "eval_test_bvh.h"

namespace mg {
namespace {

constexpr double kFps = 30.0;
constexpr double kHeight = 170.0;  // the stick figure's body height in cm

PointTracks tracksOf(const std::string& text, const TrackSettings& settings = {}) {
  Result<BvhDocument> doc = parseBvhText(text, "test.bvh");
  EXPECT_TRUE(doc) << doc.error().message;
  Result<PointTracks> t = pointTracksFromBvh(*doc, settings);
  EXPECT_TRUE(t) << t.error().message;
  return *t;
}

TEST(Percentile, NearestRank) {
  EXPECT_EQ(percentile({}, 50), 0.0);
  EXPECT_EQ(percentile({3, 1, 2}, 50), 2.0);
  EXPECT_EQ(percentile({1, 2, 3, 4}, 50), 2.0);
  EXPECT_EQ(percentile({1, 2, 3, 4}, 99), 4.0);
  EXPECT_EQ(percentile({5, 1}, 0), 1.0);
}

// A steady walk with one frame pushed 1 cm sideways: the second difference there is 2 cm, so
// a = 2 cm x 30^2 / 170 cm; its neighbours get half of that; every other frame is still.
TEST(MeasureAcceleration, AKnownPopGivesAKnownAcceleration) {
  const int pop = 20;
  const PointTracks t = tracksOf(test::stickFigureBvh(
      60, kFps, [&](int f) { return Eigen::Vector3d(f == pop ? 1.0 : 0.0, 90, 4.0 * f); }));
  EXPECT_DOUBLE_EQ(t.bodyHeight, kHeight);
  const double expected = 2.0 * kFps * kFps / kHeight;
  const AccelerationStats a = measureAcceleration(t, 0.75 * expected);
  EXPECT_EQ(a.frames, 58);
  EXPECT_NEAR(a.max, expected, 1e-9);
  EXPECT_EQ(a.worstFrame, pop);
  EXPECT_EQ(a.framesAbove, 1);
  EXPECT_NEAR(a.p50, 0.0, 1e-9);
  EXPECT_NEAR(a.p99, expected, 1e-9);  // nearest rank: the 58th of 58 frame maxima
  EXPECT_NEAR(measureAcceleration(t, 0.25 * expected).framesAbove, 3, 0);
  const std::vector<double> perFrame = frameAccelerationMax(t);
  ASSERT_EQ(perFrame.size(), 60u);
  EXPECT_NEAR(perFrame[pop - 1], expected / 2, 1e-9);
  EXPECT_NEAR(perFrame[pop + 1], expected / 2, 1e-9);
  EXPECT_NEAR(perFrame[pop + 5], 0.0, 1e-9);
}

// Constant acceleration g along Y (a thrown body): every point, every frame, reads g / height.
TEST(MeasureAcceleration, UniformAccelerationReadsTheSameEverywhere) {
  const double g = 981.0;  // cm/s^2
  const PointTracks t = tracksOf(test::stickFigureBvh(30, kFps, [&](int f) {
    const double s = f / kFps;
    return Eigen::Vector3d(0, 500 - 0.5 * g * s * s, 0);
  }));
  const AccelerationStats a = measureAcceleration(t, 100.0);
  EXPECT_NEAR(a.p50, g / kHeight, 1e-6);
  EXPECT_NEAR(a.jointP99, g / kHeight, 1e-6);
  EXPECT_NEAR(a.max, g / kHeight, 1e-6);
  EXPECT_EQ(a.framesAbove, 0);
}

TEST(MeasureAcceleration, TooShortHasNoSamples) {
  const PointTracks t =
      tracksOf(test::stickFigureBvh(2, kFps, [](int f) { return Eigen::Vector3d(f, 90, 0); }));
  const AccelerationStats a = measureAcceleration(t, 1.0);
  EXPECT_EQ(a.frames, 0);
  EXPECT_EQ(a.worstFrame, -1);
}

// The foot slides at 17 cm/s (0.1 bh/s) while on the floor for 30 frames, then lifts 20 cm and
// keeps moving. The slide is one plant per foot point; its skate samples leave out the first
// and last frame (touch-down, lift-off) and all read exactly 0.1 bh/s.
TEST(MeasureSkate, AFootSlidingLowGivesItsSlidingSpeed) {
  const double speed = 17.0;  // cm/s
  const PointTracks t = tracksOf(test::stickFigureBvh(60, kFps, [&](int f) {
    return Eigen::Vector3d(speed * f / kFps, f < 30 ? 90.0 : 110.0, 0);
  }));
  const FootContactsFound plants = findPlants(t);
  ASSERT_EQ(plants.footPoints.size(), 2u);  // foot and foot/end; not hips or head
  EXPECT_EQ(t.names[plants.footPoints[0]], "foot");
  EXPECT_EQ(t.names[plants.footPoints[1]], "foot/end");
  ASSERT_EQ(plants.runs.size(), 2u);
  for (const PlantRun& run : plants.runs) {
    EXPECT_EQ(run.begin, 0);
    EXPECT_EQ(run.end, 28);  // frame 29's central difference reaches into the lifted frame 30
    EXPECT_EQ(run.samples, 27);
    EXPECT_NEAR(run.meanSpeed, 0.1, 1e-9);
  }
  const SkateStats s = measureSkate(t, plants);
  EXPECT_EQ(s.plants, 2);
  EXPECT_EQ(s.samples, 54);
  EXPECT_NEAR(s.meanBhPerS, 0.1, 1e-9);
  EXPECT_NEAR(s.p95BhPerS, 0.1, 1e-9);
  EXPECT_NEAR(s.meanMps, 0.17, 1e-9);  // 170 cm guessed as centimetres
}

// Faster than the speed threshold: not a plant, so no skate at all.
TEST(MeasureSkate, AFastFootIsNotPlanted) {
  const PointTracks t = tracksOf(test::stickFigureBvh(
      40, kFps, [&](int f) { return Eigen::Vector3d(0.5 * kHeight * f / kFps, 90, 0); }));
  EXPECT_TRUE(findPlants(t).runs.empty());
  EXPECT_EQ(measureSkate(t).samples, 0);
  EXPECT_EQ(measureSkate(t).meanBhPerS, 0.0);
}

// BVH text of a figure in cm (body height 170) whose foot has a heel joint 85 cm below the root
// and a toe end site 5 cm lower and 10 cm ahead, pitched by an X rotation: frame f has its root
// at (0, y, z) and the foot pitched by `pitch` degrees, from `frame(f)` = (y, z, pitch).
std::string heelToeBvh(int frames, const std::function<Eigen::Vector3d(int)>& frame) {
  std::ostringstream s;
  s.precision(17);
  s << "HIERARCHY\nROOT hips\n{\n  OFFSET 0 0 0\n  CHANNELS 3 Xposition Yposition Zposition\n"
    << "  JOINT head\n  {\n    OFFSET 0 80 0\n    CHANNELS 0\n    End Site\n    {\n      OFFSET 0 "
       "0 0\n    }\n  }\n"
    << "  JOINT heel\n  {\n    OFFSET 0 -85 0\n    CHANNELS 1 Xrotation\n    End Site\n    {\n"
    << "      OFFSET 0 -5 10\n    }\n  }\n}\nMOTION\nFrames: " << frames
    << "\nFrame Time: " << 1.0 / kFps << "\n";
  for (int f = 0; f < frames; ++f) {
    const Eigen::Vector3d v = frame(f);
    s << "0 " << v.x() << ' ' << v.y() << ' ' << v.z() << '\n';
  }
  return s.str();
}

// Capture whose heel stands on the floor for 20 frames and is then raised 6 cm, the foot pitched
// about its toe, which stays on the floor; and a walk of it that keeps the heel raised throughout
// while the foot slides at 17 cm/s. Judged by its own 5th percentile the walk's raised heel is on
// the floor and skating; standing as high above the ground (the toe) as in the capture, it is
// 6 cm up, above the 0.03 bh = 5.1 cm band: only the toe is planted.
TEST(StandingHeights, AHeelAWalkNeverPutsDownIsJudgedByTheCapture) {
  // Pitch that puts the heel 11 cm up with the toe at 0: 5 cos(a) + 10 sin(a) = 11.
  const double pitch = (std::asin(11.0 / std::sqrt(125.0)) - std::atan2(5.0, 10.0)) * 180.0 / M_PI;
  const PointTracks source = tracksOf(heelToeBvh(60, [&](int f) {
    return f < 20 ? Eigen::Vector3d(90, 0, 0) : Eigen::Vector3d(96, 0, pitch);
  }));
  const PointTracks walk =
      tracksOf(heelToeBvh(60, [&](int f) { return Eigen::Vector3d(96, 17.0 * f / kFps, pitch); }));
  const int heel = 2, toe = 4;  // hips, head, heel, head/end, heel/end
  ASSERT_EQ(walk.names[heel], "heel");
  ASSERT_EQ(walk.names[toe], "heel/end");
  EXPECT_NEAR(walk.at(0, heel).y(), 11.0, 1e-9);
  EXPECT_NEAR(walk.at(0, toe).y(), 0.0, 1e-9);
  const std::vector<double> standing = standingHeights(std::span(&source, 1));
  ASSERT_EQ(static_cast<int>(standing.size()), source.pointCount());
  EXPECT_NEAR(standing[heel], 5.0, 1e-9);
  EXPECT_NEAR(standing[toe], 0.0, 1e-9);
  auto pointsPlanted = [](const FootContactsFound& found) {
    std::vector<int> points;
    for (const PlantRun& r : found.runs) points.push_back(r.point);
    return points;
  };
  const FootContactsFound own = findPlants(walk);
  EXPECT_EQ(pointsPlanted(own), (std::vector<int>{heel, toe}));
  for (const PlantRun& r : own.runs) EXPECT_NEAR(r.meanSpeed, 0.1, 1e-9);
  ContactMeasureSettings byCapture;
  byCapture.standingHeights = standing;
  EXPECT_EQ(pointsPlanted(findPlants(walk, byCapture)), (std::vector<int>{toe}));
  // Standing heights of the wrong size are ignored; no sources give none.
  byCapture.standingHeights.pop_back();
  EXPECT_EQ(pointsPlanted(findPlants(walk, byCapture)), (std::vector<int>{heel, toe}));
  EXPECT_TRUE(standingHeights({}).empty());
}

TEST(StandingHeights, AreGivenInTheUnitsOfTheMotionJudged) {
  const PointTracks source = tracksOf(heelToeBvh(60, [&](int f) {
    return f < 20 ? Eigen::Vector3d(90, 0, 0) : Eigen::Vector3d(96, 0, 30.0);
  }));
  PointTracks walk = source;
  const std::vector<double> same = standingHeights(std::span(&source, 1));
  ASSERT_FALSE(same.empty());
  EXPECT_EQ(standingHeightsFor(walk, std::span(&source, 1)), same);  // same units: unchanged
  walk.metresPerUnit = source.metresPerUnit / 100.0;  // a walk file in units 100 times smaller
  const std::vector<double> scaled = standingHeightsFor(walk, std::span(&source, 1));
  ASSERT_EQ(scaled.size(), same.size());
  for (size_t p = 0; p < same.size(); ++p) EXPECT_NEAR(scaled[p], 100.0 * same[p], 1e-9) << p;
}

// Edges scale with the rate: at 120 Hz, round(120 / 30) = 4 frames each side are touch-down or
// lift-off.
TEST(MeasureSkate, EdgesAreAboutOneThirtiethOfASecond) {
  const PointTracks t = tracksOf(test::stickFigureBvh(
      120, 120.0, [&](int f) { return Eigen::Vector3d(0, f < 100 ? 90.0 : 120.0, 0); }));
  const FootContactsFound plants = findPlants(t);
  EXPECT_EQ(plants.edgeFrames, 4);
  ASSERT_FALSE(plants.runs.empty());
  EXPECT_EQ(plants.runs[0].samples, plants.runs[0].end - plants.runs[0].begin + 1 - 8);
}

// A clip cut at frame c: velocity v1 before, v2 after (cm per frame along X).
TEST(MeasureFrameJumps, AVelocityChangeAtACut) {
  const int c = 15;
  const double v1 = 2.0, v2 = 5.0;
  const PointTracks t = tracksOf(test::stickFigureBvh(30, kFps, [&](int f) {
    const double x = f < c ? v1 * f : v1 * (c - 1) + v2 * (f - c + 1);
    return Eigen::Vector3d(x, 90, 0);
  }));
  const std::vector<int> frames{c, 1, 29};
  const std::vector<FrameJump> jumps = measureFrameJumps(t, frames);
  ASSERT_EQ(jumps.size(), 3u);
  EXPECT_TRUE(jumps[0].valid);
  EXPECT_NEAR(jumps[0].velocityJumpBhPerS, (v2 - v1) * kFps / kHeight, 1e-9);
  EXPECT_NEAR(jumps[0].poseJumpBh, (v2 - v1) / kHeight, 1e-9);
  EXPECT_FALSE(jumps[1].valid);  // needs two frames before
  EXPECT_FALSE(jumps[2].valid);  // and one after
  // A smooth stretch has no jump.
  const std::vector<int> smooth{5};
  EXPECT_NEAR(measureFrameJumps(t, smooth)[0].velocityJumpBhPerS, 0.0, 1e-9);
}

TEST(PlantsAcrossFrames, KeepsRunsHoldingBothSidesOfACut) {
  FootContactsFound f;
  f.runs = {{0, 0, 10}, {0, 20, 30}, {1, 10, 12}};
  const std::vector<int> cuts{11};
  const std::vector<PlantRun> across = plantsAcrossFrames(f, cuts);
  ASSERT_EQ(across.size(), 1u);
  EXPECT_EQ(across[0].point, 1);  // run 0..10 ends before frame 11
}

TEST(SummarizeSources, MedianOfClipP99AndOverallMax) {
  std::vector<PointTracks> clips;
  for (double d : {1.0, 3.0, 2.0}) {
    clips.push_back(tracksOf(test::stickFigureBvh(
        40, kFps, [&](int f) { return Eigen::Vector3d(f == 20 ? d : 0.0, 90, 0); })));
  }
  const SourceSummary s = summarizeSources(clips, 1e9);
  ASSERT_EQ(s.clips.size(), 3u);
  const double unit = 2.0 * kFps * kFps / kHeight;
  EXPECT_NEAR(s.medianP99, 2.0 * unit, 1e-9);
  EXPECT_NEAR(s.max, 3.0 * unit, 1e-9);
  EXPECT_GT(s.skate.samples, 0);
}

// Real capture, measured against itself resampled: a walk of the sample reads smooth, and its
// feet are found and mostly still.
TEST(MotionMeasureReal, BoxingSampleHasPlantsAndPlausibleAccelerations) {
  const std::string path = test::samplePath("Boxing_Toes.bvh");
  MG_REQUIRE_FILE(path);
  Result<PointTracks> t = readPointTracks(path, {.fps = 30.0});
  ASSERT_TRUE(t) << t.error().message;
  const AccelerationStats a = measureAcceleration(*t, 60.0);
  EXPECT_GT(a.p50, 0.0);
  EXPECT_LT(a.p99, 100.0);  // real motion: tens of bh/s^2 at the worst joint
  const FootContactsFound plants = findPlants(*t);
  EXPECT_GE(plants.footPoints.size(), 4u);
  EXPECT_GT(plants.runs.size(), 4u);
  const SkateStats s = measureSkate(*t, plants);
  EXPECT_GT(s.samples, 100);
  EXPECT_LT(s.meanMps, 0.2);
}

}  // namespace
}  // namespace mg
