// SPDX-License-Identifier: MIT
#include "widgets/views/subgraph/subgraph_panel.h"

#include <algorithm>
#include <cmath>

#include <utility>

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QShortcut>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

#include "widgets/commands/subgraph_commands.h"
#include "widgets/document/project.h"

namespace mg {

SubgraphPanel::SubgraphPanel(Project* project, SubgraphDocument* document, QWidget* parent)
    : QWidget(parent), m_project(project), m_doc(document) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(6, 6, 6, 6);

  auto* runRow = new QHBoxLayout;
  m_run = new QPushButton(tr("Find Minimum Subgraph"), this);
  m_run->setToolTip(tr("Run the Iterative Sub-graph Algorithm in the background (Ctrl+R)."));
  m_cancel = new QPushButton(tr("Cancel"), this);
  m_cancel->setEnabled(false);
  runRow->addWidget(m_run, 1);
  runRow->addWidget(m_cancel);
  layout->addLayout(runRow);
  m_summary = new QLabel(tr("No result yet."), this);
  m_summary->setWordWrap(true);
  m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(m_summary);
  m_manualStatus = new QLabel(this);
  m_manualStatus->setWordWrap(true);
  layout->addWidget(m_manualStatus);

  auto* reqBox = new QGroupBox(tr("Requirement"), this);
  auto* form = new QFormLayout(reqBox);
  form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
  // The dock shares a narrow column: long rows wrap under their label instead of making the
  // panel wider than the dock (a sideways scroll bar that hid the summary and Cancel).
  form->setRowWrapPolicy(QFormLayout::WrapLongRows);
  m_requirement = new QComboBox(reqBox);
  m_requirement->addItems({tr("1  Key pairs within gamma"), tr("2  Database's fastest"),
                           tr("3  Clip to clip"), tr("4  Quality cost")});
  m_requirement->setToolTip(
      tr("What the subgraph must keep (Zhao et al. 2009): (1) every ordered pair of key "
         "frames joined within gamma frames; (2) every pair as fast as in the whole "
         "database; (3) from the end of each key to the beginning of each key within "
         "gamma; (4) a path cost alpha x transition cost + frame cost per frame within gamma."));
  m_gamma = new QSpinBox(reqBox);
  m_gamma->setRange(1, 2000);
  m_gamma->setToolTip(
      tr("The bound: frames at the working rate (requirements 1 and 3) or path cost (4). "
         "Where even the whole database is slower, its own minimum is used unless the bound is "
         "hard."));
  m_alpha = new QDoubleSpinBox(reqBox);
  m_alpha->setRange(0, 1000);
  m_alpha->setToolTip(
      tr("Requirement 4: weight of a transition's cost (0 best, 1 at the threshold)."));
  m_frameCost = new QDoubleSpinBox(reqBox);
  m_frameCost->setRange(0.01, 1000);
  m_frameCost->setToolTip(tr("Requirement 4: cost of one frame of transition time."));
  m_entry = new QSpinBox(reqBox);
  m_entry->setRange(1, 100000);
  m_entry->setToolTip(tr("Requirement 3: how many first frames of a key count as its beginning."));
  m_strict = new QCheckBox(tr("Hard limit"), reqBox);
  m_strict->setToolTip(
      tr("Fail, naming the pair, where the whole database cannot meet gamma, instead of "
         "keeping that pair's own minimum as the paper does."));
  m_from = new QComboBox(reqBox);
  m_from->addItems({tr("Whole database"), tr("CORE (about twice as fast)")});
  m_from->setToolTip(
      tr("Search the whole database motion graph, or only CORE, the union of the shortest "
         "paths between key frames."));
  m_threshold = new QDoubleSpinBox(reqBox);
  m_threshold->setDecimals(4);
  m_threshold->setRange(0.0001, 10);
  m_threshold->setSingleStep(0.002);
  m_threshold->setSuffix(QStringLiteral(" m²"));
  m_threshold->setToolTip(
      tr("Transitions of the database motion graph: local minima of the frame distance "
         "below this."));
  m_iterations = new QSpinBox(reqBox);
  m_iterations->setRange(1, 10000);
  m_iterations->setToolTip(
      tr("Iterations of the search at most (it stops when the size stops shrinking)."));
  // As wide as their longest item ("Key pairs within gam…" was cut at 12 characters); the form
  // wraps a long row under its label, so the dock stays narrow. Each item's tooltip is itself.
  for (QComboBox* c : {m_requirement, m_from}) {
    int longest = 0;
    for (int i = 0; i < c->count(); ++i) {
      longest = std::max(longest, static_cast<int>(c->itemText(i).size()));
      c->setItemData(i, c->itemText(i), Qt::ToolTipRole);
    }
    c->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    c->setMinimumContentsLength(longest);
  }
  auto* gammaRow = new QHBoxLayout;
  gammaRow->addWidget(m_gamma, 1);
  gammaRow->addWidget(m_strict);
  form->addRow(tr("Keep"), m_requirement);
  form->addRow(tr("Gamma"), gammaRow);
  form->addRow(tr("Alpha / frame cost"), [&] {
    auto* row = new QHBoxLayout;
    row->addWidget(m_alpha);
    row->addWidget(m_frameCost);
    return row;
  }());
  form->addRow(tr("Entry frames"), m_entry);
  form->addRow(tr("Search in"), m_from);
  form->addRow(tr("DMG threshold"), m_threshold);
  form->addRow(tr("Iterations"), m_iterations);

