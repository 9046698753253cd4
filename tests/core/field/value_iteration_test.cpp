// SPDX-License-Identifier: MIT
#include "core/field/value_iteration.h"

#include <cmath>

#include <gtest/gtest.h>

#include "field_test_data.h"

namespace mg {
namespace {

// One state whose three actions turn by -20, 0 and +20 degrees (exactly one grid step) and come
// back to the state itself. From angle a = 20 m degrees the best is to turn towards 0 one step a
// frame: rewards -(|m| - 1), -(|m| - 2), ... 0, so V(m) = -sum_{i=1}^{|m|-1} gamma^(i-1) (|m| - i)
// x 20 degrees (in radians). (At 180 degrees both ways are equal.)
TEST(ValueIteration, OneStateTurningByGridStepsHasTheHandComputedValue) {
  Result<FieldDatabase> db = buildFieldDatabase(
      std::vector<std::shared_ptr<const Motion>>{
          std::make_shared<const Motion>(test::makeSwingMotion(3))},
      {});
  ASSERT_TRUE(db);
  ASSERT_EQ(db->stateCount(), 1);
  TransitionCache cache;
  cache.k = 3;
  const double step = 2 * M_PI / 18;
  for (int j = 0; j < 3; ++j) {
    cache.yawChange.push_back(static_cast<float>((j - 1) * step));
    cache.moveX.push_back(0), cache.moveZ.push_back(0);
    cache.termBegin.push_back(j);
    cache.termState.push_back(0);
    cache.termWeight.push_back(1);
  }
  cache.termBegin.push_back(3);
  FieldTask task;
  task.directiveChangesPerSecond = 0;  // the paper's MDP
  for (int sweeps : {0, 10}) {
    ValueIterationSettings settings;
    settings.tolerance = 1e-6;
    settings.evaluationSweeps = sweeps;
    settings.maxIterations = 10000;
    Result<FieldValueFunction> vf = solveValueFunction(*db, cache, task, settings);
    ASSERT_TRUE(vf) << vf.error().message;
    EXPECT_LT(vf->bellmanResidual, 1e-6);
    for (int t = 0; t < 18; ++t) {
      const int m = std::abs(t - 9);  // sample t is at -180 + 20 t degrees
      double expected = 0;
      for (int i = 1; i < m; ++i) expected -= std::pow(0.99, i - 1) * (m - i) * step;
      EXPECT_NEAR(vf->values[t], expected, 2e-4)
          << "sample " << t << ", evaluation sweeps " << sweeps;
    }
  }
}

// Temporal compression: anchors every N-th state of each clip and at its end; in between, the
// fraction of the way.
TEST(ValueIteration, AnchorsOfTemporalCompression) {
  Result<FieldDatabase> db = buildFieldDatabase(test::makeFieldMotions(), {});
  ASSERT_TRUE(db);
  const AnchorMap map = buildAnchorMap(*db, 10);
  const int first = db->clipFirstState[1], last = db->clipFirstState[2] - 1;  // 88 states
  EXPECT_EQ(map.anchorStates[map.anchor0[first]], first);
  EXPECT_EQ(map.anchorStates[map.anchor0[first + 13]], first + 10);
  EXPECT_EQ(map.anchorStates[map.anchor1[first + 13]], first + 20);
  EXPECT_FLOAT_EQ(map.lambda[first + 13], 0.3f);
  EXPECT_EQ(map.anchorStates[map.anchor1[last - 1]], last);
  EXPECT_EQ(buildAnchorMap(*db, 1).anchorCount(), db->stateCount());
}

// The learned controller turns towards the goal: from a state facing away, the value is lower
// than facing the goal, for every compression.
TEST(ValueIteration, ValuesPreferFacingTheGoal) {
  for (int n : {1, 10}) {
    const auto field = test::makeTestField(FieldTaskKind::Direction, 1, n);
    ASSERT_TRUE(field);
    const FieldValueFunction& vf = *field->values;
    EXPECT_LT(vf.bellmanResidual, 1e-2);
    for (int a = 0; a < vf.anchors.anchorCount(); a += 17) {
      const auto v = vf.anchorValues(a);
      EXPECT_GT(v[9], v[0]) << "anchor " << a;   // 0 degrees against 180
      EXPECT_GT(v[9], v[4]) << "anchor " << a;   // against -100 degrees
      EXPECT_GT(v[9], v[14]) << "anchor " << a;  // against +100 degrees
    }
  }
}

TEST(ValueIteration, SameResultForAnyThreadCount) {
  const auto one = test::makeTestField(FieldTaskKind::Line, 1);
  const auto two = test::makeTestField(FieldTaskKind::Line, 2);
  ASSERT_TRUE(one && two);
  EXPECT_EQ(one->values->values, two->values->values);
  EXPECT_EQ(one->values->iterations, two->values->iterations);
}

TEST(ValueIteration, RefusesBadSettings) {
  Result<FieldDatabase> db = buildFieldDatabase(test::makeFieldMotions(), {});
  ASSERT_TRUE(db);
  TransitionCache cache;
  cache.k = 1;
  ValueIterationSettings s;
  EXPECT_FALSE(solveValueFunction(*db, cache, {}, s));  // the cache is of another database
  s.discount = 1.0;
  EXPECT_FALSE(s.validate());
  s = {};
  s.compression = 0;
  EXPECT_FALSE(s.validate());
  FieldTask task;
  task.angleSamples = 2;
  EXPECT_FALSE(task.validate());
  // Sample counts a file may carry are bounded (a fuzzed field file once asked for 2^30 x 2^30).
  task.angleSamples = FieldTask::kMaxAngleSamples;
  EXPECT_TRUE(task.validate());
  task.angleSamples = FieldTask::kMaxAngleSamples + 1;
  EXPECT_FALSE(task.validate());
  task.angleSamples = 18;
  task.kind = FieldTaskKind::Line;
  task.offsetSamples = FieldTask::kMaxOffsetSamples + 1;
  EXPECT_FALSE(task.validate());
  task.offsetSamples = FieldTask::kMaxOffsetSamples;
  EXPECT_TRUE(task.validate());
}

}  // namespace
}  // namespace mg
