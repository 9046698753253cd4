// SPDX-License-Identifier: MIT
#pragma once

#include <map>
#include <optional>
#include <vector>

#include <QColor>
#include <QObject>
#include <QPointF>
#include <QString>

class QMenu;

namespace mg {

// Ids of the drawn graph. Stable for the life of what they stand for (a hub, a parametric node,
// a bundle of parallel clips...): an adapter maps its document's ids to these and never reuses one.
using GraphNodeId = int;
using GraphEdgeId = int;
inline constexpr int kNoGraphId = -1;

// What the canvas draws for one node. Every graph kind fills the same fields.
struct GraphModelNode {
  GraphNodeId id = kNoGraphId;
  QString label;         // name, drawn bold in the disc
  QString detail;        // second line in the disc, e.g. "in 2 · out 3" or "2-D, 8 ex."
  QColor colour;         // the kind's colour for this node (the disc is a darker shade)
  QPointF position;      // scene coordinates of the centre
  bool deadEnd = false;  // no way out: drawn with a red dashed ring and deadEndLabel under it
  QString deadEndLabel;  // the kind's word for its dead end; empty: "dead end"
  bool dimmed = false;   // e.g. a hub without matches, a node still building
  QString toolTip;
  bool operator==(const GraphModelNode&) const = default;
};

// One arrow. `count` > 1 bundles that many parallel edges of the kind's graph into one arrow
// with a "×count" badge; from == to is a self-loop. Several arrows with the same endpoints are
// drawn side by side. `quality` in [0, 1] (0 good, 1 bad), when set, colours the arrow on a
// green-to-red ramp instead of `colour`.
struct GraphModelEdge {
  GraphEdgeId id = kNoGraphId;
  GraphNodeId from = kNoGraphId;
  GraphNodeId to = kNoGraphId;
  QColor colour;
  int count = 1;
  std::optional<double> quality;
  QString toolTip;
  bool operator==(const GraphModelEdge&) const = default;
};

// The graph a canvas shows, as QtNodes models it: a QObject with stable integer ids and change
// signals. Each graph kind subclasses it as the adapter of its document (hubs and the derived
// snap graph, the parametric document, ...), filling nodes and edges from the document's signals
// and overriding the edit hooks below to push undoable commands on the document's stack, whose
// change signals come back here. GraphScene projects it. It holds drawing attributes only;
// the base class changes no document. UI thread only.
class GraphModel : public QObject {
  Q_OBJECT

 public:
  explicit GraphModel(QObject* parent = nullptr);
  ~GraphModel() override;

  // Edit hooks the scene calls. A drag ended with node `id` at `position`; the base moves the
  // model's node (a kind with a document pushes a move command instead).
  virtual void moveNode(GraphNodeId id, QPointF position);
  // The Delete key on the selection; the base does nothing.
  virtual void deleteItems(const std::vector<GraphNodeId>& nodes,
                           const std::vector<GraphEdgeId>& edges);
  // A node / edge was pressed (e.g. play the clip of an edge); the base does nothing.
  virtual void activateNode(GraphNodeId id);
  virtual void activateEdge(GraphEdgeId id);
  // Adds the actions of a node's / edge's context menu (the actions may outlive the call only as
  // children of `menu`); the base adds none.
  virtual void fillNodeMenu(QMenu* menu, GraphNodeId id);
  virtual void fillEdgeMenu(QMenu* menu, GraphEdgeId id);

  // Adds the node, or changes it when its id is present. Emits nodeAdded or (when anything
  // differs) nodeChanged. Precondition: node.id >= 0.
  void setNode(const GraphModelNode& node);
  // Removes the node and every edge that touches it (edgeRemoved first, then nodeRemoved).
  void removeNode(GraphNodeId id);
  // Adds the edge, or changes it when its id is present. Ignored when an endpoint is missing.
  void setEdge(const GraphModelEdge& edge);
  void removeEdge(GraphEdgeId id);
  // Removes everything (edges, then nodes, each with its signal).
  void clear();
  // Moves a node (nodeChanged); used when the document's position changes.
  void setNodePosition(GraphNodeId id, QPointF position);

  // The edge a preview is playing (-1: none); drawn highlighted.
  void setCurrentEdge(GraphEdgeId id);
  GraphEdgeId currentEdge() const { return m_current; }

  const GraphModelNode* node(GraphNodeId id) const;
  const GraphModelEdge* edge(GraphEdgeId id) const;
  std::vector<GraphNodeId> nodeIds() const;  // ascending
  std::vector<GraphEdgeId> edgeIds() const;  // ascending
  int nodeCount() const { return static_cast<int>(m_nodes.size()); }
  int edgeCount() const { return static_cast<int>(m_edges.size()); }
  // Edges between the same two nodes in the same direction, ascending ids (for side-by-side lanes).
  std::vector<GraphEdgeId> parallelEdges(GraphNodeId from, GraphNodeId to) const;
  std::vector<GraphEdgeId> edgesOf(GraphNodeId node) const;  // touching `node`

 signals:
  void nodeAdded(mg::GraphNodeId id);
  void nodeRemoved(mg::GraphNodeId id);
  void nodeChanged(mg::GraphNodeId id);
  void edgeAdded(mg::GraphEdgeId id);
  void edgeRemoved(mg::GraphEdgeId id);
  void edgeChanged(mg::GraphEdgeId id);
  void currentEdgeChanged(mg::GraphEdgeId id);

 private:
  std::map<GraphNodeId, GraphModelNode> m_nodes;
  std::map<GraphEdgeId, GraphModelEdge> m_edges;
  GraphEdgeId m_current = kNoGraphId;
};

}  // namespace mg
