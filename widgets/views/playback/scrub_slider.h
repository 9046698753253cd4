// SPDX-License-Identifier: MIT
#pragma once

#include <QSlider>

namespace mg {

// A slider that behaves as a DCC's scrub bar: a left click on the groove jumps to the clicked
// value (QSlider would move one page step towards it) and the handle then follows the drag from
// there. Clicks on the handle, the keyboard and the wheel are QSlider's.
class ScrubSlider : public QSlider {
  Q_OBJECT

 public:
  explicit ScrubSlider(Qt::Orientation orientation, QWidget* parent = nullptr);

  // The value under `pos` (widget coordinates), as the style lays out the groove and handle.
  int valueAt(const QPoint& pos) const;

 protected:
  void mousePressEvent(QMouseEvent* event) override;
};

}  // namespace mg
