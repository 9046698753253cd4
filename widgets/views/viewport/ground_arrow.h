// SPDX-License-Identifier: MIT
#pragma once

#include <Eigen/Core>
#include <QColor>
#include <Qt3DCore/QEntity>

namespace Qt3DCore {
class QBuffer;
class QAttribute;
}  // namespace Qt3DCore

namespace mg {

// An arrow lying on the floor (a shaft and a head drawn as a bundle of lines just above y = 0),
// e.g. the desired direction of interactive steering. Owned by its parent entity.
class GroundArrow : public Qt3DCore::QEntity {
 public:
  GroundArrow(const QColor& colour, Qt3DCore::QNode* parent);
  // From `origin` (metres; y ignored) along `direction` (floor x, z; its length in metres,
  // at least 0.2 m is drawn).
  void setArrow(const Eigen::Vector3d& origin, const Eigen::Vector3d& direction);

 private:
  QColor m_colour;
  Qt3DCore::QBuffer* m_buffer;
  Qt3DCore::QAttribute* m_attributes[3];
};

}  // namespace mg