  auto* keysBox = new QGroupBox(tr("Key segments"), this);
  auto* kv = new QVBoxLayout(keysBox);
  auto* hint =
      new QLabel(tr("Drag along a motion on the Subgraph Timeline to add a key; Shift+drag keeps a "
                    "stretch by hand. Double-click a name to rename."),
                 keysBox);
  hint->setWordWrap(true);
  m_keys = new QTableWidget(0, 3, keysBox);
  m_keys->setHorizontalHeaderLabels({tr("Key"), tr("Motion"), tr("Frames")});
  m_keys->horizontalHeader()->setStretchLastSection(true);
  m_keys->verticalHeader()->hide();
  m_keys->setSelectionBehavior(QAbstractItemView::SelectRows);
  m_keys->setSelectionMode(QAbstractItemView::SingleSelection);
  m_keys->setMinimumHeight(90);
  m_keys->setMaximumHeight(160);
  m_removeKey = new QPushButton(tr("Remove Key"), keysBox);
  m_removeKey->setToolTip(tr("Remove the selected key segment (Delete)."));
  kv->addWidget(hint);
  kv->addWidget(m_keys);
  kv->addWidget(m_removeKey, 0, Qt::AlignRight);

  auto* manualBox = new QGroupBox(tr("Manual mode"), this);
  auto* mv = new QVBoxLayout(manualBox);
  m_manual = new QListWidget(manualBox);
  m_manual->setToolTip(
      tr("Tick motions to keep them whole, as in the paper's user study; connectivity and "
         "satisfaction update as you go. Then let the algorithm complete your choice."));
  m_manual->setMinimumHeight(70);
  m_manual->setMaximumHeight(130);
  m_clearManual = new QPushButton(tr("Clear"), manualBox);
  m_clearManual->setToolTip(tr("Keep nothing by hand any more (undoable)."));
  m_complete = new QPushButton(tr("Complete with Algorithm"), manualBox);
  m_complete->setToolTip(tr("Run the search keeping everything picked by hand (Ctrl+Shift+R)."));
  auto* manualButtons = new QHBoxLayout;
  manualButtons->addWidget(m_clearManual);
  manualButtons->addWidget(m_complete);
  mv->addWidget(m_manual);
  mv->addLayout(manualButtons);
  // The keys (worked on all along), the requirement (set once) and manual mode as pages, so the
  // panel fits a laptop screen's column without scrolling.
  auto* pages = new QTabWidget(this);
  pages->setObjectName(QStringLiteral("subgraphPages"));
  for (auto [box, title] : {std::pair<QGroupBox*, QString>{keysBox, tr("Keys")},
                            {reqBox, tr("Requirement")},
                            {manualBox, tr("Manual")}}) {
    box->setTitle(QString());
    box->setFlat(true);
    pages->addTab(box, title);
  }
  layout->addWidget(pages);
  layout->addStretch(1);

