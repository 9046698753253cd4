// SPDX-License-Identifier: MIT
#pragma once

#include <memory>

#include <Eigen/Core>

#include "app/mgstudio/workspace.h"

class QAction;
class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSpinBox;

namespace mg {

class FieldDocument;
class FieldPreview;
class ResponseChart;
class StateSpaceView;
class ValuePolarPlot;
struct MotionField;
template <class T>
class JobSlot;
struct FieldBuildOutcome;
struct FieldCompareOutcome;

// The Motion Fields part of the editor window (Lee et al. 2010): the "Motion Field" dock (task,
// k and compression, saved in the project and undoable; Build from the library's selected motions
// on a worker with progress and Cancel; Play, Passive, Follow Character; Push with its direction
// and speed, shortcut P; the last response time) and the "Field State Space" dock (the states'
// 2-D principal-component view coloured by value with the current state and its neighbours live,
// the polar plot of the value over directions, and the response-time comparison with the
// graph-based controller, computed on a worker). Steering is FieldPreview's (arrow keys, drag on
// the ground). Has no graph canvas.
class FieldWorkspace : public Workspace {
  Q_OBJECT

 public:
  explicit FieldWorkspace(const WorkspaceContext& context);
  ~FieldWorkspace() override;

  QString title() const override { return tr("Motion Fields"); }
  // The heatmap picks Snap-Together transitions; this kind finds its own.
  QStringList windowDocksHidden() const override { return {QStringLiteral("heatmapDock")}; }
  QString gettingStartedHtml() const override;
  GraphModel* graphModel() const override { return nullptr; }
  void projectReset() override;
  void cancelJobs() override;
  void saveResults(const QString& projectPath) const override;
  void restoreResults(const QString& projectPath) override;
  // The built field written to the file `base` (FIELD_FORMAT.md).
  ReportExport exportForReport(const QString& base) const override;

  // Builds from the library's selected motions (all motions when none is selected).
  void build();
  void play();
  void compare();
  void push();

  std::shared_ptr<const MotionField> field() const { return m_field; }
  // The project's "field" section, made by this workspace.
  FieldDocument* document() const { return m_document; }
  FieldPreview* preview() const { return m_preview; }
  StateSpaceView* stateSpace() const { return m_stateSpace; }
  ResponseChart* chart() const { return m_chart; }
  bool isBuilding() const;
  bool isComparing() const;

 signals:
  void fieldBuilt();
  void compared();

 private:
  void showSettings();
  void pushSettings();
  void onFrame();
  // Shows a built (or restored) field.
  void showOutcome(std::shared_ptr<const FieldBuildOutcome> outcome);

  FieldDocument* m_document = nullptr;
  std::shared_ptr<const MotionField> m_field;
  std::shared_ptr<const FieldBuildOutcome> m_outcome;  // m_field's build, for its cache
  Json m_outcomeInputs;                                // fieldCacheInputs of m_outcome
  Eigen::MatrixXd m_axes;                              // featureDims x 2
  Eigen::VectorXd m_mean;
  QComboBox* m_task = nullptr;
  QSpinBox* m_k = nullptr;
  QSpinBox* m_compression = nullptr;
  QPushButton* m_build = nullptr;
  QCheckBox* m_passive = nullptr;
  QCheckBox* m_follow = nullptr;
  QDoubleSpinBox* m_pushFrom = nullptr;
  QDoubleSpinBox* m_pushSpeed = nullptr;
  QAction* m_pushAction = nullptr;
  QLabel* m_info = nullptr;
  QLabel* m_response = nullptr;
  QLabel* m_status = nullptr;
  FieldPreview* m_preview = nullptr;
  StateSpaceView* m_stateSpace = nullptr;
  ValuePolarPlot* m_polar = nullptr;
  ResponseChart* m_chart = nullptr;
  bool m_updating = false;
  std::unique_ptr<JobSlot<std::shared_ptr<const FieldBuildOutcome>>> m_buildJob;
  std::unique_ptr<JobSlot<std::shared_ptr<const FieldCompareOutcome>>> m_compareJob;
};

}  // namespace mg
