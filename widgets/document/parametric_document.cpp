// SPDX-License-Identifier: MIT
#include "widgets/document/parametric_document.h"

#include <algorithm>
#include <cctype>

#include "core/param/parametric_graph.h"
#include "widgets/document/project.h"

namespace mg {

ParametricDocument::ParametricDocument(Project* project) : ProjectSection(project, kKey) {}

const ParamNodeEntry* ParametricDocument::node(ParamNodeId id) const {
  const int row = nodeRow(id);
  return row < 0 ? nullptr : &m_nodes[row];
}

const ParamEdgeEntry* ParametricDocument::edge(ParamEdgeId id) const {
  const int row = edgeRow(id);
  return row < 0 ? nullptr : &m_edges[row];
}

ParamNodeEntry* ParametricDocument::findNode(ParamNodeId id) {
  const int row = nodeRow(id);
  return row < 0 ? nullptr : &m_nodes[row];
}

ParamEdgeEntry* ParametricDocument::findEdge(ParamEdgeId id) {
  const int row = edgeRow(id);
  return row < 0 ? nullptr : &m_edges[row];
}

int ParametricDocument::nodeRow(ParamNodeId id) const {
  for (size_t i = 0; i < m_nodes.size(); ++i) {
    if (m_nodes[i].id == id) return static_cast<int>(i);
  }
  return -1;
}

int ParametricDocument::edgeRow(ParamEdgeId id) const {
  for (size_t i = 0; i < m_edges.size(); ++i) {
    if (m_edges[i].id == id) return static_cast<int>(i);
  }
  return -1;
}

const ParamNodeEntry* ParametricDocument::nodeByName(const std::string& name) const {
  for (const ParamNodeEntry& n : m_nodes) {
    if (n.name == name) return &n;
  }
  return nullptr;
}

std::string ParametricDocument::uniqueName(const std::string& base) const {
  std::string clean = base.empty() ? std::string("node") : base;
  std::replace_if(
      clean.begin(), clean.end(), [](unsigned char c) { return std::isspace(c); }, '_');
  if (!nodeByName(clean)) return clean;
  for (int i = 2;; ++i) {
    const std::string name = clean + "_" + std::to_string(i);
    if (!nodeByName(name)) return name;
  }
}

void ParametricDocument::insertNode(int row, ParamNodeEntry entry) {
  row = std::clamp(row, 0, static_cast<int>(m_nodes.size()));
  const ParamNodeId id = entry.id;
  m_nextNodeId = std::max(m_nextNodeId, id + 1);
  m_nodes.insert(m_nodes.begin() + row, std::move(entry));
  emit nodeAdded(id);
}

ParamNodeEntry ParametricDocument::takeNode(ParamNodeId id) {
  const int row = nodeRow(id);
  if (row < 0) return {};
  ParamNodeEntry entry = std::move(m_nodes[row]);
  m_nodes.erase(m_nodes.begin() + row);
  emit nodeRemoved(id);
  return entry;
}

void ParametricDocument::insertEdge(int row, ParamEdgeEntry entry) {
  row = std::clamp(row, 0, static_cast<int>(m_edges.size()));
  const ParamEdgeId id = entry.id;
  m_nextEdgeId = std::max(m_nextEdgeId, id + 1);
  if (entry.sampling && !entry.classified) classify(entry);
  m_edges.insert(m_edges.begin() + row, std::move(entry));
  emit edgeAdded(id);
}

ParamEdgeEntry ParametricDocument::takeEdge(ParamEdgeId id) {
  const int row = edgeRow(id);
  if (row < 0) return {};
  ParamEdgeEntry entry = std::move(m_edges[row]);
  m_edges.erase(m_edges.begin() + row);
  emit edgeRemoved(id);
  return entry;
}

void ParametricDocument::setNodePosition(ParamNodeId id, double x, double y) {
  ParamNodeEntry* n = findNode(id);
  if (!n || (n->canvasX == x && n->canvasY == y)) return;
  n->canvasX = x, n->canvasY = y;
  emit nodeChanged(id);
}

void ParametricDocument::setNodeBuilt(ParamNodeId id, std::shared_ptr<const ParametricNode> built) {
  ParamNodeEntry* n = findNode(id);
  if (!n) return;
  n->built = std::move(built);
  emit nodeChanged(id);
}

void ParametricDocument::classify(ParamEdgeEntry& e) {
  e.classified.reset();
  if (!e.sampling) return;
  ++m_classifyCount;
  Result<ParametricEdge> r = classifyEdge(*e.sampling, e.settings.thresholds);
  if (r) e.classified = std::make_shared<const ParametricEdge>(std::move(r.value()));
}

Status ParametricDocument::setEdgeThresholds(ParamEdgeId id, const EdgeThresholds& thresholds) {
  ParamEdgeEntry* e = findEdge(id);
  if (!e) return Error{"no such edge"};
  if (Status s = thresholds.validate(); !s) return s;
  e->settings.thresholds = thresholds;
  classify(*e);
  emit edgeChanged(id);
  return {};
}

void ParametricDocument::setEdgeSampling(ParamEdgeId id, const EdgeSamplingSettings& settings,
                                         std::shared_ptr<const EdgeSampling> sampling) {
  ParamEdgeEntry* e = findEdge(id);
  if (!e) return;
  e->settings.sampling = settings;
  e->sampling = std::move(sampling);
  classify(*e);
  emit edgeChanged(id);
}

void ParametricDocument::clear() {
  m_nodes.clear();
  m_edges.clear();
  emit reset();
}

std::shared_ptr<const ParametricGraph> ParametricDocument::graph(
    const Project& project, std::vector<ParamEdgeId>* edgeIds) const {
  auto g = std::make_shared<ParametricGraph>();
  std::vector<int> index(m_nodes.size(), -1);
  for (size_t i = 0; i < m_nodes.size(); ++i) {
    const ParamNodeEntry& n = m_nodes[i];
    if (!n.built) continue;
    NodeSource source;
    source.name = n.name;
    source.registration = n.registration;
    source.metrics = n.metrics;
    source.inversion = n.inversion;
    for (const ParamExample& ex : n.examples) {
      std::shared_ptr<const Motion> m = project.motion(ex.motion);
      source.examples.push_back({m ? m->sourcePath : std::string(), ex.beginFrame, ex.endFrame});
    }
    index[i] = g->nodeCount();
    g->nodeSources.push_back(std::move(source));
    g->nodes.push_back(n.built);
  }
  if (edgeIds) edgeIds->clear();
  for (const ParamEdgeEntry& e : m_edges) {
    const int s = nodeRow(e.source), t = nodeRow(e.target);
    if (s < 0 || t < 0 || index[s] < 0 || index[t] < 0 || !e.classified) continue;
    g->edges.push_back({index[s], index[t], e.settings, e.sampling, *e.classified});
    if (edgeIds) edgeIds->push_back(e.id);
  }
  return g;
}

}  // namespace mg
