// SPDX-License-Identifier: MIT
#pragma once

#include <vector>

#include <QColor>
#include <QVector3D>
#include <Qt3DCore/QEntity>

namespace Qt3DCore {
class QTransform;
}

namespace mg {

// The floor of the viewport at y = 0: a metric grid (minor lines every 0.5 m, major lines every
// 2.5 m, the X and Z axes tinted red and blue as DCC tools do) extending `halfExtentMetres` from
// the origin and fading into `background` (the clear colour) towards its rim. There is no floor
// surface: a lit plane covering most of the view was the largest per-frame cost under a software
// renderer. Owned by its parent entity.
// The floor has no end: followTarget() moves the grid under the camera's target (the followed
// character) in whole major cells, so its lines stay where they are in the world while a walk
// goes on for kilometres; the two axis lines stay at the world origin.
class GroundGrid : public Qt3DCore::QEntity {
 public:
  GroundGrid(const QColor& background, Qt3DCore::QNode* parent, float halfExtentMetres = 15.0f);

  // Centres the grid on `target` (snapped, see gridCentre).
  void followTarget(const QVector3D& target);
  QVector3D centre() const { return m_centre; }
  // Where the grid is centred for a target: its x and z rounded to the major line spacing
  // (2.5 m), y = 0.
  static QVector3D gridCentre(const QVector3D& target);

 private:
  // Lines carry an up normal so they are lit evenly, like a floor.
  struct LineVertex {
    float x, y, z, r, g, b, nx = 0, ny = 1, nz = 0;
  };
  static Qt3DCore::QEntity* lineEntity(Qt3DCore::QEntity* parent,
                                       const std::vector<LineVertex>& lines);

  Qt3DCore::QTransform* m_transform = nullptr;
  QVector3D m_centre;
};

}  // namespace mg
