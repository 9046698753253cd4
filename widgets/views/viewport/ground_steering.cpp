// SPDX-License-Identifier: MIT
#include "widgets/views/viewport/ground_steering.h"

#include <utility>

#include <QGuiApplication>
#include <QMouseEvent>
#include <QWindow>

namespace mg {

GroundSteering::Use GroundSteering::classify(const QEvent* event, QWindow* window3d) {
  const QEvent::Type type = event->type();
  if (type == QEvent::MouseButtonRelease) {
    const bool was = std::exchange(m_focusingPress, false);
    return was ? Use::Swallow : Use::Pass;
  }
  if (type != QEvent::MouseButtonPress && type != QEvent::MouseMove) return Use::Pass;
  const auto* mouse = static_cast<const QMouseEvent*>(event);
  if (!(mouse->buttons() & Qt::LeftButton) ||
      (mouse->modifiers() & (Qt::AltModifier | Qt::ShiftModifier)))
    return Use::Pass;
  if (type == QEvent::MouseButtonPress && mouse->button() == Qt::LeftButton) {
    m_focusingPress = window3d && QGuiApplication::focusWindow() != window3d;
    if (m_focusingPress) {
      window3d->requestActivate();
      return Use::Swallow;
    }
  }
  return m_focusingPress ? Use::Swallow : Use::Steer;
}

bool GroundSteering::filter(const QEvent* event, QWindow* window3d,
                            const std::function<void(const QPointF&)>& steer) {
  switch (classify(event, window3d)) {
    case Use::Steer:
      steer(static_cast<const QMouseEvent*>(event)->position());
      return true;
    case Use::Swallow:
      return true;  // the click that focused the viewport steers nothing
    case Use::Pass:
      break;
  }
  return false;
}

}  // namespace mg
