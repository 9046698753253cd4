// SPDX-License-Identifier: MIT
#pragma once

#include <map>

#include <QGraphicsView>
#include <QWidget>

#include "widgets/document/parametric_document.h"

class QComboBox;
class QGraphicsScene;
class QGraphicsItem;
class QPushButton;

namespace mg {

class Project;

// The "Parametric Graph" dock: parametric nodes as discs and edges as arrows (a self-loop as a
// loop above its node), coloured by state: green = exists, red = does not exist, grey = not
// sampled. The scene is a projection of the document (items hold ids only). Dragging a node
// moves it undoably; the toolbar adds an edge between two chosen nodes and deletes the selection.
class ParametricGraphView : public QWidget {
  Q_OBJECT

 public:
  // `project` must outlive the view.
  explicit ParametricGraphView(Project* project, QWidget* parent = nullptr);
  // Disconnects from the scene first: QObject deletes the scene (a child) only after this class
  // is gone, and the scene's "selection changed" as its items go must not reach onSelection().
  ~ParametricGraphView() override;

  QGraphicsScene* scene() const { return m_scene; }
  ParamNodeId selectedNode() const;
  ParamEdgeId selectedEdge() const;
  void selectEdge(ParamEdgeId id);
  void selectNode(ParamNodeId id);
  int edgeItemCount() const { return static_cast<int>(m_edgeItems.size()); }
  int nodeItemCount() const { return static_cast<int>(m_nodeItems.size()); }
  // Adds an edge between the nodes chosen in the toolbar (AddParametricEdgeCommand); emits
  // edgeCreated so the caller can sample it.
  void addEdgeFromToolbar();
  void deleteSelection();

 signals:
  void nodeSelected(mg::ParamNodeId id);
  void edgeSelected(mg::ParamEdgeId id);
  void edgeCreated(mg::ParamEdgeId id);
  void newNodeRequested();

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  void rebuildScene();
  void refreshCombos();
  void onSelection();

  Project* m_project;
  QGraphicsScene* m_scene;
  QGraphicsView* m_view;
  QComboBox* m_from;
  QComboBox* m_to;
  QPushButton* m_addEdge;
  std::map<ParamNodeId, QGraphicsItem*> m_nodeItems;
  std::map<ParamEdgeId, QGraphicsItem*> m_edgeItems;
  bool m_rebuilding = false;
};

}  // namespace mg
