// SPDX-License-Identifier: MIT
#pragma once

#include <vector>

#include <QWidget>

#include "core/snap/frame_metric.h"
#include "widgets/document/hub_list.h"
#include "widgets/views/common/slider_steps.h"

class QDoubleSpinBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSlider;
class QSpinBox;
class QTreeWidget;

namespace mg {

class Project;
class SnapSession;
struct SnapPipelineState;

// The hub tools: the list of hubs (rename in place), the selected hub's threshold, colour and
// deletion; "Create hub here" for the selected frame with a threshold slider whose match set is
// previewed live before committing; and "Suggest hubs" as a cancellable background job. Every
// change is a command on the project's stack; slider drags merge into one step.
class HubPanel : public QWidget {
  Q_OBJECT

 public:
  // `project` and `session` must outlive the panel.
  HubPanel(Project* project, SnapSession* session, QWidget* parent = nullptr);

  // The frame "Create hub here" uses (timeline click, playback position); starts its preview.
  void setCandidateFrame(MotionId motion, int frame);
  // Create Hub: a hub at the candidate frame with the candidate slider's threshold, one undo
  // step, then selected (nothing without a candidate).
  void createHub();
  // Forgets the candidate frame (the project was cleared).
  void clearCandidate();
  void selectHub(HubId id);
  HubId selectedHub() const;

  // The threshold sliders' scale: log, 1e-4 to 1 m^2 (the editor's one threshold mapping).
  static LogSliderScale thresholdScale();
  // Slider position <-> threshold (m^2) on that scale.
  static double sliderThreshold(int value);
  static int thresholdSlider(double threshold);

  QSlider* candidateSlider() const { return m_candSlider; }
  QSlider* hubSlider() const { return m_hubSlider; }
  QPushButton* createButton() const { return m_create; }
  QLabel* candidateLabel() const { return m_candLabel; }
  QLabel* candidateCountLabel() const { return m_candCount; }
  QTreeWidget* hubTree() const { return m_tree; }
  QDoubleSpinBox* hubThresholdBox() const { return m_hubThreshold; }
  // Hubs whose match set is empty in the session's current state (flagged in the list).
  int emptyHubCount() const;
  static bool isEmptyHub(const SnapPipelineState& state, HubId id);

 signals:
  void hubSelected(mg::HubId id);
  // The live match set of the candidate frame (motion indices of the session's working set).
  void previewChanged(const std::vector<mg::FrameRef>& frames);
  void pruneRequested();

 private:
  void rebuildList();
  void showTreeMenu(const QPoint& pos);
  void updateSelectedHub();
  void updatePreview();
  void suggest();
  void recolour();
  void removeHub();

  Project* m_project;
  SnapSession* m_session;
  QTreeWidget* m_tree = nullptr;
  QSlider* m_hubSlider = nullptr;
  QDoubleSpinBox* m_hubThreshold = nullptr;
  QPushButton* m_colour = nullptr;
  QPushButton* m_delete = nullptr;
  QLabel* m_candLabel = nullptr;
  QSlider* m_candSlider = nullptr;
  QLabel* m_candCount = nullptr;
  QPushButton* m_create = nullptr;
  QSpinBox* m_suggestCount = nullptr;
  QDoubleSpinBox* m_suggestThreshold = nullptr;
  QSpinBox* m_suggestWmin = nullptr;
  QPushButton* m_suggest = nullptr;
  QProgressBar* m_suggestProgress = nullptr;
  QPushButton* m_prune = nullptr;
  int m_dragSerial = 0;
  bool m_updating = false;
  bool m_candidateTouched = false;
};

}  // namespace mg
