// SPDX-License-Identifier: MIT
#pragma once

#include "widgets/document/parametric_document.h"
#include "widgets/views/graph/graph_model.h"

namespace mg {

class Project;

// The parametric motion graph as a GraphModel: node id = ParamNodeId, edge id = ParamEdgeId
// (both stable in the document). Edges are coloured by state: green = the transition exists,
// red = it does not (the tool tip says why), grey = not sampled yet; parallel edges are drawn
// side by side. A node with no existing edge leaving it is a dead end (a walk that
// reaches it stops), marked as the hub graph marks them. Drags and deletions push the
// parametric commands on the project's stack. `project` must outlive the model.
class ParametricGraphModel : public GraphModel {
  Q_OBJECT

 public:
  explicit ParametricGraphModel(Project* project, QObject* parent = nullptr);

  // True when no existing (sampled, classified as existing) edge leaves node `id`.
  bool isDeadEnd(ParamNodeId id) const;

  void moveNode(GraphNodeId id, QPointF position) override;
  void deleteItems(const std::vector<GraphNodeId>& nodes,
                   const std::vector<GraphEdgeId>& edges) override;
  void fillNodeMenu(QMenu* menu, GraphNodeId id) override;
  void fillEdgeMenu(QMenu* menu, GraphEdgeId id) override;
  // "Add Edge To": one undoable step; emits edgeCreated so the owner can sample it.
  ParamEdgeId addEdge(ParamNodeId source, ParamNodeId target);

 signals:
  void edgeCreated(mg::ParamEdgeId id);
  // Context-menu requests the workspace serves.
  void nodeInspectRequested(mg::ParamNodeId id);
  void edgeInspectRequested(mg::ParamEdgeId id);
  void walkRequested(mg::ParamNodeId startNode);

 private:
  void sync();

  Project* m_project;
};

}  // namespace mg
