// SPDX-License-Identifier: MIT
#include "widgets/jobs/subgraph_cache.h"

#include <climits>

#include <gtest/gtest.h>

#include <QFile>
#include <QTemporaryDir>

#include "core/import/motion_reader.h"
#include "widgets/commands/motion_commands.h"
#include "widgets/document/project.h"
#include "widgets/document/result_cache.h"
#include "widgets/document/subgraph_document.h"

namespace mg {
namespace {

// Two motions of 4 and 3 frames, natural edges and two transitions; a result with every field set.
SubgraphOutcome sampleOutcome() {
  std::vector<DmgVertex> vertices;
  for (int f = 0; f < 4; ++f) vertices.push_back({0, f});
  for (int f = 0; f < 3; ++f) vertices.push_back({1, f});
  std::vector<DmgEdgeInput> edges = {{0, 1},
                                     {1, 2},
                                     {2, 3},
                                     {4, 5},
                                     {5, 6},
                                     {3, 4, DmgEdgeKind::Transition, 0.25f, 0.01f},
                                     {6, 0, DmgEdgeKind::Transition, 0.5f, 0.02f}};
  Result<DatabaseMotionGraph> g = DatabaseMotionGraph::create(30.0, {4, 3}, vertices, edges);
  EXPECT_TRUE(g.ok()) << g.error().message;
  SubgraphOutcome o;
  o.graph = std::make_shared<const DatabaseMotionGraph>(std::move(g.value()));
  o.thresholdM2 = 0.02;
  o.searched = true;
  o.result.vertices = {0, 1, 3, 4, 6};
  o.result.reasons = {KeptReason::Key, KeptReason::Path, KeptReason::Required, KeptReason::Branch,
                      KeptReason::Chosen};
  o.result.edges = 3;
  o.result.coreVertices = {0, 1, 2, 3, 4, 5, 6};
  o.result.coreEdges = 7;
  o.result.requiredVertices = {0, 3};
  o.result.iterations = {{1, 7, 5, 2, 0.5}, {2, 6, 5, 1, 0.25}};
  o.result.keyPairs = 4;
  o.result.relaxedPairs = 1;
  o.result.notes = {"key 'walk' frame 9 left out"};
  o.result.precomputeSeconds = 1.5;
  o.subgraph.pairs = {{"a -> b", 0, 1, 3, 4, 3, 3, true},
                      {"b -> a", 4, 0, 2, 2, INT_MAX, INT_MAX, false}};
  o.subgraph.satisfied = 1;
  o.subgraph.meanSubgraphFrames = 3.0;
  o.subgraph.failures = {"b -> a"};
  o.core = o.subgraph;
  o.keySegments = 2;
  o.segmentPairs = {{1, 2, 3, 4, 1}, {0, 0, 0, 0, 0}, {2, -1, 5, 6, 1}, {1, 1, 1, 1, 1}};
  o.subgraphFramesOfPair = {3, INT_MAX};
  o.coreFramesOfPair = {2, 2};
  o.connectivity = 0.5;
  o.satisfaction = 0.75;
  o.seconds = 12.5;
  return o;
}

TEST(SubgraphCache, OutcomeRoundTripsWithItsGraph) {
  const SubgraphOutcome o = sampleOutcome();
  Result<std::shared_ptr<const SubgraphOutcome>> back =
      decodeSubgraphOutcome(encodeSubgraphOutcome(o));
  ASSERT_TRUE(back.ok()) << back.error().message;
  const SubgraphOutcome& b = **back;
  EXPECT_EQ(b.graph->vertices(), o.graph->vertices());
  EXPECT_EQ(b.graph->edgeCount(), o.graph->edgeCount());
  EXPECT_EQ(b.graph->transitionCount(), 2);
  EXPECT_EQ(b.graph->motionFrameCounts(), o.graph->motionFrameCounts());
  for (int e = 0; e < o.graph->edgeCount(); ++e) {
    EXPECT_EQ(b.graph->edgeTarget(e), o.graph->edgeTarget(e));
    EXPECT_EQ(b.graph->transitionCost(e), o.graph->transitionCost(e));
    EXPECT_EQ(b.graph->edgeDistance(e), o.graph->edgeDistance(e));
  }
  EXPECT_EQ(b.result.vertices, o.result.vertices);
  EXPECT_EQ(b.result.reasons, o.result.reasons);
  EXPECT_EQ(b.result.iterations.size(), 2u);
  EXPECT_EQ(b.result.iterations[1].subgraphVertices, 5);
  EXPECT_EQ(b.result.notes, o.result.notes);
  EXPECT_EQ(b.subgraph.pairs.size(), 2u);
  EXPECT_EQ(b.subgraph.pairs[1].subgraphFrames, INT_MAX);
  EXPECT_EQ(b.subgraph.pairs[0].label, "a -> b");
  EXPECT_EQ(b.core.failures, o.core.failures);
  EXPECT_EQ(b.segmentPairs[2].coreFrames, -1);
  EXPECT_EQ(b.subgraphFramesOfPair, o.subgraphFramesOfPair);
  EXPECT_EQ(b.satisfaction, 0.75);
  EXPECT_EQ(b.seconds, 12.5);
  EXPECT_TRUE(b.searched);
}

TEST(SubgraphCache, DamagedPayloadsFail) {
  const std::string payload = encodeSubgraphOutcome(sampleOutcome());
  EXPECT_FALSE(decodeSubgraphOutcome("").ok());
  EXPECT_FALSE(decodeSubgraphOutcome("MGQR and more bytes").ok());
  for (size_t cut : {size_t(8), size_t(20), payload.size() / 2, payload.size() - 1}) {
    SCOPED_TRACE(cut);
    EXPECT_FALSE(decodeSubgraphOutcome(payload.substr(0, cut)).ok());
  }
  EXPECT_FALSE(decodeSubgraphOutcome(payload + "x").ok());
}

TEST(SubgraphCache, InputsFollowTheKeysAndSettings) {
  QTemporaryDir dir;
  const QString walk = dir.filePath(QStringLiteral("small_walk.bvh"));
  ASSERT_TRUE(QFile::copy(QStringLiteral(MG_TEST_DATA_DIR "/small_walk.bvh"), walk));
  Project project;
  Result<Motion> m = readMotionFile(walk.toStdString());
  ASSERT_TRUE(m.ok());
  project.undoStack()->push(
      new AddMotionCommand(&project, std::make_shared<const Motion>(std::move(m.value()))));
  SubgraphDocument* doc = ensureSection<SubgraphDocument>(project);
  const Json before = subgraphCacheInputs(project);
  EXPECT_EQ(subgraphCacheInputs(project), before);
  SubgraphSettings s = doc->settings();
  s.gamma = 41;
  doc->setSettings(s);
  EXPECT_NE(resultCacheKey(subgraphCacheInputs(project)), resultCacheKey(before));
}

}  // namespace
}  // namespace mg
