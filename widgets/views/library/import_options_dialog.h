// SPDX-License-Identifier: MIT
#pragma once

#include <QDialog>

#include "core/import/motion_reader.h"

class QComboBox;
class QDoubleSpinBox;
class QSpinBox;

namespace mg {

// Edits ImportOptions: frames trimmed from the start, and the length unit of the files (guessed
// from the skeleton's height by default, a named unit, or a custom metres-per-unit scale).
class ImportOptionsDialog : public QDialog {
  Q_OBJECT

 public:
  explicit ImportOptionsDialog(const ImportOptions& options, QWidget* parent = nullptr);
  ImportOptions options() const;

 private:
  QSpinBox* m_trim;
  QComboBox* m_unit;
  QDoubleSpinBox* m_scale;
};

}  // namespace mg
