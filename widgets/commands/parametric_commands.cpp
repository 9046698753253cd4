// SPDX-License-Identifier: MIT
#include "widgets/commands/parametric_commands.h"

#include "widgets/commands/change_value.h"
#include "widgets/commands/command_text.h"
#include "widgets/commands/motion_uses.h"
#include "widgets/views/common/count_text.h"

namespace mg {

AddParametricNodeCommand::AddParametricNodeCommand(ParametricDocument* doc, ParamNodeEntry entry,
                                                   QUndoCommand* parent)
    : QUndoCommand(parent), m_doc(doc), m_entry(std::move(entry)) {
  if (m_entry.id == kNoParamId) m_entry.id = doc->allocateNodeId();
  setText(commandText("Create Parametric Node '%1'").arg(QString::fromStdString(m_entry.name)));
}

void AddParametricNodeCommand::redo() {
  m_doc->insertNode(static_cast<int>(m_doc->nodes().size()), m_entry);
}

void AddParametricNodeCommand::undo() {
  m_entry = m_doc->takeNode(m_entry.id);
}

RemoveParametricNodeCommand::RemoveParametricNodeCommand(ParametricDocument* doc, ParamNodeId id,
                                                         QUndoCommand* parent)
    : QUndoCommand(parent), m_doc(doc), m_id(id) {
  const ParamNodeEntry* n = doc->node(id);
  setText(commandText("Delete Parametric Node '%1'")
              .arg(n ? QString::fromStdString(n->name) : QString()));
}

void RemoveParametricNodeCommand::redo() {
  m_edges.clear();
  const auto& edges = m_doc->edges();
  for (size_t i = 0; i < edges.size(); ++i) {
    if (edges[i].source == m_id || edges[i].target == m_id)
      m_edges.push_back({static_cast<int>(i), edges[i]});
  }
  for (auto it = m_edges.rbegin(); it != m_edges.rend(); ++it) m_doc->takeEdge(it->second.id);
  m_row = m_doc->nodeRow(m_id);
  m_node = m_doc->takeNode(m_id);
}

void RemoveParametricNodeCommand::undo() {
  if (m_row >= 0) m_doc->insertNode(m_row, m_node);
  for (const auto& [row, edge] : m_edges) m_doc->insertEdge(row, edge);
}

AddParametricEdgeCommand::AddParametricEdgeCommand(ParametricDocument* doc, ParamEdgeEntry entry,
                                                   QUndoCommand* parent)
    : QUndoCommand(parent), m_doc(doc), m_entry(std::move(entry)) {
  if (m_entry.id == kNoParamId) m_entry.id = doc->allocateEdgeId();
  const ParamNodeEntry* s = doc->node(m_entry.source);
  const ParamNodeEntry* t = doc->node(m_entry.target);
  setText(commandText("Add Parametric Edge %1 -> %2")
              .arg(s ? QString::fromStdString(s->name) : QString(),
                   t ? QString::fromStdString(t->name) : QString()));
}

void AddParametricEdgeCommand::redo() {
  m_doc->insertEdge(static_cast<int>(m_doc->edges().size()), m_entry);
}

void AddParametricEdgeCommand::undo() {
  m_entry = m_doc->takeEdge(m_entry.id);
}

RemoveParametricEdgeCommand::RemoveParametricEdgeCommand(ParametricDocument* doc, ParamEdgeId id,
                                                         QUndoCommand* parent)
    : QUndoCommand(parent), m_doc(doc), m_id(id) {
  setText(commandText("Delete Parametric Edge"));
}

void RemoveParametricEdgeCommand::redo() {
  m_row = m_doc->edgeRow(m_id);
  m_entry = m_doc->takeEdge(m_id);
}

void RemoveParametricEdgeCommand::undo() {
  if (m_row >= 0) m_doc->insertEdge(m_row, m_entry);
}

QUndoCommand* setEdgeThresholdsCommand(ParametricDocument* doc, ParamEdgeId id,
                                       const EdgeThresholds& thresholds) {
  return new ChangeValue<EdgeThresholds>(
      commandText("Change Edge Thresholds"),
      {[doc, id, thresholds] {
         const ParamEdgeEntry* e = doc->edge(id);
         return e ? e->settings.thresholds : thresholds;  // no edge: nothing to change
       },
       [doc, id](const EdgeThresholds& t) { doc->setEdgeThresholds(id, t); }},
      thresholds, MergeId::EdgeThresholds, {doc, static_cast<long long>(id)});
}

SetEdgeSamplingCommand::SetEdgeSamplingCommand(ParametricDocument* doc, ParamEdgeId id,
                                               const EdgeSamplingSettings& settings,
                                               std::shared_ptr<const EdgeSampling> sampling,
                                               QUndoCommand* parent)
    : QUndoCommand(parent),
      m_doc(doc),
      m_edge(id),
      m_afterSettings(settings),
      m_after(std::move(sampling)) {
  if (const ParamEdgeEntry* e = doc->edge(id))
    m_beforeSettings = e->settings.sampling, m_before = e->sampling;
  setText(commandText("Rebuild Parametric Edge"));
}

void SetEdgeSamplingCommand::redo() {
  m_doc->setEdgeSampling(m_edge, m_afterSettings, m_after);
}

void SetEdgeSamplingCommand::undo() {
  m_doc->setEdgeSampling(m_edge, m_beforeSettings, m_before);
}

QUndoCommand* moveParametricNodeCommand(ParametricDocument* doc, ParamNodeId id, double x,
                                        double y) {
  using Position = std::pair<double, double>;  // canvas (x, y)
  return new ChangeValue<Position>(
      commandText("Move Parametric Node"),
      {[doc, id] {
         const ParamNodeEntry* n = doc->node(id);
         return n ? Position{n->canvasX, n->canvasY} : Position{0.0, 0.0};
       },
       [doc, id](const Position& p) { doc->setNodePosition(id, p.first, p.second); }},
      Position{x, y});
}

namespace {

// Parametric nodes with an example on one of the motions (their edges go with them).
std::vector<MotionUse> parametricUsesOf(Project& project, const std::set<MotionId>& motions) {
  ParametricDocument* doc = nullptr;
  for (ProjectSection* section : ProjectSection::of(project))
    if (auto* d = qobject_cast<ParametricDocument*>(section)) doc = d;
  if (!doc) return {};
  std::vector<ParamNodeId> ids;
  for (const ParamNodeEntry& n : doc->nodes()) {
    for (const ParamExample& e : n.examples) {
      if (motions.count(e.motion)) {
        ids.push_back(n.id);
        break;
      }
    }
  }
  if (ids.empty()) return {};
  return {{countText(static_cast<qsizetype>(ids.size()), QObject::tr("%1 parametric node"),
                     QObject::tr("%1 parametric nodes")),
           [doc, ids](QUndoCommand* parent) {
             for (ParamNodeId id : ids) new RemoveParametricNodeCommand(doc, id, parent);
           }}};
}

const RegisterMotionUseFinder kParametricUses(&parametricUsesOf);

}  // namespace

}  // namespace mg
