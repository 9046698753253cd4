// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <vector>

#include <Eigen/Core>

#include "core/motion/skeleton.h"

namespace mg {

// The triangle meshes that draw one skeleton: a tapered cylinder per bone (parent joint to
// child joint, and joint to end site) and a sphere per joint and end site. Topology is fixed at
// construction, so index buffers never change; vertices are rewritten for every pose on the CPU,
// which keeps a skeleton at two draw calls however many joints it has.
//
// Vertices are interleaved float x, y, z, nx, ny, nz (kFloatsPerVertex). Points are the
// skeleton's joints followed by its end sites, world positions in metres. Thread-safe for const
// use.
class SkeletonMesh {
 public:
  static constexpr int kFloatsPerVertex = 6;

  explicit SkeletonMesh(const Skeleton& skeleton);

  // Joints + end sites: the length of the points array the write functions read.
  int pointCount() const { return m_pointCount; }
  int jointCount() const { return m_jointCount; }

  int boneVertexCount() const { return m_boneVertexCount; }
  const std::vector<std::uint32_t>& boneIndices() const { return m_boneIndices; }
  int sphereVertexCount() const { return m_sphereVertexCount; }
  const std::vector<std::uint32_t>& sphereIndices() const { return m_sphereIndices; }

  // Writes boneVertexCount() vertices to `out`. `points` holds pointCount() positions; when
  // `pointsGiven` < pointCount() (no end sites known), bones to the missing points collapse to
  // their joint and vanish.
  void writeBones(const Eigen::Vector3d* points, int pointsGiven, float* out) const;
  // Writes sphereVertexCount() vertices to `out`; same convention for `pointsGiven`.
  void writeSpheres(const Eigen::Vector3d* points, int pointsGiven, float* out) const;

 private:
  struct Bone {
    int from;
    int to;
  };
  int m_pointCount = 0;
  int m_jointCount = 0;
  std::vector<Bone> m_bones;
  std::vector<float> m_pointRadius;           // sphere radius per point, metres
  std::vector<float> m_boneRadius;            // radius at the parent end per bone, metres
  std::vector<Eigen::Vector3f> m_unitSphere;  // positions on the unit sphere (= normals)
  std::vector<Eigen::Vector2f> m_unitCircle;  // (cos, sin) per cylinder segment, closed
  int m_boneVertexCount = 0;
  int m_sphereVertexCount = 0;
  std::vector<std::uint32_t> m_boneIndices;
  std::vector<std::uint32_t> m_sphereIndices;
};

}  // namespace mg
