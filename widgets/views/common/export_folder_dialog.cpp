// SPDX-License-Identifier: MIT
#include "widgets/views/common/export_folder_dialog.h"

#include <QComboBox>
#include <QDir>
#include <QFileInfo>
#include <QGridLayout>
#include <QLabel>
#include <QMessageBox>
#include <QSettings>

namespace mg {

namespace {

constexpr const char* kClipFormatKey = "exportClipFormat";  // "bvh", "glb" or "gltf"

}  // namespace

ExportFolderDialog::ExportFolderDialog(QWidget* parent, const QString& caption,
                                       const QString& directory)
    : QFileDialog(parent, caption, directory) {
  setOption(QFileDialog::DontUseNativeDialog, true);
  setOption(QFileDialog::ShowDirsOnly, true);
  setFileMode(QFileDialog::Directory);
  setAcceptMode(QFileDialog::AcceptOpen);
  setLabelText(QFileDialog::Accept, tr("Export Here"));
  setLabelText(QFileDialog::FileName, tr("Folder:"));
}

void ExportFolderDialog::offerClipFormats() {
  if (m_clipFormat) return;
  m_clipFormat = new QComboBox(this);
  m_clipFormat->setObjectName(QStringLiteral("clipFormat"));
  m_clipFormat->addItem(tr("BVH"), QStringLiteral("bvh"));
  m_clipFormat->addItem(tr("BVH and glTF binary (.glb)"), QStringLiteral("glb"));
  m_clipFormat->addItem(tr("BVH and glTF (.gltf + .bin)"), QStringLiteral("gltf"));
  m_clipFormat->setToolTip(
      tr("Every clip is written as BVH, which the graph file names; glTF 2.0 copies beside them "
         "(same name, metres, Y up) are for game engines"));
  const int remembered =
      m_clipFormat->findData(QSettings().value(QLatin1String(kClipFormatKey)).toString());
  m_clipFormat->setCurrentIndex(remembered < 0 ? 0 : remembered);
  // Qt's own dialog lays its rows out in a grid: the choice goes below "Files of type".
  if (auto* grid = qobject_cast<QGridLayout*>(layout())) {
    const int row = grid->rowCount();
    auto* label = new QLabel(tr("Clips as:"), this);
    label->setBuddy(m_clipFormat);
    grid->addWidget(label, row, 0);
    grid->addWidget(m_clipFormat, row, 1);
  }
}

std::vector<MotionFormat> ExportFolderDialog::clipCopies() const {
  if (!m_clipFormat) return {};
  const std::optional<MotionFormat> format =
      motionFormatFromName(m_clipFormat->currentData().toString().toStdString());
  if (!format || *format == MotionFormat::Bvh) return {};
  return {*format};
}

void ExportFolderDialog::accept() {
  const QStringList chosen = selectedFiles();
  if (!chosen.isEmpty()) {
    const QFileInfo info(chosen.first());
    if (info.exists() && !info.isDir()) {
      QMessageBox::warning(this, windowTitle(),
                           tr("%1 is a file, not a folder.").arg(info.absoluteFilePath()));
      return;
    }
    if (!info.exists() && !QDir().mkpath(info.absoluteFilePath())) {
      QMessageBox::warning(this, windowTitle(),
                           tr("Cannot create the folder %1.").arg(info.absoluteFilePath()));
      return;
    }
  }
  if (m_clipFormat)
    QSettings().setValue(QLatin1String(kClipFormatKey), m_clipFormat->currentData());
  QFileDialog::accept();
}

ExportFolderDialog::Choice ExportFolderDialog::getExport(QWidget* parent, const QString& caption,
                                                         const QString& directory) {
  ExportFolderDialog dialog(parent, caption, directory);
  dialog.offerClipFormats();
  if (dialog.exec() != QDialog::Accepted || dialog.selectedFiles().isEmpty()) return {};
  return {dialog.selectedFiles().first(), dialog.clipCopies()};
}

}  // namespace mg
