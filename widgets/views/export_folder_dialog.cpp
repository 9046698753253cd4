// SPDX-License-Identifier: MIT
#include "widgets/views/export_folder_dialog.h"

#include <QDir>
#include <QFileInfo>
#include <QMessageBox>

namespace mg {

ExportFolderDialog::ExportFolderDialog(QWidget* parent, const QString& caption, const QString& directory)
    : QFileDialog(parent, caption, directory) {
  setOption(QFileDialog::DontUseNativeDialog, true);
  setOption(QFileDialog::ShowDirsOnly, true);
  setFileMode(QFileDialog::Directory);
  setAcceptMode(QFileDialog::AcceptOpen);
  setLabelText(QFileDialog::Accept, tr("Export Here"));
  setLabelText(QFileDialog::FileName, tr("Folder:"));
}

void ExportFolderDialog::accept() {
  const QStringList chosen = selectedFiles();
  if (!chosen.isEmpty()) {
    const QFileInfo info(chosen.first());
    if (info.exists() && !info.isDir()) {
      QMessageBox::warning(this, windowTitle(), tr("%1 is a file, not a folder.").arg(info.absoluteFilePath()));
      return;
    }
    if (!info.exists() && !QDir().mkpath(info.absoluteFilePath())) {
      QMessageBox::warning(this, windowTitle(), tr("Cannot create the folder %1.").arg(info.absoluteFilePath()));
      return;
    }
  }
  QFileDialog::accept();
}

QString ExportFolderDialog::getFolder(QWidget* parent, const QString& caption, const QString& directory) {
  ExportFolderDialog dialog(parent, caption, directory);
  if (dialog.exec() != QDialog::Accepted || dialog.selectedFiles().isEmpty()) return {};
  return dialog.selectedFiles().first();
}

}  // namespace mg