  SubgraphDocument* doc = m_doc;
  connect(doc, &SubgraphDocument::settingsChanged, this, &SubgraphPanel::showSettings);
  connect(doc, &SubgraphDocument::keysChanged, this, &SubgraphPanel::showKeys);
  connect(doc, &SubgraphDocument::choicesChanged, this, &SubgraphPanel::showChoices);
  connect(doc, &SubgraphDocument::reset, this, [this] {
    showSettings();
    showKeys();
    showChoices();
  });
  connect(project, &Project::motionAdded, this, &SubgraphPanel::showChoices);
  connect(project, &Project::motionRemoved, this, &SubgraphPanel::showChoices);
  connect(project, &Project::motionRemoved, this, &SubgraphPanel::showKeys);
  connect(project, &Project::metricSettingsChanged, this, &SubgraphPanel::showKeys);

  for (QSpinBox* s : {m_gamma, m_entry, m_iterations})
    connect(s, &QSpinBox::valueChanged, this, &SubgraphPanel::settingsEdited);
  for (QDoubleSpinBox* s : {m_alpha, m_frameCost, m_threshold})
    connect(s, &QDoubleSpinBox::valueChanged, this, &SubgraphPanel::settingsEdited);
  for (QComboBox* c : {m_requirement, m_from})
    connect(c, &QComboBox::currentIndexChanged, this, &SubgraphPanel::settingsEdited);
  connect(m_strict, &QCheckBox::toggled, this, &SubgraphPanel::settingsEdited);

  connect(m_keys, &QTableWidget::itemChanged, this, [this](QTableWidgetItem* item) {
    if (m_showing || item->column() != 0) return;
    const SubgraphKeySpec* key = m_doc->key(item->data(Qt::UserRole).toInt());
    const QString name = item->text().trimmed();
    if (!key || name == key->name) return;
    if (name.isEmpty() || name != m_doc->uniqueName(name)) {
      showKeys();  // empty or taken: keep the old name
      return;
    }
    SubgraphKeySpec renamed = *key;
    renamed.name = name;
    m_project->undoStack()->push(new EditSubgraphKeyCommand(m_doc, renamed));
  });
  connect(m_keys, &QTableWidget::currentCellChanged, this, [this](int row) {
    if (m_showing || row < 0 || !m_keys->item(row, 0)) return;
    emit keySelected(m_keys->item(row, 0)->data(Qt::UserRole).toInt());
  });
  // Delete removes the selected key while the table has focus (window-wide, it would fight the
  // canvases' Delete).
  auto* deleteKey =
      new QShortcut(QKeySequence::Delete, m_keys, nullptr, nullptr, Qt::WidgetShortcut);
  connect(deleteKey, &QShortcut::activated, m_removeKey, &QPushButton::click);
  connect(m_removeKey, &QPushButton::clicked, this, [this] {
    const int row = m_keys->currentRow();
    if (row < 0 || !m_keys->item(row, 0)) return;
    m_project->undoStack()->push(
        new RemoveSubgraphKeyCommand(m_doc, m_keys->item(row, 0)->data(Qt::UserRole).toInt()));
  });
  connect(m_manual, &QListWidget::itemChanged, this, [this](QListWidgetItem* item) {
    if (m_showing) return;
    const MotionId id = item->data(Qt::UserRole).toInt();
    std::vector<SubgraphChoice> choices;
    for (const SubgraphChoice& c : m_doc->choices()) {
      if (c.motion != id) choices.push_back(c);
    }
    const std::shared_ptr<const Motion> motion = m_project->motion(id);
    if (item->checkState() == Qt::Checked && motion)
      choices.push_back({id, 0.0, motion->durationSeconds()});
    m_project->undoStack()->push(setSubgraphChoicesCommand(
        m_doc, std::move(choices),
        item->checkState() == Qt::Checked ? tr("Keep \"%1\" by Hand").arg(item->text())
                                          : tr("Stop Keeping \"%1\" by Hand").arg(item->text())));
  });
  connect(m_clearManual, &QPushButton::clicked, this, [this] {
    if (m_doc->choices().empty()) return;
    m_project->undoStack()->push(
        setSubgraphChoicesCommand(m_doc, {}, tr("Clear Hand-Picked Frames")));
  });
  connect(m_run, &QPushButton::clicked, this, &SubgraphPanel::runRequested);
  connect(m_complete, &QPushButton::clicked, this, &SubgraphPanel::completeRequested);
  connect(m_cancel, &QPushButton::clicked, this, &SubgraphPanel::cancelRequested);
  showSettings();
  showKeys();
  showChoices();
}

void SubgraphPanel::setRunning(bool running) {
  m_run->setEnabled(!running);
  m_complete->setEnabled(!running);
  m_cancel->setEnabled(running);
}

