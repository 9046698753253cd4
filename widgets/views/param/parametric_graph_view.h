// SPDX-License-Identifier: MIT
#pragma once

#include <QWidget>

#include "widgets/document/parametric_document.h"

class QComboBox;
class QPushButton;

namespace mg {

class GraphScene;
class ParametricGraphModel;
class Project;
class ZoomingGraphicsView;

// The "Parametric Graph" dock: the shared graph canvas (GraphScene) projecting the document
// through ParametricGraphModel (green = the transition exists, red = it does not, grey = not
// sampled; dead-end nodes ringed in red), with a toolbar to make a node, add an edge between two
// chosen nodes and delete the selection. Dragging a node moves it undoably; right-click menus on
// nodes and edges.
class ParametricGraphView : public QWidget {
  Q_OBJECT

 public:
  // `project` must outlive the view.
  explicit ParametricGraphView(Project* project, QWidget* parent = nullptr);
  ~ParametricGraphView() override;

  GraphScene* scene() const { return m_scene; }
  ParametricGraphModel* model() const { return m_model; }
  ZoomingGraphicsView* view() const { return m_view; }
  ParamNodeId selectedNode() const;
  ParamEdgeId selectedEdge() const;
  void selectEdge(ParamEdgeId id);
  void selectNode(ParamNodeId id);
  int edgeItemCount() const;
  int nodeItemCount() const;
  // Adds an edge between the nodes chosen in the toolbar (AddParametricEdgeCommand); emits
  // edgeCreated so the caller can sample it.
  void addEdgeFromToolbar();
  void deleteSelection();

 signals:
  void nodeSelected(mg::ParamNodeId id);
  void edgeSelected(mg::ParamEdgeId id);
  void edgeCreated(mg::ParamEdgeId id);
  void newNodeRequested();

 private:
  void refreshCombos();
  void onSelection();

  Project* m_project;
  ParametricGraphModel* m_model;
  GraphScene* m_scene;
  ZoomingGraphicsView* m_view;
  QComboBox* m_from;
  QComboBox* m_to;
  QPushButton* m_addEdge;
};

}  // namespace mg
