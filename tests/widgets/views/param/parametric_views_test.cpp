// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include <QLabel>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QTest>

#include "core/param/param_fixture.h"
#include "widgets/commands/motion_commands.h"
#include "widgets/commands/parametric_commands.h"
#include "widgets/document/parametric_document.h"
#include "widgets/document/project.h"
#include "widgets/parametric_test_data.h"
#include "widgets/views/param/edge_inspector.h"
#include "widgets/views/param/edge_space_view.h"
#include "widgets/views/param/parameter_plot.h"
#include "widgets/views/param/parametric_graph_view.h"
#include "widgets/views/param/parametric_node_dialog.h"

namespace mg {
namespace {

// A project with one node "walk" (not built) and its self-loop sampled synthetically.
struct SyntheticEdge {
  Project project;
  ParamNodeId node = kNoParamId;
  ParamEdgeId edge = kNoParamId;
  std::shared_ptr<const EdgeSampling> sampling = test::syntheticSampling();

  SyntheticEdge() {
    ParamNodeEntry n;
    n.name = "walk";
    auto* add = new AddParametricNodeCommand(parametricOf(project), n);
    node = add->id();
    project.undoStack()->push(add);
    ParamEdgeEntry e;
    e.source = e.target = node;
    e.sampling = sampling;
    auto* addEdge = new AddParametricEdgeCommand(parametricOf(project), e);
    edge = addEdge->id();
    project.undoStack()->push(addEdge);
  }
};

TEST(EdgeInspector, ThresholdSliderReclassifiesWithoutResampling) {
  SyntheticEdge f;
  EdgeInspector inspector(&f.project);
  inspector.resize(500, 900);
  inspector.setEdge(f.edge);
  const int classified = parametricOf(f.project)->classifyCount();
  const int stack = f.project.undoStack()->count();
  const double scale = inspector.thresholdScale();
  // Drag T_BAD up first, then T_GOOD past every minimum (0.02): everything becomes GOOD.
  inspector.badSlider()->setValue(inspector.badSlider()->maximum());
  inspector.goodSlider()->setValue(
      static_cast<int>(0.021 / scale * inspector.goodSlider()->maximum()) + 1);
  const ParamEdgeEntry* e = parametricOf(f.project)->edge(f.edge);
  EXPECT_EQ(e->sampling.get(), f.sampling.get());
  EXPECT_FALSE(inspector.isRebuilding());
  EXPECT_EQ(parametricOf(f.project)->classifyCount(), classified + 2);
  EXPECT_EQ(f.project.undoStack()->count(), stack + 1);  // one merged step
  EXPECT_GE(e->settings.thresholds.tGood, 0.02);
  EXPECT_TRUE(e->classified->exists);
  EXPECT_TRUE(inspector.countsLabel()->text().contains(QStringLiteral("GOOD 20")));
  f.project.undoStack()->undo();
  EXPECT_FALSE(parametricOf(f.project)->edge(f.edge)->classified->exists);
  EXPECT_EQ(parametricOf(f.project)->edge(f.edge)->sampling.get(), f.sampling.get());
}

TEST(EdgeInspector, ShowsWhyABoxIsEmpty) {
  SyntheticEdge f;
  EdgeInspector inspector(&f.project);
  inspector.setEdge(f.edge);
  const ParametricEdge& edge = *parametricOf(f.project)->edge(f.edge)->classified;
  ASSERT_TRUE(edge.reports[1].empty);
  ASSERT_FALSE(edge.reports[1].why.empty());
  inspector.sourceSampleBox()->setValue(1);
  const QString why = QString::fromStdString(edge.reports[1].why).toHtmlEscaped();
  EXPECT_TRUE(inspector.reportLabel()->text().contains(QStringLiteral("Empty box")));
  EXPECT_TRUE(inspector.reportLabel()->text().contains(why))
      << inspector.reportLabel()->text().toStdString();
  inspector.sourceSampleBox()->setValue(0);
  EXPECT_FALSE(inspector.reportLabel()->text().contains(QStringLiteral("Empty box")));
}

TEST(EdgeSpaceView, DrawsTargetSamplesByClass) {
  SyntheticEdge f;
  const ParamEdgeEntry* e = parametricOf(f.project)->edge(f.edge);
  EdgeSpaceView view;
  view.resize(400, 300);
  view.setEdge(e->sampling, e->classified);
  view.setSourceSample(0);
  view.grab();
  EXPECT_EQ(view.pointCount(TransitionClass::Good), 4);
  EXPECT_EQ(view.pointCount(TransitionClass::Neutral), 2);
  EXPECT_EQ(view.pointCount(TransitionClass::Bad), 4);
  view.setSourceSample(1);
  view.grab();
  EXPECT_EQ(view.pointCount(TransitionClass::Good), 0);
  EXPECT_EQ(view.pointCount(TransitionClass::Bad), 10);
}

TEST(ParametricGraphView, ShowsNodesAndSelfLoopAndDeletesUndoably) {
  SyntheticEdge f;
  ParametricGraphView view(&f.project);
  EXPECT_EQ(view.nodeItemCount(), 1);
  EXPECT_EQ(view.edgeItemCount(), 1);
  QSignalSpy selected(&view, &ParametricGraphView::edgeSelected);
  view.selectEdge(f.edge);
  EXPECT_EQ(selected.count(), 1);
  view.deleteSelection();
  EXPECT_EQ(view.edgeItemCount(), 0);
  f.project.undoStack()->undo();
  EXPECT_EQ(view.edgeItemCount(), 1);
  view.addEdgeFromToolbar();  // walk -> walk again
  EXPECT_EQ(view.edgeItemCount(), 2);
}

// Real capture: the walking node of the CMU walks, its plot, and a sampled edge with its grid.
// Adds a built node named `name` and its (unsampled) self-loop; returns the edge.
ParamEdgeId addBuiltSelfLoop(Project& project, const char* name,
                             std::shared_ptr<const ParametricNode> node) {
  ParamNodeEntry n;
  n.name = name;
  n.built = std::move(node);
  auto* add = new AddParametricNodeCommand(parametricOf(project), n);
  const ParamNodeId id = add->id();
  project.undoStack()->push(add);
  ParamEdgeEntry e;
  e.source = e.target = id;
  auto* addEdge = new AddParametricEdgeCommand(parametricOf(project), e);
  const ParamEdgeId eid = addEdge->id();
  project.undoStack()->push(addEdge);
  return eid;
}

TEST(ParametricRealData, WalkNodePlotAndInspectorRebuild) {
  std::shared_ptr<const ParametricNode> node = test::walkNode();
  ASSERT_NE(node, nullptr);
  ParameterPlot plot;
  plot.resize(400, 200);
  plot.setNode(node);
  plot.grab();
  EXPECT_EQ(plot.exampleMarks(), node->space().exampleCount());
  EXPECT_EQ(plot.sampleDots(),
            static_cast<int>(node->samples().size()) - node->space().exampleCount());

  Project project;
  const ParamEdgeId eid = addBuiltSelfLoop(project, "walk", node);

  EdgeInspector inspector(&project);
  inspector.setEdge(eid);
  QSignalSpy changed(parametricOf(project), &ParametricDocument::edgeChanged);
  EdgeSamplingSettings small;
  small.sourceSamples = 6, small.targetSamples = 40;
  project.undoStack()->push(new SetEdgeSamplingCommand(parametricOf(project), eid, small, nullptr));
  inspector.rebuild();
  ASSERT_TRUE(inspector.isRebuilding());
  ASSERT_TRUE(changed.wait(240000) || changed.count() > 1);
  while (inspector.isRebuilding()) QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
  const ParamEdgeEntry* entry = parametricOf(project)->edge(eid);
  ASSERT_NE(entry->sampling, nullptr);
  ASSERT_NE(entry->classified, nullptr);
  EXPECT_EQ(entry->sampling->sourceCount(), 6);
  EXPECT_EQ(entry->sampling->targetCount(), 40);
  EXPECT_EQ(
      entry->classified->goodPairs + entry->classified->neutralPairs + entry->classified->badPairs,
      240);
  QSignalSpy grid(&inspector, &EdgeInspector::gridReady);
  inspector.chooseTarget(3);
  ASSERT_TRUE(grid.wait(120000));
  EXPECT_FALSE(inspector.gridImage().isNull());
  EXPECT_NE(inspector.gridLabel()->pixmap().toImage().size(), QSize(0, 0));
}

TEST(ParametricRealData, NodeDialogSuggestsStepCycles) {
  Result<Motion> m = readMotionFile(test::cmuTurnsDir() + "/16_15.bvh");
  ASSERT_TRUE(m.ok());
  Project project;
  auto* add = new AddMotionCommand(&project, std::make_shared<const Motion>(std::move(m.value())));
  const MotionId mid = add->id();
  project.undoStack()->push(add);
  ParametricNodeDialog dialog(&project);
  dialog.selectMotion(mid);
  dialog.suggestStepCycles();
  EXPECT_GE(dialog.segmentCount(), 2);
  const ParamNodeEntry entry = dialog.entry();
  EXPECT_EQ(static_cast<int>(entry.examples.size()), dialog.segmentCount());
  EXPECT_EQ(entry.examples[0].motion, mid);
  EXPECT_EQ(entry.metrics.size(), 1u);
  EXPECT_EQ(entry.metrics[0].kind, ParameterKind::TravelDirectionChange);

  QSignalSpy built(&dialog, &ParametricNodeDialog::nodeBuilt);
  dialog.build();
  ASSERT_TRUE(built.wait(120000)) << dialog.statusLabel()->text().toStdString();
  ASSERT_NE(dialog.builtNode(), nullptr);
  EXPECT_EQ(dialog.builtNode()->space().exampleCount(), dialog.segmentCount());
  EXPECT_EQ(dialog.entry().built, dialog.builtNode());
  dialog.plot()->resize(400, 200);
  dialog.plot()->grab();
  EXPECT_EQ(dialog.plot()->exampleMarks(), dialog.segmentCount());
  // Pressing left of the axis asks for the range minimum, right of it the maximum.
  QSignalSpy dragged(&dialog, &ParametricNodeDialog::parameterDragged);
  QTest::mouseClick(dialog.plot(), Qt::LeftButton, {}, QPoint(1, 100));
  QTest::mouseClick(dialog.plot(), Qt::LeftButton, {}, QPoint(dialog.plot()->width() - 1, 100));
  ASSERT_EQ(dragged.count(), 2);
  const ParametricNode& node = *dialog.builtNode();
  EXPECT_DOUBLE_EQ(dragged[0][1].value<ParameterVector>()[0], node.rangeMin()[0]);
  EXPECT_DOUBLE_EQ(dialog.plot()->cursor()[0], node.rangeMax()[0]);
}

}  // namespace
}  // namespace mg

