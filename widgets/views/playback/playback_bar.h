// SPDX-License-Identifier: MIT
#pragma once

#include <QWidget>

class QAction;
class QComboBox;
class QLabel;
class QSlider;
class QToolButton;

namespace mg {

class PlaybackController;

// Transport controls for a PlaybackController: step back, play/pause, step forward, a scrub
// slider, the frame and time readout, speed (0.25x..2x) and loop. Buttons show the actions the
// main window owns (so the keyboard shortcuts and the buttons are the same commands).
class PlaybackBar : public QWidget {
  Q_OBJECT

 public:
  // `controller` must outlive the bar. The actions may be null; a button then is hidden.
  PlaybackBar(PlaybackController* controller, QAction* playAction, QAction* stepBackAction,
              QAction* stepForwardAction, QAction* loopAction, QWidget* parent = nullptr);

  QSlider* slider() const { return m_slider; }
  QComboBox* speedBox() const { return m_speed; }
  QString readout() const;

 private:
  void updateReadout();
  void updateClip();

  PlaybackController* m_controller;
  QSlider* m_slider = nullptr;
  QLabel* m_frameLabel = nullptr;
  QComboBox* m_speed = nullptr;
};

}  // namespace mg