void SubgraphPanel::setSummary(const QString& text) {
  m_summary->setText(text);
}
QString SubgraphPanel::summary() const {
  return m_summary->text();
}
void SubgraphPanel::setManualStatus(const QString& text) {
  m_manualStatus->setText(text);
}

void SubgraphPanel::showSettings() {
  m_showing = true;
  const SubgraphSettings& s = m_doc->settings();
  m_requirement->setCurrentIndex(s.requirement - 1);
  m_gamma->setValue(s.gamma);
  m_alpha->setValue(s.alpha);
  m_frameCost->setValue(s.frameCost);
  m_entry->setValue(s.entryFrames);
  m_strict->setChecked(s.strict);
  m_from->setCurrentIndex(s.fromCore ? 1 : 0);
  m_threshold->setValue(s.thresholdM2);
  m_iterations->setValue(s.maxIterations);
  m_alpha->setEnabled(s.requirement == 4);
  m_frameCost->setEnabled(s.requirement == 4);
  m_entry->setEnabled(s.requirement == 3);
  m_strict->setEnabled(s.requirement != 2);
  m_gamma->setEnabled(s.requirement != 2);
  m_showing = false;
}

void SubgraphPanel::settingsEdited() {
  if (m_showing) return;
  SubgraphSettings s;
  s.requirement = m_requirement->currentIndex() + 1;
  s.gamma = m_gamma->value();
  s.alpha = m_alpha->value();
  s.frameCost = m_frameCost->value();
  s.entryFrames = m_entry->value();
  s.strict = m_strict->isChecked();
  s.fromCore = m_from->currentIndex() == 1;
  s.thresholdM2 = m_threshold->value();
  s.maxIterations = m_iterations->value();
  if (s == m_doc->settings()) return;
  m_project->undoStack()->push(setSubgraphSettingsCommand(m_doc, s));
}

void SubgraphPanel::showKeys() {
  m_showing = true;
  const double fps = m_project->metricSettings().workingFps;
  const auto& keys = m_doc->keys();
  m_keys->setRowCount(static_cast<int>(keys.size()));
  for (int row = 0; row < static_cast<int>(keys.size()); ++row) {
    const SubgraphKeySpec& k = keys[row];
    auto* name = new QTableWidgetItem(k.name);
    name->setData(Qt::UserRole, k.id);
    name->setData(Qt::DecorationRole, k.colour);
    const std::shared_ptr<const Motion> motion = m_project->motion(k.motion);
    auto* motionItem =
        new QTableWidgetItem(motion ? QString::fromStdString(motion->name) : tr("(removed)"));
    motionItem->setFlags(motionItem->flags() & ~Qt::ItemIsEditable);
    auto* frames = new QTableWidgetItem(tr("%1–%2")
                                            .arg(std::lround(k.beginSeconds * fps))
                                            .arg(std::lround(k.endSeconds * fps) - 1));
    frames->setFlags(frames->flags() & ~Qt::ItemIsEditable);
    frames->setToolTip(tr("Frames at the %1 fps working rate, %2 s to %3 s")
                           .arg(fps)
                           .arg(k.beginSeconds, 0, 'f', 2)
                           .arg(k.endSeconds, 0, 'f', 2));
    m_keys->setItem(row, 0, name);
    m_keys->setItem(row, 1, motionItem);
    m_keys->setItem(row, 2, frames);
  }
  m_removeKey->setEnabled(!keys.empty());
  m_showing = false;
}

void SubgraphPanel::showChoices() {
  m_showing = true;
  m_manual->clear();
  for (const MotionEntry& e : m_project->motions()) {
    auto* item = new QListWidgetItem(QString::fromStdString(e.motion->name), m_manual);
    item->setData(Qt::UserRole, e.id);
    item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
    bool whole = false, part = false;
    for (const SubgraphChoice& c : m_doc->choices()) {
      if (c.motion != e.id) continue;
      (c.beginSeconds <= 1e-9 && c.endSeconds >= e.motion->durationSeconds() - 1e-6 ? whole
                                                                                    : part) = true;
    }
    item->setCheckState(whole ? Qt::Checked : part ? Qt::PartiallyChecked : Qt::Unchecked);
  }
  m_clearManual->setEnabled(!m_doc->choices().empty());
  m_showing = false;
}

}  // namespace mg
