// SPDX-License-Identifier: MIT
#include "core/dmg/database_motion_graph.h"

#include <gtest/gtest.h>

namespace mg {
namespace {

TEST(DatabaseMotionGraph, CreateRejectsInconsistentParts) {
  const std::vector<DmgVertex> vertices = {{0, 0}, {0, 1}, {1, 0}};
  EXPECT_TRUE(DatabaseMotionGraph::create(
      30, {2, 1}, vertices,
      std::vector<DmgEdgeInput>{{0, 1}, {1, 2, DmgEdgeKind::Transition, 0.5f}}));
  // A natural edge that skips.
  EXPECT_FALSE(
      DatabaseMotionGraph::create(30, {2, 1}, vertices, std::vector<DmgEdgeInput>{{0, 2}}));
  // A cost outside [0, 1].
  EXPECT_FALSE(DatabaseMotionGraph::create(
      30, {2, 1}, vertices, std::vector<DmgEdgeInput>{{1, 2, DmgEdgeKind::Transition, 1.5f}}));
  // A repeated vertex and a frame out of range.
  EXPECT_FALSE(DatabaseMotionGraph::create(30, {2, 1}, {{0, 0}, {0, 0}}, {}));
  EXPECT_FALSE(DatabaseMotionGraph::create(30, {2, 1}, {{1, 1}}, {}));
  EXPECT_FALSE(DatabaseMotionGraph::create(0, {2, 1}, vertices, {}));
}

}  // namespace
}  // namespace mg
