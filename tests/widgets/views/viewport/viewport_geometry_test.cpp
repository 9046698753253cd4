// SPDX-License-Identifier: MIT
// The viewport's Qt-free geometry: the orbit camera and the skeleton meshes.
#include <gtest/gtest.h>

#include <cmath>

#include "core/motion/forward_kinematics.h"
#include "support/synthetic_motion.h"
#include "widgets/views/viewport/orbit_camera.h"
#include "widgets/views/viewport/pose_points.h"
#include "widgets/views/viewport/skeleton_mesh.h"

namespace mg {
namespace {

TEST(OrbitCamera, StaysAtItsDistanceAndLooksAtTheTarget) {
  OrbitCamera c;
  c.target = QVector3D(1, 1, 2);
  c.distance = 4;
  c.orbit(73, 20);
  EXPECT_NEAR((c.position() - c.target).length(), 4.0f, 1e-4f);
  EXPECT_NEAR(QVector3D::dotProduct((c.target - c.position()).normalized(), c.forward()), 1.0f,
              1e-5f);
  EXPECT_NEAR(QVector3D::dotProduct(c.right(), c.forward()), 0.0f, 1e-5f);
  EXPECT_NEAR(QVector3D::dotProduct(c.up(), c.forward()), 0.0f, 1e-5f);
  EXPECT_GT(c.up().y(), 0.0f);
}

TEST(OrbitCamera, FrontViewLooksDownMinusZ) {
  OrbitCamera c;
  c.target = QVector3D(0, 0, 0);
  c.yawDegrees = 0;
  c.pitchDegrees = 0;
  c.distance = 3;
  EXPECT_NEAR(c.position().z(), 3.0f, 1e-5f);
  EXPECT_NEAR(c.right().x(), 1.0f, 1e-5f);
}

TEST(OrbitCamera, PitchIsClampedShortOfThePoles) {
  OrbitCamera c;
  c.orbit(0, 500);
  EXPECT_LT(c.pitchDegrees, 90.0f);
  c.orbit(0, -1000);
  EXPECT_GT(c.pitchDegrees, -90.0f);
}

TEST(OrbitCamera, PanMovesOneScreenHeightAtTheTarget) {
  OrbitCamera c;
  c.yawDegrees = 0;
  c.pitchDegrees = 0;
  c.distance = 2;
  c.fovDegrees = 90;  // screen height at the target = 2 * 2 * tan(45) = 4 m
  const QVector3D before = c.target;
  c.pan(1, 0);
  EXPECT_NEAR((c.target - before).x(), 4.0f, 1e-4f);
  EXPECT_NEAR((c.target - before).y(), 0.0f, 1e-4f);
}

TEST(OrbitCamera, FrameSphereFitsTheSphere) {
  OrbitCamera c;
  c.frameSphere(QVector3D(5, 1, 0), 1.0f);
  EXPECT_EQ(c.target, QVector3D(5, 1, 0));
  // The sphere's angular radius must be inside half the field of view.
  const float halfAngle = std::asin(1.0f / c.distance) * 180.0f / 3.14159265f;
  EXPECT_LT(halfAngle, 0.5f * c.fovDegrees);
  EXPECT_GT(halfAngle, 0.35f * c.fovDegrees);  // and fill most of it
}

TEST(SkeletonMesh, SpheresSitOnTheJoints) {
  const Motion motion = test::makeSwingMotion(5);
  const SkeletonMesh mesh(*motion.skeleton);
  const std::vector<Eigen::Vector3d> points = posePoints(motion, 3);
  ASSERT_EQ(mesh.pointCount(), static_cast<int>(points.size()));
  EXPECT_EQ(mesh.pointCount(), 11 + 3);  // 11 joints, 3 end sites (head, two toes)
  std::vector<float> v(mesh.sphereVertexCount() * SkeletonMesh::kFloatsPerVertex);
  mesh.writeSpheres(points.data(), mesh.pointCount(), v.data());
  const int perSphere = mesh.sphereVertexCount() / mesh.pointCount();
  for (int p = 0; p < mesh.pointCount(); ++p) {
    Eigen::Vector3f centre = Eigen::Vector3f::Zero();
    for (int i = 0; i < perSphere; ++i) {
      centre += Eigen::Map<const Eigen::Vector3f>(&v[(p * perSphere + i) * 6]);
    }
    centre /= perSphere;
    // The poles repeat per segment, so the mean is close to but not exactly the centre.
    EXPECT_LT((centre - points[p].cast<float>()).norm(), 0.01f) << "point " << p;
  }
  for (std::uint32_t index : mesh.sphereIndices()) {
    ASSERT_LT(index, static_cast<std::uint32_t>(mesh.sphereVertexCount()));
  }
}

TEST(SkeletonMesh, BonesJoinParentAndChild) {
  const Motion motion = test::makeSwingMotion(5);
  const SkeletonMesh mesh(*motion.skeleton);
  const std::vector<Eigen::Vector3d> points = posePoints(motion, 2);
  std::vector<float> v(mesh.boneVertexCount() * SkeletonMesh::kFloatsPerVertex);
  mesh.writeBones(points.data(), mesh.pointCount(), v.data());
  const int bones = mesh.pointCount() - 1;  // every joint but the root, and every end site
  const int perBone = mesh.boneVertexCount() / bones;
  // Bone 0 runs from Hips (joint 0) to Spine (joint 1): even vertices ring the parent end, odd
  // ones the child end, each at a positive radius from the bone's axis.
  const Eigen::Vector3f a = points[0].cast<float>(), b = points[1].cast<float>();
  const Eigen::Vector3f axis = (b - a).normalized();
  for (int i = 0; i < perBone; ++i) {
    const Eigen::Vector3f p = Eigen::Map<const Eigen::Vector3f>(&v[i * 6]);
    const Eigen::Vector3f end = i % 2 == 0 ? a : b;
    EXPECT_NEAR((p - end).dot(axis), 0.0f, 1e-4f);
    EXPECT_GT((p - end).norm(), 0.001f);
    EXPECT_LT((p - end).norm(), 0.05f);
  }
  for (std::uint32_t index : mesh.boneIndices()) {
    ASSERT_LT(index, static_cast<std::uint32_t>(mesh.boneVertexCount()));
  }
}

TEST(SkeletonMesh, MissingEndSitesCollapse) {
  const Motion motion = test::makeSwingMotion(5);
  const SkeletonMesh mesh(*motion.skeleton);
  const std::vector<Eigen::Vector3d> joints = jointPositions(motion, 0);
  std::vector<float> v(mesh.sphereVertexCount() * SkeletonMesh::kFloatsPerVertex);
  mesh.writeSpheres(joints.data(), static_cast<int>(joints.size()), v.data());
  const int perSphere = mesh.sphereVertexCount() / mesh.pointCount();
  const int lastSphere = mesh.pointCount() - 1;  // an end site: no position given
  const Eigen::Vector3f first = Eigen::Map<const Eigen::Vector3f>(&v[lastSphere * perSphere * 6]);
  const Eigen::Vector3f last =
      Eigen::Map<const Eigen::Vector3f>(&v[((lastSphere + 1) * perSphere - 1) * 6]);
  EXPECT_EQ(first, last);  // zero radius: every vertex at one point
}

}  // namespace
}  // namespace mg
