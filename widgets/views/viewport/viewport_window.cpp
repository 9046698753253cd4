// SPDX-License-Identifier: MIT
#include "widgets/views/viewport/viewport_window.h"

#include <cmath>

#include <QKeyEvent>
#include <QMouseEvent>
#include <QWheelEvent>
#include <Qt3DCore/QEntity>
#include <Qt3DCore/QTransform>
#include <Qt3DExtras/QForwardRenderer>
#include <Qt3DLogic/QFrameAction>
#include <Qt3DRender/QCamera>
#include <Qt3DRender/QDirectionalLight>
#include <Qt3DRender/QRenderSettings>

#include "widgets/views/viewport/ground_grid.h"

namespace mg {

namespace {

const QColor kBackground(58, 61, 66);
constexpr float kOrbitDegreesPerPixel = 0.35f;
constexpr float kKeyOrbitDegrees = 10.0f;
constexpr float kKeyPanScreens = 0.08f;
constexpr float kKeyZoomFactor = 0.85f;

void addDirectionalLight(Qt3DCore::QEntity* parent, const QVector3D& direction,
                         const QColor& colour, float intensity) {
  auto* entity = new Qt3DCore::QEntity(parent);
  auto* light = new Qt3DRender::QDirectionalLight(entity);
  light->setWorldDirection(direction.normalized());
  light->setColor(colour);
  light->setIntensity(intensity);
  entity->addComponent(light);
}

}  // namespace

ViewportWindow::ViewportWindow() {
  defaultFrameGraph()->setClearColor(kBackground);
  renderSettings()->setRenderPolicy(Qt3DRender::QRenderSettings::OnDemand);
  camera()->lens()->setPerspectiveProjection(m_orbit.fovDegrees, 16.0f / 9.0f, 0.03f, 400.0f);
  buildScene();
  applyCamera();
}

void ViewportWindow::buildScene() {
  m_root = new Qt3DCore::QEntity;
  // A warm key from above and in front and a cool fill from the other side, with the materials'
  // ambient term as the sky. Only two lights: the lighting loop runs per fragment, and under a
  // software renderer a third light cost a third of the frame rate with ten characters.
  addDirectionalLight(m_root, QVector3D(-0.45f, -1.0f, -0.55f), QColor(255, 247, 235), 0.9f);
  addDirectionalLight(m_root, QVector3D(0.7f, -0.35f, 0.3f), QColor(190, 205, 235), 0.4f);
  m_grid = new GroundGrid(kBackground, m_root);
  auto* frameAction = new Qt3DLogic::QFrameAction(m_root);
  connect(frameAction, &Qt3DLogic::QFrameAction::triggered, this, &ViewportWindow::frameTicked);
  m_root->addComponent(frameAction);
  setRootEntity(m_root);
}

void ViewportWindow::setOrbit(const OrbitCamera& orbit) {
  m_orbit = orbit;
  applyCamera();
}

void ViewportWindow::setContinuousRendering(bool on) {
  renderSettings()->setRenderPolicy(on ? Qt3DRender::QRenderSettings::Always
                                       : Qt3DRender::QRenderSettings::OnDemand);
}

void ViewportWindow::applyCamera() {
  Qt3DRender::QCamera* cam = camera();
  cam->setUpVector(QVector3D(0, 1, 0));
  cam->setPosition(m_orbit.position());
  cam->setViewCenter(m_orbit.target);
  cam->setFieldOfView(m_orbit.fovDegrees);
  // Near/far follow the distance so close-ups do not clip and far views keep depth precision.
  cam->setNearPlane(std::max(0.01f, m_orbit.distance * 0.01f));
  cam->setFarPlane(std::max(100.0f, m_orbit.distance * 40.0f));
  if (m_grid) m_grid->followTarget(m_orbit.target);  // the floor never ends under the view
}

std::optional<QVector3D> ViewportWindow::groundPoint(const QPointF& pos) const {
  const float w = std::max(1, width()), h = std::max(1, height());
  return m_orbit.groundPoint(2.0f * static_cast<float>(pos.x()) / w - 1.0f,
                             1.0f - 2.0f * static_cast<float>(pos.y()) / h, w / h);
}

void ViewportWindow::mousePressEvent(QMouseEvent* event) {
  const bool alt = event->modifiers() & Qt::AltModifier;
  const bool shift = event->modifiers() & Qt::ShiftModifier;
  switch (event->button()) {
    case Qt::LeftButton:
      m_drag = shift ? Drag::Pan : Drag::Orbit;
      break;
    case Qt::MiddleButton:
      m_drag = Drag::Pan;
      break;
    case Qt::RightButton:
      m_drag = alt ? Drag::Dolly : Drag::Pan;
      break;
    default:
      m_drag = Drag::None;
      break;
  }
  m_lastMouse = event->position().toPoint();
  requestActivate();
  event->accept();
}

void ViewportWindow::mouseMoveEvent(QMouseEvent* event) {
  if (m_drag == Drag::None) return;
  const QPoint pos = event->position().toPoint();
  const QPoint delta = pos - m_lastMouse;
  m_lastMouse = pos;
  const float h = std::max(1, height());
  switch (m_drag) {
    case Drag::Orbit:
      m_orbit.orbit(-delta.x() * kOrbitDegreesPerPixel, delta.y() * kOrbitDegreesPerPixel);
      break;
    case Drag::Pan:
      m_orbit.pan(-delta.x() / h, delta.y() / h);
      break;
    case Drag::Dolly:
      m_orbit.zoom(std::exp((delta.y() - delta.x()) * 0.005f));
      break;
    case Drag::None:
      break;
  }
  applyCamera();
  emit cameraNavigated();
}

void ViewportWindow::mouseReleaseEvent(QMouseEvent* event) {
  if (event->buttons() == Qt::NoButton) m_drag = Drag::None;
}

void ViewportWindow::wheelEvent(QWheelEvent* event) {
  const float steps = event->angleDelta().y() / 120.0f;
  m_orbit.zoom(std::pow(kKeyZoomFactor, steps));
  applyCamera();
  emit cameraNavigated();
}

void ViewportWindow::keyPressEvent(QKeyEvent* event) {
  const bool pan = event->modifiers() & Qt::ShiftModifier;
  const bool keypad = event->modifiers() & Qt::KeypadModifier;
  auto move = [&](float x, float y) {
    if (pan) {
      m_orbit.pan(x * kKeyPanScreens, y * kKeyPanScreens);
    } else {
      m_orbit.orbit(-x * kKeyOrbitDegrees, -y * kKeyOrbitDegrees);
    }
  };
  switch (event->key()) {
    case Qt::Key_A:
      move(-1, 0);
      break;
    case Qt::Key_D:
      move(1, 0);
      break;
    case Qt::Key_W:
      move(0, 1);
      break;
    case Qt::Key_S:
      move(0, -1);
      break;
    case Qt::Key_Q:
    case Qt::Key_Minus:
      m_orbit.zoom(1 / kKeyZoomFactor);
      break;
    case Qt::Key_E:
    case Qt::Key_Plus:
      m_orbit.zoom(kKeyZoomFactor);
      break;
    case Qt::Key_F:
      emit frameRequested();
      return;
    case Qt::Key_4:
      if (!keypad) return;
      move(-1, 0);
      break;
    case Qt::Key_6:
      if (!keypad) return;
      move(1, 0);
      break;
    case Qt::Key_8:
      if (!keypad) return;
      move(0, 1);
      break;
    case Qt::Key_2:
      if (!keypad) return;
      move(0, -1);
      break;
    case Qt::Key_1:
      if (!keypad) return;
      m_orbit.yawDegrees = 0, m_orbit.pitchDegrees = 0;
      break;
    case Qt::Key_3:
      if (!keypad) return;
      m_orbit.yawDegrees = 90, m_orbit.pitchDegrees = 0;
      break;
    case Qt::Key_7:
      if (!keypad) return;
      m_orbit.pitchDegrees = 89;
      break;
    default:
      Qt3DWindow::keyPressEvent(event);
      return;
  }
  applyCamera();
  emit cameraNavigated();
}

}  // namespace mg
