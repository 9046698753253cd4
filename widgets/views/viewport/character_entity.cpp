// SPDX-License-Identifier: MIT
#include "widgets/views/viewport/character_entity.h"

#include <Qt3DCore/QAttribute>
#include <Qt3DCore/QBuffer>
#include <Qt3DCore/QGeometry>
#include <Qt3DExtras/QDiffuseSpecularMaterial>
#include <Qt3DRender/QGeometryRenderer>

namespace mg {

namespace {

constexpr int kStride = SkeletonMesh::kFloatsPerVertex * sizeof(float);

// A child entity drawing indexed triangles from a vertex buffer that setPose() rewrites.
Qt3DCore::QBuffer* addMeshEntity(Qt3DCore::QEntity* parent, int vertexCount,
                                 const std::vector<std::uint32_t>& indices,
                                 Qt3DRender::QMaterial* material) {
  auto* entity = new Qt3DCore::QEntity(parent);
  auto* geometry = new Qt3DCore::QGeometry(entity);
  auto* vertices = new Qt3DCore::QBuffer(geometry);
  vertices->setUsage(Qt3DCore::QBuffer::StreamDraw);
  vertices->setData(QByteArray(vertexCount * kStride, '\0'));
  auto* index = new Qt3DCore::QBuffer(geometry);
  index->setData(QByteArray(reinterpret_cast<const char*>(indices.data()),
                            static_cast<qsizetype>(indices.size() * sizeof(std::uint32_t))));

  auto addAttribute = [&](const QString& name, int offsetFloats) {
    auto* a = new Qt3DCore::QAttribute(geometry);
    a->setName(name);
    a->setAttributeType(Qt3DCore::QAttribute::VertexAttribute);
    a->setVertexBaseType(Qt3DCore::QAttribute::Float);
    a->setVertexSize(3);
    a->setByteOffset(offsetFloats * sizeof(float));
    a->setByteStride(kStride);
    a->setCount(vertexCount);
    a->setBuffer(vertices);
    geometry->addAttribute(a);
    return a;
  };
  geometry->setBoundingVolumePositionAttribute(
      addAttribute(Qt3DCore::QAttribute::defaultPositionAttributeName(), 0));
  addAttribute(Qt3DCore::QAttribute::defaultNormalAttributeName(), 3);
  auto* indexAttribute = new Qt3DCore::QAttribute(geometry);
  indexAttribute->setAttributeType(Qt3DCore::QAttribute::IndexAttribute);
  indexAttribute->setVertexBaseType(Qt3DCore::QAttribute::UnsignedInt);
  indexAttribute->setBuffer(index);
  indexAttribute->setCount(static_cast<uint>(indices.size()));
  geometry->addAttribute(indexAttribute);

  auto* renderer = new Qt3DRender::QGeometryRenderer(entity);
  renderer->setGeometry(geometry);
  renderer->setPrimitiveType(Qt3DRender::QGeometryRenderer::Triangles);
  entity->addComponent(renderer);
  entity->addComponent(material);
  return vertices;
}

void applyColour(Qt3DExtras::QDiffuseSpecularMaterial* m, const QColor& colour) {
  m->setDiffuse(colour);
  // Ambient lifts the unlit side towards the colour, as a sky fill would.
  m->setAmbient(
      QColor::fromRgbF(colour.redF() * 0.32f, colour.greenF() * 0.32f, colour.blueF() * 0.34f));
  m->setAlphaBlendingEnabled(colour.alpha() < 255);
}

}  // namespace

CharacterEntity::CharacterEntity(std::shared_ptr<const Skeleton> skeleton, const QColor& colour,
                                 Qt3DCore::QNode* parent)
    : Qt3DCore::QEntity(parent), m_skeleton(std::move(skeleton)), m_mesh(*m_skeleton) {
  m_boneMaterial = new Qt3DExtras::QDiffuseSpecularMaterial(this);
  m_boneMaterial->setSpecular(QColor(60, 60, 60));
  m_boneMaterial->setShininess(24);
  m_jointMaterial = new Qt3DExtras::QDiffuseSpecularMaterial(this);
  m_jointMaterial->setSpecular(QColor(110, 110, 110));
  m_jointMaterial->setShininess(48);
  setColour(colour);
  m_boneData.resize(m_mesh.boneVertexCount() * kStride);
  m_sphereData.resize(m_mesh.sphereVertexCount() * kStride);
  m_boneVertices =
      addMeshEntity(this, m_mesh.boneVertexCount(), m_mesh.boneIndices(), m_boneMaterial);
  m_sphereVertices =
      addMeshEntity(this, m_mesh.sphereVertexCount(), m_mesh.sphereIndices(), m_jointMaterial);
}

void CharacterEntity::setColour(const QColor& colour) {
  m_colour = colour;
  applyColour(m_boneMaterial, colour);
  QColor joint = colour.lighter(135);
  joint.setAlpha(colour.alpha());
  applyColour(m_jointMaterial, joint);
}

void CharacterEntity::setPose(const Eigen::Vector3d* points, int count) {
  count = std::min(count, m_mesh.pointCount());
  if (count < m_mesh.jointCount()) return;
  // Qt3D keeps the handed-over arrays implicitly shared; the next pose detaches them.
  m_mesh.writeBones(points, count, reinterpret_cast<float*>(m_boneData.data()));
  m_mesh.writeSpheres(points, count, reinterpret_cast<float*>(m_sphereData.data()));
  m_boneVertices->setData(m_boneData);
  m_sphereVertices->setData(m_sphereData);
  Eigen::Vector3f lo = points[0].cast<float>(), hi = lo;
  for (int i = 1; i < count; ++i) {
    lo = lo.cwiseMin(points[i].cast<float>());
    hi = hi.cwiseMax(points[i].cast<float>());
  }
  m_boundsMin = QVector3D(lo.x(), lo.y(), lo.z());
  m_boundsMax = QVector3D(hi.x(), hi.y(), hi.z());
  m_root = QVector3D(points[0].x(), points[0].y(), points[0].z());
  m_hasPose = true;
}

}  // namespace mg
