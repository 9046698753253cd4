// SPDX-License-Identifier: MIT
#include "widgets/views/snap/hub_graph_model.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include <QInputDialog>
#include <QLineEdit>
#include <QMenu>

#include "widgets/commands/hub_commands.h"
#include "widgets/document/hub_list.h"
#include "widgets/document/project.h"
#include "widgets/jobs/snap_pipeline.h"
#include "widgets/jobs/snap_session.h"
#include "widgets/views/common/count_text.h"

namespace mg {

namespace {
const QColor kDeadEnd(235, 70, 70);

QPointF defaultPosition(int row, int count) {
  const double angle = 2 * std::numbers::pi * row / std::max(1, count) - std::numbers::pi / 2;
  const double radius = 90 + 28 * count;
  return {radius * std::cos(angle), radius * std::sin(angle)};
}
}  // namespace

HubGraphModel::HubGraphModel(Project* project, SnapSession* session, QObject* parent)
    : GraphModel(parent), m_project(project), m_session(session) {
  HubList* hubs = hubsOf(*project);
  connect(hubs, &HubList::hubAdded, this, &HubGraphModel::syncNodes);
  connect(hubs, &HubList::hubRemoved, this, &HubGraphModel::syncNodes);
  connect(hubs, &HubList::hubChanged, this, &HubGraphModel::syncNodes);
  connect(hubs, &HubList::hubsReset, this, &HubGraphModel::syncNodes);
  connect(session, &SnapSession::stateChanged, this, &HubGraphModel::rebuildEdges);
  syncNodes();
  rebuildEdges();
}

GraphEdgeId HubGraphModel::bundleId(HubId from, HubId to) const {
  auto it = m_bundleIds.find({from, to});
  return it != m_bundleIds.end() && edge(it->second) ? it->second : kNoGraphId;
}

std::pair<HubId, HubId> HubGraphModel::bundleHubs(GraphEdgeId id) const {
  const GraphModelEdge* e = edge(id);
  return e ? std::pair<HubId, HubId>{e->from, e->to} : std::pair<HubId, HubId>{kNoHub, kNoHub};
}

std::vector<int> HubGraphModel::bundleEdges(HubId from, HubId to) const {
  const auto state = m_session->state();
  std::vector<int> out;
  const int a = state->graphHubIndex(from), b = state->graphHubIndex(to);
  for (int e = 0; e < static_cast<int>(state->graph.edges.size()); ++e) {
    if (state->graph.edges[e].fromHub == a && state->graph.edges[e].toHub == b) out.push_back(e);
  }
  return out;
}

int HubGraphModel::bundleCount(HubId from, HubId to) const {
  return static_cast<int>(bundleEdges(from, to).size());
}

HubDegrees hubDegrees(const SnapPipelineState& state, HubId id) {
  HubDegrees d;
  const int h = state.graphHubIndex(id);
  if (h < 0) return d;
  for (const HubEdge& e : state.graph.edges) {
    if (e.fromHub == h && e.toHub == h) {
      ++d.loops;
    } else if (e.fromHub == h) {
      ++d.out;
    } else if (e.toHub == h) {
      ++d.in;
    }
  }
  d.deadEnd = std::binary_search(state.deadEnds.begin(), state.deadEnds.end(), h);
  return d;
}

QString deadEndLabel(const HubDegrees& d) {
  if (!d.deadEnd) return {};
  if (d.out > 0) return HubGraphModel::tr("no way back");
  return d.loops > 0 ? HubGraphModel::tr("self-loops only") : HubGraphModel::tr("dead end");
}

QString deadEndExplanation(const HubDegrees& d, const QString& hubName) {
  if (!d.deadEnd) return {};
  if (d.out > 0) {
    return HubGraphModel::tr(
               "%1: clips leave it, but no walk from here comes back to the largest connected "
               "part of the graph; prune it or add matches")
        .arg(hubName);
  }
  if (d.loops > 0) {
    const QString clips = countText(d.loops, HubGraphModel::tr("its one clip returns"),
                                    HubGraphModel::tr("its %1 clips all return"));
    return HubGraphModel::tr(
               "%1: %2 to itself; none leads to another hub, so a walk that gets here loops here "
               "for ever. Prune it or add matches")
        .arg(hubName, clips);
  }
  return HubGraphModel::tr(
             "%1: no clip leaves this hub (a walk stops here); prune it or add matches")
      .arg(hubName);
}

int HubGraphModel::inDegree(HubId id) const {
  return hubDegrees(*m_session->state(), id).in;
}

int HubGraphModel::outDegree(HubId id) const {
  return hubDegrees(*m_session->state(), id).out;
}

bool HubGraphModel::isDeadEnd(HubId id) const {
  return hubDegrees(*m_session->state(), id).deadEnd;
}

bool HubGraphModel::hasMatches(HubId id) const {
  return m_session->state()->graphHubIndex(id) >= 0;
}

GraphModelNode HubGraphModel::nodeFor(const HubSpec& spec, int row, int count) const {
  GraphModelNode n;
  n.id = spec.id;
  n.label = spec.name;
  n.colour = spec.colour;
  n.position = spec.nodePosition.value_or(defaultPosition(row, count));
  n.dimmed = !hasMatches(spec.id);
  const HubDegrees d = hubDegrees(*m_session->state(), spec.id);
  n.deadEnd = d.deadEnd;
  n.deadEndLabel = deadEndLabel(d);
  // In and out count clips between hubs; loops back to the hub itself are the ×n loop arrow.
  n.detail = n.dimmed ? tr("no match") : tr("in %1 · out %2").arg(d.in).arg(d.out);
  n.toolTip = n.deadEnd ? deadEndExplanation(d, spec.name) : spec.name;
  return n;
}

void HubGraphModel::syncNodes() {
  const auto& hubs = hubsOf(*m_project)->hubs();
  for (GraphNodeId id : nodeIds()) {
    if (!hubsOf(*m_project)->hub(id)) removeNode(id);
  }
  for (int row = 0; row < static_cast<int>(hubs.size()); ++row) {
    setNode(nodeFor(hubs[row], row, static_cast<int>(hubs.size())));
  }
  // Edge colours follow their hub's colour and dead-end state.
  rebuildEdges();
}

void HubGraphModel::rebuildEdges() {
  const auto state = m_session->state();
  // Node facts (counts, dead ends) come from the state too.
  const auto& hubs = hubsOf(*m_project)->hubs();
  for (int row = 0; row < static_cast<int>(hubs.size()); ++row) {
    setNode(nodeFor(hubs[row], row, static_cast<int>(hubs.size())));
  }
  std::map<std::pair<HubId, HubId>, int> counts;
  for (const HubEdge& e : state->graph.edges) {
    ++counts[{state->graphHubs[e.fromHub], state->graphHubs[e.toHub]}];
  }
  std::vector<GraphEdgeId> keep;
  for (const auto& [key, count] : counts) {
    const HubSpec* from = hubsOf(*m_project)->hub(key.first);
    if (!from || !node(key.first) || !node(key.second)) continue;
    auto [it, fresh] = m_bundleIds.try_emplace(key, m_nextEdgeId);
    if (fresh) ++m_nextEdgeId;
    GraphModelEdge e;
    e.id = it->second;
    e.from = key.first;
    e.to = key.second;
    e.count = count;
    e.colour = isDeadEnd(key.first) || isDeadEnd(key.second) ? kDeadEnd : from->colour;
    e.toolTip = tr("%1 → %2: %3")
                    .arg(from->name, hubsOf(*m_project)->hub(key.second)->name,
                         countText(count, tr("%1 clip"), tr("%1 clips")));
    setEdge(e);
    keep.push_back(e.id);
  }
  for (GraphEdgeId id : edgeIds()) {
    if (std::find(keep.begin(), keep.end(), id) == keep.end()) removeEdge(id);
  }
}

void HubGraphModel::setCurrentGraphEdge(int edgeIndex) {
  const auto state = m_session->state();
  if (edgeIndex < 0 || edgeIndex >= static_cast<int>(state->graph.edges.size())) {
    setCurrentEdge(kNoGraphId);
    return;
  }
  const HubEdge& e = state->graph.edges[edgeIndex];
  setCurrentEdge(bundleId(state->graphHubs[e.fromHub], state->graphHubs[e.toHub]));
}

void HubGraphModel::moveNode(GraphNodeId id, QPointF position) {
  if (!hubsOf(*m_project)->hub(id)) return;
  m_project->undoStack()->push(moveHubNodeCommand(hubsOf(*m_project), id, position));
}

void HubGraphModel::deleteItems(const std::vector<GraphNodeId>& nodes,
                                const std::vector<GraphEdgeId>&) {
  // Bundles are derived from the hubs' match sets: only hubs can be deleted.
  std::vector<HubId> ids;
  for (GraphNodeId id : nodes) {
    if (hubsOf(*m_project)->hub(id)) ids.push_back(id);
  }
  if (ids.empty()) return;
  if (ids.size() == 1) {
    m_project->undoStack()->push(new RemoveHubCommand(hubsOf(*m_project), ids[0]));
  } else {
    m_project->undoStack()->push(new PruneHubsCommand(hubsOf(*m_project), ids));
  }
}

void HubGraphModel::activateNode(GraphNodeId id) {
  emit hubActivated(id);
}

void HubGraphModel::activateEdge(GraphEdgeId id) {
  const auto [from, to] = bundleHubs(id);
  const std::vector<int> edges = bundleEdges(from, to);
  if (edges.empty()) return;
  int& cycle = m_clickCycle[{from, to}];
  emit clipActivated(edges[cycle++ % edges.size()]);
}

void HubGraphModel::renameHub(HubId id, const QString& name) {
  if (!hubsOf(*m_project)->hub(id) || name.trimmed().isEmpty()) return;
  m_project->undoStack()->push(renameHubCommand(hubsOf(*m_project), id, name.trimmed()));
}

void HubGraphModel::fillNodeMenu(QMenu* menu, GraphNodeId id) {
  const HubSpec* spec = hubsOf(*m_project)->hub(id);
  if (!spec) return;
  menu->addAction(tr("Rename Hub..."), menu, [this, id, menu] {
    const HubSpec* s = hubsOf(*m_project)->hub(id);
    if (!s) return;
    bool ok = false;
    const QString name = QInputDialog::getText(menu->parentWidget(), tr("Rename Hub"), tr("Name:"),
                                               QLineEdit::Normal, s->name, &ok);
    if (ok) renameHub(id, name);
  });
  QAction* pose =
      menu->addAction(tr("Show Common Pose"), this, [this, id] { emit hubPoseRequested(id); });
  pose->setEnabled(hasMatches(id));
  menu->addSeparator();
  QAction* prune = menu->addAction(tr("Prune Dead Ends"), this, &HubGraphModel::pruneRequested);
  prune->setEnabled(!m_session->state()->deadEnds.empty());
  menu->addAction(tr("Delete Hub"), this, [this, id] { deleteItems({id}, {}); });
}

void HubGraphModel::fillEdgeMenu(QMenu* menu, GraphEdgeId id) {
  const auto [from, to] = bundleHubs(id);
  const std::vector<int> clips = bundleEdges(from, to);
  if (clips.empty()) return;
  const auto state = m_session->state();
  for (size_t i = 0; i < clips.size() && i < 12; ++i) {
    const Clip& c = state->graph.edges[clips[i]].clip;
    const int edgeIndex = clips[i];
    menu->addAction(tr("Play Clip %1 (motion %2, frames %3-%4)")
                        .arg(i + 1)
                        .arg(c.motion + 1)
                        .arg(c.beginFrame)
                        .arg(c.endFrame - 1),
                    this, [this, edgeIndex] { emit clipActivated(edgeIndex); });
  }
  if (clips.size() > 12)
    menu->addAction(tr("(%1 more clips: click the arrow to cycle)").arg(clips.size() - 12))
        ->setEnabled(false);
  menu->addSeparator();
  menu->addAction(tr("Select Source Hub"), this, [this, from = from] { emit hubActivated(from); });
  menu->addAction(tr("Select Target Hub"), this, [this, to = to] { emit hubActivated(to); });
}

}  // namespace mg
