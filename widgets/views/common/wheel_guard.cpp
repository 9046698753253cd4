// SPDX-License-Identifier: MIT
#include "widgets/views/common/wheel_guard.h"

#include <QAbstractScrollArea>
#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QFrame>
#include <QScrollArea>
#include <QScrollBar>
#include <QSlider>
#include <QWheelEvent>

namespace mg {

WheelGuard::WheelGuard(QObject* parent) : QObject(parent) {}

void WheelGuard::install() {
  if (!qApp || qApp->findChild<WheelGuard*>(QString(), Qt::FindDirectChildrenOnly)) return;
  qApp->installEventFilter(new WheelGuard(qApp));
}

bool WheelGuard::guards(const QWidget* widget) {
  return qobject_cast<const QAbstractSpinBox*>(widget) || qobject_cast<const QSlider*>(widget) ||
         qobject_cast<const QComboBox*>(widget);
}

bool WheelGuard::eventFilter(QObject* watched, QEvent* event) {
  if (event->type() != QEvent::Wheel && event->type() != QEvent::Polish) return false;
  auto* widget = qobject_cast<QWidget*>(watched);
  // A spin box's line edit receives the wheel first and hands it to the spin box.
  if (widget && !guards(widget) && widget->parentWidget() && guards(widget->parentWidget()) &&
      event->type() == QEvent::Wheel) {
    widget = widget->parentWidget();
  }
  if (!widget || !guards(widget)) return false;
  if (event->type() == QEvent::Polish) {
    // Wheel focus would let a passing wheel take the focus and then the value.
    if (widget->focusPolicy() == Qt::WheelFocus) widget->setFocusPolicy(Qt::StrongFocus);
    return false;
  }
  if (widget->hasFocus()) return false;
  for (QWidget* w = widget->parentWidget(); w; w = w->parentWidget()) {
    auto* area = qobject_cast<QAbstractScrollArea*>(w);
    if (!area) continue;
    auto* wheel = static_cast<QWheelEvent*>(event);
    const bool horizontal = wheel->angleDelta().x() != 0 && wheel->angleDelta().y() == 0;
    QScrollBar* bar = horizontal ? area->horizontalScrollBar() : area->verticalScrollBar();
    if (bar && bar->maximum() > bar->minimum()) {
      QApplication::sendEvent(bar, event);
      break;
    }
  }
  return true;  // never the control's
}

QWidget* scrollingDockContent(QWidget* content) {
  if (!content || qobject_cast<QAbstractScrollArea*>(content)) return content;
  auto* area = new QScrollArea;
  area->setObjectName(content->objectName().isEmpty()
                          ? QStringLiteral("dockScroll")
                          : content->objectName() + QStringLiteral("Scroll"));
  area->setFrameShape(QFrame::NoFrame);
  area->setWidgetResizable(true);
  area->setWidget(content);
  return area;
}

}  // namespace mg
