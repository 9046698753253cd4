// SPDX-License-Identifier: MIT
#include "widgets/views/snap/hub_panel.h"

#include <algorithm>
#include <cmath>

#include <QColorDialog>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QPixmap>
#include <QProgressBar>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QStyle>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "widgets/commands/hub_commands.h"
#include "widgets/document/hub_list.h"
#include "widgets/document/project.h"
#include "widgets/jobs/snap_session.h"
#include "widgets/views/common/count_text.h"
#include "widgets/views/common/slider_steps.h"

namespace mg {

namespace {
constexpr int kDefaultWmin = 10;

QIcon swatch(const QColor& c) {
  QPixmap pm(14, 14);
  pm.fill(c);
  return QIcon(pm);
}

QSlider* thresholdSliderWidget(QWidget* parent) {
  auto* s = new QSlider(Qt::Horizontal, parent);
  HubPanel::thresholdScale().apply(s);
  s->setToolTip(QObject::tr("Match threshold (log scale, 0.0001 to 1 m²)"));
  return s;
}
}  // namespace

LogSliderScale HubPanel::thresholdScale() {
  return {1e-4, 1.0};
}

double HubPanel::sliderThreshold(int value) {
  return thresholdScale().value(value);
}

int HubPanel::thresholdSlider(double threshold) {
  return thresholdScale().tick(threshold);
}

HubPanel::HubPanel(Project* project, SnapSession* session, QWidget* parent)
    : QWidget(parent), m_project(project), m_session(session) {
  auto* layout = new QVBoxLayout(this);
  // Suggesting hubs comes first: it is where a new graph starts, and it stays in view on a small
  // screen; the hub list and what edits the selected hub follow, then making a hub by hand.
  auto* sug = new QGroupBox(tr("Suggest hubs"), this);
  auto* sl = new QGridLayout(sug);
  m_suggestCount = new QSpinBox(sug);
  m_suggestCount->setRange(1, 50);
  m_suggestCount->setValue(3);
  m_suggestCount->setToolTip(
      tr("How many hubs to suggest. Frames of the existing hubs are never suggested again."));
  m_suggestThreshold = new QDoubleSpinBox(sug);
  m_suggestThreshold->setDecimals(4);
  m_suggestThreshold->setRange(0, 10);
  m_suggestThreshold->setSingleStep(0.001);
  m_suggestThreshold->setSuffix(tr(" m²"));
  m_suggestThreshold->setSpecialValueText(tr("auto"));
  m_suggestThreshold->setToolTip(
      tr("Match threshold in m²; auto = 3rd percentile of the distances"));
  m_suggestWmin = new QSpinBox(sug);
  m_suggestWmin->setRange(2, 1000);
  m_suggestWmin->setValue(kDefaultWmin);
  m_suggestWmin->setSuffix(tr(" frames"));
  m_suggestWmin->setToolTip(
      tr("wmin: the least number of frames between two matches of a hub in one motion "
         "(at the working rate), so every clip is at least this long"));
  m_suggest = new QPushButton(tr("Suggest"), sug);
  m_suggest->setToolTip(
      tr("Find the frames with the most similar frames and make them hubs (a background job)"));
  m_suggestProgress = new QProgressBar(sug);
  m_suggestProgress->setVisible(false);
  m_suggestProgress->setMaximumWidth(90);
  auto label = [sug](const QString& text, QWidget* buddy) {
    auto* l = new QLabel(text, sug);
    l->setBuddy(buddy);
    l->setToolTip(buddy->toolTip());
    return l;
  };
  // Label and value per row, then the button and its progress, so the group fits a narrow dock.
  sl->addWidget(label(tr("&Count"), m_suggestCount), 0, 0);
  sl->addWidget(m_suggestCount, 0, 1);
  sl->addWidget(label(tr("&Threshold"), m_suggestThreshold), 1, 0);
  sl->addWidget(m_suggestThreshold, 1, 1);
  sl->addWidget(label(tr("Min. &spacing"), m_suggestWmin), 2, 0);
  sl->addWidget(m_suggestWmin, 2, 1);
  sl->addWidget(m_suggest, 3, 0);
  sl->addWidget(m_suggestProgress, 3, 1);
  sl->setColumnStretch(1, 1);
  layout->addWidget(sug);
  m_tree = new QTreeWidget(this);
  // Short headers (the unit is in the tooltip): a narrow dock keeps room for the hub's name.
  m_tree->setHeaderLabels({tr("Hub"), tr("Threshold"), tr("Matches"), tr("Source")});
  m_tree->headerItem()->setToolTip(0, tr("The hub's name (double-click to rename)"));
  m_tree->headerItem()->setToolTip(
      1, tr("Threshold in m²: frames closer than this to the hub's frame match it"));
  m_tree->headerItem()->setToolTip(2, tr("Frames in the hub's match set"));
  m_tree->headerItem()->setToolTip(3, tr("The motion and frame the hub was made from"));
  m_tree->setRootIsDecorated(false);
  // The figures' columns fit their header and values (from the font); name and source share the
  // rest and elide, their tooltips whole ("Hu…" and "Boxing_T" said nothing).
  QHeaderView* header = m_tree->header();
  header->setStretchLastSection(false);
  header->setSectionResizeMode(QHeaderView::Fixed);
  header->setSectionResizeMode(0, QHeaderView::Stretch);
  header->setSectionResizeMode(3, QHeaderView::Stretch);
  const int margin = 2 * style()->pixelMetric(QStyle::PM_HeaderMargin) + 12;
  const QFontMetrics fm = m_tree->fontMetrics();
  const int icon = m_tree->iconSize().width() > 0 ? m_tree->iconSize().width() + 4 : 20;
  header->resizeSection(1, std::max(fm.horizontalAdvance(tr("Threshold")),
                                    fm.horizontalAdvance(QStringLiteral("0.0001234"))) +
                               margin);
  // An empty hub's "0 (empty)" may elide: its warning icon, colour and tooltip say it all.
  header->resizeSection(2, std::max(fm.horizontalAdvance(tr("Matches")),
                                    fm.horizontalAdvance(QStringLiteral("9999"))) +
                               margin);
  // Room for the figures and a few letters of the name (the source may shrink to its
  // ellipsis): the dock stays narrow.
  m_tree->setMinimumWidth(header->sectionSize(1) + header->sectionSize(2) +
                          fm.horizontalAdvance(QStringLiteral("Hub…")) + 2 * icon);
  m_tree->setTextElideMode(Qt::ElideMiddle);
  m_tree->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed);
  m_tree->setContextMenuPolicy(Qt::CustomContextMenu);
  m_tree->setToolTip(tr("Hubs: double-click a name to rename it; right-click for more"));
  connect(m_tree, &QWidget::customContextMenuRequested, this, &HubPanel::showTreeMenu);
  layout->addWidget(m_tree, 1);

