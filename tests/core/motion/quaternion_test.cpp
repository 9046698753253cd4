// SPDX-License-Identifier: MIT
#include "core/motion/quaternion.h"

#include <gtest/gtest.h>

namespace mg {
namespace {

Eigen::Matrix3d rot(char axis, double deg) {
  const double r = deg * M_PI / 180, c = std::cos(r), s = std::sin(r);
  Eigen::Matrix3d m;
  if (axis == 'X') m << 1, 0, 0, 0, c, -s, 0, s, c;
  if (axis == 'Y') m << c, 0, s, 0, 1, 0, -s, 0, c;
  if (axis == 'Z') m << c, -s, 0, s, c, 0, 0, 0, 1;
  return m;
}

// BVH: channels listed left to right compose as R = R1 R2 R3 on column vectors. Checked against
// explicit matrices for the orders that occur in real files.
class EulerOrder : public ::testing::TestWithParam<const char*> {};

TEST_P(EulerOrder, MatchesMatrixProduct) {
  const std::string order = GetParam();
  const Eigen::Vector3d deg(30, -50, 110);
  const Eigen::Matrix3d expected =
      rot(order[0], deg[0]) * rot(order[1], deg[1]) * rot(order[2], deg[2]);
  const Eigen::Quaterniond q = eulerToQuaternion(order, deg);
  EXPECT_TRUE(q.toRotationMatrix().isApprox(expected, 1e-12));
  // Round trip through angles gives the same rotation (maybe another triple).
  const Eigen::Vector3d back = quaternionToEuler(q, order);
  EXPECT_TRUE(eulerToQuaternion(order, back).toRotationMatrix().isApprox(expected, 1e-9));
}

INSTANTIATE_TEST_SUITE_P(Orders, EulerOrder,
                         ::testing::Values("ZYX", "ZXY", "XYZ", "YXZ", "YZX", "XZY"));

TEST(Quaternion, SlerpTakesShorterArc) {
  const Eigen::Quaterniond a = Eigen::Quaterniond::Identity();
  Eigen::Quaterniond b(Eigen::AngleAxisd(0.4, Eigen::Vector3d::UnitY()));
  b.coeffs() = -b.coeffs();  // same rotation, other hemisphere
  const Eigen::Quaterniond mid = slerpShortest(a, b, 0.5);
  EXPECT_NEAR(
      mid.angularDistance(Eigen::Quaterniond(Eigen::AngleAxisd(0.2, Eigen::Vector3d::UnitY()))), 0,
      1e-12);
}

TEST(Quaternion, BlendAlignsSigns) {
  Eigen::Quaterniond a(Eigen::AngleAxisd(0.2, Eigen::Vector3d::UnitX()));
  Eigen::Quaterniond b(Eigen::AngleAxisd(0.4, Eigen::Vector3d::UnitX()));
  b.coeffs() = -b.coeffs();
  const std::vector<Eigen::Quaterniond> q = {a, b};
  const std::vector<double> w = {0.5, 0.5};
  const Eigen::Quaterniond m = blendQuaternions(q, w);
  EXPECT_NEAR(
      m.angularDistance(Eigen::Quaterniond(Eigen::AngleAxisd(0.3, Eigen::Vector3d::UnitX()))), 0,
      1e-9);
}

TEST(Quaternion, YawOfHeading) {
  EXPECT_NEAR(yawAngle(Eigen::Quaterniond::Identity()), 0, 1e-12);
  EXPECT_NEAR(yawAngle(Eigen::Quaterniond(Eigen::AngleAxisd(1.0, Eigen::Vector3d::UnitY()))), 1.0,
              1e-12);
}

}  // namespace
}  // namespace mg
