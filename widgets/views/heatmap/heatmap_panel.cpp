// SPDX-License-Identifier: MIT
#include "widgets/views/heatmap/heatmap_panel.h"

#include <cmath>

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>
#include <QSplitter>
#include <QToolButton>
#include <QVBoxLayout>

#include "core/metric/frame_distance.h"
#include "widgets/commands/metric_settings_command.h"
#include "widgets/jobs/heatmap_grid_cache.h"
#include "widgets/views/common/slider_steps.h"
#include "widgets/views/heatmap/heatmap_legend.h"
#include "widgets/views/heatmap/heatmap_slice_view.h"
#include "widgets/views/heatmap/heatmap_view.h"
#include "widgets/views/playback/clock_text.h"
#include "widgets/views/viewport/pose_points.h"
#include "widgets/views/viewport/viewport_widget.h"

namespace mg {

namespace {
const QString kUnit = QString::fromUtf8(kFrameDistanceUnit);
}  // namespace

HeatmapPanel::HeatmapPanel(Project* project, ViewportWidget* viewport, QWidget* parent)
    : QWidget(parent), m_project(project), m_viewport(viewport) {
  m_cache = new HeatmapGridCache(this);
  m_view = new HeatmapView(this);
  m_view->setPairColours(rowColour(), colColour());
  m_legend = new HeatmapLegend(this);
  m_slice = new HeatmapSliceView(this);
  m_slice->setMarkerColour(colColour());
  m_status = new QLabel(this);
  m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
  m_status->setWordWrap(true);  // a long status never widens the dock

  auto* progressRow = new QHBoxLayout;
  m_progress = new QProgressBar(this);
  m_progress->setRange(0, kSliderSteps);
  m_progress->setFormat(tr("Computing distances %p%"));
  m_cancel = new QToolButton(this);
  m_cancel->setText(tr("Cancel"));
  m_computeLarge = new QToolButton(this);
  m_computeLarge->setText(tr("Compute Grid"));
  m_computeLarge->setToolTip(
      tr("Compute the distance grid of these long motions (minutes, and "
         "more memory than the motions take)"));
  progressRow->addWidget(m_progress, 1);
  progressRow->addWidget(m_cancel);
  progressRow->addWidget(m_computeLarge);
  m_progress->hide();
  m_cancel->hide();
  m_computeLarge->hide();
  connect(m_computeLarge, &QToolButton::clicked, this, [this] {
    m_largeAllowed = m_ids;
    requestGrid();
  });
  connect(m_project, &Project::cleared, this, [this] { m_largeAllowed.clear(); });

  auto* splitter = new QSplitter(Qt::Vertical, this);
  splitter->addWidget(m_view);
  splitter->addWidget(m_slice);
  splitter->setStretchFactor(0, 4);
  splitter->setStretchFactor(1, 1);
  splitter->setChildrenCollapsible(false);

  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->setSpacing(4);
  layout->addWidget(createSettingsBar());
  layout->addWidget(createThresholdBar());
  layout->addLayout(progressRow);
  layout->addWidget(splitter, 1);
  layout->addWidget(m_legend);
  layout->addWidget(m_status);

  connect(m_cancel, &QToolButton::clicked, m_cache, &HeatmapGridCache::cancel);
  connect(m_cache, &HeatmapGridCache::started, this, [this] {
    m_progress->setValue(0);
    m_progress->show();
    m_cancel->show();
    m_status->setText(tr("Computing the distance grid..."));
  });
  connect(m_cache, &HeatmapGridCache::progressChanged, this,
          [this](double f) { m_progress->setValue(static_cast<int>(f * kSliderSteps)); });
  auto stopped = [this](const QString& text) {
    m_progress->hide();
    m_cancel->hide();
    m_status->setText(text);
  };
  connect(m_cache, &HeatmapGridCache::gridReady, this, [this, stopped](auto grid) {
    stopped(QString());
    showGrid(std::move(grid));
  });
  connect(m_cache, &HeatmapGridCache::failed, this,
          [stopped](const QString& message) { stopped(message); });
  connect(m_cache, &HeatmapGridCache::cancelled, this, [this, stopped] {
    if (m_ids.isEmpty()) return stopped(m_status->text());  // cleared, not abandoned
    stopped(tr("Cancelled; change the selection or settings to retry."));
  });

  connect(m_view, &HeatmapView::selectionChanged, this, &HeatmapPanel::onSelection);
  connect(m_view, &HeatmapView::hovered, this, &HeatmapPanel::showHover);
  connect(m_slice, &HeatmapSliceView::columnClicked, this, [this](int col) {
    if (m_view->hasSelection()) m_view->setSelection(m_view->selectedRow(), col);
  });
  connect(m_project, &Project::metricSettingsChanged, this, [this] {
    syncSettingsControls();
    requestGrid();
  });
  connect(m_project, &Project::motionRemoved, this, [this](MotionId id) {
    if (!m_ids.contains(id)) return;
    QList<MotionId> ids = m_ids;
    ids.removeAll(id);
    setMotions(ids);
  });
  syncSettingsControls();
  setMotions({});
}

HeatmapPanel::~HeatmapPanel() {
  clearOverlay();
}

QWidget* HeatmapPanel::createSettingsBar() {
  auto* bar = new QWidget(this);
  auto* row = new QHBoxLayout(bar);
  row->setContentsMargins(0, 0, 0, 0);
  m_window = new QSpinBox(bar);
  m_window->setRange(1, 61);
  m_window->setSingleStep(2);
  m_window->setSuffix(tr(" frames"));
  m_window->setToolTip(tr("Frames in the window around each frame (odd)"));
  m_joints = new QComboBox(bar);
  m_joints->addItem(tr("All joints"), static_cast<int>(JointSelection::All));
  m_joints->addItem(tr("Major joints"), static_cast<int>(JointSelection::Major));
  m_weighting = new QComboBox(bar);
  m_weighting->addItem(tr("Tapered"), static_cast<int>(WindowWeighting::Tapered));
  m_weighting->addItem(tr("Uniform"), static_cast<int>(WindowWeighting::Uniform));
  m_weighting->setToolTip(tr("Weighting of the window's frames"));
  m_fps = new QDoubleSpinBox(bar);
  m_fps->setRange(1, 240);
  m_fps->setDecimals(0);
  m_fps->setSuffix(tr(" fps"));
  m_fps->setToolTip(tr("Working rate: motions are resampled to it before comparing"));
  m_joints->setToolTip(tr("Joints compared: all, or the major ones (hips, spine, head, limbs)"));
  // Two rows, so the dock stays narrow enough for the viewport on a laptop screen.
  auto* grid = new QGridLayout;
  grid->addWidget(new QLabel(tr("Window"), bar), 0, 0);
  grid->addWidget(m_window, 0, 1);
  grid->addWidget(m_joints, 0, 2);
  grid->addWidget(m_weighting, 1, 1);
  grid->addWidget(m_fps, 1, 2);
  grid->setColumnStretch(3, 1);
  row->addLayout(grid, 1);
  for (QWidget* w : {static_cast<QWidget*>(m_window), static_cast<QWidget*>(m_fps)}) {
    static_cast<QAbstractSpinBox*>(w)->setKeyboardTracking(false);
  }
  connect(m_window, &QSpinBox::valueChanged, this, [this](int v) {
    if (v % 2 == 0) {  // typed an even number: round up to the next odd one
      m_window->setValue(std::min(61, v + 1));
      return;
    }
    pushSettings();
  });
  connect(m_joints, &QComboBox::currentIndexChanged, this, [this] { pushSettings(); });
  connect(m_weighting, &QComboBox::currentIndexChanged, this, [this] { pushSettings(); });
  connect(m_fps, &QDoubleSpinBox::valueChanged, this, [this] { pushSettings(); });
  return bar;
}

QWidget* HeatmapPanel::createThresholdBar() {
  auto* bar = new QWidget(this);
  auto* row = new QHBoxLayout(bar);
  row->setContentsMargins(0, 0, 0, 0);
  m_thresholdSlider = new QSlider(Qt::Horizontal, bar);
  thresholdScale().apply(m_thresholdSlider);
  m_thresholdSlider->setToolTip(
      tr("Cells under the threshold are tinted; dots are local minima "
         "under it (transition candidates)"));
  m_thresholdSpin = new QDoubleSpinBox(bar);
  m_thresholdSpin->setDecimals(4);
  m_thresholdSpin->setSuffix(QStringLiteral(" ") + kUnit);
  m_thresholdSpin->setToolTip(QString::fromUtf8(kFrameDistanceUnitDescription));
  auto* fit = new QToolButton(bar);
  fit->setText(tr("Fit"));
  fit->setToolTip(tr("Show the whole grid (Home)"));
  row->addWidget(new QLabel(tr("Threshold"), bar));
  row->addWidget(m_thresholdSlider, 1);
  row->addWidget(m_thresholdSpin);
  row->addWidget(fit);
  connect(fit, &QToolButton::clicked, m_view, &HeatmapView::fitToView);
  connect(m_thresholdSlider, &QSlider::valueChanged, this, [this](int v) {
    if (!m_grid) return;
    m_thresholdSet = true;
    setThreshold(thresholdScale().value(v));
  });
  connect(m_thresholdSpin, &QDoubleSpinBox::valueChanged, this, [this](double v) {
    m_thresholdSet = true;
    setThreshold(v);
  });
  return bar;
}

LogSliderScale HeatmapPanel::thresholdScale() const {
  // The shown grid's white level down to a thousandth of it: below that every cell is white
  // noise of the metric, and the spin box still takes any value (0: no tint).
  const double white = m_grid && m_grid->whiteLevel > 0 ? m_grid->whiteLevel : 1.0;
  return {white * 1e-3, white};
}

double HeatmapPanel::threshold() const {
  return m_view->threshold();
}

void HeatmapPanel::setThreshold(double threshold) {
  const float t = static_cast<float>(std::max(0.0, threshold));
  {
    const QSignalBlocker b1(m_thresholdSpin), b2(m_thresholdSlider);
    m_thresholdSpin->setValue(t);
    if (m_grid) m_thresholdSlider->setValue(thresholdScale().tick(t));
  }
  m_view->setThreshold(t);
  m_legend->setThreshold(t);
  m_slice->setThreshold(t);
  if (m_view->hasSelection()) onSelection(m_view->selectedRow(), m_view->selectedCol());
}

void HeatmapPanel::syncSettingsControls() {
  const MetricSettings& s = m_project->metricSettings();
  const QSignalBlocker b1(m_window), b2(m_joints), b3(m_weighting), b4(m_fps);
  m_window->setValue(s.windowFrames);
  m_joints->setCurrentIndex(std::max(0, m_joints->findData(static_cast<int>(s.joints))));
  m_weighting->setCurrentIndex(std::max(0, m_weighting->findData(static_cast<int>(s.weighting))));
  m_fps->setValue(s.workingFps);
}

void HeatmapPanel::pushSettings() {
  MetricSettings s = m_project->metricSettings();
  s.windowFrames = m_window->value();
  s.joints = static_cast<JointSelection>(m_joints->currentData().toInt());
  s.weighting = static_cast<WindowWeighting>(m_weighting->currentData().toInt());
  s.workingFps = m_fps->value();
  if (!s.validate() || s == m_project->metricSettings()) return;
  m_project->undoStack()->push(setMetricSettingsCommand(m_project, s));
}

void HeatmapPanel::setMotions(const QList<MotionId>& ids) {
  m_ids = ids.mid(0, 2);
  requestGrid();
}

void HeatmapPanel::requestGrid() {
  HeatmapGridKey key;
  key.settings = m_project->metricSettings();
  std::vector<std::shared_ptr<const Motion>> motions;
  for (MotionId id : m_ids) {
    if (m_project->isMissing(id)) {
      // A placeholder has no frames to compare: say why instead of a meaningless grid.
      m_cache->cancel();
      showGrid(nullptr);
      m_status->setText(tr("%1's file is missing (%2): File > Find Missing Files, or Locate...")
                            .arg(QString::fromStdString(m_project->motion(id)->name),
                                 QString::fromStdString(m_project->motion(id)->sourcePath)));
      return;
    }
    if (auto m = m_project->motion(id)) {
      key.motions.push_back(id);
      motions.push_back(std::move(m));
    }
  }
  m_computeLarge->hide();
  if (motions.empty()) {
    m_cache->cancel();
    showGrid(nullptr);
    m_status->setText(
        tr("Select one motion (its self grid) or two (rows \u00d7 columns) in the "
           "library."));
    return;
  }
  const double fps = key.settings.workingFps;
  auto working = [fps](const Motion& m) {
    return static_cast<long long>(std::ceil(m.frameCount() * fps / m.fps));
  };
  const long long rows = working(*motions.front()), cols = working(*motions.back());
  if (rows * cols > kHeatmapAskCells && m_largeAllowed != m_ids) {
    m_cache->cancel();
    showGrid(nullptr);
    m_status->setText(tr("%1 \u00d7 %2 frames at %3 fps is a large grid: it takes minutes and "
                         "more memory than the motions. Press Compute Grid to compute it.")
                          .arg(rows)
                          .arg(cols)
                          .arg(fps, 0, 'g', 4));
    m_computeLarge->show();
    return;
  }
  m_cache->request(key, motions);
}

void HeatmapPanel::showGrid(std::shared_ptr<const HeatmapGrid> grid) {
  const bool samePair = grid && m_grid && grid->key.motions == m_grid->key.motions;
  const int row = m_view->selectedRow(), col = m_view->selectedCol();
  m_grid = std::move(grid);
  clearOverlay();  // re-added with the new grid's skeletons on the next selection
  m_view->setGrid(m_grid);
  m_legend->setScale(m_grid ? m_grid->whiteLevel : 0, kUnit);
  if (!m_grid) {
    m_slice->setSlice({}, {}, 1, kUnit, 30);
    onSelection(-1, -1);
    return;
  }
  {
    const QSignalBlocker b(m_thresholdSpin);
    m_thresholdSpin->setRange(0, m_grid->whiteLevel);
    m_thresholdSpin->setSingleStep(m_grid->whiteLevel / 200);
  }
  setThreshold(m_thresholdSet && threshold() <= m_grid->whiteLevel ? threshold()
                                                                   : m_grid->suggestedThreshold);
  if (samePair && row >= 0) {
    m_view->setSelection(row, col);
    onSelection(m_view->selectedRow(), m_view->selectedCol());
  } else {
    m_view->setSelection(-1, -1);
  }
  m_status->setText(tr("%1 \u00d7 %2 frames at %3 fps; %4 local minima under the white level. "
                       "Click a cell to compare its frames.")
                        .arg(m_grid->rowCount())
                        .arg(m_grid->colCount())
                        .arg(m_grid->fps())
                        .arg(m_grid->minima.size()));
  emit gridShown();
}

void HeatmapPanel::selectPair(int row, int col) {
  m_view->setSelection(row, col);
}

QString HeatmapPanel::frameText(int frame, const Motion& motion) const {
  return tr("%1 %2").arg(QString::fromStdString(motion.name), clockText(frame, m_grid->fps()));
}

void HeatmapPanel::onSelection(int row, int col) {
  if (!m_grid || row < 0) {
    m_selectionText.clear();
    m_slice->setSlice({}, {}, 1, kUnit, 30);
    clearOverlay();
    emit pairSelected(-1, -1);
    return;
  }
  std::vector<float> slice = m_grid->rowSlice(row);
  std::vector<int> minima =
      sliceMinima(slice, static_cast<float>(threshold()), m_grid->self() ? row : -1, 15);
  m_slice->setSlice(std::move(slice), std::move(minima), m_grid->whiteLevel, kUnit, m_grid->fps());
  m_slice->setSelectedColumn(col);
  const FrameAlignment a = m_grid->alignment(row, col);
  m_selectionText = tr("Selected: %1 \u2194 %2, D = %3 %4, turn %5\u00b0, shift (%6, %7) m")
                        .arg(frameText(row, *m_grid->rowMotion), frameText(col, *m_grid->colMotion))
                        .arg(a.distance, 0, 'g', 4)
                        .arg(kUnit)
                        .arg(a.theta * 180 / M_PI, 0, 'f', 1)
                        .arg(a.x0, 0, 'f', 2)
                        .arg(a.z0, 0, 'f', 2);
  m_status->setText(m_selectionText);
  updateOverlay();
  emit pairSelected(row, col);
}

void HeatmapPanel::showHover(int row, int col) {
  if (!m_grid || row < 0) {
    m_status->setText(m_selectionText);
    return;
  }
  m_status->setText(tr("%1 \u00d7 %2: D = %3 %4")
                        .arg(frameText(row, *m_grid->rowMotion), frameText(col, *m_grid->colMotion))
                        .arg(m_grid->distance(row, col), 0, 'g', 4)
                        .arg(kUnit));
}

void HeatmapPanel::updateOverlay() {
  if (!m_viewport || !m_grid || !m_view->hasSelection()) return;
  const int row = m_view->selectedRow(), col = m_view->selectedCol();
  const Motion& rm = *m_grid->rowMotion;
  const Motion& cm = *m_grid->colMotion;
  if (!m_viewport->hasCharacter(kRowCharacterId)) {
    m_viewport->addCharacter(kRowCharacterId, rm.skeleton, rowColour());
  }
  if (!m_viewport->hasCharacter(kColCharacterId)) {
    m_viewport->addCharacter(kColCharacterId, cm.skeleton, colColour());
  }
  m_viewport->setPose(kRowCharacterId,
                      posePoints(rm, HeatmapGrid::sourceFrame(rm, row, m_grid->fps())));
  // The column frame moved by the optimal T(theta, x0, z0) onto the row frame.
  const FrameAlignment a = m_grid->alignment(row, col);
  std::vector<Eigen::Vector3d> points =
      posePoints(cm, HeatmapGrid::sourceFrame(cm, col, m_grid->fps()));
  for (Eigen::Vector3d& p : points) p = applyAlignment(a, p);
  m_viewport->setPose(kColCharacterId, points);
}

void HeatmapPanel::clearOverlay() {
  if (!m_viewport) return;
  m_viewport->removeCharacter(kRowCharacterId);
  m_viewport->removeCharacter(kColCharacterId);
}

}  // namespace mg
