// SPDX-License-Identifier: MIT
#pragma once

#include <memory>

#include <QList>
#include <QPointer>
#include <QWidget>

#include "widgets/document/project.h"
#include "widgets/jobs/heatmap_grid.h"
#include "widgets/views/common/slider_steps.h"

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QProgressBar;
class QSlider;
class QSpinBox;
class QToolButton;

namespace mg {

class HeatmapGridCache;
class HeatmapLegend;
class HeatmapSliceView;
class HeatmapView;
class ViewportWidget;

// The heatmap dock's content: metric settings (window, joints, weighting, working rate; changes
// are setMetricSettingsCommand steps), the threshold (slider + spin box in the distance unit), the
// grid of the shown motions with its colour key, the slice of the selected row, and a status line.
// Grids come from a HeatmapGridCache job with progress and Cancel. Selecting a cell overlays the
// two frames in the viewport, the column frame moved by the reference alignment onto the row
// frame, as characters kRowCharacterId and kColCharacterId.
class HeatmapPanel : public QWidget {
  Q_OBJECT

 public:
  // Viewport character ids of the overlay: negative, so they never clash with motion ids.
  static constexpr int kRowCharacterId = -101;
  static constexpr int kColCharacterId = -102;
  static QColor rowColour() { return QColor(214, 96, 150); }
  static QColor colColour() { return QColor(132, 196, 90); }

  // `project` must outlive the panel; `viewport` may be null (no overlay).
  HeatmapPanel(Project* project, ViewportWidget* viewport, QWidget* parent = nullptr);
  ~HeatmapPanel() override;

  // Shows the grid of the first one (self grid) or two (rows x columns) of `ids`.
  void setMotions(const QList<MotionId>& ids);
  const QList<MotionId>& motions() const { return m_ids; }
  // Selects the frame pair (row, col) of the shown grid.
  void selectPair(int row, int col);
  void setThreshold(double threshold);
  double threshold() const;
  // The threshold slider's log scale for the shown grid (the editor's one threshold mapping).
  LogSliderScale thresholdScale() const;
  QSlider* thresholdSlider() const { return m_thresholdSlider; }

  HeatmapView* view() const { return m_view; }
  HeatmapSliceView* sliceView() const { return m_slice; }
  HeatmapGridCache* cache() const { return m_cache; }
  const std::shared_ptr<const HeatmapGrid>& grid() const { return m_grid; }
  QLabel* statusLabel() const { return m_status; }
  // "Compute Grid": shown instead of starting a grid over kHeatmapAskCells cells.
  QToolButton* computeLargeButton() const { return m_computeLarge; }

 signals:
  // A grid is shown (from the cache or a finished job).
  void gridShown();
  // The selected frame pair changed; (-1, -1) when cleared.
  void pairSelected(int row, int col);

 private:
  QWidget* createSettingsBar();
  QWidget* createThresholdBar();
  void requestGrid();
  void showGrid(std::shared_ptr<const HeatmapGrid> grid);
  void pushSettings();
  void syncSettingsControls();
  void onSelection(int row, int col);
  void updateOverlay();
  void clearOverlay();
  void showHover(int row, int col);
  QString frameText(int frame, const Motion& motion) const;

  Project* m_project;
  QPointer<ViewportWidget> m_viewport;  // may go before the panel when the window closes
  HeatmapGridCache* m_cache;
  QList<MotionId> m_ids;
  std::shared_ptr<const HeatmapGrid> m_grid;
  bool m_thresholdSet = false;  // the user chose a threshold: keep it across grids

  QSpinBox* m_window = nullptr;
  QComboBox* m_joints = nullptr;
  QComboBox* m_weighting = nullptr;
  QDoubleSpinBox* m_fps = nullptr;
  QSlider* m_thresholdSlider = nullptr;
  QDoubleSpinBox* m_thresholdSpin = nullptr;
  QProgressBar* m_progress = nullptr;
  QToolButton* m_cancel = nullptr;
  QToolButton* m_computeLarge = nullptr;  // shown for a grid over kHeatmapAskCells
  QList<MotionId> m_largeAllowed;         // the motions whose large grid the author asked for
  HeatmapView* m_view = nullptr;
  HeatmapLegend* m_legend = nullptr;
  HeatmapSliceView* m_slice = nullptr;
  QLabel* m_status = nullptr;
  QString m_selectionText;
};

}  // namespace mg
