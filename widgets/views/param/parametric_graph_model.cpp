// SPDX-License-Identifier: MIT
#include "widgets/views/param/parametric_graph_model.h"

#include <QMenu>

#include "core/param/parametric_edge.h"
#include "core/param/parametric_node.h"
#include "widgets/commands/parametric_commands.h"
#include "widgets/document/parametric_document.h"
#include "widgets/document/project.h"

namespace mg {

namespace {
QColor edgeColour(const ParamEdgeEntry& e) {
  if (!e.classified) return QColor(140, 140, 148);
  return e.classified->exists ? QColor(90, 200, 110) : QColor(225, 80, 75);
}
}  // namespace

ParametricGraphModel::ParametricGraphModel(Project* project, QObject* parent)
    : GraphModel(parent), m_project(project) {
  ParametricDocument* doc = parametricOf(*project);
  for (auto signal : {&ParametricDocument::nodeAdded, &ParametricDocument::nodeRemoved,
                      &ParametricDocument::nodeChanged, &ParametricDocument::edgeAdded,
                      &ParametricDocument::edgeRemoved, &ParametricDocument::edgeChanged}) {
    connect(doc, signal, this, &ParametricGraphModel::sync);
  }
  connect(doc, &ParametricDocument::reset, this, &ParametricGraphModel::sync);
  sync();
}

bool ParametricGraphModel::isDeadEnd(ParamNodeId id) const {
  for (const ParamEdgeEntry& e : parametricOf(*m_project)->edges()) {
    if (e.source == id && e.classified && e.classified->exists) return false;
  }
  return true;
}

void ParametricGraphModel::sync() {
  const ParametricDocument* doc = parametricOf(*m_project);
  for (GraphEdgeId id : edgeIds()) {
    if (!doc->edge(id)) removeEdge(id);
  }
  for (GraphNodeId id : nodeIds()) {
    if (!doc->node(id)) removeNode(id);
  }
  for (const ParamNodeEntry& n : doc->nodes()) {
    GraphModelNode g;
    g.id = n.id;
    g.label = QString::fromStdString(n.name);
    g.colour = QColor(110, 170, 240);
    g.position = QPointF(n.canvasX, n.canvasY);
    g.dimmed = !n.built;
    g.detail = n.built ? tr("%1-D, %2 ex.").arg(n.built->dimensions()).arg(n.examples.size())
                       : tr("building...");
    g.deadEnd = isDeadEnd(n.id);
    g.toolTip = g.deadEnd ? tr("%1: no existing transition leaves this node, so a walk stops here. "
                               "Add an edge (right-click > Add Edge To) or loosen its thresholds.")
                                .arg(g.label)
                          : g.label;
    setNode(g);
  }
  for (const ParamEdgeEntry& e : doc->edges()) {
    GraphModelEdge g;
    g.id = e.id;
    g.from = e.source;
    g.to = e.target;
    g.colour = edgeColour(e);
    if (!e.classified) {
      g.toolTip = tr("Not sampled yet: select it and Rebuild in the Edge Inspector.");
    } else if (!e.classified->exists) {
      g.toolTip = QString::fromStdString(e.classified->why);
    } else {
      g.toolTip = tr("Transition exists");
    }
    setEdge(g);
  }
}

void ParametricGraphModel::moveNode(GraphNodeId id, QPointF position) {
  if (!parametricOf(*m_project)->node(id)) return;
  m_project->undoStack()->push(
      moveParametricNodeCommand(parametricOf(*m_project), id, position.x(), position.y()));
}

void ParametricGraphModel::deleteItems(const std::vector<GraphNodeId>& nodes,
                                       const std::vector<GraphEdgeId>& edges) {
  ParametricDocument* doc = parametricOf(*m_project);
  // Edges first: a node's removal takes its edges with it.
  for (GraphEdgeId e : edges) {
    if (doc->edge(e)) m_project->undoStack()->push(new RemoveParametricEdgeCommand(doc, e));
  }
  for (GraphNodeId n : nodes) {
    if (doc->node(n)) m_project->undoStack()->push(new RemoveParametricNodeCommand(doc, n));
  }
}

ParamEdgeId ParametricGraphModel::addEdge(ParamNodeId source, ParamNodeId target) {
  ParametricDocument* doc = parametricOf(*m_project);
  if (!doc->node(source) || !doc->node(target)) return kNoParamId;
  ParamEdgeEntry e;
  e.source = source;
  e.target = target;
  auto* cmd = new AddParametricEdgeCommand(doc, e);
  const ParamEdgeId id = cmd->id();
  m_project->undoStack()->push(cmd);
  emit edgeCreated(id);
  return id;
}

void ParametricGraphModel::fillNodeMenu(QMenu* menu, GraphNodeId id) {
  const ParamNodeEntry* n = parametricOf(*m_project)->node(id);
  if (!n) return;
  menu->addAction(tr("Show Node"), this, [this, id] { emit nodeInspectRequested(id); });
  QMenu* to = menu->addMenu(tr("Add Edge To"));
  for (const ParamNodeEntry& t : parametricOf(*m_project)->nodes()) {
    const ParamNodeId target = t.id;
    to->addAction(QString::fromStdString(t.name), this,
                  [this, id, target] { addEdge(id, target); });
  }
  QAction* walk =
      menu->addAction(tr("Random Walk From Here"), this, [this, id] { emit walkRequested(id); });
  walk->setEnabled(n->built != nullptr);
  menu->addSeparator();
  menu->addAction(tr("Delete Node"), this, [this, id] { deleteItems({id}, {}); });
}

void ParametricGraphModel::fillEdgeMenu(QMenu* menu, GraphEdgeId id) {
  if (!parametricOf(*m_project)->edge(id)) return;
  menu->addAction(tr("Inspect Edge"), this, [this, id] { emit edgeInspectRequested(id); });
  menu->addSeparator();
  menu->addAction(tr("Delete Edge"), this, [this, id] { deleteItems({}, {id}); });
}

}  // namespace mg
