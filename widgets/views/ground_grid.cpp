// SPDX-License-Identifier: MIT
#include "widgets/views/ground_grid.h"

#include <cmath>
#include <vector>

#include <Qt3DCore/QAttribute>
#include <Qt3DCore/QBuffer>
#include <Qt3DCore/QGeometry>
#include <Qt3DCore/QTransform>
#include <Qt3DExtras/QDiffuseSpecularMaterial>
#include <Qt3DExtras/QPerVertexColorMaterial>
#include <Qt3DExtras/QPlaneMesh>
#include <Qt3DRender/QGeometryRenderer>

namespace mg {

namespace {

constexpr float kMinorStep = 0.5f;
constexpr int kMajorEvery = 5;

// The per-vertex colour material is lit, so lines carry an up normal and are lit like the floor.
struct LineVertex {
  float x, y, z, r, g, b, nx = 0, ny = 1, nz = 0;
};

}  // namespace

GroundGrid::GroundGrid(Qt3DCore::QNode* parent, float halfExtentMetres) : QEntity(parent) {
  // Lines sit a millimetre above the plane so depth testing never lets the plane cover them.
  constexpr float kLift = 0.001f;
  const int half = static_cast<int>(std::ceil(halfExtentMetres / kMinorStep));
  const float extent = half * kMinorStep;
  std::vector<LineVertex> lines;
  for (int i = -half; i <= half; ++i) {
    const float at = i * kMinorStep;
    // Lines fade with distance from the centre so the grid does not end in a hard edge.
    const float fade = 1.0f - 0.55f * std::abs(static_cast<float>(i)) / half;
    float grey = (i % kMajorEvery == 0 ? 0.36f : 0.27f) * fade + 0.17f * (1 - fade);
    LineVertex colourAlongX{0, 0, 0, grey, grey, grey};  // line parallel to X, at z = at
    LineVertex colourAlongZ = colourAlongX;              // line parallel to Z, at x = at
    if (i == 0) {
      colourAlongX = {0, 0, 0, 0.62f, 0.26f, 0.26f};
      colourAlongZ = {0, 0, 0, 0.26f, 0.36f, 0.66f};
    }
    auto push = [&](LineVertex c, float x0, float z0, float x1, float z1) {
      lines.push_back({x0, kLift, z0, c.r, c.g, c.b});
      lines.push_back({x1, kLift, z1, c.r, c.g, c.b});
    };
    push(colourAlongX, -extent, at, extent, at);
    push(colourAlongZ, at, -extent, at, extent);
  }

  auto* lineEntity = new Qt3DCore::QEntity(this);
  auto* geometry = new Qt3DCore::QGeometry(lineEntity);
  auto* buffer = new Qt3DCore::QBuffer(geometry);
  buffer->setData(QByteArray(reinterpret_cast<const char*>(lines.data()),
                             static_cast<qsizetype>(lines.size() * sizeof(LineVertex))));
  auto addAttribute = [&](const QString& name, int offset) {
    auto* a = new Qt3DCore::QAttribute(buffer, name, Qt3DCore::QAttribute::Float, 3,
                                       static_cast<uint>(lines.size()), offset,
                                       sizeof(LineVertex), geometry);
    geometry->addAttribute(a);
    return a;
  };
  geometry->setBoundingVolumePositionAttribute(
      addAttribute(Qt3DCore::QAttribute::defaultPositionAttributeName(), 0));
  addAttribute(Qt3DCore::QAttribute::defaultColorAttributeName(), 3 * sizeof(float));
  addAttribute(Qt3DCore::QAttribute::defaultNormalAttributeName(), 6 * sizeof(float));
  auto* renderer = new Qt3DRender::QGeometryRenderer(lineEntity);
  renderer->setGeometry(geometry);
  renderer->setPrimitiveType(Qt3DRender::QGeometryRenderer::Lines);
  lineEntity->addComponent(renderer);
  lineEntity->addComponent(new Qt3DExtras::QPerVertexColorMaterial(lineEntity));

  auto* planeEntity = new Qt3DCore::QEntity(this);
  auto* plane = new Qt3DExtras::QPlaneMesh(planeEntity);
  plane->setWidth(2 * extent);
  plane->setHeight(2 * extent);
  auto* planeMaterial = new Qt3DExtras::QDiffuseSpecularMaterial(planeEntity);
  planeMaterial->setDiffuse(QColor(40, 42, 46));
  planeMaterial->setAmbient(QColor(30, 31, 34));
  planeMaterial->setSpecular(QColor(0, 0, 0));
  auto* planeTransform = new Qt3DCore::QTransform(planeEntity);
  planeTransform->setTranslation(QVector3D(0, -0.002f, 0));
  planeEntity->addComponent(plane);
  planeEntity->addComponent(planeMaterial);
  planeEntity->addComponent(planeTransform);
}

}  // namespace mg
