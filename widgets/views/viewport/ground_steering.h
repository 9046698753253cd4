// SPDX-License-Identifier: MIT
#pragma once

#include <functional>

class QEvent;
class QPointF;
class QWindow;

namespace mg {

// The mouse half of interactive steering in the 3D viewport, shared by every preview that steers
// (parametric, motion field): a left press or drag on the viewport (without Alt or Shift, which
// move the camera) steers towards the point under the pointer; but a press that gives the
// viewport the keyboard focus only focuses it (the author clicked to use the arrow keys, not to
// turn), and so does the drag that follows until the button is released.
class GroundSteering {
 public:
  enum class Use { Pass, Swallow, Steer };
  // What to do with `event` sent to `window3d` (the viewport's Qt3D window).
  Use classify(const QEvent* event, QWindow* window3d);
  // For an event filter: calls `steer` with the pointer's position when `event` steers, and
  // returns whether the event is used up (it steered, or it was the focusing click).
  bool filter(const QEvent* event, QWindow* window3d,
              const std::function<void(const QPointF&)>& steer);

 private:
  bool m_focusingPress = false;
};

}  // namespace mg
