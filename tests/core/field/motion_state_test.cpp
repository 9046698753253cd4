// SPDX-License-Identifier: MIT
#include "core/field/motion_state.h"

#include <random>

#include <gtest/gtest.h>

#include "core/field/field_database.h"
#include "core/motion/quaternion.h"
#include "field_test_data.h"

namespace mg {
namespace {

Eigen::Quaterniond randomRotation(std::mt19937_64& rng) {
  std::normal_distribution<double> n;
  return Eigen::Quaterniond(n(rng), n(rng), n(rng), n(rng)).normalized();
}

Pose randomPose(std::mt19937_64& rng, int joints) {
  std::uniform_real_distribution<double> u(-3, 3);
  Pose p;
  p.rootPosition = Eigen::Vector3d(u(rng), u(rng), u(rng));
  for (int j = 0; j < joints; ++j) p.localRotations.push_back(randomRotation(rng));
  return p;
}

double rotationGap(const Eigen::Quaterniond& a, const Eigen::Quaterniond& b) {
  return std::min((a.coeffs() - b.coeffs()).norm(), (a.coeffs() + b.coeffs()).norm());
}

TEST(MotionState, AddingTheDifferenceGivesThePoseBack) {
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 200; ++trial) {
    const Pose a = randomPose(rng, 6), b = randomPose(rng, 6);
    Pose back;
    addVelocity(a, poseDifference(b, a), back);
    EXPECT_LT((back.rootPosition - b.rootPosition).norm(), 1e-12);
    for (int j = 0; j < 6; ++j)
      EXPECT_LT(rotationGap(back.localRotations[j], b.localRotations[j]), 1e-12);
  }
}

TEST(MotionState, DifferenceOfTheSumGivesTheVelocityBack) {
  std::mt19937_64 rng(8);
  for (int trial = 0; trial < 200; ++trial) {
    const Pose a = randomPose(rng, 5);
    FieldVelocity v = poseDifference(randomPose(rng, 5), a);
    Pose b;
    addVelocity(a, v, b);
    const FieldVelocity back = poseDifference(b, a);
    EXPECT_LT((back.rootDisplacement - v.rootDisplacement).norm(), 1e-12);
    for (int j = 0; j < 5; ++j) EXPECT_LT(rotationGap(back.rotations[j], v.rotations[j]), 1e-12);
  }
}

// World position and heading are factored out: turning and moving both poses about the vertical
// leaves the velocity, and the feature, unchanged; yaw velocity is kept.
TEST(MotionState, VelocityAndFeatureIgnoreWhereTheCharacterStandsAndFaces) {
  const auto motions = test::makeFieldMotions();
  Result<FieldDatabase> db = buildFieldDatabase(motions, {});
  ASSERT_TRUE(db) << db.error().message;
  std::mt19937_64 rng(9);
  const Pose a = db->poses[40], b = db->poses[41];
  const Eigen::Quaterniond yaw(Eigen::AngleAxisd(1.3, Eigen::Vector3d::UnitY()));
  auto moved = [&](Pose p) {
    p.rootPosition = yaw * p.rootPosition + Eigen::Vector3d(4, 0, -2);
    p.localRotations[0] = yaw * p.localRotations[0];
    return p;
  };
  const FieldVelocity v = poseDifference(b, a), w = poseDifference(moved(b), moved(a));
  EXPECT_LT((v.rootDisplacement - w.rootDisplacement).norm(), 1e-12);
  for (size_t j = 0; j < v.rotations.size(); ++j)
    EXPECT_LT(rotationGap(v.rotations[j], w.rotations[j]), 1e-12);
  std::vector<double> f1(db->featureDims), f2(db->featureDims);
  embedState(*db, a, v, f1.data());
  embedState(*db, moved(a), w, f2.data());
  for (int i = 0; i < db->featureDims; ++i) EXPECT_NEAR(f1[i], f2[i], 1e-12);
}

// The feature distance is the state distance of Eq. 1, computed term by term.
TEST(MotionState, FeatureDistanceIsTheStateDistance) {
  const auto motions = test::makeFieldMotions();
  Result<FieldDatabase> db = buildFieldDatabase(motions, {});
  ASSERT_TRUE(db);
  const Eigen::Vector3d u = fieldUnitVector();
  for (auto [i, k] : {std::pair{3, 200}, std::pair{10, 11}, std::pair{150, 300}}) {
    const Pose& x = db->poses[i];
    const Pose& y = db->poses[k];
    const FieldVelocity& vx = db->velocities[i];
    const FieldVelocity& vy = db->velocities[k];
    auto tilt = [](const Eigen::Quaterniond& q) { return headingOf(q).conjugate() * q; };
    double d2 =
        0.5 * (vx.rootDisplacement - vy.rootDisplacement).squaredNorm() +
        0.5 * (tilt(x.localRotations[0]) * u - tilt(y.localRotations[0]) * u).squaredNorm() +
        0.5 * (vx.rotations[0] * u - vy.rotations[0] * u).squaredNorm();
    for (int j = 1; j < db->skeleton->jointCount(); ++j) {
      const double b = db->jointWeights[j];
      d2 += b * (x.localRotations[j] * u - y.localRotations[j] * u).squaredNorm();
      d2 += b * (vx.rotations[j] * u - vy.rotations[j] * u).squaredNorm();
    }
    double f2 = 0;
    for (int c = 0; c < db->featureDims; ++c)
      f2 += std::pow(db->feature(i)[c] - db->feature(k)[c], 2);
    EXPECT_NEAR(f2, d2, 1e-12 * (1 + d2));
  }
}

TEST(FieldDatabase, StatesStayInsideTheirClip) {
  const auto motions = test::makeFieldMotions();
  Result<FieldDatabase> db = buildFieldDatabase(motions, {});
  ASSERT_TRUE(db);
  int expected = 0;
  for (const auto& m : motions) expected += m->frameCount() - 2;
  EXPECT_EQ(db->stateCount(), expected);
  for (int c = 0; c < db->clipCount(); ++c) {
    const int last = db->clipFirstState[c + 1] - 1;
    EXPECT_EQ(db->nextInClip(last), -1);
    EXPECT_EQ(db->stateFrame[last] + 2, motions[c]->frameCount() - 1);
  }
  // y_i is the velocity of the next pair of frames: v of state i + 1 in the same clip.
  const FieldVelocity& y = db->nextVelocities[5];
  const FieldVelocity& v = db->velocities[6];
  EXPECT_LT((y.rootDisplacement - v.rootDisplacement).norm(), 1e-15);
}

TEST(FieldDatabase, RefusesShortClipsAndMixedSkeletons) {
  auto motions = test::makeFieldMotions();
  motions.push_back(std::make_shared<const Motion>(test::makeSwingMotion(2)));
  Result<FieldDatabase> shortClip = buildFieldDatabase(motions, {});
  ASSERT_FALSE(shortClip);
  EXPECT_NE(shortClip.error().message.find("motion 5"), std::string::npos)
      << shortClip.error().message;
  EXPECT_NE(shortClip.error().message.find("at least 3 frames"), std::string::npos);

  motions.pop_back();
  Motion other = test::makeSwingMotion(40);
  auto skeleton = std::make_shared<Skeleton>(*other.skeleton);
  skeleton->joints[3].name = "Renamed";
  other.skeleton = skeleton;
  motions.push_back(std::make_shared<const Motion>(other));
  Result<FieldDatabase> mixed = buildFieldDatabase(motions, {});
  ASSERT_FALSE(mixed);
  EXPECT_NE(mixed.error().message.find("another skeleton"), std::string::npos)
      << mixed.error().message;

  EXPECT_FALSE(buildFieldDatabase({}, {}));
  FieldDatabaseSettings bad;
  bad.workingFps = 0;
  EXPECT_FALSE(buildFieldDatabase(test::makeFieldMotions(), bad));
}

}  // namespace
}  // namespace mg
