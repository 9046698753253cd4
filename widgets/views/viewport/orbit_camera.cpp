// SPDX-License-Identifier: MIT
#include "widgets/views/viewport/orbit_camera.h"

#include <algorithm>
#include <cmath>

namespace mg {

namespace {
constexpr float kDegToRad = 3.14159265358979f / 180.0f;
}

QVector3D OrbitCamera::forward() const {
  const float yaw = yawDegrees * kDegToRad;
  const float pitch = pitchDegrees * kDegToRad;
  // From a camera on +Z looking at -Z, yaw turns about +Y and pitch tilts down.
  return QVector3D(-std::sin(yaw) * std::cos(pitch), -std::sin(pitch),
                   -std::cos(yaw) * std::cos(pitch));
}

QVector3D OrbitCamera::right() const {
  return QVector3D::crossProduct(forward(), QVector3D(0, 1, 0)).normalized();
}

QVector3D OrbitCamera::up() const {
  return QVector3D::crossProduct(right(), forward());
}

QVector3D OrbitCamera::position() const {
  return target - forward() * distance;
}

void OrbitCamera::orbit(float yawDelta, float pitchDelta) {
  yawDegrees = std::fmod(yawDegrees + yawDelta, 360.0f);
  pitchDegrees = std::clamp(pitchDegrees + pitchDelta, -89.0f, 89.0f);
}

void OrbitCamera::pan(float rightScreens, float upScreens) {
  const float screenHeight = 2.0f * distance * std::tan(0.5f * fovDegrees * kDegToRad);
  target += (right() * rightScreens + up() * upScreens) * screenHeight;
}

void OrbitCamera::zoom(float factor) {
  distance = std::clamp(distance * factor, kMinDistance, kMaxDistance);
}

void OrbitCamera::frameSphere(const QVector3D& centre, float radius) {
  target = centre;
  const float halfFov = 0.5f * fovDegrees * kDegToRad;
  distance =
      std::clamp(1.3f * std::max(radius, 0.05f) / std::sin(halfFov), kMinDistance, kMaxDistance);
}

std::optional<QVector3D> OrbitCamera::groundPoint(float x, float y, float aspect) const {
  const float t = std::tan(0.5f * fovDegrees * kDegToRad);
  const QVector3D dir = forward() + right() * (x * t * aspect) + up() * (y * t);
  const QVector3D from = position();
  if (std::abs(dir.y()) < 1e-6f) return std::nullopt;
  const float s = -from.y() / dir.y();
  if (s <= 0) return std::nullopt;
  return from + dir * s;
}

}  // namespace mg
