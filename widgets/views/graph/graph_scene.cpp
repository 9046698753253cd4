// SPDX-License-Identifier: MIT
#include "widgets/views/graph/graph_scene.h"

#include <algorithm>
#include <cmath>

#include <QGraphicsSceneContextMenuEvent>
#include <QGraphicsSceneMouseEvent>
#include <QKeyEvent>
#include <QMenu>
#include <QPainter>
#include <QStyleOptionGraphicsItem>

namespace mg {

namespace {
const QColor kDeadEnd(235, 70, 70);
const QColor kCurrent(250, 220, 60);

QPointF unit(QPointF v) {
  const double n = std::hypot(v.x(), v.y());
  return n > 1e-9 ? v / n : QPointF(1, 0);
}

// 0 = green, 0.5 = amber, 1 = red.
QColor qualityColour(double q) {
  q = std::clamp(q, 0.0, 1.0);
  return QColor::fromHsvF(static_cast<float>((1.0 - q) * 120.0 / 360.0), 0.75f, 0.9f);
}
}  // namespace

// ---- nodes

GraphNodeItem::GraphNodeItem(GraphScene* scene, GraphNodeId id) : m_scene(scene), m_id(id) {
  setFlags(ItemIsMovable | ItemIsSelectable | ItemSendsGeometryChanges);
  setZValue(1);
  setCursor(Qt::OpenHandCursor);
}

QRectF GraphNodeItem::boundingRect() const {
  // The disc, and the text's span across and under it (GraphScene::kLabelSpan and a line under
  // the disc: zoomed out, text keeps its screen size but never grows past its scene size).
  const double r = kRadius + 6, half = std::max(r, GraphScene::kLabelSpan / 2);
  return {-half, -r, 2 * half, 2 * r + 22};
}

void GraphNodeItem::paint(QPainter* p, const QStyleOptionGraphicsItem* option, QWidget*) {
  const GraphModelNode* node = m_scene->model()->node(m_id);
  if (!node) return;
  p->setRenderHint(QPainter::Antialiasing);
  const bool dead = node->deadEnd;
  const QColor fill = node->colour.darker(node->dimmed ? 300 : 170);
  QPen border(dead ? kDeadEnd : node->colour.lighter(130), dead ? 4 : 2,
              dead ? Qt::DashLine : Qt::SolidLine);
  if (option->state & QStyle::State_Selected) border = QPen(Qt::white, 3);
  p->setPen(border);
  p->setBrush(fill);
  p->drawEllipse(QPointF(0, 0), kRadius, kRadius);
  // Text at the font's size on screen however far the view is zoomed out (scaled with the disc
  // it became unreadable), elided to the room before the nearest node, or left out.
  const double lod = option->levelOfDetailFromTransform(p->worldTransform());
  const GraphNodeLabels text = m_scene->nodeLabels(m_id, lod);
  if (text.label.isEmpty() && text.deadEnd.isEmpty()) return;
  const double t = GraphScene::textScale(lod);
  p->save();
  p->scale(1 / t, 1 / t);
  const double r = kRadius * t, span = GraphScene::kLabelSpan * t;
  const double line = QFontMetricsF(m_scene->labelFont()).height();
  p->setPen(Qt::white);
  p->setFont(m_scene->labelFont());
  const double labelTop = text.detail.isEmpty() ? -line / 2 : -line;
  p->drawText(QRectF(-span / 2, labelTop, span, line), Qt::AlignCenter, text.label);
  p->setFont(m_scene->detailFont());
  if (!text.detail.isEmpty())
    p->drawText(QRectF(-span / 2, 0, span, r), Qt::AlignHCenter | Qt::AlignTop, text.detail);
  if (!text.deadEnd.isEmpty()) {
    p->setPen(kDeadEnd);
    p->drawText(QRectF(-span / 2, r + 2, span, line), Qt::AlignCenter, text.deadEnd);
  }
  p->restore();
}

QVariant GraphNodeItem::itemChange(GraphicsItemChange change, const QVariant& value) {
  if (change == ItemPositionHasChanged) m_scene->updateEdgesOf(m_id);
  return QGraphicsItem::itemChange(change, value);
}

void GraphNodeItem::mousePressEvent(QGraphicsSceneMouseEvent* event) {
  QGraphicsItem::mousePressEvent(event);
  if (event->button() == Qt::LeftButton) {
    emit m_scene->nodeActivated(m_id);
    m_scene->model()->activateNode(m_id);
  }
}

// ---- edges

GraphEdgeItem::GraphEdgeItem(GraphScene* scene, GraphEdgeId id) : m_scene(scene), m_id(id) {
  setFlags(ItemIsSelectable);
  setCursor(Qt::PointingHandCursor);
}

QPainterPath GraphEdgeItem::path(QPointF* labelPos, QPolygonF* head) const {
  const GraphModelEdge* e = m_scene->model()->edge(m_id);
  QPainterPath path;
  if (!e) return path;
  const GraphNodeItem* a = m_scene->nodeItem(e->from);
  const GraphNodeItem* b = m_scene->nodeItem(e->to);
  if (!a || !b) return path;
  const double r = GraphNodeItem::kRadius;
  const int lane = m_scene->laneOf(m_id);
  QPointF end, dir;
  if (e->from == e->to) {
    // A loop above the node, leaving on its left and entering on its right; parallel loops grow.
    const double h = 2.9 + 0.8 * lane, w = 1.4 + 0.35 * lane;
    const QPointF c = a->pos();
    const QPointF start = c + QPointF(-r * 0.5, -r * 0.87);
    end = c + QPointF(r * 0.5, -r * 0.87);
    path.moveTo(start);
    path.cubicTo(c + QPointF(-r * w, -r * h), c + QPointF(r * w, -r * h), end);
    dir = unit(end - (c + QPointF(r * w, -r * h)));
    *labelPos = c + QPointF(0, -r * (h - 0.55));
  } else {
    // Curved to the left of its direction, so A->B and B->A stay apart; parallel arrows bend more.
    const QPointF d = unit(b->pos() - a->pos());
    const QPointF normal(d.y(), -d.x());
    const QPointF mid = (a->pos() + b->pos()) / 2 + normal * (28 + 26 * lane);
    const QPointF start = a->pos() + unit(mid - a->pos()) * r;
    end = b->pos() + unit(mid - b->pos()) * (r + 2);
    path.moveTo(start);
    path.quadTo(mid, end);
    dir = unit(end - mid);
    *labelPos = (start + 2 * mid + end) / 4 + normal * 10;
  }
  const QPointF side(-dir.y(), dir.x());
  *head = QPolygonF({end, end - dir * 11 + side * 5, end - dir * 11 - side * 5});
  return path;
}

QRectF GraphEdgeItem::boundingRect() const {
  QPointF label;
  QPolygonF head;
  return path(&label, &head)
      .boundingRect()
      .united(head.boundingRect())
      .united(QRectF(label - QPointF(20, 12), QSizeF(40, 24)))
      .adjusted(-6, -6, 6, 6);
}

QPainterPath GraphEdgeItem::shape() const {
  QPointF label;
  QPolygonF head;
  QPainterPathStroker stroker;
  stroker.setWidth(12);
  QPainterPath s = stroker.createStroke(path(&label, &head));
  s.addEllipse(label, 12, 10);
  return s;
}

QColor GraphEdgeItem::drawnColour() const {
  const GraphModelEdge* e = m_scene->model()->edge(m_id);
  if (!e) return {};
  if (m_scene->model()->currentEdge() == m_id) return kCurrent;
  return e->quality ? qualityColour(*e->quality) : e->colour;
}

void GraphEdgeItem::paint(QPainter* p, const QStyleOptionGraphicsItem* option, QWidget*) {
  const GraphModelEdge* e = m_scene->model()->edge(m_id);
  if (!e) return;
  QPointF label;
  QPolygonF head;
  const QPainterPath curve = path(&label, &head);
  const bool current = m_scene->model()->currentEdge() == m_id;
  const bool selected = option->state & QStyle::State_Selected;
  const QColor c = drawnColour();
  p->setRenderHint(QPainter::Antialiasing);
  p->setPen(QPen(selected ? Qt::white : c,
                 (current ? 3.5 : 1.5) + std::log2(double(std::max(1, e->count))), Qt::SolidLine,
                 Qt::RoundCap));
  p->setBrush(Qt::NoBrush);
  p->drawPath(curve);
  p->setPen(Qt::NoPen);
  p->setBrush(selected ? QColor(Qt::white) : c);
  p->drawPolygon(head);
  if (e->count > 1) {
    p->setBrush(QColor(30, 30, 34, 220));
    p->setPen(QPen(c, 1));
    const QRectF box(label - QPointF(14, 9), QSizeF(28, 18));
    p->drawRoundedRect(box, 8, 8);
    p->setPen(Qt::white);
    p->drawText(box, Qt::AlignCenter, QStringLiteral("×%1").arg(e->count));
  }
}

void GraphEdgeItem::mousePressEvent(QGraphicsSceneMouseEvent* event) {
  QGraphicsItem::mousePressEvent(event);
  if (event->button() == Qt::LeftButton) {
    emit m_scene->edgeActivated(m_id);
    m_scene->model()->activateEdge(m_id);
  }
}

// ---- scene

GraphScene::GraphScene(GraphModel* model, QObject* parent)
    : QGraphicsScene(parent), m_model(model) {
  setBackgroundBrush(QColor(28, 29, 33));
  connect(model, &GraphModel::nodeAdded, this, &GraphScene::addNodeItem);
  connect(model, &GraphModel::nodeRemoved, this, &GraphScene::removeNodeItem);
  connect(model, &GraphModel::nodeChanged, this, &GraphScene::syncNodeItem);
  connect(model, &GraphModel::edgeAdded, this, &GraphScene::addEdgeItem);
  connect(model, &GraphModel::edgeRemoved, this, &GraphScene::removeEdgeItem);
  connect(model, &GraphModel::edgeChanged, this, [this](GraphEdgeId id) {
    if (GraphEdgeItem* item = edgeItem(id)) {
      const GraphModelEdge* e = m_model->edge(id);
      item->setToolTip(e ? e->toolTip : QString());
      item->updateGeometry();
      item->update();
    }
  });
  connect(model, &GraphModel::currentEdgeChanged, this, [this] {
    for (auto& [id, item] : m_edges) item->update();
  });
  connect(this, &GraphScene::nodeMoved, model, &GraphModel::moveNode);
  for (GraphNodeId id : model->nodeIds()) addNodeItem(id);
  for (GraphEdgeId id : model->edgeIds()) addEdgeItem(id);
}

GraphNodeItem* GraphScene::nodeItem(GraphNodeId id) const {
  auto it = m_nodes.find(id);
  return it == m_nodes.end() ? nullptr : it->second;
}

GraphEdgeItem* GraphScene::edgeItem(GraphEdgeId id) const {
  auto it = m_edges.find(id);
  return it == m_edges.end() ? nullptr : it->second;
}

void GraphScene::addNodeItem(GraphNodeId id) {
  if (m_nodes.count(id) || !m_model->node(id)) return;
  auto* item = new GraphNodeItem(this, id);
  m_nodes[id] = item;
  addItem(item);
  syncNodeItem(id);
}

void GraphScene::removeNodeItem(GraphNodeId id) {
  auto it = m_nodes.find(id);
  if (it == m_nodes.end()) return;
  // The model removes edges first; drop any left over all the same.
  for (auto e = m_edges.begin(); e != m_edges.end();) {
    const GraphModelEdge* edge = m_model->edge(e->first);
    if (!edge || edge->from == id || edge->to == id) {
      delete e->second;
      e = m_edges.erase(e);
    } else {
      ++e;
    }
  }
  delete it->second;
  m_nodes.erase(it);
}

void GraphScene::syncNodeItem(GraphNodeId id) {
  GraphNodeItem* item = nodeItem(id);
  const GraphModelNode* node = m_model->node(id);
  if (!item || !node) return;
  if (item->pos() != node->position) {
    item->setPos(node->position);
    // The neighbours' room for their labels changed with it.
    for (auto& [other, otherItem] : m_nodes) otherItem->update();
  }
  // The label may be drawn elided or not at all: the tooltip always holds it whole.
  item->setToolTip(node->toolTip.contains(node->label) || node->label.isEmpty()
                       ? node->toolTip
                       : node->label + QLatin1Char('\n') + node->toolTip);
  item->update();
  updateEdgesOf(id);  // dead-end colouring and geometry of its arrows
}

QFont GraphScene::labelFont() const {
  QFont f = font();
  f.setBold(true);
  return f;
}

QFont GraphScene::detailFont() const {
  QFont f = font();
  f.setPointSizeF(f.pointSizeF() * 0.85);
  return f;
}

double GraphScene::textScale(double pixelsPerUnit) {
  return std::clamp(pixelsPerUnit, 1e-3, 1.0);
}

double GraphScene::labelRoom(GraphNodeId id) const {
  const GraphNodeItem* item = nodeItem(id);
  if (!item) return 0;
  double nearest = kLabelSpan + kLabelGap;
  for (const auto& [other, otherItem] : m_nodes) {
    if (other == id) continue;
    const QPointF d = otherItem->pos() - item->pos();
    // Only a neighbour beside it can collide: one a disc or more above or below has its own row.
    if (std::abs(d.y()) < 2 * GraphNodeItem::kRadius) nearest = std::min(nearest, std::abs(d.x()));
  }
  return std::max(0.0, nearest - kLabelGap);
}

GraphNodeLabels GraphScene::nodeLabels(GraphNodeId id, double pixelsPerUnit) const {
  GraphNodeLabels out;
  const GraphModelNode* node = m_model->node(id);
  if (!node || !(pixelsPerUnit > 0)) return out;
  const double t = textScale(pixelsPerUnit);
  const QFontMetricsF label(labelFont()), detail(detailFont());
  const double room = labelRoom(id) * t;  // in text units (screen pixels when zoomed out)
  // Shortened to the room; left out when not even a letter and the ellipsis fit.
  auto fit = [room](const QFontMetricsF& fm, const QString& text) {
    if (text.isEmpty() || room < fm.horizontalAdvance(QStringLiteral("M\u2026"))) return QString();
    return fm.elidedText(text, Qt::ElideRight, room);
  };
  out.label = fit(label, node->label);
  // The detail line goes inside the disc under the label only when the disc is tall enough on
  // screen for both.
  if (!out.label.isEmpty() && GraphNodeItem::kRadius * t >= label.height() + detail.height() / 2)
    out.detail = fit(detail, node->detail);
  if (node->deadEnd) {
    out.deadEnd =
        fit(detail, node->deadEndLabel.isEmpty() ? QObject::tr("dead end") : node->deadEndLabel);
  }
  return out;
}

QRectF GraphScene::labelRect(GraphNodeId id, double pixelsPerUnit) const {
  const GraphNodeItem* item = nodeItem(id);
  const GraphNodeLabels text = nodeLabels(id, pixelsPerUnit);
  if (!item || text.label.isEmpty()) return {};
  // In scene units: the text's size in text units, scaled back.
  const double t = textScale(pixelsPerUnit);
  const QFontMetricsF fm(labelFont());
  const double w = fm.horizontalAdvance(text.label) / t, h = fm.height() / t;
  return QRectF(item->pos().x() - w / 2, item->pos().y() - h, w, h);
}

void GraphScene::addEdgeItem(GraphEdgeId id) {
  const GraphModelEdge* e = m_model->edge(id);
  if (m_edges.count(id) || !e) return;
  auto* item = new GraphEdgeItem(this, id);
  item->setToolTip(e->toolTip);
  m_edges[id] = item;
  addItem(item);
  updateLanes(id);
}

void GraphScene::removeEdgeItem(GraphEdgeId id) {
  auto it = m_edges.find(id);
  if (it == m_edges.end()) return;
  delete it->second;
  m_edges.erase(it);
  for (auto& [other, item] : m_edges) item->updateGeometry();  // lanes may have moved
}

void GraphScene::updateEdgesOf(GraphNodeId id) {
  for (auto& [edgeId, item] : m_edges) {
    const GraphModelEdge* e = m_model->edge(edgeId);
    if (e && (e->from == id || e->to == id)) {
      item->updateGeometry();
      item->update();
    }
  }
}

void GraphScene::updateLanes(GraphEdgeId id) {
  const GraphModelEdge* e = m_model->edge(id);
  if (!e) return;
  for (GraphEdgeId other : m_model->parallelEdges(e->from, e->to)) {
    if (GraphEdgeItem* item = edgeItem(other)) item->updateGeometry();
  }
}

int GraphScene::laneOf(GraphEdgeId id) const {
  const GraphModelEdge* e = m_model->edge(id);
  if (!e) return 0;
  const std::vector<GraphEdgeId> lanes = m_model->parallelEdges(e->from, e->to);
  return static_cast<int>(std::find(lanes.begin(), lanes.end(), id) - lanes.begin());
}

GraphNodeId GraphScene::selectedNode() const {
  for (QGraphicsItem* item : selectedItems()) {
    if (auto* node = dynamic_cast<GraphNodeItem*>(item)) return node->id();
  }
  return kNoGraphId;
}

GraphEdgeId GraphScene::selectedEdge() const {
  for (QGraphicsItem* item : selectedItems()) {
    if (auto* edge = dynamic_cast<GraphEdgeItem*>(item)) return edge->id();
  }
  return kNoGraphId;
}

void GraphScene::selectNode(GraphNodeId id) {
  clearSelection();
  if (GraphNodeItem* item = nodeItem(id)) item->setSelected(true);
}

void GraphScene::selectEdge(GraphEdgeId id) {
  clearSelection();
  if (GraphEdgeItem* item = edgeItem(id)) item->setSelected(true);
}

std::unique_ptr<QMenu> GraphScene::nodeMenu(GraphNodeId id) const {
  if (!m_model->node(id)) return nullptr;
  auto menu = std::make_unique<QMenu>();
  m_model->fillNodeMenu(menu.get(), id);
  return menu->isEmpty() ? nullptr : std::move(menu);
}

std::unique_ptr<QMenu> GraphScene::edgeMenu(GraphEdgeId id) const {
  if (!m_model->edge(id)) return nullptr;
  auto menu = std::make_unique<QMenu>();
  m_model->fillEdgeMenu(menu.get(), id);
  return menu->isEmpty() ? nullptr : std::move(menu);
}

void GraphScene::mouseReleaseEvent(QGraphicsSceneMouseEvent* event) {
  QGraphicsScene::mouseReleaseEvent(event);
  // A finished drag: every node whose item left its model position (all selected nodes move
  // together). Collected first: each move may refresh the model and so the other items.
  std::vector<std::pair<GraphNodeId, QPointF>> moved;
  for (const auto& [id, item] : m_nodes) {
    const GraphModelNode* n = m_model->node(id);
    if (n && (item->pos() - n->position).manhattanLength() > 0.5)
      moved.push_back({id, item->pos()});
  }
  for (const auto& [id, pos] : moved) emit nodeMoved(id, pos);
}

void GraphScene::keyPressEvent(QKeyEvent* event) {
  if ((event->key() == Qt::Key_Delete || event->key() == Qt::Key_Backspace) &&
      !selectedItems().isEmpty()) {
    std::vector<GraphNodeId> nodes;
    std::vector<GraphEdgeId> edges;
    for (QGraphicsItem* item : selectedItems()) {
      if (auto* n = dynamic_cast<GraphNodeItem*>(item)) nodes.push_back(n->id());
      if (auto* e = dynamic_cast<GraphEdgeItem*>(item)) edges.push_back(e->id());
    }
    event->accept();
    m_model->deleteItems(nodes, edges);
    return;
  }
  QGraphicsScene::keyPressEvent(event);
}

void GraphScene::contextMenuEvent(QGraphicsSceneContextMenuEvent* event) {
  std::unique_ptr<QMenu> menu;
  for (QGraphicsItem* item : items(event->scenePos())) {
    if (auto* node = dynamic_cast<GraphNodeItem*>(item)) {
      selectNode(node->id());
      menu = nodeMenu(node->id());
      break;
    }
    if (auto* edge = dynamic_cast<GraphEdgeItem*>(item)) {
      selectEdge(edge->id());
      menu = edgeMenu(edge->id());
      break;
    }
  }
  if (!menu) {
    event->ignore();
    return;
  }
  event->accept();
  menu->exec(event->screenPos());
}

}  // namespace mg
