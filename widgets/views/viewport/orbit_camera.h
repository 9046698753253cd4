// SPDX-License-Identifier: MIT
#pragma once

#include <optional>

#include <QVector3D>

namespace mg {

// A turntable camera as DCC tools have it: it looks at `target` from `distance` metres away,
// turned `yawDegrees` about world Y and tilted `pitchDegrees` (positive looks down). Y is up.
// Plain value type: the viewport maps mouse and keys onto these operations.
struct OrbitCamera {
  QVector3D target{0, 1, 0};
  float yawDegrees = 30;    // 0 looks along -Z (camera on +Z)
  float pitchDegrees = 15;  // clamped to (-89, 89)
  float distance = 5;       // metres, clamped to [kMinDistance, kMaxDistance]
  float fovDegrees = 40;    // vertical field of view

  static constexpr float kMinDistance = 0.05f;
  static constexpr float kMaxDistance = 500.0f;

  QVector3D position() const;
  // Unit vectors of the view: forward (camera to target), right and up.
  QVector3D forward() const;
  QVector3D right() const;
  QVector3D up() const;

  // Turns the camera about the target by the given angles in degrees.
  void orbit(float yawDelta, float pitchDelta);
  // Moves camera and target together, in units of the viewport height: (1, 0) shifts the view
  // by one screen height to the right, so a drag of h pixels in a viewport h pixels tall moves
  // the scene under the cursor by as much as it appears at the target's depth.
  void pan(float rightScreens, float upScreens);
  // Scales the distance to the target by `factor` (< 1 moves closer).
  void zoom(float factor);
  // Places the target at the centre of the sphere and backs off so the whole sphere
  // (`radius` metres) fits the vertical field of view with a small margin.
  void frameSphere(const QVector3D& centre, float radius);
  // Where the ray through a point of the view meets the floor (y = 0): `x`, `y` in [-1, 1] from
  // the left/bottom edge to the right/top edge, `aspect` = width / height. Empty when the ray
  // runs parallel to the floor or away from it.
  std::optional<QVector3D> groundPoint(float x, float y, float aspect) const;
};

}  // namespace mg
