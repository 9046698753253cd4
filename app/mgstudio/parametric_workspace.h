// SPDX-License-Identifier: MIT
#pragma once

#include <memory>

#include <QObject>
#include <QString>
#include <QThreadPool>

#include "widgets/document/parametric_document.h"

class QAction;
class QDockWidget;
class QLabel;
class QMainWindow;
class QMenu;

namespace mg {

class EdgeInspector;
class ParameterPlot;
class ParametricGraphView;
class ParametricPreview;
class Project;
class TransitionStrip;
class ViewportWidget;
template <class T>
class JobSlot;
struct DemoResult;

// The Parametric Motion Graph part of the editor window: the "Parametric Graph" canvas dock
// (with the preview strip and walk/steer buttons), the "Edge Inspector" dock, the "Parametric
// Node" dock (the selected node's parameter plot; drag to play its blend), the New Node dialog,
// transition / random-walk / steering previews in the viewport, and File > Export Parametric
// Graph. Nodes read from a project file are rebuilt in the background (built nodes are caches).
class ParametricWorkspace : public QObject {
  Q_OBJECT

 public:
  // All must outlive the workspace. Docks go to `window`, their toggles to `viewMenu`; the export
  // action is put in `fileMenu` before `before` (may be null: appended).
  ParametricWorkspace(QMainWindow* window, Project* project, ViewportWidget* viewport, QMenu* viewMenu,
                      QMenu* fileMenu, QAction* before);
  ~ParametricWorkspace() override;

  ParametricGraphView* graphView() const { return m_graph; }
  EdgeInspector* inspector() const { return m_inspector; }
  ParametricPreview* preview() const { return m_preview; }
  QDockWidget* inspectorDock() const { return m_inspectorDock; }
  QAction* exportAction() const { return m_export; }

  void showNewNodeDialog();
  // Writes `path` (.pmg text) and `path`.json; the error text is empty on success.
  QString exportTo(const QString& path) const;
  void startWalk(bool steering);
  // --pmg-demo: loads the CMU walks of `directory` (cmu_turns), builds a walking node
  // parameterised by turn angle from two-step cycles and its self-loop edge, and selects the edge.
  void runDemo(const QString& directory);

 signals:
  void demoReady();

 private:
  QDockWidget* addDock(QWidget* content, const QString& title, const char* name, Qt::DockWidgetArea area);
  void playNodeBlend(std::shared_ptr<const ParametricNode> node, const ParameterVector& l);
  void previewTransition(ParamEdgeId edge, const ParameterVector& source, const ParameterVector& target);
  void buildPendingNodes();
  void showNode(ParamNodeId id);

  QMainWindow* m_window;
  Project* m_project;
  ViewportWidget* m_viewport;
  QMenu* m_viewMenu;
  QThreadPool m_pool;
  ParametricGraphView* m_graph = nullptr;
  EdgeInspector* m_inspector = nullptr;
  ParameterPlot* m_plot = nullptr;
  QLabel* m_nodeInfo = nullptr;
  TransitionStrip* m_strip = nullptr;
  ParametricPreview* m_preview = nullptr;
  QLabel* m_status = nullptr;
  QDockWidget* m_inspectorDock = nullptr;
  QAction* m_export = nullptr;
  ParamNodeId m_shownNode = kNoParamId;
  ParamNodeId m_building = kNoParamId;
  std::unique_ptr<JobSlot<std::shared_ptr<const Motion>>> m_clipJob;
  std::unique_ptr<JobSlot<std::shared_ptr<const DemoResult>>> m_demoJob;
  struct Pending;
  std::unique_ptr<Pending> m_pending;  // node build and transition preview jobs
};

}  // namespace mg