  auto* edit = new QHBoxLayout;
  m_hubSlider = thresholdSliderWidget(this);
  m_hubThreshold = new QDoubleSpinBox(this);
  m_hubThreshold->setDecimals(5);
  m_hubThreshold->setRange(1e-5, 10.0);
  m_hubThreshold->setSingleStep(0.0005);
  m_hubSlider->setToolTip(
      tr("Threshold of the selected hub (log scale, 0.0001 to 1 m²): frames closer than this "
         "to the hub's frame match it. Dragging is one undo step."));
  m_hubThreshold->setSuffix(tr(" m²"));
  m_hubThreshold->setToolTip(
      tr("Threshold of the selected hub in m² (type a value and press Enter)"));
  m_colour = new QPushButton(tr("Colour..."), this);
  m_colour->setToolTip(tr("Change the colour of the selected hub"));
  m_delete = new QPushButton(tr("Delete"), this);
  m_delete->setToolTip(tr("Delete the selected hub (Delete key in the list)"));
  // The selected hub: its threshold's slider on one row, its value, colour and deletion on the
  // next (a narrow dock).
  auto* editGrid = new QGridLayout;
  editGrid->addWidget(new QLabel(tr("Threshold"), this), 0, 0);
  editGrid->addWidget(m_hubSlider, 0, 1, 1, 2);
  editGrid->addWidget(m_hubThreshold, 1, 0);
  editGrid->addWidget(m_colour, 1, 1);
  editGrid->addWidget(m_delete, 1, 2);
  editGrid->setColumnStretch(1, 1);
  edit->addLayout(editGrid, 1);
  layout->addLayout(edit);

