// SPDX-License-Identifier: MIT
#include "widgets/views/viewport/skeleton_mesh.h"

#include <algorithm>
#include <cmath>

#include <Eigen/Geometry>

#include "core/motion/forward_kinematics.h"

namespace mg {

namespace {

constexpr int kSphereRings = 6;
constexpr int kSphereSegments = 10;
constexpr int kBoneSegments = 8;
constexpr float kPi = 3.14159265358979f;
// Sizes for a 1.75 m human; scaled by the skeleton's rest height.
constexpr float kReferenceHeight = 1.75f;
constexpr float kJointRadius = 0.026f;
constexpr float kBoneRadius = 0.03f;
constexpr float kTipTaper = 0.5f;  // child-end radius as a fraction of the parent-end radius

inline void put(float*& out, const Eigen::Vector3f& p, const Eigen::Vector3f& n) {
  *out++ = p.x(), *out++ = p.y(), *out++ = p.z();
  *out++ = n.x(), *out++ = n.y(), *out++ = n.z();
}

}  // namespace

SkeletonMesh::SkeletonMesh(const Skeleton& skeleton) {
  m_jointCount = skeleton.jointCount();
  m_pointCount = m_jointCount + static_cast<int>(skeleton.endSites.size());
  for (int j = 1; j < m_jointCount; ++j) m_bones.push_back({skeleton.joints[j].parent, j});
  for (size_t e = 0; e < skeleton.endSites.size(); ++e) {
    m_bones.push_back({skeleton.endSites[e].joint, m_jointCount + static_cast<int>(e)});
  }

  double height = restHeight(skeleton);
  if (!(height > 0.1 && height < 10)) height = kReferenceHeight;
  const float scale = static_cast<float>(height) / kReferenceHeight;
  m_pointRadius.assign(m_pointCount, kJointRadius * scale);
  for (int p = m_jointCount; p < m_pointCount; ++p) m_pointRadius[p] *= 0.6f;
  // Bones are never fatter than a fraction of their length, so hands and toes stay slim.
  for (const Bone& b : m_bones) {
    const Eigen::Vector3d offset = b.to < m_jointCount
                                       ? skeleton.joints[b.to].offset
                                       : skeleton.endSites[b.to - m_jointCount].offset;
    const float length = static_cast<float>(offset.norm());
    m_boneRadius.push_back(std::min(kBoneRadius * scale, 0.16f * length));
    m_pointRadius[b.from] = std::min(m_pointRadius[b.from],
                                     std::max(m_boneRadius.back() * 1.25f, 0.35f * kJointRadius));
  }

  for (int r = 0; r <= kSphereRings; ++r) {
    const float theta = kPi * r / kSphereRings;
    for (int s = 0; s <= kSphereSegments; ++s) {
      const float phi = 2 * kPi * s / kSphereSegments;
      m_unitSphere.emplace_back(std::sin(theta) * std::cos(phi), std::cos(theta),
                                std::sin(theta) * std::sin(phi));
    }
  }
  for (int s = 0; s <= kBoneSegments; ++s) {
    const float phi = 2 * kPi * s / kBoneSegments;
    m_unitCircle.emplace_back(std::cos(phi), std::sin(phi));
  }

  const int perSphere = static_cast<int>(m_unitSphere.size());
  m_sphereVertexCount = perSphere * m_pointCount;
  for (int p = 0; p < m_pointCount; ++p) {
    const std::uint32_t base = p * perSphere;
    for (int r = 0; r < kSphereRings; ++r) {
      for (int s = 0; s < kSphereSegments; ++s) {
        const std::uint32_t a = base + r * (kSphereSegments + 1) + s;
        const std::uint32_t b = a + kSphereSegments + 1;
        m_sphereIndices.insert(m_sphereIndices.end(), {a, a + 1, b, b, a + 1, b + 1});
      }
    }
  }
  const int perBone = 2 * static_cast<int>(m_unitCircle.size());
  m_boneVertexCount = perBone * static_cast<int>(m_bones.size());
  for (size_t i = 0; i < m_bones.size(); ++i) {
    const std::uint32_t base = static_cast<std::uint32_t>(i * perBone);
    for (int s = 0; s < kBoneSegments; ++s) {
      const std::uint32_t a = base + 2 * s;
      m_boneIndices.insert(m_boneIndices.end(), {a, a + 1, a + 2, a + 2, a + 1, a + 3});
    }
  }
}

void SkeletonMesh::writeBones(const Eigen::Vector3d* points, int pointsGiven, float* out) const {
  for (size_t i = 0; i < m_bones.size(); ++i) {
    const Bone& bone = m_bones[i];
    const Eigen::Vector3f a = points[bone.from].cast<float>();
    const Eigen::Vector3f b = bone.to < pointsGiven ? points[bone.to].cast<float>() : a;
    Eigen::Vector3f axis = b - a;
    const float length = axis.norm();
    const float r0 = length > 1e-5f ? m_boneRadius[i] : 0.0f;
    const float r1 = r0 * kTipTaper;
    axis = length > 1e-5f ? Eigen::Vector3f(axis / length) : Eigen::Vector3f::UnitY();
    // Any unit vector not parallel to the axis gives the cross-section's basis.
    const Eigen::Vector3f helper =
        std::abs(axis.y()) < 0.9f ? Eigen::Vector3f::UnitY() : Eigen::Vector3f::UnitX();
    const Eigen::Vector3f u = axis.cross(helper).normalized();
    const Eigen::Vector3f v = axis.cross(u);
    // The side leans by the taper; tilting normals by it keeps the shading of a cone.
    const float lean = length > 1e-5f ? (r0 - r1) / length : 0.0f;
    for (const Eigen::Vector2f& c : m_unitCircle) {
      const Eigen::Vector3f radial = u * c.x() + v * c.y();
      const Eigen::Vector3f normal = (radial + axis * lean).normalized();
      put(out, a + radial * r0, normal);
      put(out, b + radial * r1, normal);
    }
  }
}

void SkeletonMesh::writeSpheres(const Eigen::Vector3d* points, int pointsGiven, float* out) const {
  for (int p = 0; p < m_pointCount; ++p) {
    const bool known = p < pointsGiven;
    const Eigen::Vector3f centre = points[known ? p : 0].cast<float>();
    const float radius = known ? m_pointRadius[p] : 0.0f;
    for (const Eigen::Vector3f& n : m_unitSphere) put(out, centre + n * radius, n);
  }
}

}  // namespace mg
