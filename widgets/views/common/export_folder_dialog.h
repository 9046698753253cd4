// SPDX-License-Identifier: MIT
#pragma once

#include <vector>

#include <QFileDialog>

#include "core/io/motion_export.h"

class QComboBox;

namespace mg {

// A folder picker for exports that also takes a folder that does not exist yet: a typed name is
// created (with its parents) when the dialog is accepted, as an export writes into a new folder
// more often than not. Qt's own dialog (not the platform's), so this holds everywhere.
// An export of clips also asks in which formats to write each clip besides its BVH (glTF 2.0 for
// game engines, core/io/motion_export.h); the choice is remembered for the next export.
class ExportFolderDialog : public QFileDialog {
  Q_OBJECT

 public:
  ExportFolderDialog(QWidget* parent, const QString& caption, const QString& directory);

  // What an export dialog chose: the folder ("" when cancelled) and the clip copies.
  struct Choice {
    QString folder;
    std::vector<MotionFormat> clipCopies;  // empty: BVH only
  };

  // Adds the "Clips" choice below the folder: BVH only, BVH and glTF binary (.glb), or BVH and
  // glTF (.gltf with its .bin). Starts at the choice of the last export (QSettings).
  void offerClipFormats();
  // The formats chosen for the clip copies; empty without offerClipFormats().
  std::vector<MotionFormat> clipCopies() const;

  // Runs the dialog with the clip formats offered: the chosen (possibly just created) folder, or
  // "" when cancelled, and the clip copies; remembers the format chosen.
  static Choice getExport(QWidget* parent, const QString& caption, const QString& directory);

 public slots:
  void accept() override;

 private:
  QComboBox* m_clipFormat = nullptr;
};

}  // namespace mg
