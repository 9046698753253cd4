// SPDX-License-Identifier: MIT
#include "widgets/views/playback/playback_bar.h"

#include <QAction>
#include <QComboBox>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSlider>
#include <QToolButton>

#include "widgets/views/playback/clock_text.h"
#include "widgets/views/playback/playback_controller.h"
#include "widgets/views/playback/scrub_slider.h"

namespace mg {

namespace {

QToolButton* actionButton(QAction* action, QWidget* parent) {
  auto* button = new QToolButton(parent);
  if (action) {
    button->setDefaultAction(action);
  } else {
    button->hide();
  }
  button->setAutoRaise(true);
  button->setIconSize(QSize(16, 16));
  return button;
}

}  // namespace

PlaybackBar::PlaybackBar(PlaybackController* controller, QAction* playAction,
                         QAction* stepBackAction, QAction* stepForwardAction, QAction* loopAction,
                         QWidget* parent)
    : QWidget(parent), m_controller(controller) {
  // One compact row, as tall as its controls: whatever holds the bar (a dock, a splitter) cannot
  // stretch it, so the viewport and the editors keep the height.
  setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(4, 1, 4, 1);
  layout->setSpacing(4);
  layout->addWidget(actionButton(stepBackAction, this));
  layout->addWidget(actionButton(playAction, this));
  layout->addWidget(actionButton(stepForwardAction, this));

  m_slider = new ScrubSlider(Qt::Horizontal, this);
  m_slider->setMinimum(0);
  m_slider->setTracking(true);
  m_slider->setToolTip(
      tr("Click to jump to a frame, drag to scrub through the clip or preview (frames at the "
         "working rate, as on the timeline and heatmap)"));
  layout->addWidget(m_slider, 1);

  m_frameLabel = new QLabel(this);
  m_frameLabel->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  m_frameLabel->setMinimumWidth(m_frameLabel->fontMetrics().horizontalAdvance(
      QStringLiteral("frame 00000 (0000.00 s) / 00000")));
  m_frameLabel->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
  layout->addWidget(m_frameLabel);

  m_speed = new QComboBox(this);
  for (double s : {0.25, 0.5, 1.0, 1.5, 2.0}) {
    m_speed->addItem(QStringLiteral("%1x").arg(s), s);
  }
  m_speed->setCurrentIndex(2);
  m_speed->setToolTip(tr("Playback speed"));
  layout->addWidget(m_speed);
  layout->addWidget(actionButton(loopAction, this));

  connect(m_slider, &QSlider::valueChanged, controller, &PlaybackController::setFrame);
  connect(m_slider, &QSlider::sliderPressed, controller,
          [controller] { controller->setPlaying(false); });
  connect(m_speed, &QComboBox::currentIndexChanged, controller,
          [this](int i) { m_controller->setSpeed(m_speed->itemData(i).toDouble()); });
  connect(controller, &PlaybackController::speedChanged, this, [this](double s) {
    const int i = m_speed->findData(s);
    if (i >= 0) m_speed->setCurrentIndex(i);
  });
  connect(controller, &PlaybackController::frameChanged, this, [this](int frame) {
    const QSignalBlocker block(m_slider);
    m_slider->setValue(frame);
    updateReadout();
  });
  connect(controller, &PlaybackController::clipChanged, this, &PlaybackBar::updateClip);
  m_frameLabel->setToolTip(
      tr("The shown frame at the project's working rate, its time, and the last frame"));
  updateClip();
}

QString PlaybackBar::readout() const {
  return m_frameLabel->text();
}

void PlaybackBar::updateClip() {
  const QSignalBlocker block(m_slider);
  m_slider->setMaximum(std::max(0, m_controller->frameCount() - 1));
  m_slider->setValue(m_controller->frame());
  m_slider->setPageStep(std::max(1, static_cast<int>(m_controller->fps())));
  setEnabled(m_controller->frameCount() > 0);
  updateReadout();
}

void PlaybackBar::updateReadout() {
  const int count = m_controller->frameCount();
  if (count == 0) {
    m_frameLabel->setText(tr("no clip"));
    return;
  }
  // The one clock: working-rate frames and seconds, the way the timeline and heatmap write them.
  m_frameLabel->setText(
      QStringLiteral("%1 / %2")
          .arg(clockText(m_controller->workingFrame(), m_controller->workingFps()))
          .arg(m_controller->lastWorkingFrame()));
}

}  // namespace mg
