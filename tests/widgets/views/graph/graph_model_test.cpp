// SPDX-License-Identifier: MIT
// The shared graph canvas: GraphModel's ids and signals, GraphScene as a projection of it, and
// the parametric graph projected through the same model and scene as the hub graph (the hub
// graph's own checks are in snap_editor_test.cpp). Documents are built without a window; edits
// go through the project's undo stack.
#include <gtest/gtest.h>

#include <QAction>
#include <QKeyEvent>
#include <QMenu>
#include <QSignalSpy>

#include "widgets/commands/parametric_commands.h"
#include "widgets/document/parametric_document.h"
#include "widgets/document/project.h"
#include "widgets/parametric_test_data.h"
#include "widgets/views/graph/graph_scene.h"
#include "widgets/views/param/parametric_graph_model.h"
#include "widgets/views/param/parametric_graph_view.h"

namespace mg {
namespace {

// Every model node and edge has exactly one item with its id, at the model's position.
void expectSceneMatchesModel(const GraphScene& scene) {
  const GraphModel& model = *scene.model();
  ASSERT_EQ(scene.nodeItemCount(), model.nodeCount());
  ASSERT_EQ(scene.edgeItemCount(), model.edgeCount());
  for (GraphNodeId id : model.nodeIds()) {
    ASSERT_NE(scene.nodeItem(id), nullptr) << "node " << id;
    EXPECT_EQ(scene.nodeItem(id)->id(), id);
    EXPECT_EQ(scene.nodeItem(id)->pos(), model.node(id)->position);
  }
  for (GraphEdgeId id : model.edgeIds()) {
    ASSERT_NE(scene.edgeItem(id), nullptr) << "edge " << id;
    EXPECT_EQ(scene.edgeItem(id)->id(), id);
  }
}

GraphModelNode node(GraphNodeId id, const char* label, QColor colour, QPointF position) {
  GraphModelNode n;
  n.id = id;
  n.label = QString::fromLatin1(label);
  n.colour = colour;
  n.position = position;
  return n;
}

GraphModelEdge edge(GraphEdgeId id, GraphNodeId from, GraphNodeId to) {
  GraphModelEdge e;
  e.id = id;
  e.from = from;
  e.to = to;
  e.colour = Qt::green;
  return e;
}

QAction* findAction(QMenu* menu, const QString& text) {
  for (QAction* a : menu->actions()) {
    if (a->text() == text) return a;
  }
  return nullptr;
}

TEST(GraphModel, SignalsAndEdgesGoWithTheirNodes) {
  GraphModel model;
  QSignalSpy added(&model, &GraphModel::nodeAdded), changed(&model, &GraphModel::nodeChanged),
      edgeRemoved(&model, &GraphModel::edgeRemoved), removed(&model, &GraphModel::nodeRemoved);
  model.setNode(node(1, "a", Qt::red, {0, 0}));
  model.setNode(node(2, "b", Qt::red, {100, 0}));
  EXPECT_EQ(added.count(), 2);
  model.setNode(node(1, "a", Qt::red, {0, 0}));  // identical: no signal
  EXPECT_EQ(changed.count(), 0);
  model.setNode(node(1, "A", Qt::red, {0, 0}));
  EXPECT_EQ(changed.count(), 1);
  model.setEdge(edge(10, 1, 2));
  model.setEdge(edge(11, 2, 2));
  model.setEdge(edge(12, 1, 3));  // no node 3: ignored
  EXPECT_EQ(model.edgeCount(), 2);
  model.setCurrentEdge(10);
  EXPECT_EQ(model.currentEdge(), 10);
  model.removeNode(1);
  EXPECT_EQ(edgeRemoved.count(), 1);
  EXPECT_EQ(removed.count(), 1);
  EXPECT_EQ(model.edge(10), nullptr);
  EXPECT_EQ(model.currentEdge(), kNoGraphId);
  EXPECT_NE(model.edge(11), nullptr);
}

TEST(GraphScene, ProjectsTheModelAndDrawsParallelEdgesApart) {
  GraphModel model;
  GraphScene scene(&model);
  model.setNode(node(1, "a", Qt::red, {0, 0}));
  model.setNode(node(2, "b", Qt::blue, {300, 0}));
  model.setEdge(edge(5, 1, 2));
  model.setEdge(edge(6, 1, 2));
  model.setEdge(edge(7, 2, 1));
  expectSceneMatchesModel(scene);
  EXPECT_EQ(scene.laneOf(5), 0);
  EXPECT_EQ(scene.laneOf(6), 1);
  EXPECT_EQ(scene.laneOf(7), 0);
  // Parallel arrows do not sit on each other.
  EXPECT_GT(
      std::abs(scene.edgeItem(5)->boundingRect().top() - scene.edgeItem(6)->boundingRect().top()),
      10.0);
  // A drag the scene reports moves the base model's node, and the item follows the model.
  emit scene.nodeMoved(2, QPointF(400, 50));
  EXPECT_EQ(model.node(2)->position, QPointF(400, 50));
  model.setNodePosition(1, QPointF(-50, -50));
  expectSceneMatchesModel(scene);
  // Quality colouring overrides the kind's colour; the current edge is drawn highlighted.
  GraphModelEdge e = *model.edge(5);
  e.quality = 1.0;
  model.setEdge(e);
  EXPECT_GT(scene.edgeItem(5)->drawnColour().red(), 200);
  EXPECT_LT(scene.edgeItem(5)->drawnColour().green(), 100);
  model.setCurrentEdge(6);
  EXPECT_EQ(scene.edgeItem(6)->drawnColour(), QColor(250, 220, 60));
  model.removeNode(2);
  expectSceneMatchesModel(scene);
  EXPECT_EQ(scene.edgeItemCount(), 0);
  // The base model offers no context menu.
  EXPECT_EQ(scene.nodeMenu(1), nullptr);
}

struct ParametricFixture {
  Project project;
  ParamNodeId walk = kNoParamId, turn = kNoParamId;
  ParamEdgeId loop = kNoParamId;

