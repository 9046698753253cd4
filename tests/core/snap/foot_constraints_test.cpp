// SPDX-License-Identifier: MIT
#include "core/snap/foot_constraints.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "core/motion/forward_kinematics.h"
#include "core/snap/cut_quality.h"
#include "support/planted_walk.h"
#include "support/synthetic_motion.h"

namespace mg {
namespace {

// A standing motion whose root sways sideways while the feet are meant to stay planted: the
// original feet slide with the root, so every frame is skating.
Motion swayingStance(int frames) {
  Motion m = test::makeSwingMotion(frames);
  for (int f = 0; f < frames; ++f) {
    m.rootPositions[f] = Eigen::Vector3d(0.03 * std::sin(f * 0.2), 0.85, 0.02 * std::cos(f * 0.15));
    for (int j = 0; j < m.jointCount(); ++j)
      m.localRotations[static_cast<size_t>(f) * m.jointCount() + j].setIdentity();
  }
  return m;
}

FootContacts allPlanted(int frames) {
  FootContacts c;
  c.planted.assign(frames, 0x0f);
  return c;
}

TEST(FootConstraints, PlantedFeetStopSkating) {
  const Motion m = swayingStance(60);
  const FootContacts contacts = allPlanted(60);
  const auto fixed = FootConstraintJob{&m, &contacts, {}, {}}.run();
  ASSERT_TRUE(fixed) << fixed.error().message;
  const FootSkate before = measureFootSkate(m, contacts);
  const FootSkate after = measureFootSkate(*fixed, contacts);
  EXPECT_GT(before.meanSpeed, 0.05);
  EXPECT_LT(after.maxSpeed, 1e-6);
}

// The database figure weights each motion by its planted samples (hand-checkable mean).
TEST(FootSkate, MeanOverMotionsWeightsBySamples) {
  auto a = std::make_shared<const Motion>(swayingStance(60));
  auto b = std::make_shared<const Motion>(swayingStance(20));
  FootContacts none;
  none.planted.assign(20, 0);
  const std::vector<std::shared_ptr<const Motion>> motions = {a, b};
  const std::vector<FootContacts> contacts = {allPlanted(60), none};
  EXPECT_DOUBLE_EQ(meanFootSkate(motions, contacts), measureFootSkate(*a, contacts[0]).meanSpeed);
  const std::vector<FootContacts> both = {allPlanted(60), allPlanted(20)};
  const FootSkate sa = measureFootSkate(*a, both[0]), sb = measureFootSkate(*b, both[1]);
  EXPECT_NEAR(meanFootSkate(motions, both),
              (sa.meanSpeed * sa.samples + sb.meanSpeed * sb.samples) / (sa.samples + sb.samples),
              1e-12);
  EXPECT_EQ(meanFootSkate({}, {}), 0.0);
}

TEST(FootConstraints, LockedFramesAreUntouchedAndAnchorTheirRun) {
  const Motion m = swayingStance(60);
  const FootContacts contacts = allPlanted(60);
  std::vector<std::uint8_t> locked(60, 0);
  locked[29] = locked[30] = locked[31] = 1;
  const auto fixed = FootConstraintJob{&m, &contacts, locked, {}}.run();
  ASSERT_TRUE(fixed);
  for (int f = 29; f <= 31; ++f) {
    EXPECT_EQ(fixed->rootPositions[f], m.rootPositions[f]);
    for (int j = 0; j < m.jointCount(); ++j)
      EXPECT_EQ(fixed->rotation(f, j).coeffs(), m.rotation(f, j).coeffs());
  }
  // Frames far from the lock hold the feet where the nearest locked frame has them.
  const FootSkate after = measureFootSkate(sliceFrames(*fixed, 0, 25), allPlanted(25));
  EXPECT_LT(after.maxSpeed, 1e-6);
}

// The planted walk with its root swayed by a few centimetres, as displacement maps leave it: the
// planted feet slide with the root, by up to 3 cm.
Motion swayedWalk(int frames, FootContacts& contacts) {
  Motion m = test::makePlantedWalk(frames, {}, &contacts);
  for (int f = 0; f < frames; ++f) {
    const double t = f / m.fps;
    m.rootPositions[f] += Eigen::Vector3d(0.03 * std::sin(2.0 * t), 0.01 * std::sin(3.1 * t),
                                          0.02 * std::cos(1.7 * t));
  }
  return m;
}

// Per-frame largest joint acceleration, m/s^2 (second differences of world joint positions).
std::vector<double> frameAcceleration(const Motion& m) {
  const std::vector<Eigen::Vector3d> p = allJointPositions(m);
  const int joints = m.jointCount();
  std::vector<double> out(m.frameCount(), 0.0);
  for (int f = 1; f + 1 < m.frameCount(); ++f) {
    for (int j = 0; j < joints; ++j) {
      const size_t i = static_cast<size_t>(f) * joints + j;
      out[f] =
          std::max(out[f], (p[i + joints] - 2.0 * p[i] + p[i - joints]).norm() * m.fps * m.fps);
    }
  }
  return out;
}

TEST(FootConstraints, KnownPlantsOfASwayedWalkHoldWithinAMillimetre) {
  FootContacts contacts;
  const Motion m = swayedWalk(120, contacts);
  const auto fixed = FootConstraintJob{&m, &contacts, {}, {}}.run();
  ASSERT_TRUE(fixed) << fixed.error().message;
  const auto points = findFootPoints(*m.skeleton);
  const std::vector<Eigen::Vector3d> before = allJointPositions(m),
                                     after = allJointPositions(*fixed);
  const int joints = m.jointCount();
  int runs = 0;
  double slidBefore = 0.0;
  for (int p = 0; p < kFootPointCount; ++p) {
    const int joint = points[p].joint;
    for (int s = 0; s < m.frameCount();) {
      if (!contacts.isPlanted(s, static_cast<FootPoint>(p))) {
        ++s;
        continue;
      }
      int e = s;
      while (e + 1 < m.frameCount() && contacts.isPlanted(e + 1, static_cast<FootPoint>(p))) ++e;
      ++runs;
      for (int f = s; f <= e; ++f) {
        EXPECT_LT((after[static_cast<size_t>(f) * joints + joint] -
                   after[static_cast<size_t>(s) * joints + joint])
                      .norm(),
                  1e-3)
            << "point " << p << " frame " << f << " of the plant " << s << ".." << e;
        slidBefore = std::max(slidBefore, (before[static_cast<size_t>(f) * joints + joint] -
                                           before[static_cast<size_t>(s) * joints + joint])
                                              .norm());
      }
      s = e + 1;
    }
  }
  EXPECT_GE(runs, 12);
  EXPECT_GT(slidBefore, 0.01);  // the sway did move the planted feet
}

// Enforcing the plants adds no step at touch-down or lift-off: the corrections (up to 3 cm) blend
// in and out. Switching a 3 cm correction on in one frame would add about 0.03 m x 30^2 = 27 m/s^2
// at that frame; the bound, 6 m/s^2, is what a cubic blend of it over blendFrames can add.
TEST(FootConstraints, PlantBoundariesStayUnderAGivenAcceleration) {
  FootContacts contacts;
  const Motion m = swayedWalk(120, contacts);
  const auto fixed = FootConstraintJob{&m, &contacts, {}, {}}.run();
  ASSERT_TRUE(fixed) << fixed.error().message;
  const std::vector<double> before = frameAcceleration(m), after = frameAcceleration(*fixed);
  int boundaries = 0;
  for (int f = 1; f + 1 < m.frameCount(); ++f) {
    if (contacts.planted[f] == contacts.planted[f - 1]) continue;
    ++boundaries;
    for (int k = std::max(1, f - 8); k <= std::min(m.frameCount() - 2, f + 8); ++k) {
      EXPECT_LT(after[k] - before[k], 6.0) << "frame " << k << " near the plant boundary at " << f;
    }
  }
  EXPECT_GE(boundaries, 10);
}

// A 60-frame stance gliding forward at 0.1 m/s whose left toe is planted over `toeRun` and left
// heel over `heelRun` (first and last frame), with frames lock..lock+2 locked.
struct GlidingStance {
  Motion motion;
  FootContacts contacts;
  std::vector<std::uint8_t> locked;
};

GlidingStance glidingStance(std::array<int, 2> toeRun, std::array<int, 2> heelRun, int lock) {
  GlidingStance g{swayingStance(60), {}, std::vector<std::uint8_t>(60, 0)};
  for (int f = 0; f < 60; ++f) g.motion.rootPositions[f].z() += 0.1 * f / g.motion.fps;
  g.contacts.planted.assign(60, 0);
  for (auto [run, point] :
       {std::pair{toeRun, FootPoint::LeftToe}, std::pair{heelRun, FootPoint::LeftHeel}}) {
    for (int f = run[0]; f <= run[1]; ++f)
      g.contacts.planted[f] |= static_cast<std::uint8_t>(1u << static_cast<int>(point));
  }
  g.locked[lock] = g.locked[lock + 1] = g.locked[lock + 2] = 1;
  return g;
}

// A toe planted throughout, anchored by locked frames 10..12, and a heel planted over part of it
// without a lock, on a stance gliding forward at 0.1 m/s: each run's own target (the last
// locked toe, the heel's mean, 6 cm ahead of where the foot puts it) asks for a foot of
// another length, and no pose reaches both. The anchored toe keeps its place after the lock and
// through the heel's run (within a millimetre), and the heel stands still behind it, at the
// foot's length.
TEST(FootConstraints, HeelAndToePlantedTogetherAgreeWithTheFootsLength) {
  const GlidingStance g = glidingStance({0, 59}, {20, 40}, 10);
  const Motion& m = g.motion;
  const int toe = static_cast<int>(FootPoint::LeftToe),
            heel = static_cast<int>(FootPoint::LeftHeel);
  const auto fixed = FootConstraintJob{&m, &g.contacts, g.locked, {}}.run();
  ASSERT_TRUE(fixed) << fixed.error().message;
  const auto points = findFootPoints(*m.skeleton);
  auto where = [&](const Motion& motion, int f, int p) {
    std::vector<Eigen::Vector3d> pos(motion.jointCount());
    std::vector<Eigen::Quaterniond> rot(motion.jointCount());
    forwardKinematics(*motion.skeleton, motion.rootPositions[f], motion.frameRotations(f),
                      pos.data(), rot.data());
    return Eigen::Vector3d(pos[points[p].joint] + rot[points[p].joint] * points[p].offset);
  };
  const double footLength = (where(m, 0, toe) - where(m, 0, heel)).norm();
  const Eigen::Vector3d toeAt = where(*fixed, 12, toe), heelAt = where(*fixed, 30, heel);
  for (int f = 12; f <= 45; ++f)
    EXPECT_LT((where(*fixed, f, toe) - toeAt).norm(), 1e-3) << "frame " << f;
  for (int f = 20; f <= 40; ++f)
    EXPECT_LT((where(*fixed, f, heel) - heelAt).norm(), 1e-3) << "frame " << f;
  EXPECT_NEAR((heelAt - toeAt).norm(), footLength, 1e-3);
  EXPECT_LT(heelAt.z(), toeAt.z());  // still behind the toe
}

TEST(PlantCommonPose, PlantedPointsStayWhereFrameFHasThem) {
  const Motion m = test::makeSwingMotion(60);
  PoseTriple triple = poseTriple(m, 20);
  const auto points = findFootPoints(*m.skeleton);
  const std::uint8_t mask =
      (1u << static_cast<int>(FootPoint::LeftHeel)) | (1u << static_cast<int>(FootPoint::LeftToe));
  auto where = [&](const Pose& p, int point) {
    std::vector<Eigen::Vector3d> pos(m.jointCount());
    std::vector<Eigen::Quaterniond> rot(m.jointCount());
    forwardKinematics(*m.skeleton, p.rootPosition, p.localRotations.data(), pos.data(), rot.data());
    return Eigen::Vector3d(pos[points[point].joint] +
                           rot[points[point].joint] * points[point].offset);
  };
  const Eigen::Vector3d heel = where(triple.current, 0), toe = where(triple.current, 1);
  ASSERT_GT((where(triple.next, 0) - heel).norm(), 1e-3);  // it moves before planting
  const Pose current = triple.current;
  ASSERT_TRUE(plantCommonPose(*m.skeleton, mask, triple));
  for (const Pose* p : {&triple.previous, &triple.next}) {
    EXPECT_LT((where(*p, 0) - heel).norm(), 1e-9);
    EXPECT_LT((where(*p, 1) - toe).norm(), 1e-6);
  }
  EXPECT_EQ(triple.current.rootPosition, current.rootPosition);
}

TEST(PlantCommonPose, RejectsWrongJointCount) {
  const Motion m = test::makeSwingMotion(30);
  PoseTriple triple = poseTriple(m, 10);
  triple.next.localRotations.pop_back();
  EXPECT_FALSE(plantCommonPose(*m.skeleton, 1, triple));
}

// Where a foot point of a motion is in frame f (world metres).
Eigen::Vector3d footPointAt(const Motion& m, int f, FootPoint p) {
  const FootPointLocation at = findFootPoints(*m.skeleton)[static_cast<int>(p)];
  std::vector<Eigen::Vector3d> pos(m.jointCount());
  std::vector<Eigen::Quaterniond> rot(m.jointCount());
  forwardKinematics(*m.skeleton, m.rootPositions[f], m.frameRotations(f), pos.data(), rot.data());
  return pos[at.joint] + rot[at.joint] * at.offset;
}

// Heel strike: the heel lands (frame 15) before the toe (frame 20) on a stance gliding forward at
// 0.1 m/s, and the toe's run is anchored by locked frames 45..47. The heel's run target (the mean
// of its positions) disagrees with the foot's length from the toe's target by about 6 cm, so the
// heel is moved to the foot's length where both are planted. It has to be moved over its whole
// run: moved only from frame 20, it would stand still at its own target for five frames and then
// jump 6 cm in one frame where the toe lands.
TEST(FootConstraints, AHeelLandingBeforeItsToeHoldsOnePlaceThroughItsRun) {
  const GlidingStance g = glidingStance({20, 50}, {15, 40}, 45);
  const Motion& m = g.motion;
  const auto fixed = FootConstraintJob{&m, &g.contacts, g.locked, {}}.run();
  ASSERT_TRUE(fixed) << fixed.error().message;
  const Eigen::Vector3d heelAt = footPointAt(*fixed, 30, FootPoint::LeftHeel);
  for (int f = 15; f <= 40; ++f)
    EXPECT_LT((footPointAt(*fixed, f, FootPoint::LeftHeel) - heelAt).norm(), 1e-3) << "frame " << f;
  const double footLength =
      (footPointAt(m, 0, FootPoint::LeftToe) - footPointAt(m, 0, FootPoint::LeftHeel)).norm();
  EXPECT_NEAR((footPointAt(*fixed, 30, FootPoint::LeftToe) - heelAt).norm(), footLength, 1e-3);
}

// A split plant (splitUnheldPlants): the left foot is planted but for frames 27-32, and the locked
// frames of two match frames (10 and 50) hold it 10 cm apart, so it has to move in the gap. As a
// re-step (PlantStep) it leaves the floor on the way; without one it slides along the floor.
TEST(FootConstraints, AReStepLiftsTheFootBetweenItsPlants) {
  Motion m = swayingStance(60);
  for (int f = 0; f < 60; ++f)  // no sway: the locked frames stand still, as common poses do
    m.rootPositions[f] = Eigen::Vector3d(0.1 * std::clamp((f - 20) / 20.0, 0.0, 1.0), 0.8, 0.0);
  FootContacts contacts = allPlanted(60);
  for (int f = 27; f <= 32; ++f) contacts.planted[f] &= 0x0c;
  std::vector<std::uint8_t> locked(60, 0);
  for (int f : {9, 10, 11, 49, 50, 51}) locked[f] = 1;
  const std::vector<PlantStep> steps = {{0, 27, 32, 0.05}, {1, 27, 32, 0.05}};
  const auto slid = FootConstraintJob{&m, &contacts, locked, {}}.run();
  const auto stepped = FootConstraintJob{&m, &contacts, locked, {}, steps}.run();
  ASSERT_TRUE(slid) << slid.error().message;
  ASSERT_TRUE(stepped) << stepped.error().message;
  for (FootPoint p : {FootPoint::LeftHeel, FootPoint::LeftToe}) {
    const double floor =
        std::max(footPointAt(*stepped, 26, p).y(), footPointAt(*stepped, 33, p).y());
    double slidTop = -1.0;
    for (int f = 27; f <= 32; ++f)
      slidTop = std::max(slidTop, footPointAt(*slid, f, p).y() - floor);
    EXPECT_LT(slidTop, 0.02);  // about on the floor without the step
    EXPECT_GT(footPointAt(*stepped, 29, p).y() - floor, 0.05 - 1e-3);
    // Still on both sides, the second plant about 10 cm on.
    for (int f = 1; f <= 26; ++f)
      EXPECT_LT((footPointAt(*stepped, f, p) - footPointAt(*stepped, 0, p)).norm(), 1e-6) << f;
    for (int f = 33; f < 60; ++f)
      EXPECT_LT((footPointAt(*stepped, f, p) - footPointAt(*stepped, 59, p)).norm(), 1e-6) << f;
    EXPECT_NEAR((footPointAt(*stepped, 59, p) - footPointAt(*stepped, 0, p)).x(), 0.1, 0.01);
  }
  // Locked frames stay as they are.
  for (int f : {9, 10, 11, 49, 50, 51}) EXPECT_EQ(stepped->rootPositions[f], m.rootPositions[f]);
}

TEST(FootConstraints, RejectsBadSteps) {
  const Motion m = swayingStance(20);
  const FootContacts contacts = allPlanted(20);
  EXPECT_TRUE(FootConstraintJob({&m, &contacts, {}, {}, {}}).validate());
  for (const PlantStep bad :
       {PlantStep{4, 5, 8, 0.05}, PlantStep{-1, 5, 8, 0.05}, PlantStep{0, 8, 5, 0.05},
        PlantStep{0, 15, 20, 0.05}, PlantStep{0, 5, 8, -0.01}, PlantStep{0, 5, 8, std::nan("")}}) {
    const std::vector<PlantStep> steps = {bad};
    EXPECT_FALSE(FootConstraintJob({&m, &contacts, {}, {}, steps}).validate());
  }
}

TEST(FootConstraints, RejectsMissingInputs) {
  EXPECT_FALSE(FootConstraintJob({nullptr, nullptr, {}, {}}).validate());
}

TEST(FootConstraints, RejectsContactsOfWrongLength) {
  const Motion m = swayingStance(20);
  const FootContacts contacts = allPlanted(19);
  EXPECT_FALSE(FootConstraintJob({&m, &contacts, {}, {}}).validate());
}

TEST(FootConstraints, RejectsLockedOfWrongLength) {
  const Motion m = swayingStance(20);
  const FootContacts contacts = allPlanted(20);
  const std::vector<std::uint8_t> locked(3, 1);
  EXPECT_FALSE(FootConstraintJob({&m, &contacts, locked, {}}).validate());
}

TEST(FootConstraints, RejectsBadSettings) {
  const Motion m = swayingStance(20);
  const FootContacts contacts = allPlanted(20);
  EXPECT_FALSE(FootConstraintJob({&m, &contacts, {}, {-1, 0.99}}).validate());
  EXPECT_FALSE(FootConstraintJob({&m, &contacts, {}, {3, 1.5}}).validate());
}

}  // namespace
}  // namespace mg
