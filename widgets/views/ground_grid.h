// SPDX-License-Identifier: MIT
#pragma once

#include <QColor>
#include <Qt3DCore/QEntity>

namespace mg {

// The floor of the viewport at y = 0: a metric grid (minor lines every 0.5 m, major lines every
// 2.5 m, the X and Z axes tinted red and blue as DCC tools do) extending `halfExtentMetres` from
// the origin and fading into `background` (the clear colour) towards its rim. There is no floor
// surface: a lit plane covering most of the view was the largest per-frame cost under a software
// renderer. Owned by its parent entity.
class GroundGrid : public Qt3DCore::QEntity {
 public:
  GroundGrid(const QColor& background, Qt3DCore::QNode* parent, float halfExtentMetres = 15.0f);
};

}  // namespace mg
