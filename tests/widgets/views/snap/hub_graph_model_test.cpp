// SPDX-License-Identifier: MIT
// What the hub graph says of a hub: in, out and loop counts and the dead-end word agree with
// core/snap's dead ends (a hub whose clips all loop back was "dead end" while showing "out 3").
#include <gtest/gtest.h>

#include "core/snap/hub_graph.h"
#include "widgets/jobs/snap_pipeline.h"
#include "widgets/views/snap/hub_graph_model.h"

namespace mg {
namespace {

// Hubs 10 and 11 form a cycle; 10 also leads to 12, whose three clips all return to 12; 13 is
// reached from 11 and has clips to 12 only (it leaves, but never comes back).
SnapPipelineState stateWithALoopOnlyHub() {
  SnapPipelineState s;
  s.graph.hubs.resize(4);
  s.graphHubs = {10, 11, 12, 13};
  auto edge = [&](int from, int to) {
    HubEdge e;
    e.fromHub = from;
    e.toHub = to;
    s.graph.edges.push_back(e);
  };
  edge(0, 1);
  edge(1, 0);
  edge(0, 2);
  for (int i = 0; i < 3; ++i) edge(2, 2);
  edge(1, 3);
  edge(3, 2);
  s.deadEnds = deadEndHubs(s.graph);
  return s;
}

TEST(HubDegrees, LoopsAreNotExitsAndTheWordFollowsCoresDeadEnds) {
  const SnapPipelineState s = stateWithALoopOnlyHub();
  ASSERT_EQ(s.deadEnds, (std::vector<int>{2, 3}));
  const HubDegrees loopOnly = hubDegrees(s, 12);
  EXPECT_EQ(loopOnly, (HubDegrees{2, 0, 3, true}));
  EXPECT_EQ(deadEndLabel(loopOnly), QStringLiteral("self-loops only"));
  const QString why = deadEndExplanation(loopOnly, QStringLiteral("Hub 3"));
  EXPECT_TRUE(why.startsWith(QStringLiteral("Hub 3: its 3 clips all return to itself")))
      << why.toStdString();

  const HubDegrees noWayBack = hubDegrees(s, 13);
  EXPECT_EQ(noWayBack, (HubDegrees{1, 1, 0, true}));
  EXPECT_EQ(deadEndLabel(noWayBack), QStringLiteral("no way back"));

  const HubDegrees live = hubDegrees(s, 10);
  EXPECT_EQ(live, (HubDegrees{1, 2, 0, false}));
  EXPECT_TRUE(deadEndLabel(live).isEmpty());
  EXPECT_TRUE(deadEndExplanation(live, QStringLiteral("Hub 1")).isEmpty());

  // A hub with no clip at all, and one the graph does not hold (no matches).
  SnapPipelineState stop = s;
  stop.graph.edges.resize(2);  // only the 10 <-> 11 cycle
  stop.deadEnds = deadEndHubs(stop.graph);
  EXPECT_EQ(deadEndLabel(hubDegrees(stop, 12)), QStringLiteral("dead end"));
  EXPECT_EQ(hubDegrees(s, 99), HubDegrees{});
}

TEST(HubDegrees, OneLoopIsSingular) {
  SnapPipelineState s = stateWithALoopOnlyHub();
  s.graph.edges.erase(s.graph.edges.begin() + 3, s.graph.edges.begin() + 5);  // one loop left
  s.deadEnds = deadEndHubs(s.graph);
  const QString why = deadEndExplanation(hubDegrees(s, 12), QStringLiteral("H"));
  EXPECT_TRUE(why.startsWith(QStringLiteral("H: its one clip returns to itself")))
      << why.toStdString();
}

}  // namespace
}  // namespace mg
