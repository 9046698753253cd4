// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include <QSignalSpy>
#include <QTemporaryDir>

#include "core/import/motion_reader.h"
#include "widgets/commands/motion_commands.h"
#include "widgets/commands/parametric_commands.h"
#include "widgets/document/edge_sampling_cache.h"
#include "widgets/document/parametric_document.h"
#include "widgets/document/parametric_file.h"
#include "widgets/document/project.h"
#include "widgets/document/project_file.h"
#include "widgets/parametric_test_data.h"

namespace mg {
namespace {

ParamNodeEntry nodeEntry(const std::string& name, int motion = 1) {
  ParamNodeEntry n;
  n.name = name;
  n.examples = {{motion, 0, 40}, {motion, 40, 90}};
  n.metrics = {ParameterMetric{}};
  return n;
}

ParamEdgeId addSelfLoop(Project& project, ParamNodeId node,
                        std::shared_ptr<const EdgeSampling> sampling) {
  ParamEdgeEntry e;
  e.source = e.target = node;
  e.sampling = std::move(sampling);
  auto* cmd = new AddParametricEdgeCommand(parametricOf(project), e);
  const ParamEdgeId id = cmd->id();
  project.undoStack()->push(cmd);
  return id;
}

TEST(ParametricDocument, AddNodeUndoRedo) {
  Project project;
  ParametricDocument* doc = parametricOf(project);
  QSignalSpy added(doc, &ParametricDocument::nodeAdded),
      removed(doc, &ParametricDocument::nodeRemoved);
  auto* cmd = new AddParametricNodeCommand(doc, nodeEntry("walk"));
  const ParamNodeId id = cmd->id();
  project.undoStack()->push(cmd);
  ASSERT_NE(doc->node(id), nullptr);
  EXPECT_EQ(doc->node(id)->name, "walk");
  EXPECT_EQ(doc->uniqueName("walk"), "walk_2");
  project.undoStack()->undo();
  EXPECT_EQ(doc->node(id), nullptr);
  EXPECT_EQ(removed.count(), 1);
  project.undoStack()->redo();
  ASSERT_NE(doc->node(id), nullptr);
  EXPECT_EQ(doc->node(id)->examples.size(), 2u);
  EXPECT_EQ(added.count(), 2);
}

TEST(ParametricDocument, RemoveNodeTakesItsEdgesAndUndoRestoresThem) {
  Project project;
  ParametricDocument* doc = parametricOf(project);
  auto* a = new AddParametricNodeCommand(doc, nodeEntry("a"));
  auto* b = new AddParametricNodeCommand(doc, nodeEntry("b"));
  const ParamNodeId ia = a->id(), ib = b->id();
  project.undoStack()->push(a);
  project.undoStack()->push(b);
  const ParamEdgeId loop = addSelfLoop(project, ia, nullptr);
  ParamEdgeEntry ab;
  ab.source = ia, ab.target = ib;
  project.undoStack()->push(new AddParametricEdgeCommand(doc, ab));
  ParamEdgeEntry bb;
  bb.source = bb.target = ib;
  project.undoStack()->push(new AddParametricEdgeCommand(doc, bb));
  ASSERT_EQ(doc->edges().size(), 3u);

  project.undoStack()->push(new RemoveParametricNodeCommand(doc, ia));
  EXPECT_EQ(doc->nodes().size(), 1u);
  ASSERT_EQ(doc->edges().size(), 1u);
  EXPECT_EQ(doc->edges()[0].source, ib);
  project.undoStack()->undo();
  ASSERT_EQ(doc->nodes().size(), 2u);
  EXPECT_EQ(doc->nodes()[0].id, ia);
  ASSERT_EQ(doc->edges().size(), 3u);
  EXPECT_EQ(doc->edges()[0].id, loop);
  EXPECT_EQ(doc->edges()[1].target, ib);
}

TEST(ParametricDocument, AddAndRemoveEdgeUndoRedo) {
  Project project;
  ParametricDocument* doc = parametricOf(project);
  auto* a = new AddParametricNodeCommand(doc, nodeEntry("a"));
  const ParamNodeId ia = a->id();
  project.undoStack()->push(a);
  const ParamEdgeId e = addSelfLoop(project, ia, test::syntheticSampling());
  ASSERT_NE(doc->edge(e), nullptr);
  ASSERT_NE(doc->edge(e)->classified, nullptr);  // classified on insert from its sampling
  EXPECT_FALSE(doc->edge(e)->classified->exists);
  project.undoStack()->push(new RemoveParametricEdgeCommand(doc, e));
  EXPECT_EQ(doc->edge(e), nullptr);
  project.undoStack()->undo();
  ASSERT_NE(doc->edge(e), nullptr);
  project.undoStack()->undo();
  EXPECT_EQ(doc->edge(e), nullptr);
  project.undoStack()->redo();
  EXPECT_NE(doc->edge(e), nullptr);
}

TEST(ParametricDocument, ThresholdsReclassifyFromTheCachedSamplingAndDragsMerge) {
  Project project;
  ParametricDocument* doc = parametricOf(project);
  auto* a = new AddParametricNodeCommand(doc, nodeEntry("a"));
  const ParamNodeId ia = a->id();
  project.undoStack()->push(a);
  const auto sampling = test::syntheticSampling();
  const ParamEdgeId e = addSelfLoop(project, ia, sampling);
  const int stackBefore = project.undoStack()->count();
  const int classifiedBefore = doc->classifyCount();
  EXPECT_EQ(doc->edge(e)->classified->goodPairs, 4);

  EdgeThresholds t = doc->edge(e)->settings.thresholds;
  t.tGood = 0.007, t.tBad = 0.01;
  project.undoStack()->push(setEdgeThresholdsCommand(doc, e, t));
  t.tGood = 0.03, t.tBad = 0.04;  // everything GOOD: the edge exists
  project.undoStack()->push(setEdgeThresholdsCommand(doc, e, t));
  EXPECT_EQ(project.undoStack()->count(), stackBefore + 1);  // merged
  EXPECT_EQ(doc->edge(e)->sampling.get(), sampling.get());   // the same cached object
  EXPECT_EQ(doc->classifyCount(), classifiedBefore + 2);
  EXPECT_TRUE(doc->edge(e)->classified->exists);
  EXPECT_EQ(doc->edge(e)->classified->goodPairs, 20);

  project.undoStack()->undo();
  EXPECT_DOUBLE_EQ(doc->edge(e)->settings.thresholds.tGood, EdgeThresholds{}.tGood);
  EXPECT_EQ(doc->edge(e)->classified->goodPairs, 4);
  EXPECT_EQ(doc->edge(e)->sampling.get(), sampling.get());
}

TEST(ParametricDocument, RebuildResultUndoBringsBackThePreviousSampling) {
  Project project;
  ParametricDocument* doc = parametricOf(project);
  auto* a = new AddParametricNodeCommand(doc, nodeEntry("a"));
  const ParamNodeId ia = a->id();
  project.undoStack()->push(a);
  const ParamEdgeId e = addSelfLoop(project, ia, nullptr);
  EXPECT_EQ(doc->edge(e)->classified, nullptr);
  const auto sampling = test::syntheticSampling();
  EdgeSamplingSettings s = sampling->settings;
  project.undoStack()->push(new SetEdgeSamplingCommand(doc, e, s, sampling));
  EXPECT_EQ(doc->edge(e)->settings.sampling.targetSamples, 10);
  ASSERT_NE(doc->edge(e)->classified, nullptr);
  EXPECT_EQ(doc->edge(e)->classified->reports.size(), 2u);
  project.undoStack()->undo();
  EXPECT_EQ(doc->edge(e)->sampling, nullptr);
  EXPECT_EQ(doc->edge(e)->classified, nullptr);
  EXPECT_EQ(doc->edge(e)->settings.sampling.targetSamples, EdgeSamplingSettings{}.targetSamples);
  project.undoStack()->redo();
  EXPECT_EQ(doc->edge(e)->sampling.get(), sampling.get());
}

TEST(ParametricDocument, MoveNodeUndo) {
  Project project;
  ParametricDocument* doc = parametricOf(project);
  auto* a = new AddParametricNodeCommand(doc, nodeEntry("a"));
  const ParamNodeId ia = a->id();
  project.undoStack()->push(a);
  project.undoStack()->push(moveParametricNodeCommand(doc, ia, 120, -40));
  EXPECT_EQ(doc->node(ia)->canvasX, 120);
  project.undoStack()->undo();
  EXPECT_EQ(doc->node(ia)->canvasX, 0);
  EXPECT_EQ(doc->node(ia)->canvasY, 0);
}

TEST(ParametricFile, SectionRoundTrip) {
  const std::string boxing = std::string(MG_SAMPLE_DIR) + "/Boxing_Toes.bvh";
  Result<Motion> m = readMotionFile(boxing);
  if (!m) GTEST_SKIP() << "no " << boxing;
  auto motion = std::make_shared<const Motion>(std::move(m.value()));
  Project project;
  auto* add = new AddMotionCommand(&project, motion);
  const MotionId mid = add->id();
  project.undoStack()->push(add);
  ParametricDocument* doc = parametricOf(project);
  ParamNodeEntry punch = nodeEntry("punch", mid);
  ParameterMetric hand;
  hand.kind = ParameterKind::EndEffectorPosition;
  hand.joint = motion->skeleton->joints.back().name;
  hand.axes = "xy";
  hand.keyTime = 0.5;
  punch.metrics = {hand};
  punch.inversion.samples = 321;
  punch.canvasX = 55, punch.canvasY = -12;
  auto* addNode = new AddParametricNodeCommand(doc, punch);
  const ParamNodeId nid = addNode->id();
  project.undoStack()->push(addNode);
  const ParamEdgeId eid = addSelfLoop(project, nid, nullptr);
  EdgeThresholds t;
  t.tGood = 0.004, t.tBad = 0.009, t.epsilon = 2.5;
  project.undoStack()->push(setEdgeThresholdsCommand(doc, eid, t));
  ParamEdgeEntry changed = *doc->edge(eid);
  EdgeSamplingSettings s = changed.settings.sampling;
  s.sourceSamples = 12, s.targetSamples = 77, s.sourceRegionBegin = 0.5;
  project.undoStack()->push(new SetEdgeSamplingCommand(doc, eid, s, nullptr));

  const Json json = parametricSectionJson(*doc, project, QStringLiteral("/tmp"));
  Result<Json> text = readJsonText(jsonText(json));
  ASSERT_TRUE(text.ok());

  Project other;
  auto* add2 = new AddMotionCommand(&other, motion);
  const MotionId mid2 = add2->id();
  other.undoStack()->push(add2);
  Result<ParametricSection> section = readParametricSection(*text, {motion});
  ASSERT_TRUE(section.ok()) << section.error().message;
  applyParametricSection(parametricOf(other), std::move(section.value()), {mid2});
  const ParametricDocument* back = parametricOf(other);
  ASSERT_EQ(back->nodes().size(), 1u);
  const ParamNodeEntry& n = back->nodes()[0];
  EXPECT_EQ(n.name, "punch");
  ASSERT_EQ(n.examples.size(), 2u);
  EXPECT_EQ(n.examples[1].motion, mid2);
  EXPECT_EQ(n.examples[1].beginFrame, 40);
  EXPECT_EQ(n.examples[1].endFrame, 90);
  ASSERT_EQ(n.metrics.size(), 1u);
  EXPECT_EQ(n.metrics[0].kind, ParameterKind::EndEffectorPosition);
  EXPECT_EQ(n.metrics[0].joint, hand.joint);
  EXPECT_EQ(n.metrics[0].axes, "xy");
  EXPECT_DOUBLE_EQ(n.metrics[0].keyTime, 0.5);
  EXPECT_EQ(n.inversion.samples, 321);
  EXPECT_DOUBLE_EQ(n.canvasX, 55);
  EXPECT_EQ(n.built, nullptr);
  ASSERT_EQ(back->edges().size(), 1u);
  const ParamEdgeEntry& e = back->edges()[0];
  EXPECT_EQ(e.source, n.id);
  EXPECT_EQ(e.target, n.id);
  EXPECT_DOUBLE_EQ(e.settings.thresholds.tGood, 0.004);
  EXPECT_DOUBLE_EQ(e.settings.thresholds.tBad, 0.009);
  EXPECT_DOUBLE_EQ(e.settings.thresholds.epsilon, 2.5);
  EXPECT_EQ(e.settings.sampling.sourceSamples, 12);
  EXPECT_EQ(e.settings.sampling.targetSamples, 77);
  EXPECT_DOUBLE_EQ(e.settings.sampling.sourceRegionBegin, 0.5);
}

TEST(ParametricFile, LeavesOutANodeOnARemovedMotionAndRejectsAnExampleOutsideTheMotions) {
  Project project;
  ParametricDocument* doc = parametricOf(project);
  project.undoStack()->push(new AddParametricNodeCommand(doc, nodeEntry("a", 99)));
  // Motion 99 is not in the project: the writer leaves the node out (no section at all here) ...
  EXPECT_TRUE(parametricSectionJson(*doc, project, QStringLiteral("/tmp")).is_null());
  // ... and the reader refuses an example whose motion index is not one of the file's motions.
  const Json json = JsonObject{
      {"format", "mg-pmg-spec"},
      {"version", 1},
      {"nodes",
       JsonArray{JsonObject{
           {"name", "a"},
           {"examples",
            JsonArray{JsonObject{
                {"file", "a.bvh"}, {"motion", 0}, {"begin_frame", 0}, {"end_frame", 40}}}},
           {"parameters", JsonArray{JsonObject{{"metric", "travel_direction_change"}}}}}}}};
  Result<ParametricSection> section = readParametricSection(json, {});
  ASSERT_FALSE(section.ok());
  EXPECT_NE(section.error().message.find("motion"), std::string::npos);
  Project empty;
  EXPECT_TRUE(parametricSectionJson(*parametricOf(empty), empty, QString()).is_null());
}

TEST(ParametricFile, SavedAndLoadedWithTheProject) {
  const QString boxing = QStringLiteral(MG_SAMPLE_DIR "/Boxing_Toes.bvh");
  Result<Motion> m = readMotionFile(boxing.toStdString());
  if (!m) GTEST_SKIP() << "no " << boxing.toStdString();
  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("p.mgproj"));
  {
    Project project;
    auto* add =
        new AddMotionCommand(&project, std::make_shared<const Motion>(std::move(m.value())));
    const MotionId mid = add->id();
    project.undoStack()->push(add);
    auto* node = new AddParametricNodeCommand(parametricOf(project), nodeEntry("duck", mid));
    const ParamNodeId nid = node->id();
    project.undoStack()->push(node);
    const ParamEdgeId eid = addSelfLoop(project, nid, nullptr);
    EdgeThresholds t;
    t.tGood = 0.003, t.tBad = 0.008;
    project.undoStack()->push(setEdgeThresholdsCommand(parametricOf(project), eid, t));
    ASSERT_TRUE(saveProject(project, path).ok());
  }
  Project loaded;
  Status s = loadProject(&loaded, path);
  ASSERT_TRUE(s.ok()) << s.error().message;
  ASSERT_EQ(parametricOf(loaded)->nodes().size(), 1u);
  const ParamNodeEntry& n = parametricOf(loaded)->nodes()[0];
  EXPECT_EQ(n.name, "duck");
  ASSERT_EQ(n.examples.size(), 2u);
  EXPECT_EQ(n.examples[0].motion, loaded.motions()[0].id);
  ASSERT_EQ(parametricOf(loaded)->edges().size(), 1u);
  EXPECT_DOUBLE_EQ(parametricOf(loaded)->edges()[0].settings.thresholds.tGood, 0.003);
  EXPECT_DOUBLE_EQ(parametricOf(loaded)->edges()[0].settings.thresholds.tBad, 0.008);
  loaded.clear();
  EXPECT_TRUE(parametricOf(loaded)->nodes().empty());
  EXPECT_TRUE(parametricOf(loaded)->edges().empty());
}

}  // namespace
}  // namespace mg

