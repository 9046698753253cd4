// SPDX-License-Identifier: MIT
#include "widgets/views/param/parametric_graph_view.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QPushButton>
#include <QVBoxLayout>

#include "widgets/document/parametric_document.h"
#include "widgets/document/project.h"
#include "widgets/views/graph/graph_canvas.h"
#include "widgets/views/graph/graph_scene.h"
#include "widgets/views/param/parametric_graph_model.h"

namespace mg {

ParametricGraphView::ParametricGraphView(Project* project, QWidget* parent)
    : QWidget(parent), m_project(project) {
  m_model = new ParametricGraphModel(project, this);
  m_scene = new GraphScene(m_model, this);
  m_scene->setSceneRect(-2000, -2000, 4000, 4000);
  m_view = new ZoomingGraphicsView(m_scene, this);
  m_view->setMinimumHeight(160);
  auto* newNode = new QPushButton(tr("New Node..."), this);
  m_from = new QComboBox(this);
  m_to = new QComboBox(this);
  m_from->setToolTip(tr("Source node of the edge to add"));
  m_to->setToolTip(tr("Target node of the edge to add"));
  m_addEdge = new QPushButton(tr("Add Edge"), this);
  auto* remove = new QPushButton(tr("Delete"), this);
  auto* bar = new QHBoxLayout;
  bar->addWidget(newNode);
  bar->addWidget(m_from, 1);
  bar->addWidget(m_to, 1);
  bar->addWidget(m_addEdge);
  bar->addWidget(remove);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(2, 2, 2, 2);
  layout->addLayout(bar);
  layout->addWidget(m_view, 1);
  connect(newNode, &QPushButton::clicked, this, &ParametricGraphView::newNodeRequested);
  connect(m_addEdge, &QPushButton::clicked, this, &ParametricGraphView::addEdgeFromToolbar);
  connect(remove, &QPushButton::clicked, this, &ParametricGraphView::deleteSelection);
  connect(m_scene, &QGraphicsScene::selectionChanged, this, &ParametricGraphView::onSelection);
  connect(m_model, &ParametricGraphModel::edgeCreated, this, [this](ParamEdgeId id) {
    selectEdge(id);
    emit edgeCreated(id);
  });
  connect(m_model, &ParametricGraphModel::edgeInspectRequested, this, [this](ParamEdgeId id) {
    selectEdge(id);
    emit edgeSelected(id);
  });
  connect(m_model, &ParametricGraphModel::nodeInspectRequested, this, [this](ParamNodeId id) {
    selectNode(id);
    emit nodeSelected(id);
  });
  for (auto signal : {&GraphModel::nodeAdded, &GraphModel::nodeRemoved, &GraphModel::nodeChanged}) {
    connect(m_model, signal, this, &ParametricGraphView::refreshCombos);
  }
  connect(m_model, &GraphModel::nodeAdded, m_view, &ZoomingGraphicsView::fitIfFollowing);
  refreshCombos();
}

ParametricGraphView::~ParametricGraphView() {
  // The view and scene go before the model they project; no selection signal may reach a
  // half-destroyed view.
  disconnect(m_scene, nullptr, this, nullptr);
  delete m_view;
  delete m_scene;
}

int ParametricGraphView::edgeItemCount() const {
  return m_scene->edgeItemCount();
}
int ParametricGraphView::nodeItemCount() const {
  return m_scene->nodeItemCount();
}

void ParametricGraphView::refreshCombos() {
  const ParamNodeId from = m_from->currentData().toInt(), to = m_to->currentData().toInt();
  const QSignalBlocker blockFrom(m_from), blockTo(m_to);
  m_from->clear();
  m_to->clear();
  for (const ParamNodeEntry& n : parametricOf(*m_project)->nodes()) {
    m_from->addItem(QString::fromStdString(n.name), n.id);
    m_to->addItem(QString::fromStdString(n.name), n.id);
  }
  if (int i = m_from->findData(from); i >= 0) m_from->setCurrentIndex(i);
  if (int i = m_to->findData(to); i >= 0) m_to->setCurrentIndex(i);
  m_addEdge->setEnabled(m_from->count() > 0);
}

ParamNodeId ParametricGraphView::selectedNode() const {
  return m_scene->selectedNode();
}
ParamEdgeId ParametricGraphView::selectedEdge() const {
  return m_scene->selectedEdge();
}
void ParametricGraphView::selectEdge(ParamEdgeId id) {
  m_scene->selectEdge(id);
}
void ParametricGraphView::selectNode(ParamNodeId id) {
  m_scene->selectNode(id);
}

void ParametricGraphView::onSelection() {
  if (const ParamEdgeId e = selectedEdge(); e != kNoParamId) emit edgeSelected(e);
  if (const ParamNodeId n = selectedNode(); n != kNoParamId) emit nodeSelected(n);
}

void ParametricGraphView::addEdgeFromToolbar() {
  if (m_from->count() == 0) return;
  m_model->addEdge(m_from->currentData().toInt(), m_to->currentData().toInt());
}

void ParametricGraphView::deleteSelection() {
  // One item at a time, edges first, as the toolbar always did.
  if (const ParamEdgeId e = selectedEdge(); e != kNoParamId) {
    m_model->deleteItems({}, {e});
  } else if (const ParamNodeId n = selectedNode(); n != kNoParamId) {
    m_model->deleteItems({n}, {});
  }
}

}  // namespace mg
