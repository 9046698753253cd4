// SPDX-License-Identifier: MIT
#include "widgets/views/playback/scrub_slider.h"

#include <algorithm>

#include <QMouseEvent>
#include <QStyle>
#include <QStyleOptionSlider>

namespace mg {

ScrubSlider::ScrubSlider(Qt::Orientation orientation, QWidget* parent)
    : QSlider(orientation, parent) {}

int ScrubSlider::valueAt(const QPoint& pos) const {
  QStyleOptionSlider option;
  initStyleOption(&option);
  const QRect groove =
      style()->subControlRect(QStyle::CC_Slider, &option, QStyle::SC_SliderGroove, this);
  const QRect handle =
      style()->subControlRect(QStyle::CC_Slider, &option, QStyle::SC_SliderHandle, this);
  // The handle's centre travels the groove less the handle's own length.
  const bool horizontal = orientation() == Qt::Horizontal;
  const int length = horizontal ? handle.width() : handle.height();
  const int start = (horizontal ? groove.x() : groove.y()) + length / 2;
  const int span = (horizontal ? groove.width() : groove.height()) - length;
  const int at = (horizontal ? pos.x() : pos.y()) - start;
  return QStyle::sliderValueFromPosition(minimum(), maximum(), std::clamp(at, 0, std::max(0, span)),
                                         std::max(1, span), option.upsideDown);
}

void ScrubSlider::mousePressEvent(QMouseEvent* event) {
  if (event->button() == Qt::LeftButton && maximum() > minimum()) {
    QStyleOptionSlider option;
    initStyleOption(&option);
    const QRect handle =
        style()->subControlRect(QStyle::CC_Slider, &option, QStyle::SC_SliderHandle, this);
    const QPoint pos = event->position().toPoint();
    // Off the handle: jump there first, so QSlider's press finds the handle under the pointer
    // and drags it (sliderPressed, then tracking) instead of paging.
    if (!handle.contains(pos)) setValue(valueAt(pos));
  }
  QSlider::mousePressEvent(event);
}

}  // namespace mg
