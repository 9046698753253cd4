// SPDX-License-Identifier: MIT
#pragma once

#include <map>
#include <utility>
#include <vector>

#include "widgets/document/hub_list.h"
#include "widgets/views/graph/graph_model.h"

namespace mg {

class Project;
class SnapSession;
struct SnapPipelineState;

// A hub's clips in the derived graph: to other hubs, from other hubs, and back to itself, and
// whether it is a dead end as core/snap defines it (deadEndHubs: outside the largest strongly
// connected component, so a walk that reaches it never gets back to the rest of the graph).
// A hub whose clips all return to itself is such a dead end: "out" never counts its loops.
struct HubDegrees {
  int in = 0;     // clips arriving from other hubs
  int out = 0;    // clips leaving to other hubs
  int loops = 0;  // clips from the hub back to itself
  bool deadEnd = false;
  bool operator==(const HubDegrees&) const = default;
};
HubDegrees hubDegrees(const SnapPipelineState& state, HubId id);
// The word under a dead end's ring: "self-loops only" when its clips all return to it, "no way
// back" when clips leave but no walk returns to the main graph, "dead end" when none leave; empty
// when it is no dead end. And the node's tooltip sentence saying why.
QString deadEndLabel(const HubDegrees& d);
QString deadEndExplanation(const HubDegrees& d, const QString& hubName);

// The Snap-Together hub graph as a GraphModel: one node per document hub (node id = HubId), one
// edge per (from hub, to hub) bundle of the session's derived graph with the clip count as its
// badge (edge ids allocated once per bundle and never reused). Dead ends, hubs without matches
// and in/out counts come from the session's state. Drags, renames and deletions push the hub
// commands on the project's stack. `project` and `session` must outlive the model.
class HubGraphModel : public GraphModel {
  Q_OBJECT

 public:
  HubGraphModel(Project* project, SnapSession* session, QObject* parent = nullptr);

  // The bundle edge from -> to (kNoGraphId when the graph has no clip from -> to), and back.
  GraphEdgeId bundleId(HubId from, HubId to) const;
  std::pair<HubId, HubId> bundleHubs(GraphEdgeId id) const;
  // Derived facts, from the session's current state.
  std::vector<int> bundleEdges(HubId from, HubId to) const;  // graph edge indices
  int bundleCount(HubId from, HubId to) const;
  // Clips from / to other hubs (self-loops are not counted; see hubDegrees).
  int inDegree(HubId id) const;
  int outDegree(HubId id) const;
  bool isDeadEnd(HubId id) const;
  bool hasMatches(HubId id) const;

  // Highlights the bundle of graph edge `edge` of the session's graph (-1: none).
  void setCurrentGraphEdge(int edge);

  // The edit hooks: a drag is moveHubNodeCommand, Delete removes hubs, pressing a bundle plays
  // its next clip (clipActivated), pressing a node selects the hub (hubActivated).
  void moveNode(GraphNodeId id, QPointF position) override;
  void deleteItems(const std::vector<GraphNodeId>& nodes,
                   const std::vector<GraphEdgeId>& edges) override;
  void activateNode(GraphNodeId id) override;
  void activateEdge(GraphEdgeId id) override;
  void fillNodeMenu(QMenu* menu, GraphNodeId id) override;
  void fillEdgeMenu(QMenu* menu, GraphEdgeId id) override;
  // What "Rename Hub..." does once the name is chosen (one undoable step).
  void renameHub(HubId id, const QString& name);

 signals:
  void hubActivated(mg::HubId id);
  // A clip (graph edge index) of a pressed bundle: repeated presses cycle through its clips.
  void clipActivated(int edge);
  // The context menu asked for the hub's common pose / for dead ends to be pruned.
  void hubPoseRequested(mg::HubId id);
  void pruneRequested();

 private:
  void syncNodes();
  void rebuildEdges();
  GraphModelNode nodeFor(const HubSpec& spec, int row, int count) const;

  Project* m_project;
  SnapSession* m_session;
  std::map<std::pair<HubId, HubId>, GraphEdgeId> m_bundleIds;  // every bundle ever seen
  GraphEdgeId m_nextEdgeId = 1;
  std::map<std::pair<HubId, HubId>, int> m_clickCycle;
};

}  // namespace mg
