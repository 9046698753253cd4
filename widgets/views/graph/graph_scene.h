// SPDX-License-Identifier: MIT
#pragma once

#include <map>
#include <memory>

#include <QGraphicsItem>
#include <QGraphicsScene>

#include "widgets/views/graph/graph_model.h"

class QMenu;

namespace mg {

class GraphScene;

// What a node shows at a zoom: its label, detail line and dead-end word, each elided to the room
// it has, or empty when left out.
struct GraphNodeLabels {
  QString label, detail, deadEnd;
};

// A node as a disc. Holds only its id; everything it draws is asked from the model.
class GraphNodeItem : public QGraphicsItem {
 public:
  GraphNodeItem(GraphScene* scene, GraphNodeId id);
  GraphNodeId id() const { return m_id; }
  QRectF boundingRect() const override;
  void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;
  static constexpr double kRadius = 34.0;

 protected:
  QVariant itemChange(GraphicsItemChange change, const QVariant& value) override;
  void mousePressEvent(QGraphicsSceneMouseEvent* event) override;

 private:
  GraphScene* m_scene;
  GraphNodeId m_id;
};

// An edge (or a bundle of parallel edges) as a curved arrow; a self-loop as a loop above its
// node. Holds only its id.
class GraphEdgeItem : public QGraphicsItem {
 public:
  GraphEdgeItem(GraphScene* scene, GraphEdgeId id);
  GraphEdgeId id() const { return m_id; }
  QRectF boundingRect() const override;
  QPainterPath shape() const override;
  void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;
  void updateGeometry() { prepareGeometryChange(); }
  // The colour the arrow is drawn in (current, quality ramp or the model's colour).
  QColor drawnColour() const;

 protected:
  void mousePressEvent(QGraphicsSceneMouseEvent* event) override;

 private:
  QPainterPath path(QPointF* labelPos, QPolygonF* head) const;
  GraphScene* m_scene;
  GraphEdgeId m_id;
};

// The canvas of every graph kind: a projection of a GraphModel (QtNodes' pattern), one item per
// node and edge kept in id -> item maps, updated from the model's signals. It owns no undo stack
// and changes no document: a finished drag leaves as nodeMoved, a right click asks the model for
// the context menu (GraphModel::fillNodeMenu / fillEdgeMenu), and the model's owner turns those
// into commands. UI thread only; `model` must outlive the scene.
class GraphScene : public QGraphicsScene {
  Q_OBJECT

 public:
  explicit GraphScene(GraphModel* model, QObject* parent = nullptr);

  GraphModel* model() const { return m_model; }
  int nodeItemCount() const { return static_cast<int>(m_nodes.size()); }
  int edgeItemCount() const { return static_cast<int>(m_edges.size()); }
  GraphNodeItem* nodeItem(GraphNodeId id) const;
  GraphEdgeItem* edgeItem(GraphEdgeId id) const;

  // The first selected node / edge (kNoGraphId: none), and selecting one alone.
  GraphNodeId selectedNode() const;
  GraphEdgeId selectedEdge() const;
  void selectNode(GraphNodeId id);
  void selectEdge(GraphEdgeId id);

  // The context menu a right click on a node / edge opens (null when the model offers none).
  std::unique_ptr<QMenu> nodeMenu(GraphNodeId id) const;
  std::unique_ptr<QMenu> edgeMenu(GraphEdgeId id) const;

  // Side-by-side index of an edge among the edges with its endpoints (0 for the first).
  int laneOf(GraphEdgeId id) const;

  // Node text. The widest a label may be, in scene units (about two discs), and the gap kept
  // between neighbouring labels.
  static constexpr double kLabelSpan = 128.0;
  static constexpr double kLabelGap = 8.0;
  // Scene units of room for node `id`'s label: up to kLabelSpan, less when a node beside it
  // (within a disc's height above or below) is nearer.
  double labelRoom(GraphNodeId id) const;
  // Text is drawn at its font's size on screen when zoomed out (`pixelsPerUnit` < 1) and grows
  // with the view when zoomed in: its size in scene units is (font size) / textScale.
  static double textScale(double pixelsPerUnit);
  // What node `id` shows at `pixelsPerUnit` screen pixels per scene unit.
  GraphNodeLabels nodeLabels(GraphNodeId id, double pixelsPerUnit) const;
  // The drawn label's rectangle in scene coordinates (empty when it is left out).
  QRectF labelRect(GraphNodeId id, double pixelsPerUnit) const;
  QFont labelFont() const;
  QFont detailFont() const;

 signals:
  // A drag ended with the node at `position` (the owner pushes a move command).
  void nodeMoved(mg::GraphNodeId id, QPointF position);
  // A node / edge was pressed.
  void nodeActivated(mg::GraphNodeId id);
  void edgeActivated(mg::GraphEdgeId id);

 protected:
  void mouseReleaseEvent(QGraphicsSceneMouseEvent* event) override;
  // Delete / Backspace hand the selection to GraphModel::deleteItems.
  void keyPressEvent(QKeyEvent* event) override;
  void contextMenuEvent(QGraphicsSceneContextMenuEvent* event) override;

 private:
  friend class GraphNodeItem;
  void addNodeItem(GraphNodeId id);
  void removeNodeItem(GraphNodeId id);
  void syncNodeItem(GraphNodeId id);
  void addEdgeItem(GraphEdgeId id);
  void removeEdgeItem(GraphEdgeId id);
  void updateEdgesOf(GraphNodeId id);
  void updateLanes(GraphEdgeId id);

  GraphModel* m_model;
  std::map<GraphNodeId, GraphNodeItem*> m_nodes;
  std::map<GraphEdgeId, GraphEdgeItem*> m_edges;
};

}  // namespace mg
