// SPDX-License-Identifier: MIT
#pragma once

#include <QObject>

class QScrollArea;
class QWidget;

namespace mg {

// Keeps the mouse wheel from changing values by accident. Installed on the application, it
// stops spin boxes, sliders and combo boxes from taking wheel events (and the keyboard focus a
// wheel would give them) unless they already have the focus; the wheel then scrolls the nearest
// enclosing scroll area instead, so scrolling a dock past a control never edits it. Scroll bars
// are not guarded. UI thread only.
class WheelGuard : public QObject {
  Q_OBJECT

 public:
  explicit WheelGuard(QObject* parent = nullptr);
  // Installs one guard on the running application (idempotent).
  static void install();
  // Whether `widget` is a value control the guard protects.
  static bool guards(const QWidget* widget);

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;
};

// The dock policy every dock of the editor follows: a dock's content scrolls instead of growing
// the window. Returns `content` wrapped in a frameless, resizable QScrollArea (or `content`
// itself when it already scrolls, e.g. a view or a list).
QWidget* scrollingDockContent(QWidget* content);

}  // namespace mg
