// SPDX-License-Identifier: MIT
#include "core/field/graph_controller.h"

#include <cmath>

#include <gtest/gtest.h>

#include "core/dmg/dmg_builder.h"
#include "core/field/response_time.h"
#include "core/motion/quaternion.h"
#include "field_test_data.h"

namespace mg {
namespace {

struct TestGraph {
  std::vector<std::shared_ptr<const Motion>> motions;
  std::shared_ptr<const DatabaseMotionGraph> graph;
};

TestGraph graphOf(std::vector<std::shared_ptr<const Motion>> motions) {
  TestGraph t;
  t.motions = std::move(motions);
  std::vector<const Motion*> pointers;
  for (const auto& m : t.motions) pointers.push_back(m.get());
  DmgBuildSettings s;
  s.threshold = 0.05;
  s.grid.threads = 1;
  Result<DmgBuildResult> b = buildDatabaseMotionGraph(pointers, s);
  EXPECT_TRUE(b) << (b ? "" : b.error().message);
  if (b) t.graph = std::make_shared<const DatabaseMotionGraph>(std::move(b->graph));
  return t;
}

// A clip along a motion turning at 45 degrees per second turns 1.5 degrees a frame (plus the
// hips' sway); each edge comes with seven warps.
TEST(GraphController, ClipActionsFollowTheSourceYaw) {
  const TestGraph t = graphOf({std::make_shared<const Motion>(test::makeTurningSwing(120, 45.0)),
                               std::make_shared<const Motion>(test::makeTurningSwing(120, 0.0))});
  ASSERT_TRUE(t.graph);
  GraphControllerSettings s;
  const int v = t.graph->vertexOf(0, 10);
  ASSERT_GE(v, 0);
  const std::vector<GraphClipAction> actions = graphClipActions(*t.graph, t.motions, s, v);
  ASSERT_FALSE(actions.empty());
  bool natural = false;
  for (const GraphClipAction& a : actions) {
    if (t.graph->edgeKind(a.edge) != DmgEdgeKind::Natural) continue;
    natural = true;
    ASSERT_EQ(a.cumulativeYaw.size(), 15u);
    // 1.5 degrees a frame plus the hips' own sway between the two frames.
    const Motion& m = *t.motions[0];
    const double expected = yawAngle(m.rotation(25, 0)) - yawAngle(m.rotation(10, 0));
    EXPECT_NEAR(a.cumulativeYaw.back(), expected, 1e-6);
    EXPECT_NEAR(a.cumulativeYaw.back(), 15 * 1.5 * M_PI / 180.0, 0.2);
    EXPECT_EQ(a.endVertex, t.graph->vertexOf(0, 25));
  }
  EXPECT_TRUE(natural);
  EXPECT_EQ(actions.size() % 7, 0u);  // seven warps per edge
}

// With warps, even straight walks can be steered: the controller turns the character 90 degrees
// both ways within a few clips, and values prefer facing the goal.
TEST(GraphController, WarpsSteerStraightWalks) {
  const TestGraph t = graphOf({std::make_shared<const Motion>(test::makeTurningSwing(150, 0.0)),
                               std::make_shared<const Motion>(test::makeTurningSwing(150, 0.0, 1.2, 0.45))});
  ASSERT_TRUE(t.graph);
  Result<GraphValueFunction> vf = solveGraphController(*t.graph, t.motions, {});
  ASSERT_TRUE(vf) << vf.error().message;
  EXPECT_LT(vf->bellmanResidual, 1e-3);
  for (int v = 0; v < t.graph->vertexCount(); v += 13) {
    const float* values = vf->values.data() + static_cast<size_t>(v) * 18;
    EXPECT_GT(values[9], values[0]);
    EXPECT_GT(values[9], values[4]);
  }
  auto values = std::make_shared<const GraphValueFunction>(std::move(vf.value()));
  GraphControllerStream stream(t.graph, t.motions, values, 0);
  EXPECT_TRUE(stream.canFollow(Directive::Kind::Heading));
  const std::vector<ResponseRecord> records = runHeadingChanges(stream, 6, 4.0, 1.0, 5);
  ASSERT_EQ(records.size(), 6u);
  for (const ResponseRecord& r : records) {
    ASSERT_TRUE(r.seconds) << "a change was not met in 4 s";
    EXPECT_LT(*r.seconds, 3.5);
  }
  EXPECT_GT(stream.decisions(), 10);
}

TEST(GraphController, RefusesBadSettingsAndMotions) {
  const TestGraph t = graphOf({std::make_shared<const Motion>(test::makeTurningSwing(90, 0.0))});
  ASSERT_TRUE(t.graph);
  GraphControllerSettings s;
  s.clipFrames = 0;
  EXPECT_FALSE(solveGraphController(*t.graph, t.motions, s));
  EXPECT_FALSE(solveGraphController(*t.graph, {}, {}));
}

}  // namespace
}  // namespace mg