  ParametricFixture() {
    ParamNodeEntry n;
    n.name = "walk";
    auto* add = new AddParametricNodeCommand(parametricOf(project), n);
    walk = add->id();
    project.undoStack()->push(add);
    n.name = "turn";
    n.canvasX = 200;
    auto* add2 = new AddParametricNodeCommand(parametricOf(project), n);
    turn = add2->id();
    project.undoStack()->push(add2);
    ParamEdgeEntry e;
    e.source = e.target = walk;
    e.sampling = test::syntheticSampling();  // does not exist at the default thresholds
    auto* addEdge = new AddParametricEdgeCommand(parametricOf(project), e);
    loop = addEdge->id();
    project.undoStack()->push(addEdge);
  }
};

TEST(ParametricGraphModel, IdsStayStableAcrossEditsUndoAndRedo) {
  ParametricFixture f;
  ParametricGraphModel model(&f.project);
  GraphScene scene(&model);
  expectSceneMatchesModel(scene);
  EXPECT_EQ(model.nodeIds(), (std::vector<GraphNodeId>{f.walk, f.turn}));
  EXPECT_EQ(model.edgeIds(), (std::vector<GraphEdgeId>{f.loop}));
  // Red: sampled, does not exist. Both nodes are dead ends (no existing edge leaves them).
  EXPECT_EQ(model.edge(f.loop)->colour, QColor(225, 80, 75));
  EXPECT_TRUE(model.node(f.walk)->deadEnd);
  EXPECT_TRUE(model.node(f.turn)->deadEnd);

  // Loosened thresholds make the loop exist: walk is no longer a dead end; undo brings it back.
  EdgeThresholds loose;
  loose.tGood = 0.03;
  loose.tBad = 0.04;
  f.project.undoStack()->push(setEdgeThresholdsCommand(parametricOf(f.project), f.loop, loose));
  EXPECT_EQ(model.edge(f.loop)->colour, QColor(90, 200, 110));
  EXPECT_FALSE(model.node(f.walk)->deadEnd);
  EXPECT_TRUE(model.node(f.turn)->deadEnd);
  f.project.undoStack()->undo();
  EXPECT_TRUE(model.node(f.walk)->deadEnd);

  // A drag is one undoable command; the item follows undo and redo; ids do not change.
  const QPointF before = scene.nodeItem(f.turn)->pos();
  const int steps = f.project.undoStack()->index();
  scene.nodeItem(f.turn)->setPos(260, 80);  // what a drag does to the item
  emit scene.nodeMoved(f.turn, QPointF(260, 80));
  EXPECT_EQ(f.project.undoStack()->index(), steps + 1);
  EXPECT_EQ(parametricOf(f.project)->node(f.turn)->canvasX, 260);
  f.project.undoStack()->undo();
  EXPECT_EQ(scene.nodeItem(f.turn)->pos(), before);
  f.project.undoStack()->redo();
  EXPECT_EQ(scene.nodeItem(f.turn)->pos(), QPointF(260, 80));
  expectSceneMatchesModel(scene);

  // Deleting a node takes its edges; undo restores both with their old ids.
  model.deleteItems({f.walk}, {});
  EXPECT_EQ(model.node(f.walk), nullptr);
  EXPECT_EQ(model.edge(f.loop), nullptr);
  expectSceneMatchesModel(scene);
  f.project.undoStack()->undo();
  EXPECT_EQ(model.nodeIds(), (std::vector<GraphNodeId>{f.walk, f.turn}));
  EXPECT_EQ(model.edgeIds(), (std::vector<GraphEdgeId>{f.loop}));
  expectSceneMatchesModel(scene);

  // A project reset empties the model and the scene.
  parametricOf(f.project)->clear();
  EXPECT_EQ(model.nodeCount(), 0);
  expectSceneMatchesModel(scene);
}

TEST(ParametricGraphModel, ContextMenusAddAndDeleteEdgesUndoably) {
  ParametricFixture f;
  ParametricGraphView view(&f.project);
  GraphScene* scene = view.scene();
  std::unique_ptr<QMenu> menu = scene->nodeMenu(f.walk);
  ASSERT_NE(menu, nullptr);
  QAction* addTo = findAction(menu.get(), QObject::tr("Add Edge To"));
  ASSERT_NE(addTo, nullptr);
  ASSERT_NE(addTo->menu(), nullptr);
  QAction* toTurn = findAction(addTo->menu(), QStringLiteral("turn"));
  ASSERT_NE(toTurn, nullptr);
  QSignalSpy created(&view, &ParametricGraphView::edgeCreated);
  toTurn->trigger();
  ASSERT_EQ(created.count(), 1);
  const ParamEdgeId id = created[0][0].toInt();
  const ParamEdgeEntry* e = parametricOf(f.project)->edge(id);
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->source, f.walk);
  EXPECT_EQ(e->target, f.turn);
  EXPECT_EQ(view.selectedEdge(), id);
  EXPECT_EQ(view.model()->edge(id)->colour, QColor(140, 140, 148));  // grey: not sampled
  EXPECT_EQ(view.edgeItemCount(), 2);