  auto* create = new QGroupBox(tr("Create hub here"), this);
  auto* cl = new QGridLayout(create);
  m_candLabel = new QLabel(tr("Ctrl+click a frame on the timeline."), create);
  m_candSlider = thresholdSliderWidget(create);
  m_candSlider->setValue(thresholdSlider(0.005));
  m_candCount = new QLabel(create);
  m_candSlider->setToolTip(
      tr("Threshold of the new hub (log scale, 0.0001 to 1 m²); its matches show as dashed "
         "white ticks on the Match Timeline"));
  m_create = new QPushButton(tr("Create Hub"), create);
  m_create->setToolTip(
      tr("Make the selected frame a hub with this threshold (Ctrl+H uses the playback frame)"));
  m_create->setEnabled(false);
  cl->addWidget(m_candLabel, 0, 0, 1, 3);
  cl->addWidget(m_candSlider, 1, 0);
  cl->addWidget(m_candCount, 1, 1);
  cl->addWidget(m_create, 1, 2);
  layout->addWidget(create);

  m_prune = new QPushButton(tr("Prune Dead Ends"), this);
  m_prune->setToolTip(tr("Delete the hubs no clip leaves (a walk would stop there)"));
  layout->addWidget(m_prune);

  // New Project and Open forget the candidate frame of the project before.
  connect(project, &Project::cleared, this, &HubPanel::clearCandidate);
  HubList* hubs = hubsOf(*project);
  connect(hubs, &HubList::hubsReset, this, &HubPanel::rebuildList);
  connect(hubs, &HubList::hubAdded, this, &HubPanel::rebuildList);
  connect(hubs, &HubList::hubRemoved, this, &HubPanel::rebuildList);
  connect(hubs, &HubList::hubChanged, this, &HubPanel::rebuildList);
  connect(session, &SnapSession::stateChanged, this, [this] {
    rebuildList();
    // The working set may have changed under the candidate: recompute its distances.
    if (m_session->previewMotion() >= 0)
      m_session->setPreviewFrame(m_session->previewMotion(), m_session->previewFrame());
  });
  connect(session, &SnapSession::previewReady, this, [this] {
    if (!m_candidateTouched) {
      QSignalBlocker block(m_candSlider);
      m_candSlider->setValue(thresholdSlider(m_session->previewDistancePercentile(2.0)));
    }
    updatePreview();
  });
  connect(m_tree, &QTreeWidget::itemSelectionChanged, this, [this] {
    updateSelectedHub();
    emit hubSelected(selectedHub());
  });
  connect(m_tree, &QTreeWidget::itemChanged, this, [this](QTreeWidgetItem* item, int column) {
    if (m_updating || column != 0) return;
    const HubId id = item->data(0, Qt::UserRole).toInt();
    const HubSpec* spec = hubsOf(*m_project)->hub(id);
    const QString name = item->text(0).trimmed();
    if (spec && !name.isEmpty() && name != spec->name) {
      m_project->undoStack()->push(renameHubCommand(hubsOf(*m_project), id, name));
    } else {
      rebuildList();
    }
  });
  connect(m_hubSlider, &QSlider::sliderPressed, this, [this] { m_dragSerial = nextDragSerial(); });
  connect(m_hubSlider, &QSlider::valueChanged, this, [this](int v) {
    if (m_updating || selectedHub() == kNoHub) return;
    m_project->undoStack()->push(
        setHubThresholdCommand(hubsOf(*m_project), selectedHub(), sliderThreshold(v),
                               m_hubSlider->isSliderDown() ? m_dragSerial : 0));
  });
  connect(m_hubThreshold, &QDoubleSpinBox::editingFinished, this, [this] {
    if (selectedHub() == kNoHub) return;
    m_project->undoStack()->push(
        setHubThresholdCommand(hubsOf(*m_project), selectedHub(), m_hubThreshold->value()));
  });
  connect(m_colour, &QPushButton::clicked, this, &HubPanel::recolour);
  connect(m_delete, &QPushButton::clicked, this, &HubPanel::removeHub);
  connect(m_candSlider, &QSlider::valueChanged, this, [this] {
    m_candidateTouched = true;
    updatePreview();
  });
  connect(m_create, &QPushButton::clicked, this, &HubPanel::createHub);
  connect(m_suggest, &QPushButton::clicked, this, [this] {
    if (m_session->isSuggesting())
      m_session->cancelSuggestion();
    else
      suggest();
  });
  connect(session, &SnapSession::suggestionProgress, this, [this](int v, int max, const QString&) {
    m_suggestProgress->setRange(0, max);
    m_suggestProgress->setValue(v);
  });
  auto endSuggest = [this] {
    m_suggest->setText(tr("Suggest"));
    m_suggestProgress->setVisible(false);
  };
  connect(session, &SnapSession::suggestionFailed, this,
          [this, endSuggest](const QString& message) {
            endSuggest();
            m_candLabel->setText(message);
          });
  connect(
      session, &SnapSession::suggestionsReady, this,
      [this, endSuggest](const std::vector<HubProposal>& proposals, double threshold) {
        endSuggest();
        QUndoStack* stack = m_project->undoStack();
        stack->beginMacro(countText(proposals.size(), tr("Suggest %1 hub"), tr("Suggest %1 hubs")));
        for (const HubProposal& p : proposals) {
          HubSpec spec{kNoHub,
                       hubsOf(*m_project)->nextDefaultName(),
                       hubsOf(*m_project)->nextDefaultColour(),
                       threshold,
                       p.motion,
                       p.frame,
                       m_suggestWmin->value(),
                       std::nullopt};
          stack->push(new AddHubCommand(hubsOf(*m_project), spec));
        }
        stack->endMacro();
      });
  connect(m_prune, &QPushButton::clicked, this, &HubPanel::pruneRequested);
  rebuildList();
}

