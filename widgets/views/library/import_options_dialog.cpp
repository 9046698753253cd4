// SPDX-License-Identifier: MIT
#include "widgets/views/library/import_options_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QSpinBox>

#include "core/motion/units.h"

namespace mg {

namespace {
// Combo entries: (label, metres per unit); 0 = guess, -1 = custom scale.
struct UnitChoice {
  const char* label;
  double metresPerUnit;
};
constexpr UnitChoice kUnits[] = {
    {"Guess from skeleton height", 0.0},
    {"Metres", 1.0},
    {"Centimetres", 0.01},
    {"Millimetres", 0.001},
    {"Inches", 0.0254},
    {"CMU ASF units (1/0.45 in)", -2.0},
    {"Custom scale", -1.0},
};
}  // namespace

ImportOptionsDialog::ImportOptionsDialog(const ImportOptions& options, QWidget* parent)
    : QDialog(parent) {
  setWindowTitle(tr("Import Options"));
  auto* form = new QFormLayout(this);
  m_trim = new QSpinBox(this);
  m_trim->setRange(0, 100000);
  m_trim->setValue(options.trimLeadingFrames);
  m_trim->setSuffix(tr(" frames"));
  m_trim->setToolTip(tr("Frames dropped from the start, e.g. a reference T-pose"));
  form->addRow(tr("Trim leading:"), m_trim);

  m_unit = new QComboBox(this);
  for (const UnitChoice& u : kUnits) m_unit->addItem(tr(u.label), u.metresPerUnit);
  form->addRow(tr("File units:"), m_unit);
  m_scale = new QDoubleSpinBox(this);
  m_scale->setDecimals(6);
  m_scale->setRange(1e-6, 1000);
  m_scale->setSuffix(tr(" m per unit"));
  m_scale->setValue(options.metresPerUnit > 0 ? options.metresPerUnit : 1.0);
  form->addRow(tr("Scale:"), m_scale);

  int choice = m_unit->count() - 1;  // custom unless a named unit matches
  if (options.metresPerUnit <= 0) choice = 0;
  for (int i = 1; i + 1 < m_unit->count(); ++i) {
    double v = m_unit->itemData(i).toDouble();
    if (v == -2.0) v = lengthUnitByName("cmu-asf").metresPerUnit;
    if (options.metresPerUnit > 0 && std::abs(v - options.metresPerUnit) < 1e-12) choice = i;
  }
  m_unit->setCurrentIndex(choice);
  auto syncScale = [this] { m_scale->setEnabled(m_unit->currentData().toDouble() == -1.0); };
  connect(m_unit, &QComboBox::currentIndexChanged, this, syncScale);
  syncScale();

  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  form->addRow(buttons);
}

ImportOptions ImportOptionsDialog::options() const {
  ImportOptions o;
  o.trimLeadingFrames = m_trim->value();
  const double unit = m_unit->currentData().toDouble();
  if (unit == -1.0) {
    o.metresPerUnit = m_scale->value();
  } else if (unit == -2.0) {
    o.metresPerUnit = lengthUnitByName("cmu-asf").metresPerUnit;
  } else {
    o.metresPerUnit = unit;
  }
  return o;
}

}  // namespace mg
