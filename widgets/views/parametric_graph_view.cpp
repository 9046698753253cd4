// SPDX-License-Identifier: MIT
#include "widgets/views/parametric_graph_view.h"

#include <cmath>

#include <QComboBox>
#include <QGraphicsEllipseItem>
#include <QGraphicsPathItem>
#include <QGraphicsScene>
#include <QGraphicsSceneMouseEvent>
#include <QGraphicsSimpleTextItem>
#include <QHBoxLayout>
#include <QPushButton>
#include <QVBoxLayout>

#include "widgets/commands/parametric_commands.h"
#include "widgets/document/project.h"

namespace mg {

namespace {
constexpr double kRadius = 34;
constexpr int kIdKey = 0, kKindKey = 1;  // QGraphicsItem::data keys: id, 0 = node / 1 = edge

QColor edgeColour(const ParamEdgeEntry& e) {
  if (!e.classified) return QColor(140, 140, 148);
  return e.classified->exists ? QColor(90, 200, 110) : QColor(225, 80, 75);
}

QPainterPath arrowPath(QPointF a, QPointF b, double bend) {
  const QPointF d = b - a;
  const double len = std::hypot(d.x(), d.y());
  QPainterPath path;
  if (len < 1e-6) return path;
  const QPointF u = d / len, n(-u.y(), u.x());
  const QPointF from = a + u * kRadius, to = b - u * kRadius;
  const QPointF ctrl = (from + to) / 2 + n * bend;
  path.moveTo(from);
  path.quadTo(ctrl, to);
  const QPointF tu = (to - ctrl) / std::max(1e-6, std::hypot((to - ctrl).x(), (to - ctrl).y()));
  const QPointF tn(-tu.y(), tu.x());
  path.moveTo(to);
  path.lineTo(to - tu * 12 + tn * 6);
  path.moveTo(to);
  path.lineTo(to - tu * 12 - tn * 6);
  return path;
}

QPainterPath loopPath(QPointF c) {
  QPainterPath path;
  const QPointF from = c + QPointF(-kRadius * 0.6, -kRadius * 0.8), to = c + QPointF(kRadius * 0.6, -kRadius * 0.8);
  path.moveTo(from);
  path.cubicTo(c + QPointF(-kRadius * 1.6, -kRadius * 3.0), c + QPointF(kRadius * 1.6, -kRadius * 3.0), to);
  path.moveTo(to);
  path.lineTo(to + QPointF(1, -12));
  path.moveTo(to);
  path.lineTo(to + QPointF(-10, -7));
  return path;
}
}  // namespace

ParametricGraphView::ParametricGraphView(Project* project, QWidget* parent)
    : QWidget(parent), m_project(project), m_scene(new QGraphicsScene(this)) {
  m_view = new QGraphicsView(m_scene, this);
  m_view->setRenderHint(QPainter::Antialiasing);
  m_view->setBackgroundBrush(QColor(34, 36, 40));
  m_view->setMinimumHeight(160);
  auto* newNode = new QPushButton(tr("New Node..."), this);
  m_from = new QComboBox(this);
  m_to = new QComboBox(this);
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
  m_scene->installEventFilter(this);

  ParametricDocument* doc = project->parametric();
  for (auto signal : {&ParametricDocument::nodeAdded, &ParametricDocument::nodeRemoved, &ParametricDocument::nodeChanged,
                      &ParametricDocument::edgeAdded, &ParametricDocument::edgeRemoved, &ParametricDocument::edgeChanged}) {
    connect(doc, signal, this, &ParametricGraphView::rebuildScene);
  }
  connect(doc, &ParametricDocument::reset, this, &ParametricGraphView::rebuildScene);
  rebuildScene();
}

ParametricGraphView::~ParametricGraphView() {
  m_scene->removeEventFilter(this);
  disconnect(m_scene, nullptr, this, nullptr);
}

void ParametricGraphView::rebuildScene() {
  const ParamNodeId keepNode = selectedNode();
  const ParamEdgeId keepEdge = selectedEdge();
  m_rebuilding = true;
  m_scene->clear();
  m_nodeItems.clear();
  m_edgeItems.clear();
  const ParametricDocument* doc = m_project->parametric();
  for (const ParamEdgeEntry& e : doc->edges()) {
    const ParamNodeEntry* s = doc->node(e.source);
    const ParamNodeEntry* t = doc->node(e.target);
    if (!s || !t) continue;
    const QPointF a(s->canvasX, s->canvasY), b(t->canvasX, t->canvasY);
    auto* item = m_scene->addPath(e.source == e.target ? loopPath(a) : arrowPath(a, b, 18),
                                  QPen(edgeColour(e), 3, Qt::SolidLine, Qt::RoundCap));
    item->setFlag(QGraphicsItem::ItemIsSelectable);
    item->setData(kIdKey, e.id);
    item->setData(kKindKey, 1);
    item->setZValue(0);
    if (e.classified && !e.classified->exists) item->setToolTip(QString::fromStdString(e.classified->why));
    m_edgeItems[e.id] = item;
  }
  for (const ParamNodeEntry& n : doc->nodes()) {
    auto* disc = m_scene->addEllipse(-kRadius, -kRadius, 2 * kRadius, 2 * kRadius, QPen(QColor(230, 230, 235), 1.5),
                                     n.built ? QColor(70, 110, 160) : QColor(80, 80, 86));
    disc->setPos(n.canvasX, n.canvasY);
    disc->setFlags(QGraphicsItem::ItemIsSelectable | QGraphicsItem::ItemIsMovable);
    disc->setData(kIdKey, n.id);
    disc->setData(kKindKey, 0);
    disc->setZValue(1);
    auto* label = new QGraphicsSimpleTextItem(QString::fromStdString(n.name), disc);
    label->setBrush(Qt::white);
    label->setPos(-label->boundingRect().width() / 2, -label->boundingRect().height() / 2 - (n.built ? 6 : 0));
    if (n.built) {
      auto* dims = new QGraphicsSimpleTextItem(tr("%1-D, %2 ex.").arg(n.built->dimensions()).arg(n.examples.size()), disc);
      dims->setBrush(QColor(200, 210, 225));
      QFont f = dims->font();
      f.setPointSizeF(f.pointSizeF() * 0.8);
      dims->setFont(f);
      dims->setPos(-dims->boundingRect().width() / 2, 4);
    }
    m_nodeItems[n.id] = disc;
  }
  if (m_nodeItems.count(keepNode)) m_nodeItems[keepNode]->setSelected(true);
  if (m_edgeItems.count(keepEdge)) m_edgeItems[keepEdge]->setSelected(true);
  m_scene->setSceneRect(m_scene->itemsBoundingRect().adjusted(-60, -60, 60, 60));
  m_rebuilding = false;
  refreshCombos();
}

void ParametricGraphView::refreshCombos() {
  const ParamNodeId from = m_from->currentData().toInt(), to = m_to->currentData().toInt();
  m_from->clear();
  m_to->clear();
  for (const ParamNodeEntry& n : m_project->parametric()->nodes()) {
    m_from->addItem(QString::fromStdString(n.name), n.id);
    m_to->addItem(QString::fromStdString(n.name), n.id);
  }
  if (int i = m_from->findData(from); i >= 0) m_from->setCurrentIndex(i);
  if (int i = m_to->findData(to); i >= 0) m_to->setCurrentIndex(i);
  m_addEdge->setEnabled(m_from->count() > 0);
}

ParamNodeId ParametricGraphView::selectedNode() const {
  for (QGraphicsItem* item : m_scene->selectedItems()) {
    if (item->data(kKindKey).toInt() == 0) return item->data(kIdKey).toInt();
  }
  return kNoParamId;
}

ParamEdgeId ParametricGraphView::selectedEdge() const {
  for (QGraphicsItem* item : m_scene->selectedItems()) {
    if (item->data(kKindKey).toInt() == 1) return item->data(kIdKey).toInt();
  }
  return kNoParamId;
}

void ParametricGraphView::selectEdge(ParamEdgeId id) {
  m_scene->clearSelection();
  if (auto it = m_edgeItems.find(id); it != m_edgeItems.end()) it->second->setSelected(true);
}

void ParametricGraphView::selectNode(ParamNodeId id) {
  m_scene->clearSelection();
  if (auto it = m_nodeItems.find(id); it != m_nodeItems.end()) it->second->setSelected(true);
}

void ParametricGraphView::onSelection() {
  if (m_rebuilding) return;
  if (const ParamEdgeId e = selectedEdge(); e != kNoParamId) emit edgeSelected(e);
  if (const ParamNodeId n = selectedNode(); n != kNoParamId) emit nodeSelected(n);
}

void ParametricGraphView::addEdgeFromToolbar() {
  if (m_from->count() == 0) return;
  ParamEdgeEntry e;
  e.source = m_from->currentData().toInt();
  e.target = m_to->currentData().toInt();
  auto* cmd = new AddParametricEdgeCommand(m_project->parametric(), e);
  const ParamEdgeId id = cmd->id();
  m_project->undoStack()->push(cmd);
  selectEdge(id);
  emit edgeCreated(id);
}

void ParametricGraphView::deleteSelection() {
  ParametricDocument* doc = m_project->parametric();
  if (const ParamEdgeId e = selectedEdge(); e != kNoParamId) {
    m_project->undoStack()->push(new RemoveParametricEdgeCommand(doc, e));
  } else if (const ParamNodeId n = selectedNode(); n != kNoParamId) {
    m_project->undoStack()->push(new RemoveParametricNodeCommand(doc, n));
  }
}

bool ParametricGraphView::eventFilter(QObject* watched, QEvent* event) {
  if (watched == m_scene && event->type() == QEvent::GraphicsSceneMouseRelease) {
    // A finished drag: commit the moved nodes as commands (the scene is rebuilt from them).
    std::vector<std::pair<ParamNodeId, QPointF>> moved;
    for (const auto& [id, item] : m_nodeItems) {
      const ParamNodeEntry* n = m_project->parametric()->node(id);
      if (n && (item->pos() - QPointF(n->canvasX, n->canvasY)).manhattanLength() > 0.5) moved.push_back({id, item->pos()});
    }
    // Pushed after the scene has finished with the event: the commands rebuild the scene.
    if (!moved.empty()) {
      QMetaObject::invokeMethod(
          this,
          [this, moved] {
            for (const auto& [id, pos] : moved) {
              m_project->undoStack()->push(new MoveParametricNodeCommand(m_project->parametric(), id, pos.x(), pos.y()));
            }
          },
          Qt::QueuedConnection);
    }
  }
  return QWidget::eventFilter(watched, event);
}

}  // namespace mg
