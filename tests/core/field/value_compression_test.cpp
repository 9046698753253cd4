// SPDX-License-Identifier: MIT
// Temporal compression of value functions (Lee et al. 2010, Eq. 13): the anchors and their
// interpolation, the two ways of learning a compressed function, and how well the compressed
// controllers steer on real capture.
#include <cmath>

#include <gtest/gtest.h>

#include "core/field/motion_field_stream.h"
#include "core/field/response_time.h"
#include "core/field/value_iteration.h"
#include "field_test_data.h"

namespace mg {
namespace {

// A value function that is linear in clip time (with a slope and offset of its own per clip and
// task sample) is stored exactly by its anchors: reading any state back through the interpolation
// of Eq. 13 gives its value, at the clip's end too (an anchor of its own however far from the
// previous one).
TEST(ValueCompression, LinearAlongEachClipIsExact) {
  Result<FieldDatabase> db = buildFieldDatabase(test::makeFieldMotions(), {});
  ASSERT_TRUE(db);
  for (int n : {1, 7, 20, 1000}) {
    FieldValueFunction vf;
    vf.anchors = buildAnchorMap(*db, n);
    const int p = vf.task.parameterCount();
    auto exact = [&](int s, int t) {
      const int c = db->stateClip[s];
      return -3.0 * c - 0.25 * t + (0.5 - 0.1 * c + 0.01 * t) * (s - db->clipFirstState[c]);
    };
    vf.values.resize(static_cast<size_t>(vf.anchors.anchorCount()) * p);
    for (int a = 0; a < vf.anchors.anchorCount(); ++a) {
      for (int t = 0; t < p; ++t) vf.values[a * p + t] = static_cast<float>(exact(vf.anchors.anchorStates[a], t));
    }
    for (int c = 0; c < db->clipCount(); ++c) {
      const int last = db->clipFirstState[c + 1] - 1;
      EXPECT_EQ(vf.anchors.anchorStates[vf.anchors.anchor0[last]], last) << "N " << n;
      EXPECT_EQ(vf.anchors.anchorStates[vf.anchors.anchor0[db->clipFirstState[c]]], db->clipFirstState[c]);
    }
    const std::vector<double> one = {1.0};
    for (int s = 0; s < db->stateCount(); ++s) {
      const std::vector<Neighbour> self = {{s, 0.0}};
      for (int t = 0; t < p; ++t) {
        EXPECT_NEAR(vf.value(self, one, {vf.task.angleAt(t), 0.0}), exact(s, t), 1e-4) << "N " << n << ", state " << s;
      }
    }
  }
}

// The default learning of a compressed function keeps exactly the uncompressed values at anchors.
TEST(ValueCompression, SampledLearningKeepsTheUncompressedValuesAtAnchors) {
  Result<FieldDatabase> db = buildFieldDatabase(test::makeFieldMotions(), {});
  ASSERT_TRUE(db);
  std::unique_ptr<NeighbourIndex> index = NeighbourIndex::build(*db);
  Result<TransitionCache> cache = buildTransitionCache(*db, *index, {}, 1);
  ASSERT_TRUE(cache);
  FieldTask task;
  task.kind = FieldTaskKind::Line;
  ValueIterationSettings s;
  s.tolerance = 1e-2;
  Result<FieldValueFunction> full = solveValueFunction(*db, *cache, task, s);
  s.compression = 10;
  Result<FieldValueFunction> compressed = solveValueFunction(*db, *cache, task, s);
  ASSERT_TRUE(full && compressed);
  const AnchorMap& map = compressed->anchors;
  EXPECT_EQ(map.anchorCount(), buildAnchorMap(*db, 10).anchorCount());
  EXPECT_EQ(compressed->iterations, full->iterations);
  const int p = task.parameterCount();
  for (int a = 0; a < map.anchorCount(); ++a) {
    for (int t = 0; t < p; ++t) {
      ASSERT_EQ(compressed->values[a * p + t], full->values[map.anchorStates[a] * p + t]);
    }
  }
}

// A clip of identical states (each state's three actions turn by -20, 0, +20 degrees and lead to
// the next state of the clip, the last to itself): the values do not change along the clip, so
// learning on anchors only must give, at every compression, the hand-computed values of the
// one-state problem: turning towards 0 one grid step a frame, V(m) = -sum_{i=1}^{|m|-1}
// gamma^(i-1) (|m| - i) x 20 degrees for the angle 20 m degrees. This checks that the anchor
// backup reads its next states' values through the interpolation consistently.
TEST(ValueCompression, AnchorsOnlyLearningOnAConstantClipHasTheHandComputedValues) {
  Result<FieldDatabase> db = buildFieldDatabase(
      std::vector<std::shared_ptr<const Motion>>{std::make_shared<const Motion>(test::makeSwingMotion(40))}, {});
  ASSERT_TRUE(db);
  const int n = db->stateCount();
  ASSERT_EQ(n, 38);
  TransitionCache cache;
  cache.k = 3;
  const double step = 2 * M_PI / 18;
  for (int s = 0; s < n; ++s) {
    for (int j = 0; j < 3; ++j) {
      cache.yawChange.push_back(static_cast<float>((j - 1) * step));
      cache.moveX.push_back(0), cache.moveZ.push_back(0);
      cache.termBegin.push_back(static_cast<int>(cache.termState.size()));
      cache.termState.push_back(std::min(s + 1, n - 1));
      cache.termWeight.push_back(1);
    }
  }
  cache.termBegin.push_back(static_cast<int>(cache.termState.size()));
  FieldTask task;
  task.directiveChangesPerSecond = 0;
  for (CompressedLearning learning : {CompressedLearning::Sampled, CompressedLearning::AnchorsOnly}) {
    for (int compression : {1, 5, 30}) {
      ValueIterationSettings settings;
      settings.tolerance = 1e-6;
      settings.maxIterations = 10000;
      settings.compression = compression;
      settings.learning = learning;
      Result<FieldValueFunction> vf = solveValueFunction(*db, cache, task, settings);
      ASSERT_TRUE(vf) << vf.error().message;
      for (int a = 0; a < vf->anchors.anchorCount(); ++a) {
        for (int t = 0; t < 18; ++t) {
          const int m = std::abs(t - 9);
          double expected = 0;
          for (int i = 1; i < m; ++i) expected -= std::pow(0.99, i - 1) * (m - i) * step;
          EXPECT_NEAR(vf->values[a * 18 + t], expected, 2e-4) << "N " << compression << ", anchor " << a;
        }
      }
    }
  }
}

// On the shared locomotion database (stops and jumps included), controllers whose direction value
// functions are compressed 20 times still reach nearly every new heading, as the paper reports.
TEST(ValueCompression, CompressedControllersStillReachTheirGoalsOnCapture) {
  const auto motions = test::loadSharedLocomotion();
  if (motions.empty()) GTEST_SKIP() << "no shared capture under " << MG_SHARED_MOCAP_DIR;
  MotionFieldBuildSettings settings;
  settings.learn = false;
  Result<MotionFieldBuild> passive = buildMotionField(motions, settings);
  ASSERT_TRUE(passive) << passive.error().message;
  const MotionField& field = *passive->field;
  Result<TransitionCache> cache = buildTransitionCache(*field.database, *field.index, field.settings.flow);
  ASSERT_TRUE(cache);
  for (int compression : {1, 20}) {
    ValueIterationSettings it;
    it.compression = compression;
    Result<FieldValueFunction> vf = solveValueFunction(*field.database, *cache, {}, it);
    ASSERT_TRUE(vf);
    Result<std::shared_ptr<const MotionField>> controlled = assembleMotionField(
        field.database, field.settings, std::make_shared<const FieldValueFunction>(std::move(vf.value())));
    ASSERT_TRUE(controlled);
    MotionFieldStream stream(controlled.value(), 1000);
    const ResponseSummary s = summarizeResponses(runHeadingChanges(stream, 30, 4.0, 2.0, 7));
    EXPECT_LE(s.failures, 6) << "N " << compression;
  }
}

}  // namespace
}  // namespace mg
