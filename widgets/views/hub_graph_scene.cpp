// SPDX-License-Identifier: MIT
#include "widgets/views/hub_graph_scene.h"

#include <cmath>
#include <numbers>

#include <QGraphicsSceneMouseEvent>
#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include "widgets/document/project.h"
#include "widgets/jobs/snap_session.h"

namespace mg {

namespace {
const QColor kDeadEnd(235, 70, 70);
const QColor kCurrent(250, 220, 60);

QPointF unit(QPointF v) {
  const double n = std::hypot(v.x(), v.y());
  return n > 1e-9 ? v / n : QPointF(1, 0);
}
}  // namespace

// ---- nodes

HubNodeItem::HubNodeItem(HubGraphScene* scene, HubId id) : m_scene(scene), m_id(id) {
  setFlags(ItemIsMovable | ItemIsSelectable | ItemSendsGeometryChanges);
  setZValue(1);
  setCursor(Qt::OpenHandCursor);
}

QRectF HubNodeItem::boundingRect() const {
  const double r = kRadius + 6;
  return {-r - 30, -r, 2 * r + 60, 2 * r + 22};
}

void HubNodeItem::paint(QPainter* p, const QStyleOptionGraphicsItem* option, QWidget*) {
  const HubSpec* spec = m_scene->spec(m_id);
  if (!spec) return;
  p->setRenderHint(QPainter::Antialiasing);
  const bool dead = m_scene->isDeadEnd(m_id);
  const bool empty = !m_scene->hasMatches(m_id);
  QColor fill = spec->colour.darker(empty ? 300 : 170);
  QPen border(dead ? kDeadEnd : spec->colour.lighter(130), dead ? 4 : 2, dead ? Qt::DashLine : Qt::SolidLine);
  if (option->state & QStyle::State_Selected) border = QPen(Qt::white, 3);
  p->setPen(border);
  p->setBrush(fill);
  p->drawEllipse(QPointF(0, 0), kRadius, kRadius);
  p->setPen(Qt::white);
  QFont f = p->font();
  f.setBold(true);
  p->setFont(f);
  const QRectF inner(-kRadius + 3, -kRadius + 6, 2 * kRadius - 6, kRadius);
  p->drawText(inner, Qt::AlignCenter, p->fontMetrics().elidedText(spec->name, Qt::ElideRight, static_cast<int>(inner.width())));
  f.setBold(false);
  f.setPointSizeF(f.pointSizeF() * 0.85);
  p->setFont(f);
  const QString counts = empty ? QObject::tr("no match")
                               : QObject::tr("in %1 · out %2").arg(m_scene->inDegree(m_id)).arg(m_scene->outDegree(m_id));
  p->drawText(QRectF(-kRadius, 2, 2 * kRadius, kRadius - 8), Qt::AlignHCenter | Qt::AlignTop, counts);
  if (dead) {
    p->setPen(kDeadEnd);
    p->drawText(QRectF(-kRadius - 30, kRadius + 2, 2 * kRadius + 60, 18), Qt::AlignCenter, QObject::tr("dead end"));
  }
}

QVariant HubNodeItem::itemChange(GraphicsItemChange change, const QVariant& value) {
  if (change == ItemPositionHasChanged) m_scene->updateEdgeGeometry(m_id);
  return QGraphicsItem::itemChange(change, value);
}

void HubNodeItem::mousePressEvent(QGraphicsSceneMouseEvent* event) {
  m_pressPos = pos();
  QGraphicsItem::mousePressEvent(event);
  emit m_scene->nodeActivated(m_id);
}

void HubNodeItem::mouseReleaseEvent(QGraphicsSceneMouseEvent* event) {
  QGraphicsItem::mouseReleaseEvent(event);
  if (pos() != m_pressPos) emit m_scene->nodeMoved(m_id, pos());
}

// ---- edges

HubEdgeItem::HubEdgeItem(HubGraphScene* scene, HubId from, HubId to) : m_scene(scene), m_from(from), m_to(to) {
  setFlags(ItemIsSelectable);
  setCursor(Qt::PointingHandCursor);
}

QPainterPath HubEdgeItem::path(QPointF* labelPos, QPolygonF* head) const {
  const HubNodeItem* a = m_scene->nodeItem(m_from);
  const HubNodeItem* b = m_scene->nodeItem(m_to);
  QPainterPath path;
  if (!a || !b) return path;
  const double r = HubNodeItem::kRadius;
  QPointF end, dir;
  if (m_from == m_to) {
    // A loop above the node, leaving on its left and entering on its right.
    const QPointF c = a->pos();
    const QPointF start = c + QPointF(-r * 0.5, -r * 0.87);
    end = c + QPointF(r * 0.5, -r * 0.87);
    path.moveTo(start);
    path.cubicTo(c + QPointF(-r * 1.4, -r * 2.9), c + QPointF(r * 1.4, -r * 2.9), end);
    dir = unit(end - (c + QPointF(r * 1.4, -r * 2.9)));
    *labelPos = c + QPointF(0, -r * 2.35);
  } else {
    // Curved to the left of its direction, so A->B and B->A stay apart.
    const QPointF d = unit(b->pos() - a->pos());
    const QPointF normal(d.y(), -d.x());
    const QPointF mid = (a->pos() + b->pos()) / 2 + normal * 28;
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

QRectF HubEdgeItem::boundingRect() const {
  QPointF label;
  QPolygonF head;
  return path(&label, &head).boundingRect().united(head.boundingRect()).united(QRectF(label - QPointF(20, 12), QSizeF(40, 24))).adjusted(-6, -6, 6, 6);
}

QPainterPath HubEdgeItem::shape() const {
  QPointF label;
  QPolygonF head;
  QPainterPathStroker stroker;
  stroker.setWidth(12);
  QPainterPath s = stroker.createStroke(path(&label, &head));
  s.addEllipse(label, 12, 10);
  return s;
}

void HubEdgeItem::paint(QPainter* p, const QStyleOptionGraphicsItem* option, QWidget*) {
  const HubSpec* spec = m_scene->spec(m_from);
  if (!spec) return;
  QPointF label;
  QPolygonF head;
  const QPainterPath curve = path(&label, &head);
  const int count = m_scene->bundleCount(m_from, m_to);
  const bool current = m_scene->isCurrent(m_from, m_to);
  const bool selected = option->state & QStyle::State_Selected;
  QColor c = current ? kCurrent : spec->colour;
  if (!current && (m_scene->isDeadEnd(m_to) || m_scene->isDeadEnd(m_from))) c = kDeadEnd;
  p->setRenderHint(QPainter::Antialiasing);
  p->setPen(QPen(selected ? Qt::white : c, (current ? 3.5 : 1.5) + std::log2(double(count)), Qt::SolidLine, Qt::RoundCap));
  p->setBrush(Qt::NoBrush);
  p->drawPath(curve);
  p->setPen(Qt::NoPen);
  p->setBrush(selected ? QColor(Qt::white) : c);
  p->drawPolygon(head);
  if (count > 1) {
    p->setBrush(QColor(30, 30, 34, 220));
    p->setPen(QPen(c, 1));
    const QRectF box(label - QPointF(14, 9), QSizeF(28, 18));
    p->drawRoundedRect(box, 8, 8);
    p->setPen(Qt::white);
    p->drawText(box, Qt::AlignCenter, QStringLiteral("×%1").arg(count));
  }
}

void HubEdgeItem::updateGeometry() { prepareGeometryChange(); }

void HubEdgeItem::mousePressEvent(QGraphicsSceneMouseEvent* event) {
  QGraphicsItem::mousePressEvent(event);
  m_scene->activateBundle(m_from, m_to);
}

// ---- scene

HubGraphScene::HubGraphScene(Project* project, SnapSession* session, QObject* parent)
    : QGraphicsScene(parent), m_project(project), m_session(session) {
  setBackgroundBrush(QColor(28, 29, 33));
  HubList* hubs = project->hubs();
  connect(hubs, &HubList::hubAdded, this, [this] { syncNodes(); });
  connect(hubs, &HubList::hubRemoved, this, [this](HubId id) {
    removeNode(id);
    syncNodes();
  });
  connect(hubs, &HubList::hubChanged, this, [this] { syncNodes(); });
  connect(hubs, &HubList::hubsReset, this, [this] { syncNodes(); });
  connect(session, &SnapSession::stateChanged, this, &HubGraphScene::rebuildEdges);
  connect(session, &SnapSession::appearanceChanged, this, [this] { update(); });
  syncNodes();
}

const HubSpec* HubGraphScene::spec(HubId id) const { return m_project->hubs()->hub(id); }

HubNodeItem* HubGraphScene::nodeItem(HubId id) const {
  auto it = m_nodes.find(id);
  return it == m_nodes.end() ? nullptr : it->second;
}

HubEdgeItem* HubGraphScene::edgeItem(HubId from, HubId to) const {
  auto it = m_edges.find({from, to});
  return it == m_edges.end() ? nullptr : it->second;
}

std::vector<int> HubGraphScene::bundleEdges(HubId from, HubId to) const {
  const auto state = m_session->state();
  std::vector<int> out;
  const int a = state->graphHubIndex(from), b = state->graphHubIndex(to);
  for (int e = 0; e < static_cast<int>(state->graph.edges.size()); ++e) {
    if (state->graph.edges[e].fromHub == a && state->graph.edges[e].toHub == b) out.push_back(e);
  }
  return out;
}

int HubGraphScene::bundleCount(HubId from, HubId to) const { return static_cast<int>(bundleEdges(from, to).size()); }

int HubGraphScene::inDegree(HubId id) const {
  const auto state = m_session->state();
  const int h = state->graphHubIndex(id);
  return static_cast<int>(std::count_if(state->graph.edges.begin(), state->graph.edges.end(),
                                        [h](const HubEdge& e) { return h >= 0 && e.toHub == h; }));
}

int HubGraphScene::outDegree(HubId id) const {
  const auto state = m_session->state();
  const int h = state->graphHubIndex(id);
  return static_cast<int>(std::count_if(state->graph.edges.begin(), state->graph.edges.end(),
                                        [h](const HubEdge& e) { return h >= 0 && e.fromHub == h; }));
}

bool HubGraphScene::isDeadEnd(HubId id) const {
  const auto state = m_session->state();
  const int h = state->graphHubIndex(id);
  return h >= 0 && std::binary_search(state->deadEnds.begin(), state->deadEnds.end(), h);
}

bool HubGraphScene::hasMatches(HubId id) const { return m_session->state()->graphHubIndex(id) >= 0; }

bool HubGraphScene::isCurrent(HubId from, HubId to) const {
  const auto state = m_session->state();
  if (m_currentEdge < 0 || m_currentEdge >= static_cast<int>(state->graph.edges.size())) return false;
  const HubEdge& e = state->graph.edges[m_currentEdge];
  return state->graphHubs[e.fromHub] == from && state->graphHubs[e.toHub] == to;
}

void HubGraphScene::setCurrentEdge(int edge) {
  if (edge == m_currentEdge) return;
  m_currentEdge = edge;
  for (auto& [key, item] : m_edges) item->update();
}

QPointF HubGraphScene::defaultPosition(int row, int count) const {
  const double angle = 2 * std::numbers::pi * row / std::max(1, count) - std::numbers::pi / 2;
  const double radius = 90 + 28 * count;
  return {radius * std::cos(angle), radius * std::sin(angle)};
}

void HubGraphScene::removeNode(HubId id) {
  auto it = m_nodes.find(id);
  if (it == m_nodes.end()) return;
  for (auto e = m_edges.begin(); e != m_edges.end();) {
    if (e->first.first == id || e->first.second == id) {
      delete e->second;
      e = m_edges.erase(e);
    } else {
      ++e;
    }
  }
  delete it->second;
  m_nodes.erase(it);
}

void HubGraphScene::syncNodes() {
  const auto& hubs = m_project->hubs()->hubs();
  // Drop items of hubs that are gone (after a reset), add missing ones.
  std::vector<HubId> gone;
  for (const auto& [id, item] : m_nodes) {
    if (!spec(id)) gone.push_back(id);
  }
  for (HubId id : gone) removeNode(id);
  for (int row = 0; row < static_cast<int>(hubs.size()); ++row) {
    HubNodeItem* item = nodeItem(hubs[row].id);
    if (!item) {
      item = new HubNodeItem(this, hubs[row].id);
      m_nodes[hubs[row].id] = item;
      addItem(item);
    }
    const QPointF want = hubs[row].nodePosition.value_or(defaultPosition(row, static_cast<int>(hubs.size())));
    if (item->pos() != want) item->setPos(want);
    item->update();
  }
  for (auto& [key, item] : m_edges) item->updateGeometry();
  update();
}

void HubGraphScene::rebuildEdges() {
  const auto state = m_session->state();
  std::map<std::pair<HubId, HubId>, HubEdgeItem*> keep;
  for (const HubEdge& e : state->graph.edges) {
    const std::pair<HubId, HubId> key{state->graphHubs[e.fromHub], state->graphHubs[e.toHub]};
    if (keep.count(key) || !nodeItem(key.first) || !nodeItem(key.second)) continue;
    auto it = m_edges.find(key);
    if (it != m_edges.end()) {
      keep[key] = it->second;
      m_edges.erase(it);
    } else {
      auto* item = new HubEdgeItem(this, key.first, key.second);
      addItem(item);
      keep[key] = item;
    }
  }
  for (auto& [key, item] : m_edges) delete item;
  m_edges = std::move(keep);
  for (auto& [key, item] : m_edges) item->updateGeometry();
  for (auto& [id, node] : m_nodes) node->update();
  update();
}

void HubGraphScene::updateEdgeGeometry(HubId id) {
  for (auto& [key, item] : m_edges) {
    if (key.first == id || key.second == id) item->updateGeometry();
  }
}

void HubGraphScene::activateBundle(HubId from, HubId to) {
  const std::vector<int> edges = bundleEdges(from, to);
  if (edges.empty()) return;
  int& cycle = m_clickCycle[{from, to}];
  emit edgeActivated(edges[cycle++ % edges.size()]);
}

}  // namespace mg