  std::unique_ptr<QMenu> edgeMenu = scene->edgeMenu(id);
  ASSERT_NE(edgeMenu, nullptr);
  QSignalSpy inspect(&view, &ParametricGraphView::edgeSelected);
  findAction(edgeMenu.get(), QObject::tr("Inspect Edge"))->trigger();
  EXPECT_GE(inspect.count(), 1);
  EXPECT_EQ(inspect.last()[0].toInt(), id);
  findAction(edgeMenu.get(), QObject::tr("Delete Edge"))->trigger();
  EXPECT_EQ(parametricOf(f.project)->edge(id), nullptr);
  EXPECT_EQ(view.edgeItemCount(), 1);
  f.project.undoStack()->undo();
  EXPECT_NE(parametricOf(f.project)->edge(id), nullptr);
  EXPECT_NE(scene->edgeItem(id), nullptr);
  // The Delete key deletes the selection through the same hook.
  scene->selectEdge(id);
  QKeyEvent del(QEvent::KeyPress, Qt::Key_Delete, Qt::NoModifier);
  QCoreApplication::sendEvent(scene, &del);
  EXPECT_EQ(parametricOf(f.project)->edge(id), nullptr);
  expectSceneMatchesModel(*scene);
}

}  // namespace
}  // namespace mg

