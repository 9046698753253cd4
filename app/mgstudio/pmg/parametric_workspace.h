// SPDX-License-Identifier: MIT
#pragma once

#include <memory>

#include <QString>

#include "app/mgstudio/workspace.h"

#include "widgets/document/parametric_document.h"

class QAction;
class QDockWidget;
class QLabel;

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
// A Workspace: the base registers the docks and the export action; New Project stops previews.
class ParametricWorkspace : public Workspace {
  Q_OBJECT

 public:
  // `context` must outlive the workspace; previews play on its stream player.
  explicit ParametricWorkspace(const WorkspaceContext& context);
  ~ParametricWorkspace() override;

  QString title() const override { return tr("Parametric"); }
  // The heatmap picks Snap-Together transitions; this kind finds its own.
  QStringList windowDocksHidden() const override { return {QStringLiteral("heatmapDock")}; }
  QString gettingStartedHtml() const override;
  GraphModel* graphModel() const override;
  void projectReset() override;
  // The graph of the built nodes written to `base`.pmg (none without a built node).
  ReportExport exportForReport(const QString& base) const override;
  // Builds the loaded nodes, then samples the loaded edges again (both caches, not in the file).
  void projectLoaded() override;
  // The progress strip's Cancel: stops sampling the loaded edges (Rebuild in the inspector
  // samples one later).
  void cancelJobs() override;

  ParametricGraphView* graphView() const { return m_graph; }
  EdgeInspector* inspector() const { return m_inspector; }
  ParametricPreview* preview() const { return m_preview; }
  QDockWidget* inspectorDock() const { return m_inspectorDock; }
  QAction* exportAction() const { return m_export; }

  void showNewNodeDialog();
  // Writes `path` (.pmg text) and `path`.json, `path` given the .pmg extension when it has another
  // or none (pmgExportPath); the error text is empty on success.
  QString exportTo(const QString& path) const;
  static QString pmgExportPath(const QString& chosen);
  void startWalk(bool steering);
  // --pmg-demo: loads the CMU walks of `directory` (cmu_turns), builds a walking node
  // parameterised by turn angle from two-step cycles and its self-loop edge, and selects the edge.
  void runDemo(const QString& directory);

 signals:
  void demoReady();

 private:
  void playNodeBlend(std::shared_ptr<const ParametricNode> node, const ParameterVector& l);
  void previewTransition(ParamEdgeId edge, const ParameterVector& source,
                         const ParameterVector& target);
  void buildPendingNodes();
  void samplePendingEdges();
  void showNode(ParamNodeId id);

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
