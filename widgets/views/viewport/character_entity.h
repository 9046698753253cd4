// SPDX-License-Identifier: MIT
#pragma once

#include <memory>

#include <QColor>
#include <QVector3D>
#include <Qt3DCore/QEntity>

#include "widgets/views/viewport/skeleton_mesh.h"

namespace Qt3DCore {
class QBuffer;
}
namespace Qt3DExtras {
class QDiffuseSpecularMaterial;
}

namespace mg {

// One skeleton in the 3D scene: bones and joint spheres in two draw calls (see SkeletonMesh).
// The joints take a lighter shade of the bone colour. A colour with alpha < 255 draws the
// character translucent (ghosts, onion skins). Owned by the Qt3D scene graph (its parent entity).
class CharacterEntity : public Qt3DCore::QEntity {
 public:
  CharacterEntity(std::shared_ptr<const Skeleton> skeleton, const QColor& colour,
                  Qt3DCore::QNode* parent);

  const Skeleton& skeleton() const { return *m_skeleton; }
  const SkeletonMesh& mesh() const { return m_mesh; }

  void setColour(const QColor& colour);
  QColor colour() const { return m_colour; }

  // Sets the pose from world positions in metres: the skeleton's joints, optionally followed
  // by its end sites. `count` must be at least jointCount().
  void setPose(const Eigen::Vector3d* points, int count);
  bool hasPose() const { return m_hasPose; }

  // Axis-aligned bounds of the last pose (joints and end sites), metres; empty before a pose.
  QVector3D boundsMin() const { return m_boundsMin; }
  QVector3D boundsMax() const { return m_boundsMax; }
  QVector3D rootPosition() const { return m_root; }

 private:
  std::shared_ptr<const Skeleton> m_skeleton;
  SkeletonMesh m_mesh;
  QColor m_colour;
  Qt3DCore::QBuffer* m_boneVertices = nullptr;
  Qt3DCore::QBuffer* m_sphereVertices = nullptr;
  Qt3DExtras::QDiffuseSpecularMaterial* m_boneMaterial = nullptr;
  Qt3DExtras::QDiffuseSpecularMaterial* m_jointMaterial = nullptr;
  QByteArray m_boneData;
  QByteArray m_sphereData;
  bool m_hasPose = false;
  QVector3D m_boundsMin;
  QVector3D m_boundsMax;
  QVector3D m_root;
};

}  // namespace mg
