// SPDX-License-Identifier: MIT
#pragma once

#include <optional>

#include <QPoint>
#include <QPointF>
#include <QVector3D>
#include <Qt3DExtras/Qt3DWindow>

#include "widgets/views/viewport/orbit_camera.h"

namespace Qt3DCore {
class QEntity;
}

namespace mg {

class GroundGrid;

// The Qt3D window inside the viewport: the scene root (lights, floor grid) and DCC navigation.
//   Mouse: Alt+LMB or LMB orbit; Alt+MMB, MMB, RMB or Shift+LMB pan; Alt+RMB dolly; wheel zoom.
//   Keys: A/D and numpad 4/6 orbit left/right, W/S and numpad 8/2 orbit up/down (with Shift:
//   pan), Q/E and numpad -/+ zoom, numpad 1/3/7 front/side/top, F frame (frameRequested).
// Renders on demand: a frame is drawn only when the scene or camera changes, which keeps an idle
// editor from burning a software renderer's CPU; setContinuousRendering(true) draws every tick.
class ViewportWindow : public Qt3DExtras::Qt3DWindow {
  Q_OBJECT

 public:
  ViewportWindow();

  // Parent of every drawn entity; owned by the window.
  Qt3DCore::QEntity* sceneRoot() const { return m_root; }

  const OrbitCamera& orbit() const { return m_orbit; }
  void setOrbit(const OrbitCamera& orbit);

  void setContinuousRendering(bool on);
  // The point of the floor (y = 0) under window position `pos`, if the ray through it meets the
  // floor in front of the camera.
  std::optional<QVector3D> groundPoint(const QPointF& pos) const;
  // The floor grid (it follows the camera's target).
  const GroundGrid* grid() const { return m_grid; }

 signals:
  void frameRequested();
  // The user moved the camera (mouse or keys).
  void cameraNavigated();
  // The Qt3D frame loop ran one frame; `dt` seconds since the previous one.
  void frameTicked(float dt);

 protected:
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;
  void wheelEvent(QWheelEvent* event) override;
  void keyPressEvent(QKeyEvent* event) override;

 private:
  enum class Drag { None, Orbit, Pan, Dolly };
  void buildScene();
  void applyCamera();

  Qt3DCore::QEntity* m_root = nullptr;
  GroundGrid* m_grid = nullptr;
  OrbitCamera m_orbit;
  Drag m_drag = Drag::None;
  QPoint m_lastMouse;
};

}  // namespace mg
