// SPDX-License-Identifier: MIT
#pragma once

#include <QFileDialog>

namespace mg {

// A folder picker for exports that also takes a folder that does not exist yet: a typed name is
// created (with its parents) when the dialog is accepted, as an export writes into a new folder
// more often than not. Qt's own dialog (not the platform's), so this holds everywhere.
class ExportFolderDialog : public QFileDialog {
  Q_OBJECT

 public:
  ExportFolderDialog(QWidget* parent, const QString& caption, const QString& directory);

  // Runs the dialog; the chosen (possibly just created) folder, or "" when cancelled.
  static QString getFolder(QWidget* parent, const QString& caption, const QString& directory);

 public slots:
  void accept() override;
};

}  // namespace mg