bool HubPanel::isEmptyHub(const SnapPipelineState& state, HubId id) {
  return state.stage >= 1 && state.error.isEmpty() &&
         std::find(state.emptyHubs.begin(), state.emptyHubs.end(), id) != state.emptyHubs.end();
}

int HubPanel::emptyHubCount() const {
  const auto state = m_session->state();
  int n = 0;
  for (const HubSpec& h : hubsOf(*m_project)->hubs()) n += isEmptyHub(*state, h.id) ? 1 : 0;
  return n;
}

void HubPanel::showTreeMenu(const QPoint& pos) {
  QTreeWidgetItem* item = m_tree->itemAt(pos);
  if (item) {
    m_tree->setCurrentItem(item);
    item->setSelected(true);
  }
  QMenu menu(this);
  if (item) {
    menu.addAction(tr("&Rename"), this, [this, item] { m_tree->editItem(item, 0); });
    menu.addAction(tr("&Colour..."), this, &HubPanel::recolour);
    menu.addAction(tr("&Delete Hub"), this, &HubPanel::removeHub);
    menu.addSeparator();
  }
  QAction* prune = menu.addAction(tr("&Prune Dead Ends"), this, &HubPanel::pruneRequested);
  prune->setEnabled(!m_session->state()->deadEnds.empty());
  menu.addAction(tr("&Suggest Hubs"), this, &HubPanel::suggest)
      ->setEnabled(!m_session->isSuggesting());
  menu.exec(m_tree->viewport()->mapToGlobal(pos));
}

void HubPanel::rebuildList() {
  const HubId selected = selectedHub();
  const auto state = m_session->state();
  m_updating = true;
  // Rebuilding keeps the selection: no selection signals, so a slider drag is never disabled
  // (and so released) by a transient empty selection.
  const QSignalBlocker block(m_tree);
  m_tree->clear();
  for (const HubSpec& h : hubsOf(*m_project)->hubs()) {
    auto* item = new QTreeWidgetItem(m_tree);
    item->setFlags(item->flags() | Qt::ItemIsEditable);
    item->setData(0, Qt::UserRole, h.id);
    item->setIcon(0, swatch(h.colour));
    item->setText(0, h.name);
    item->setText(1, QString::number(h.threshold, 'g', 4));
    const int g = state->graphHubIndex(h.id);
    item->setText(2, g >= 0 ? QString::number(state->graph.hubs[g].matchFrames.size()) : tr("0"));
    if (isEmptyHub(*state, h.id)) {
      // A hub without matches takes no part in the graph: say so where the author looks.
      item->setText(2, tr("0 (empty)"));
      item->setForeground(2, QColor(255, 120, 90));
      item->setIcon(2, style()->standardIcon(QStyle::SP_MessageBoxWarning));
      const QString why =
          tr("No frame matches %1 at its threshold (frames of earlier hubs are taken by them): "
             "raise its threshold or delete it.")
              .arg(h.name);
      for (int c = 0; c < 4; ++c) item->setToolTip(c, why);
    }
    const int m = m_project->indexOf(h.motion);
    item->setText(3, m >= 0 ? QStringLiteral("%1 @ %2")
                                  .arg(QString::fromStdString(m_project->motions()[m].motion->name))
                                  .arg(h.frame)
                            : tr("missing motion"));
    // Name and source may be elided: their tooltips hold them whole (an empty hub's keep why).
    if (item->toolTip(0).isEmpty()) {
      item->setToolTip(0, h.name);
      item->setToolTip(3, item->text(3));
    }
    if (h.id == selected) item->setSelected(true);
  }
  m_updating = false;
  updateSelectedHub();
}