namespace mg {
namespace {

// A node of two parameters (turn and speed) gets a source-parameter slider per dimension, and the
// lookup point the sliders give has both coordinates.
TEST(ParametricRealData, InspectorHasASourceSliderPerDimension) {
  NodeSource source = test::walkNodeSource();
  ParameterMetric speed;
  speed.kind = ParameterKind::TravelSpeed;
  source.metrics.push_back(speed);
  source.inversion.samples = 200;
  Result<std::shared_ptr<const ParametricNode>> node =
      buildNodeFromSource(source, test::cmuTurnsDir(), test::fileLoader());
  ASSERT_TRUE(node) << node.error().message;
  ASSERT_EQ((*node)->dimensions(), 2);
  Project project;
  const ParamEdgeId eid = addBuiltSelfLoop(project, "walk2d", *node);
  EdgeInspector inspector(&project);
  inspector.show();
  inspector.setEdge(eid);
  EdgeSamplingSettings small;
  small.sourceSamples = 4, small.targetSamples = 30;
  project.undoStack()->push(new SetEdgeSamplingCommand(parametricOf(project), eid, small, nullptr));
  inspector.rebuild();
  ASSERT_TRUE(QTest::qWaitFor(
      [&] { return !inspector.isRebuilding() && parametricOf(project)->edge(eid)->classified; },
      240000));
  EXPECT_TRUE(inspector.sourceParameterSlider(0)->isVisibleTo(&inspector));
  EXPECT_TRUE(inspector.sourceParameterSlider(1)->isVisibleTo(&inspector));
  EXPECT_FALSE(inspector.sourceParameterSlider(2)->isVisibleTo(&inspector));
  // The parameter-space view names the target axes with their units.
  EXPECT_TRUE(
      inspector.spaceView()->targetAxis().contains(QStringLiteral("travel_direction_change [deg]")))
      << inspector.spaceView()->targetAxis().toStdString();
  EXPECT_TRUE(inspector.spaceView()->targetAxis().contains(QStringLiteral("travel_speed [m/s]")));
  inspector.sourceParameterSlider(1)->setValue(900);
  const QString tip = inspector.sourceParameterSlider(1)->toolTip();
  const double speedAt =
      (*node)->rangeMin()[1] + ((*node)->rangeMax()[1] - (*node)->rangeMin()[1]) * 0.9;
  ASSERT_TRUE(tip.startsWith(QStringLiteral("Box looked up for l = ("))) << tip.toStdString();
  EXPECT_TRUE(
      tip.contains(QStringLiteral(", ") + QString::number(speedAt, 'f', 2) + QLatin1Char(')')))
      << tip.toStdString();
}

}  // namespace
}  // namespace mg
