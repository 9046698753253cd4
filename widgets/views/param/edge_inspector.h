// SPDX-License-Identifier: MIT
#pragma once

#include <QImage>
#include <QWidget>

#include "core/param/edge_lookup.h"
#include "widgets/document/parametric_document.h"
#include "widgets/jobs/job_slot.h"
#include "widgets/jobs/parametric_jobs.h"

class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSlider;
class QSpinBox;

namespace mg {

class EdgeSpaceView;
class JobProgressWidget;
class Project;

// The edge inspector dock: T_GOOD / T_BAD sliders and epsilon (live: the document re-classifies
// from the cached sampling, through setEdgeThresholdsCommand, which merges a drag into one step),
// the sampling settings n_s, n_t and the source/target regions with "Rebuild" (sampleEdge as a
// job with progress and cancel, applied as SetEdgeSamplingCommand), the edge's GOOD / NEUTRAL /
// BAD counts, shrunk and empty boxes and why a box is empty, the parameter-space view of one
// source sample (figure 4) with the box looked up for a source parameter (figure 5), and the
// transition distance grid of a chosen (source, target) pair with its optimum.
class EdgeInspector : public QWidget {
  Q_OBJECT

 public:
  // `project` must outlive the inspector.
  explicit EdgeInspector(Project* project, QWidget* parent = nullptr);
  ~EdgeInspector() override;

  void setEdge(ParamEdgeId id);
  ParamEdgeId edge() const { return m_edge; }
  // Samples the edge with the settings in the inspector (what the Rebuild button does).
  void rebuild();
  bool isRebuilding() const { return m_sampleJob.isRunning(); }

  // The widgets, for tests and scripted runs.
  QSlider* goodSlider() const { return m_good; }
  QSlider* badSlider() const { return m_bad; }
  QSpinBox* sourceSampleBox() const { return m_sourceSample; }
  // The source parameter's slider of dimension `d` (shown for the source node's dimensions).
  QSlider* sourceParameterSlider(int d = 0) const { return m_sourceParameters[d]; }
  EdgeSpaceView* spaceView() const { return m_space; }
  QLabel* countsLabel() const { return m_counts; }
  QLabel* reportLabel() const { return m_report; }
  QLabel* gridLabel() const { return m_grid; }
  const QImage& gridImage() const { return m_gridImage; }
  // The slider value of a threshold, and back (the slider spans [0, thresholdScale()]).
  double thresholdScale() const { return m_scale; }
  void chooseTarget(int target);
  // Emits previewRequested for the shown source sample and the chosen target sample (the
  // Preview Transition button); false when the edge is not sampled.
  bool requestPreview();

 signals:
  // Preview the transition from the shown source sample to the chosen target sample.
  void previewRequested(mg::ParamEdgeId edge, const mg::ParameterVector& source,
                        const mg::ParameterVector& target);
  void gridReady();

 private:
  void buildUi();
  void refresh();        // everything from the document
  void refreshSample();  // the source sample's report and view
  void refreshLookup();
  void pushThresholds();
  void requestGrid();
  EdgeSamplingSettings pendingSampling() const;
  const ParamEdgeEntry* entry() const;

  Project* m_project;
  ParamEdgeId m_edge = kNoParamId;
  double m_scale = 0.02;
  const EdgeSampling* m_scaledFor = nullptr;  // the sampling m_scale was chosen for
  bool m_updating = false;
  int m_chosenTarget = -1;
  JobSlot<EdgeSampleResult> m_sampleJob;
  JobSlot<TransitionGridResult> m_gridJob;
  QImage m_gridImage;

  QLabel* m_title = nullptr;
  QLabel* m_status = nullptr;
  QLabel* m_counts = nullptr;
  QSlider* m_good = nullptr;
  QSlider* m_bad = nullptr;
  QLabel* m_goodValue = nullptr;
  QLabel* m_badValue = nullptr;
  QDoubleSpinBox* m_epsilon = nullptr;
  QSpinBox* m_ns = nullptr;
  QSpinBox* m_nt = nullptr;
  QDoubleSpinBox* m_region[4] = {};
  QPushButton* m_rebuild = nullptr;
  QLabel* m_pending = nullptr;
  JobProgressWidget* m_progress = nullptr;
  QSpinBox* m_sourceSample = nullptr;
  QLabel* m_sourceNames[kMaxParameterDims] = {};
  QSlider* m_sourceParameters[kMaxParameterDims] = {};
  QLabel* m_sourceValues[kMaxParameterDims] = {};
  QString m_sourceUnits[kMaxParameterDims];
  QLabel* m_report = nullptr;
  EdgeSpaceView* m_space = nullptr;
  QLabel* m_grid = nullptr;
  QLabel* m_gridText = nullptr;
  QPushButton* m_preview = nullptr;
};

}  // namespace mg
