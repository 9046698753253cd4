// SPDX-License-Identifier: MIT
#pragma once

#include <QObject>

class QWidget;

namespace mg {

// Dialogs as wide as their title: a window manager elides a title that does not fit its frame
// ("Some file... ph Studio"), and a message box is only as wide as its text. Installed on the
// application, it widens every dialog and message box, when it is first shown, to its title
// with the application's name the platform appends.
class DialogTitleFit : public QObject {
  Q_OBJECT

 public:
  static void install();
  // The width `dialog` needs for its whole title in a window frame.
  static int titleWidth(const QWidget* dialog);

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  using QObject::QObject;
};

}  // namespace mg
