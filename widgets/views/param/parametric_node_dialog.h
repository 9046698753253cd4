// SPDX-License-Identifier: MIT
#pragma once

#include <QDialog>

#include "core/param/step_cycles.h"
#include "widgets/document/parametric_document.h"
#include "widgets/jobs/job_slot.h"
#include "widgets/jobs/parametric_jobs.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class QSpinBox;

namespace mg {

class JobProgressWidget;
class ParameterPlot;
class Project;

// Creates a parametric node from example segments: pick a motion, take step-cycle suggestions
// (findStepCycles, e.g. two steps from a left heel strike) or segments similar to a chosen one
// (findSimilarSegments over every motion of the project), choose up to two parameter metrics,
// and build the node in a background job (progress, cancel). The built node's examples and
// random samples are shown in a parameter plot; dragging in it asks for the blended clip
// (parameterDragged). accept() leaves the result in entry(); the caller pushes the command.
class ParametricNodeDialog : public QDialog {
  Q_OBJECT

 public:
  // `project` must outlive the dialog.
  explicit ParametricNodeDialog(Project* project, QWidget* parent = nullptr);
  ~ParametricNodeDialog() override;

  // The node to create: name, checked examples, metrics, and the built node once built.
  ParamNodeEntry entry() const;
  const std::shared_ptr<const ParametricNode>& builtNode() const { return m_built; }

  // Scripted use (and tests): choose a motion (a MotionId), suggest step cycles, build.
  void selectMotion(int id);
  void suggestStepCycles();
  void findSimilar();
  void build();
  int segmentCount() const;
  ParameterPlot* plot() const { return m_plot; }
  QLabel* statusLabel() const { return m_status; }

 signals:
  void parameterDragged(std::shared_ptr<const mg::ParametricNode> node,
                        const mg::ParameterVector& l);
  void nodeBuilt();

 private:
  int currentMotion() const;
  void addSegment(const ParamExample& ex, const QString& note);
  std::vector<ParameterMetric> metrics() const;
  void invalidate();

  Project* m_project;
  JobSlot<NodeBuildResult> m_buildJob;
  JobSlot<SimilarSegmentsResult> m_similarJob;
  std::shared_ptr<const ParametricNode> m_built;

  QLineEdit* m_name;
  QComboBox* m_motion;
  QSpinBox* m_steps;
  QComboBox* m_foot;
  QListWidget* m_segments;
  QComboBox* m_metric[2];
  QComboBox* m_joint[2];
  QLineEdit* m_axes[2];
  QSpinBox* m_samples;
  QPushButton* m_buildButton;
  QPushButton* m_create;
  JobProgressWidget* m_progress;
  ParameterPlot* m_plot;
  QLabel* m_status;
};

}  // namespace mg