namespace mg {
namespace {

// Node labels stay legible at any zoom: drawn at the font's screen size when zoomed out, elided
// to the room before the node beside them (never overlapping it), left out when there is no room
// for a letter, and always whole in the tooltip (the subgraph's clip graph was unreadable).
TEST(GraphScene, NodeLabelsAreElidedToTheirRoomNeverOverlapAndKeepATooltip) {
  GraphModel model;
  const QString longName = QStringLiteral("Boxing_Toes_and_a_long_take_name");
  for (int i = 0; i < 4; ++i) {
    GraphModelNode n = node(i, "", Qt::green, QPointF(100.0 * i, i == 3 ? 100.0 : 0.0));
    n.label = longName;
    n.detail = QStringLiteral("120–240");
    n.toolTip = QStringLiteral("frames 120 to 240");
    model.setNode(n);
  }
  GraphScene scene(&model);
  EXPECT_NEAR(scene.labelRoom(1), 100 - GraphScene::kLabelGap, 1e-9);  // beside 0 and 2
  // Node 3 is a row below the others: only its own row limits it.
  EXPECT_NEAR(scene.labelRoom(3), GraphScene::kLabelSpan, 1e-9);
  const QFontMetricsF fm(scene.labelFont());
  for (double ppu : {0.15, 0.4, 0.7, 1.0, 2.5}) {
    for (int i = 0; i < 4; ++i) {
      const GraphNodeLabels text = scene.nodeLabels(i, ppu);
      if (text.label.isEmpty()) continue;
      // Within its room on screen, in the font's size or larger.
      EXPECT_LE(fm.horizontalAdvance(text.label) * ppu / GraphScene::textScale(ppu),
                scene.labelRoom(i) * ppu + 0.5)
          << "node " << i << " at " << ppu;
    }
    for (int i = 0; i + 1 < 3; ++i) {
      const QRectF a = scene.labelRect(i, ppu), b = scene.labelRect(i + 1, ppu);
      if (!a.isEmpty() && !b.isEmpty()) EXPECT_FALSE(a.intersects(b)) << i << " at " << ppu;
    }
  }
  // Zoomed out to 0.7 px per unit (a fitted graph of forty clips) a label is still the font's
  // size on screen and shows the start of the name; at 0.15 there is no room: left out.
  const GraphNodeLabels fitted = scene.nodeLabels(1, 0.7);
  EXPECT_TRUE(fitted.label.startsWith(QStringLiteral("Box"))) << fitted.label.toStdString();
  EXPECT_TRUE(fitted.label.endsWith(QChar(0x2026)));
  EXPECT_TRUE(scene.nodeLabels(1, 0.15).label.isEmpty());
  EXPECT_FALSE(scene.nodeLabels(3, 0.4).label.isEmpty());  // it has a row to itself
  // Zoomed in, a short label shows whole, with its detail line.
  GraphModelNode shortNode = *model.node(0);
  shortNode.label = QStringLiteral("walk");
  model.setNode(shortNode);
  EXPECT_EQ(scene.nodeLabels(0, 2.0).label, QStringLiteral("walk"));
  EXPECT_EQ(scene.nodeLabels(0, 2.0).detail, QStringLiteral("120–240"));
  // The tooltip holds the whole label even where the model's tooltip does not name it.
  EXPECT_TRUE(scene.nodeItem(1)->toolTip().startsWith(longName));
  EXPECT_TRUE(scene.nodeItem(1)->toolTip().contains(QStringLiteral("frames 120 to 240")));
  // A dead end's word comes from the model.
  GraphModelNode dead = *model.node(2);
  dead.deadEnd = true;
  dead.deadEndLabel = QStringLiteral("self-loops only");
  model.setNode(dead);
  EXPECT_EQ(scene.nodeLabels(2, 1.5).deadEnd, QStringLiteral("self-loops only"));
}

}  // namespace
}  // namespace mg
