// SPDX-License-Identifier: MIT
#pragma once

#include <map>
#include <utility>
#include <vector>

#include <QGraphicsItem>
#include <QGraphicsScene>

#include "widgets/document/hub_list.h"

namespace mg {

class Project;
class SnapSession;
class HubGraphScene;

// A hub as a node. Holds only its id; everything it draws is asked from the scene.
class HubNodeItem : public QGraphicsItem {
 public:
  HubNodeItem(HubGraphScene* scene, HubId id);
  HubId id() const { return m_id; }
  QRectF boundingRect() const override;
  void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;
  static constexpr double kRadius = 34.0;

 protected:
  QVariant itemChange(GraphicsItemChange change, const QVariant& value) override;
  void mousePressEvent(QGraphicsSceneMouseEvent* event) override;
  void mouseReleaseEvent(QGraphicsSceneMouseEvent* event) override;

 private:
  HubGraphScene* m_scene;
  HubId m_id;
  QPointF m_pressPos;
};

// The parallel clips from one hub to another (or a self-loop) as one arrow with a count label.
class HubEdgeItem : public QGraphicsItem {
 public:
  HubEdgeItem(HubGraphScene* scene, HubId from, HubId to);
  HubId from() const { return m_from; }
  HubId to() const { return m_to; }
  QRectF boundingRect() const override;
  QPainterPath shape() const override;
  void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;
  void updateGeometry();

 protected:
  void mousePressEvent(QGraphicsSceneMouseEvent* event) override;

 private:
  QPainterPath path(QPointF* labelPos, QPolygonF* head) const;
  HubGraphScene* m_scene;
  HubId m_from, m_to;
};

// The graph canvas as a projection of the document's hubs and the session's derived graph
// (QtNodes' pattern): one node item per hub (id -> item map), one edge item per (from, to)
// bundle. Rebuilt from signals; edits leave as signals (nodeMoved) so the caller pushes
// commands on the project's stack; the scene owns no undo stack.
class HubGraphScene : public QGraphicsScene {
  Q_OBJECT

 public:
  HubGraphScene(Project* project, SnapSession* session, QObject* parent = nullptr);

  int nodeItemCount() const { return static_cast<int>(m_nodes.size()); }
  int edgeItemCount() const { return static_cast<int>(m_edges.size()); }
  HubNodeItem* nodeItem(HubId id) const;
  HubEdgeItem* edgeItem(HubId from, HubId to) const;

  // Derived facts the items draw.
  const HubSpec* spec(HubId id) const;
  int bundleCount(HubId from, HubId to) const;     // parallel clips from -> to
  std::vector<int> bundleEdges(HubId from, HubId to) const;  // graph edge indices
  int inDegree(HubId id) const;
  int outDegree(HubId id) const;
  bool isDeadEnd(HubId id) const;
  bool hasMatches(HubId id) const;                 // false: its match set is empty
  bool isCurrent(HubId from, HubId to) const;      // the walk is on a clip of this bundle

  // Emits edgeActivated with the next clip of the bundle (what clicking an edge does).
  void activateBundle(HubId from, HubId to);

  // Highlights the bundle of graph edge `edge` (-1: none).
  void setCurrentEdge(int edge);
  int currentEdge() const { return m_currentEdge; }

 signals:
  // A node was dragged from one place to another (push moveHubNodeCommand).
  void nodeMoved(mg::HubId id, QPointF position);
  void nodeActivated(mg::HubId id);
  // A bundle was clicked: `edge` is one of its clips (cycling through them on repeated clicks).
  void edgeActivated(int edge);

 private:
  friend class HubNodeItem;
  void removeNode(HubId id);
  void syncNodes();
  void rebuildEdges();
  void updateEdgeGeometry(HubId id);
  QPointF defaultPosition(int row, int count) const;

  Project* m_project;
  SnapSession* m_session;
  std::map<HubId, HubNodeItem*> m_nodes;
  std::map<std::pair<HubId, HubId>, HubEdgeItem*> m_edges;
  std::map<std::pair<HubId, HubId>, int> m_clickCycle;
  int m_currentEdge = -1;
};

}  // namespace mg
