// SPDX-License-Identifier: MIT
#pragma once

#include <Qt3DCore/QEntity>

namespace mg {

// The floor of the viewport: a dark ground plane at y = 0 with a metric grid on it (minor lines
// every 0.5 m, major lines every 2.5 m, the X and Z axes tinted red and blue as DCC tools do),
// extending `halfExtentMetres` from the origin. Owned by its parent entity.
class GroundGrid : public Qt3DCore::QEntity {
 public:
  explicit GroundGrid(Qt3DCore::QNode* parent, float halfExtentMetres = 15.0f);
};

}  // namespace mg