HubId HubPanel::selectedHub() const {
  const auto items = m_tree->selectedItems();
  return items.isEmpty() ? kNoHub : items.first()->data(0, Qt::UserRole).toInt();
}

void HubPanel::selectHub(HubId id) {
  for (int i = 0; i < m_tree->topLevelItemCount(); ++i) {
    QTreeWidgetItem* item = m_tree->topLevelItem(i);
    item->setSelected(item->data(0, Qt::UserRole).toInt() == id);
  }
}

void HubPanel::updateSelectedHub() {
  const HubSpec* spec = hubsOf(*m_project)->hub(selectedHub());
  for (QWidget* w :
       std::initializer_list<QWidget*>{m_hubSlider, m_hubThreshold, m_colour, m_delete})
    w->setEnabled(spec);
  if (!spec) return;
  const bool was = m_updating;
  m_updating = true;
  // While the slider is dragged it owns its position; the box beside it follows every step, so
  // the two never disagree (the box once kept the value from before the drag).
  if (!m_hubSlider->isSliderDown()) m_hubSlider->setValue(thresholdSlider(spec->threshold));
  if (!m_hubThreshold->hasFocus()) m_hubThreshold->setValue(spec->threshold);
  m_updating = was;
}

void HubPanel::setCandidateFrame(MotionId motion, int frame) {
  const int row = m_project->indexOf(motion);
  if (row < 0) return;
  m_candLabel->setText(tr("%1, frame %2")
                           .arg(QString::fromStdString(m_project->motions()[row].motion->name))
                           .arg(frame));
  m_candidateTouched = false;
  m_create->setEnabled(true);
  m_session->setPreviewFrame(motion, frame);
  updatePreview();
}

void HubPanel::updatePreview() {
  const double t = sliderThreshold(m_candSlider->value());
  const std::vector<FrameRef> frames = m_session->previewMatches(t, kDefaultWmin);
  m_candCount->setText(m_session->hasPreview()
                           ? tr("%1 matches at %2 m²").arg(frames.size()).arg(t, 0, 'g', 3)
                           : tr("computing..."));
  emit previewChanged(frames);
}

void HubPanel::clearCandidate() {
  m_session->clearPreview();
  m_candLabel->setText(tr("Ctrl+click a frame on the timeline."));
  m_candCount->clear();
  m_create->setEnabled(false);
  emit previewChanged({});
}

void HubPanel::createHub() {
  // No candidate, or one of a motion no longer in the project: nothing to make.
  if (m_session->previewMotion() < 0 || m_project->indexOf(m_session->previewMotion()) < 0) return;
  HubSpec spec{kNoHub,
               hubsOf(*m_project)->nextDefaultName(),
               hubsOf(*m_project)->nextDefaultColour(),
               sliderThreshold(m_candSlider->value()),
               m_session->previewMotion(),
               m_session->previewFrame(),
               kDefaultWmin,
               std::nullopt};
  auto* command = new AddHubCommand(hubsOf(*m_project), spec);
  const HubId id = command->id();
  m_project->undoStack()->push(command);
  m_session->clearPreview();
  m_create->setEnabled(false);
  m_candCount->clear();
  emit previewChanged({});
  selectHub(id);
}

void HubPanel::suggest() {
  m_suggest->setText(tr("Cancel"));
  m_suggestProgress->setValue(0);
  m_suggestProgress->setVisible(true);
  m_session->suggestHubs(m_suggestCount->value(), m_suggestThreshold->value(),
                         m_suggestWmin->value());
}

void HubPanel::recolour() {
  const HubSpec* spec = hubsOf(*m_project)->hub(selectedHub());
  if (!spec) return;
  const QColor c = QColorDialog::getColor(spec->colour, this, tr("Hub Colour"));
  if (c.isValid())
    m_project->undoStack()->push(recolourHubCommand(hubsOf(*m_project), spec->id, c));
}

void HubPanel::removeHub() {
  if (selectedHub() != kNoHub)
    m_project->undoStack()->push(new RemoveHubCommand(hubsOf(*m_project), selectedHub()));
}

}  // namespace mg
