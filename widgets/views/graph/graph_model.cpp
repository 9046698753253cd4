// SPDX-License-Identifier: MIT
#include "widgets/views/graph/graph_model.h"

namespace mg {

GraphModel::GraphModel(QObject* parent) : QObject(parent) {}

GraphModel::~GraphModel() = default;

void GraphModel::moveNode(GraphNodeId id, QPointF position) {
  setNodePosition(id, position);
}
void GraphModel::deleteItems(const std::vector<GraphNodeId>&, const std::vector<GraphEdgeId>&) {}
void GraphModel::activateNode(GraphNodeId) {}
void GraphModel::activateEdge(GraphEdgeId) {}
void GraphModel::fillNodeMenu(QMenu*, GraphNodeId) {}
void GraphModel::fillEdgeMenu(QMenu*, GraphEdgeId) {}

void GraphModel::setNode(const GraphModelNode& node) {
  if (node.id < 0) return;
  auto it = m_nodes.find(node.id);
  if (it == m_nodes.end()) {
    m_nodes.emplace(node.id, node);
    emit nodeAdded(node.id);
  } else if (!(it->second == node)) {
    it->second = node;
    emit nodeChanged(node.id);
  }
}

void GraphModel::removeNode(GraphNodeId id) {
  if (!m_nodes.count(id)) return;
  for (GraphEdgeId e : edgesOf(id)) removeEdge(e);
  m_nodes.erase(id);
  emit nodeRemoved(id);
}

void GraphModel::setEdge(const GraphModelEdge& edge) {
  if (edge.id < 0 || !m_nodes.count(edge.from) || !m_nodes.count(edge.to)) return;
  auto it = m_edges.find(edge.id);
  if (it == m_edges.end()) {
    m_edges.emplace(edge.id, edge);
    emit edgeAdded(edge.id);
  } else if (!(it->second == edge)) {
    it->second = edge;
    emit edgeChanged(edge.id);
  }
}

void GraphModel::removeEdge(GraphEdgeId id) {
  if (!m_edges.erase(id)) return;
  if (m_current == id) setCurrentEdge(kNoGraphId);
  emit edgeRemoved(id);
}

void GraphModel::clear() {
  for (GraphEdgeId e : edgeIds()) removeEdge(e);
  for (GraphNodeId n : nodeIds()) removeNode(n);
}

void GraphModel::setNodePosition(GraphNodeId id, QPointF position) {
  auto it = m_nodes.find(id);
  if (it == m_nodes.end() || it->second.position == position) return;
  it->second.position = position;
  emit nodeChanged(id);
}

void GraphModel::setCurrentEdge(GraphEdgeId id) {
  if (id != kNoGraphId && !m_edges.count(id)) id = kNoGraphId;
  if (id == m_current) return;
  m_current = id;
  emit currentEdgeChanged(id);
}

const GraphModelNode* GraphModel::node(GraphNodeId id) const {
  auto it = m_nodes.find(id);
  return it == m_nodes.end() ? nullptr : &it->second;
}

const GraphModelEdge* GraphModel::edge(GraphEdgeId id) const {
  auto it = m_edges.find(id);
  return it == m_edges.end() ? nullptr : &it->second;
}

std::vector<GraphNodeId> GraphModel::nodeIds() const {
  std::vector<GraphNodeId> out;
  for (const auto& [id, n] : m_nodes) out.push_back(id);
  return out;
}

std::vector<GraphEdgeId> GraphModel::edgeIds() const {
  std::vector<GraphEdgeId> out;
  for (const auto& [id, e] : m_edges) out.push_back(id);
  return out;
}

std::vector<GraphEdgeId> GraphModel::parallelEdges(GraphNodeId from, GraphNodeId to) const {
  std::vector<GraphEdgeId> out;
  for (const auto& [id, e] : m_edges) {
    if (e.from == from && e.to == to) out.push_back(id);
  }
  return out;
}

std::vector<GraphEdgeId> GraphModel::edgesOf(GraphNodeId node) const {
  std::vector<GraphEdgeId> out;
  for (const auto& [id, e] : m_edges) {
    if (e.from == node || e.to == node) out.push_back(id);
  }
  return out;
}

}  // namespace mg