namespace mg {
namespace {

// An edge's sampling is kept in the project file with its working rate: read back it equals what
// was written (floats bit for bit); a cache of other settings or a damaged one is dropped, and the
// project still loads.
TEST(EdgeSamplingCache, RoundTripsAndRejectsWhatDoesNotFit) {
  auto written = std::make_shared<EdgeSampling>(*test::syntheticSampling());
  written->settings.metric.workingFps = 120.0;
  written->minimum[3] = 0.00123456789f;
  const Json json = edgeSamplingCacheJson(*written, 120.0);
  Result<Json> reparsed = readJsonText(jsonText(json, 2));  // through the file's text
  ASSERT_TRUE(reparsed);
  std::shared_ptr<const EdgeSampling> read =
      readEdgeSamplingCache(*reparsed, written->settings, "walk", "walk");
  ASSERT_NE(read, nullptr);
  EXPECT_EQ(read->minimum, written->minimum);
  EXPECT_EQ(read->sourceTime, written->sourceTime);
  EXPECT_EQ(read->targetTime, written->targetTime);
  EXPECT_EQ(read->sourceParameters, written->sourceParameters);
  EXPECT_EQ(read->targetParameters, written->targetParameters);
  EXPECT_EQ(read->targetScale[0], written->targetScale[0]);  // the used dimension (1-D)
  EXPECT_EQ(read->settings.metric.workingFps, 120.0);
  // Classifying the cache equals classifying the original.
  Result<ParametricEdge> a = classifyEdge(*written, EdgeThresholds{});
  Result<ParametricEdge> b = classifyEdge(*read, EdgeThresholds{});
  ASSERT_TRUE(a && b);
  EXPECT_EQ(a->classes, b->classes);

  EdgeSamplingSettings other = written->settings;
  other.targetSamples = 11;  // the edge's settings changed since: the cache does not fit
  EXPECT_EQ(readEdgeSamplingCache(*reparsed, other, "walk", "walk"), nullptr);
  Json damaged = *reparsed;
  damaged["minimum"] = std::string("AAAA");
  EXPECT_EQ(readEdgeSamplingCache(damaged, written->settings, "walk", "walk"), nullptr);
  Json badRate = *reparsed;
  badRate["working_fps"] = -1.0;
  EXPECT_EQ(readEdgeSamplingCache(badRate, written->settings, "walk", "walk"), nullptr);
}

// Through a whole project file: the edge comes back sampled and classified, no Rebuild needed.
TEST(EdgeSamplingCache, ProjectKeepsTheEdgeSampled) {
  QTemporaryDir dir;
  Project project;
  Result<Motion> m = readMotionFile(MG_TEST_DATA_DIR "/small_walk.bvh");
  ASSERT_TRUE(m);
  auto* addMotion =
      new AddMotionCommand(&project, std::make_shared<const Motion>(std::move(m.value())));
  const MotionId motion = addMotion->id();
  project.undoStack()->push(addMotion);
  ParamNodeEntry n;
  n.name = "walk";
  n.examples = {{motion, 0, 5}};
  n.metrics = {ParameterMetric{}};
  auto* addNode = new AddParametricNodeCommand(parametricOf(project), n);
  project.undoStack()->push(addNode);
  ParamEdgeEntry e;
  e.source = e.target = addNode->id();
  auto sampling = std::make_shared<EdgeSampling>(*test::syntheticSampling());
  sampling->settings.metric.workingFps = 30.0;
  e.settings.sampling = sampling->settings;
  e.sampling = sampling;
  project.undoStack()->push(new AddParametricEdgeCommand(parametricOf(project), e));
  const QString path = dir.filePath(QStringLiteral("cached.mgproj"));
  ASSERT_TRUE(saveProject(project, path).ok());
  Project loaded;
  const Status s = loadProject(&loaded, path);
  ASSERT_TRUE(s.ok()) << s.error().message;
  ASSERT_EQ(parametricOf(loaded)->edges().size(), 1u);
  const ParamEdgeEntry& back = parametricOf(loaded)->edges()[0];
  ASSERT_NE(back.sampling, nullptr);
  EXPECT_EQ(back.sampling->minimum, sampling->minimum);
  ASSERT_NE(back.classified, nullptr);
  EXPECT_EQ(back.sampling->settings.metric.workingFps, 30.0);
}

}  // namespace
}  // namespace mg
