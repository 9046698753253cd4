// SPDX-License-Identifier: MIT
#include "core/agility/graph_controller.h"

#include <cmath>

#include <gtest/gtest.h>

#include "core/agility/response_time.h"
#include "core/dmg/dmg_builder.h"
#include "core/eval/turn_rate.h"
#include "core/field/field_test_data.h"
#include "core/motion/quaternion.h"

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
  const TestGraph t =
      graphOf({std::make_shared<const Motion>(test::makeTurningSwing(150, 0.0)),
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

// A clip's moves are the source root's, in its heading frame: a straight walk at 1 m/s moves
// 1/30 m forward a frame. Its returns equal the field's own task arithmetic (advanceTask and
// taskReward, frame by frame, with the warp added to each frame's turn, less the physicality
// cost of that turn), for both tasks.
TEST(GraphController, ClipReturnsFollowTheTaskArithmetic) {
  const TestGraph t = graphOf({std::make_shared<const Motion>(test::makeTurningSwing(120, 0.0)),
                               std::make_shared<const Motion>(test::makeTurningSwing(120, 60.0))});
  ASSERT_TRUE(t.graph);
  for (FieldTaskKind kind : {FieldTaskKind::Direction, FieldTaskKind::Line}) {
    GraphControllerSettings s;
    s.task = kind;
    const FieldTask task = s.fieldTask();
    for (int motion : {0, 1}) {
      const int v = t.graph->vertexOf(motion, 20);
      const std::vector<GraphClipAction> actions = graphClipActions(*t.graph, t.motions, s, v);
      ASSERT_FALSE(actions.empty());
      for (const GraphClipAction& a : actions) {
        ASSERT_EQ(a.moves.size(), a.cumulativeYaw.size());
        if (motion == 0 && t.graph->edgeKind(a.edge) == DmgEdgeKind::Natural) {
          // The walk goes along +Z while its root sways: the move is 1/30 m long and lies the
          // sway's yaw to the right of the root's facing.
          for (size_t i = 0; i < a.moves.size(); ++i) {
            const Eigen::Vector2f& m = a.moves[i];
            EXPECT_NEAR(m.norm(), 1.0 / 30.0, 1e-6);
            const double sway = yawAngle(t.motions[0]->rotation(20 + static_cast<int>(i), 0));
            EXPECT_NEAR(std::atan2(m.x(), m.y()), -sway, 1e-5);
          }
        }
        for (double angle : {-2.5, -0.3, 0.0, 1.1, 3.0}) {
          const std::vector<double> offsets = {-1.5, 0.0, 0.4};
          std::vector<double> returns(offsets.size());
          double endAngle = 0, shift = 0;
          graphClipReturns(a, s, angle, offsets, returns.data(), endAngle, shift);
          for (size_t o = 0; o < offsets.size(); ++o) {
            TaskParameter p{angle, kind == FieldTaskKind::Line ? offsets[o] : 0.0};
            double sum = 0, discount = 1, before = 0;
            for (size_t i = 0; i < a.cumulativeYaw.size(); ++i) {
              const double turn = a.cumulativeYaw[i] - before + a.warpRadians / s.clipFrames;
              before = a.cumulativeYaw[i];
              p = advanceTask(task, p, turn, Eigen::Vector3d(a.moves[i].x(), 0.0, a.moves[i].y()));
              // The physicality cost: the warp's turn this frame, at its weight.
              sum += discount * (taskReward(task, p) -
                                 s.physicalityWeight * std::abs(a.warpRadians) / s.clipFrames);
              discount *= s.discount;
            }
            EXPECT_NEAR(returns[o], sum, 1e-6);
            EXPECT_NEAR(wrapAngle(endAngle - p.angle), 0.0, 1e-6);
            if (kind == FieldTaskKind::Line) EXPECT_NEAR(offsets[o] + shift, p.offset, 1e-6);
          }
        }
      }
    }
  }
}

// The line task: with warps, straight walks reach new lines (up to 1 m off, any heading) within
// the interval, the values prefer being on the line facing along it, and the stream follows Line
// directives only with line values.
TEST(GraphController, LineValuesSteerOntoLines) {
  const TestGraph t =
      graphOf({std::make_shared<const Motion>(test::makeTurningSwing(150, 0.0)),
               std::make_shared<const Motion>(test::makeTurningSwing(150, 0.0, 1.2, 0.45))});
  ASSERT_TRUE(t.graph);
  GraphControllerSettings s;
  s.task = FieldTaskKind::Line;
  Result<GraphValueFunction> vf = solveGraphController(*t.graph, t.motions, s);
  ASSERT_TRUE(vf) << vf.error().message;
  EXPECT_LT(vf->bellmanResidual, 1e-3);
  const FieldTask task = s.fieldTask();
  ASSERT_EQ(vf->values.size(), static_cast<size_t>(t.graph->vertexCount()) * task.parameterCount());
  for (int v = 0; v < t.graph->vertexCount(); v += 13) {
    const std::span<const float> values(
        vf->values.data() + static_cast<size_t>(v) * task.parameterCount(), task.parameterCount());
    EXPECT_GT(interpolateTask(task, values, {0.0, 0.0}), interpolateTask(task, values, {0.0, 1.5}));
    EXPECT_GT(interpolateTask(task, values, {0.0, 0.0}), interpolateTask(task, values, {2.0, 0.0}));
  }
  auto values = std::make_shared<const GraphValueFunction>(std::move(vf.value()));
  GraphControllerStream stream(t.graph, t.motions, values, 0);
  EXPECT_TRUE(stream.canFollow(Directive::Kind::Line));
  const std::vector<ResponseRecord> records = runLineChanges(stream, 6, 6.0, 1.0, 5, 1.0);
  ASSERT_EQ(records.size(), 6u);
  int met = 0;
  for (const ResponseRecord& r : records) {
    EXPECT_EQ(r.directive.kind, Directive::Kind::Line);
    met += r.seconds.has_value();
  }
  EXPECT_GE(met, 5);

  Result<GraphValueFunction> direction = solveGraphController(*t.graph, t.motions, {});
  ASSERT_TRUE(direction);
  GraphControllerStream headingOnly(
      t.graph, t.motions, std::make_shared<const GraphValueFunction>(std::move(direction.value())),
      0);
  EXPECT_FALSE(headingOnly.canFollow(Directive::Kind::Line));
}

// The physicality cost, hand-computed: a clip warped by 45 degrees over 15 frames loses
// weight x pi/4 / 15 a frame against the same clip at no cost; a clip without warp loses nothing.
TEST(GraphController, TheWarpsPhysicalityCostIsItsTurnAtItsWeight) {
  const TestGraph t = graphOf({std::make_shared<const Motion>(test::makeTurningSwing(120, 0.0))});
  ASSERT_TRUE(t.graph);
  GraphControllerSettings free;
  free.physicalityWeight = 0;
  GraphControllerSettings costly = free;
  costly.physicalityWeight = 2.5;
  const std::vector<GraphClipAction> actions =
      graphClipActions(*t.graph, t.motions, costly, t.graph->vertexOf(0, 20));
  int warped = 0;
  for (const GraphClipAction& a : actions) {
    double withCost = 0, without = 0, endAngle = 0, shift = 0;
    const std::vector<double> one = {0.0};
    graphClipReturns(a, costly, 0.7, one, &withCost, endAngle, shift);
    graphClipReturns(a, free, 0.7, one, &without, endAngle, shift);
    double discounts = 0, d = 1;
    for (size_t i = 0; i < a.cumulativeYaw.size(); ++i, d *= costly.discount) discounts += d;
    EXPECT_NEAR(without - withCost, 2.5 * std::abs(a.warpRadians) / 15 * discounts, 1e-9);
    warped += std::abs(a.warpRadians - M_PI / 4) < 1e-9;
  }
  EXPECT_GT(warped, 0);  // the full warp is among the actions
  // At a large weight the controller stops warping: it turns no faster than the capture.
  GraphControllerSettings stiff;
  stiff.physicalityWeight = 1e4;
  Result<GraphValueFunction> vf = solveGraphController(*t.graph, t.motions, stiff);
  ASSERT_TRUE(vf) << vf.error().message;
  GraphControllerStream stream(
      t.graph, t.motions, std::make_shared<const GraphValueFunction>(std::move(vf.value())), 0);
  std::vector<double> facing;
  (void)runHeadingChanges(stream, 3, 3.0, 1.0, 5, {}, [&](int, const Pose& pose, const Directive&) {
    facing.push_back(yawAngle(pose.localRotations[0]));
  });
  std::vector<double> source;
  for (int f = 0; f < t.motions[0]->frameCount(); ++f)
    source.push_back(yawAngle(t.motions[0]->rotation(f, 0)));
  EXPECT_LE(measureTurnRate(facing, 30.0).max, measureTurnRate(source, 30.0).max + 1.0);
}

TEST(GraphController, RefusesBadSettingsAndMotions) {
  const TestGraph t = graphOf({std::make_shared<const Motion>(test::makeTurningSwing(90, 0.0))});
  ASSERT_TRUE(t.graph);
  GraphControllerSettings s;
  s.physicalityWeight = -1;
  EXPECT_FALSE(solveGraphController(*t.graph, t.motions, s));
  s = {};
  s.clipFrames = 0;
  EXPECT_FALSE(solveGraphController(*t.graph, t.motions, s));
  EXPECT_FALSE(solveGraphController(*t.graph, {}, {}));
}

}  // namespace
}  // namespace mg
