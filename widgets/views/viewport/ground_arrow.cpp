// SPDX-License-Identifier: MIT
#include "widgets/views/viewport/ground_arrow.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include <Qt3DCore/QAttribute>
#include <Qt3DCore/QBuffer>
#include <Qt3DCore/QGeometry>
#include <Qt3DExtras/QPerVertexColorMaterial>
#include <Qt3DRender/QGeometryRenderer>

namespace mg {

namespace {
struct LineVertex {
  float x, y, z, r, g, b, nx = 0, ny = 1, nz = 0;
};
constexpr float kLift = 0.01f;  // above the grid lines
}  // namespace

GroundArrow::GroundArrow(const QColor& colour, Qt3DCore::QNode* parent)
    : QEntity(parent), m_colour(colour) {
  auto* geometry = new Qt3DCore::QGeometry(this);
  m_buffer = new Qt3DCore::QBuffer(geometry);
  const QString attributeNames[3] = {Qt3DCore::QAttribute::defaultPositionAttributeName(),
                                     Qt3DCore::QAttribute::defaultColorAttributeName(),
                                     Qt3DCore::QAttribute::defaultNormalAttributeName()};
  for (int i = 0; i < 3; ++i) {
    m_attributes[i] = new Qt3DCore::QAttribute(
        m_buffer, attributeNames[i], Qt3DCore::QAttribute::Float, 3, 0,
        static_cast<uint>(i * 3 * sizeof(float)), sizeof(LineVertex), geometry);
    geometry->addAttribute(m_attributes[i]);
  }
  geometry->setBoundingVolumePositionAttribute(m_attributes[0]);
  auto* renderer = new Qt3DRender::QGeometryRenderer(this);
  renderer->setGeometry(geometry);
  renderer->setPrimitiveType(Qt3DRender::QGeometryRenderer::Lines);
  addComponent(renderer);
  addComponent(new Qt3DExtras::QPerVertexColorMaterial(this));
}

void GroundArrow::setArrow(const Eigen::Vector3d& origin, const Eigen::Vector3d& direction) {
  Eigen::Vector2d d(direction.x(), direction.z());
  double length = d.norm();
  if (length < 1e-9) d = {0, 1}, length = 0.2;
  d /= length;
  length = std::max(length, 0.2);
  const Eigen::Vector2d side(-d.y(), d.x());
  const Eigen::Vector2d o(origin.x(), origin.z());
  const Eigen::Vector2d tip = o + d * length;
  const double head = std::min(0.35, 0.4 * length);
  std::vector<LineVertex> v;
  const float r = m_colour.redF() / 0.9f, g = m_colour.greenF() / 0.9f, b = m_colour.blueF() / 0.9f;
  auto line = [&](const Eigen::Vector2d& a, const Eigen::Vector2d& c) {
    v.push_back({float(a.x()), kLift, float(a.y()), r, g, b});
    v.push_back({float(c.x()), kLift, float(c.y()), r, g, b});
  };
  // Several parallel strokes: 1-pixel lines alone are hard to see from a distance.
  for (int k = -3; k <= 3; ++k) {
    const Eigen::Vector2d off = side * (0.012 * k);
    line(o + off, tip - d * head * 0.5 + off);
    line(tip + off * 0.3, tip - d * head + side * head * 0.6 + off);
    line(tip + off * 0.3, tip - d * head - side * head * 0.6 + off);
  }
  m_buffer->setData(QByteArray(reinterpret_cast<const char*>(v.data()),
                               static_cast<qsizetype>(v.size() * sizeof(LineVertex))));
  for (Qt3DCore::QAttribute* a : m_attributes) a->setCount(static_cast<uint>(v.size()));
}

}  // namespace mg
