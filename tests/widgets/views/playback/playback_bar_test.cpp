// SPDX-License-Identifier: MIT
// The transport as in every DCC: a click on the slider jumps to the clicked frame and a drag
// scrubs from there; the bar is one compact row that whatever holds it cannot stretch.
#include <gtest/gtest.h>

#include <QApplication>
#include <QDockWidget>
#include <QLayout>
#include <QMainWindow>
#include <QMouseEvent>
#include <QSlider>
#include <QStyle>
#include <QStyleOptionSlider>
#include <QTest>

#include "widgets/views/playback/playback_bar.h"
#include "widgets/views/playback/playback_controller.h"

namespace mg {
namespace {

// The point of the slider's groove where the handle's centre stands at `value`.
QPoint pointOf(QSlider* slider, int value) {
  QStyleOptionSlider option;
  option.initFrom(slider);
  option.orientation = slider->orientation();
  option.minimum = slider->minimum();
  option.maximum = slider->maximum();
  option.sliderPosition = slider->minimum();
  option.sliderValue = slider->minimum();
  const QRect groove =
      slider->style()->subControlRect(QStyle::CC_Slider, &option, QStyle::SC_SliderGroove, slider);
  const QRect handle =
      slider->style()->subControlRect(QStyle::CC_Slider, &option, QStyle::SC_SliderHandle, slider);
  const int span = groove.width() - handle.width();
  const int x = groove.x() + handle.width() / 2 +
                QStyle::sliderPositionFromValue(slider->minimum(), slider->maximum(), value, span);
  return {x, slider->height() / 2};
}

TEST(PlaybackBar, AClickOnTheSliderJumpsToTheClickedFrameAndADragScrubs) {
  PlaybackController controller;
  PlaybackBar bar(&controller, nullptr, nullptr, nullptr, nullptr);
  controller.setClip(300, 30);
  bar.resize(900, bar.sizeHint().height());
  bar.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&bar));
  QSlider* slider = bar.slider();
  ASSERT_GT(slider->width(), 300);
  controller.setPlaying(true);
  QTest::mousePress(slider, Qt::LeftButton, {}, pointOf(slider, 220));
  // Not one page step (30 frames) towards the click: at the click, give or take a pixel's frames.
  EXPECT_NEAR(controller.frame(), 220, 2);
  EXPECT_NEAR(slider->value(), 220, 2);
  EXPECT_FALSE(controller.isPlaying());  // scrubbing pauses
  const QPoint to = pointOf(slider, 60);
  QMouseEvent move(QEvent::MouseMove, to, slider->mapToGlobal(to), Qt::NoButton, Qt::LeftButton,
                   {});
  QApplication::sendEvent(slider, &move);
  QTest::mouseRelease(slider, Qt::LeftButton, {}, to);
  EXPECT_NEAR(controller.frame(), 60, 2);
  // A click on the handle itself leaves the frame where it is.
  const int before = controller.frame();
  QTest::mouseClick(slider, Qt::LeftButton, {}, pointOf(slider, before));
  EXPECT_EQ(controller.frame(), before);
}

TEST(PlaybackBar, IsOneCompactRowThatADockCannotStretch) {
  PlaybackController controller;
  QMainWindow window;
  window.setCentralWidget(new QWidget);
  auto* bar = new PlaybackBar(&controller, nullptr, nullptr, nullptr, nullptr);
  controller.setClip(100, 30);
  auto* dock = new QDockWidget(QStringLiteral("Playback"), &window);
  dock->setWidget(bar);
  window.addDockWidget(Qt::BottomDockWidgetArea, dock);
  window.resize(1000, 700);
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  window.resizeDocks({dock}, {300}, Qt::Vertical);
  QApplication::processEvents();
  EXPECT_EQ(bar->sizePolicy().verticalPolicy(), QSizePolicy::Fixed);
  const QMargins margins = bar->layout()->contentsMargins();
  const int compact = 2 * bar->fontMetrics().height() + margins.top() + margins.bottom();
  EXPECT_LE(bar->height(), compact);
  EXPECT_EQ(bar->height(), bar->sizeHint().height());
}

}  // namespace
}  // namespace mg
