// SPDX-License-Identifier: MIT
#include "widgets/views/viewport/ground_grid.h"

#include <algorithm>
#include <cmath>
#include <tuple>
#include <vector>

#include <Qt3DCore/QAttribute>
#include <Qt3DCore/QBuffer>
#include <Qt3DCore/QGeometry>
#include <Qt3DCore/QTransform>
#include <Qt3DExtras/QPerVertexColorMaterial>
#include <Qt3DRender/QGeometryRenderer>

namespace mg {

namespace {

constexpr float kMinorStep = 0.5f;
constexpr int kMajorEvery = 5;
// Share of the light an upward-facing surface receives from the viewport's lights (see
// ViewportWindow::buildScene); the per-vertex colour material is lit, so grid colours are divided
// by it to appear on screen as given.
constexpr float kFloorLighting = 0.9f;

}  // namespace

GroundGrid::GroundGrid(const QColor& background, Qt3DCore::QNode* parent, float halfExtentMetres)
    : QEntity(parent) {
  const int half = static_cast<int>(std::ceil(halfExtentMetres / kMinorStep));
  const float extent = half * kMinorStep;
  const QVector3D bg(background.redF(), background.greenF(), background.blueF());
  const QVector3D minor = bg + QVector3D(0.05f, 0.05f, 0.05f);
  const QVector3D major = bg + QVector3D(0.12f, 0.12f, 0.12f);
  const QVector3D xAxis(0.72f, 0.30f, 0.30f);
  const QVector3D zAxis(0.30f, 0.42f, 0.78f);

  // Each line is cut into cells whose vertices blend towards the background with distance from
  // the origin, so the grid dissolves instead of ending in an edge.
  std::vector<LineVertex> lines;
  auto vertex = [&](float x, float z, const QVector3D& colour) {
    const float r = std::sqrt(x * x + z * z) / extent;
    const float t = std::clamp((r - 0.25f) / 0.75f, 0.0f, 1.0f);
    const QVector3D c = (colour * (1 - t * t) + bg * (t * t)) / kFloorLighting;
    lines.push_back({x, 0.0f, z, c.x(), c.y(), c.z()});
  };
  for (int i = -half; i <= half; ++i) {
    const float at = i * kMinorStep;
    const QVector3D colour = i % kMajorEvery == 0 ? major : minor;
    for (int k = -half; k < half; ++k) {
      const float a = k * kMinorStep, b = (k + 1) * kMinorStep;
      vertex(a, at, colour);  // along X at z = at
      vertex(b, at, colour);
      vertex(at, a, colour);  // along Z at x = at
      vertex(at, b, colour);
    }
  }
  auto* gridEntity = lineEntity(this, lines);
  m_transform = new Qt3DCore::QTransform(gridEntity);
  gridEntity->addComponent(m_transform);

  // The world axes, longer than the grid and drawn a hair above it, fading the same way.
  lines.clear();
  const int axisCells = 4 * half;
  for (int k = -axisCells; k < axisCells; ++k) {
    const float a = k * kMinorStep, b = (k + 1) * kMinorStep;
    for (const auto& [x0, z0, x1, z1, colour] :
         {std::tuple{a, 0.0f, b, 0.0f, xAxis}, std::tuple{0.0f, a, 0.0f, b, zAxis}}) {
      const float fade =
          std::clamp(std::max(std::abs(a), std::abs(b)) / (axisCells * kMinorStep), 0.0f, 1.0f);
      const QVector3D c = (colour * (1 - fade * fade) + bg * (fade * fade)) / kFloorLighting;
      lines.push_back({x0, 0.002f, z0, c.x(), c.y(), c.z()});
      lines.push_back({x1, 0.002f, z1, c.x(), c.y(), c.z()});
    }
  }
  lineEntity(this, lines);
}

QVector3D GroundGrid::gridCentre(const QVector3D& target) {
  const float step = kMinorStep * kMajorEvery;
  return {std::round(target.x() / step) * step, 0.0f, std::round(target.z() / step) * step};
}

void GroundGrid::followTarget(const QVector3D& target) {
  const QVector3D c = gridCentre(target);
  if (c == m_centre) return;
  m_centre = c;
  m_transform->setTranslation(c);
}

Qt3DCore::QEntity* GroundGrid::lineEntity(Qt3DCore::QEntity* parent,
                                          const std::vector<LineVertex>& lines) {
  auto* lineEntity = new Qt3DCore::QEntity(parent);
  auto* geometry = new Qt3DCore::QGeometry(lineEntity);
  auto* buffer = new Qt3DCore::QBuffer(geometry);
  buffer->setData(QByteArray(reinterpret_cast<const char*>(lines.data()),
                             static_cast<qsizetype>(lines.size() * sizeof(LineVertex))));
  auto addAttribute = [&](const QString& name, int offset) {
    auto* a = new Qt3DCore::QAttribute(buffer, name, Qt3DCore::QAttribute::Float, 3,
                                       static_cast<uint>(lines.size()), offset, sizeof(LineVertex),
                                       geometry);
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
  return lineEntity;
}

}  // namespace mg
