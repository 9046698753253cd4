// SPDX-License-Identifier: MIT
#pragma once

#include <QWidget>

class QLabel;
class QProgressBar;
class QToolButton;

namespace mg {

// A status-bar strip for a background job: what it is doing, a progress bar and a cancel button.
// Hidden while idle. Emits cancelRequested when the user clicks cancel.
class JobProgressWidget : public QWidget {
  Q_OBJECT

 public:
  explicit JobProgressWidget(QWidget* parent = nullptr);

  // Shows the strip: `done` of `total` units, with `text` beside the bar.
  void setProgress(int done, int total, const QString& text);
  // Hides the strip.
  void finish();

 signals:
  void cancelRequested();

 private:
  QLabel* m_label;
  QProgressBar* m_bar;
  QToolButton* m_cancel;
};

}  // namespace mg
