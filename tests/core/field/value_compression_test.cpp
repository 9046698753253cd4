// SPDX-License-Identifier: MIT
// Temporal compression of value functions (Lee et al. 2010, Eq. 13): the anchors and their
// interpolation, the two ways of learning a compressed function, and how well the compressed
// controllers steer on real capture.
#include <cmath>

#include <gtest/gtest.h>

#include "core/agility/response_time.h"
#include "core/field/motion_field_stream.h"
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
      for (int t = 0; t < p; ++t)
        vf.values[a * p + t] = static_cast<float>(exact(vf.anchors.anchorStates[a], t));
    }
    for (int c = 0; c < db->clipCount(); ++c) {
      const int last = db->clipFirstState[c + 1] - 1;
      EXPECT_EQ(vf.anchors.anchorStates[vf.anchors.anchor0[last]], last) << "N " << n;
      EXPECT_EQ(vf.anchors.anchorStates[vf.anchors.anchor0[db->clipFirstState[c]]],
                db->clipFirstState[c]);
    }
    const std::vector<double> one = {1.0};
    for (int s = 0; s < db->stateCount(); ++s) {
      const std::vector<Neighbour> self = {{s, 0.0}};
      for (int t = 0; t < p; ++t) {
        EXPECT_NEAR(vf.value(self, one, {vf.task.angleAt(t), 0.0}), exact(s, t), 1e-4)
            << "N " << n << ", state " << s;
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
      std::vector<std::shared_ptr<const Motion>>{
          std::make_shared<const Motion>(test::makeSwingMotion(40))},
      {});
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
  for (CompressedLearning learning :
       {CompressedLearning::Sampled, CompressedLearning::AnchorsOnly}) {
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
          EXPECT_NEAR(vf->values[a * 18 + t], expected, 2e-4)
              << "N " << compression << ", anchor " << a;
        }
      }
    }
  }
}

// An independent reference for compression: a clip whose states can turn by a different amount
// each (0.2 to 1.4 grid steps a frame, growing along the clip), each action leading to the next
// state (the last to itself), with directive changes. Its exact value function is computed here
// directly (the last state's by iterating its own equation, then backwards one state at a time),
// not by the solver. N = 1 must equal it; a compressed function (default learning) must hold its
// values at the anchors and their linear interpolation between them (Eq. 13), and stay within
// the interpolation error of the exact values everywhere.
TEST(ValueCompression, CompressedValuesInterpolateTheExactValuesOfAChain) {
  Result<FieldDatabase> db = buildFieldDatabase(
      std::vector<std::shared_ptr<const Motion>>{
          std::make_shared<const Motion>(test::makeSwingMotion(40))},
      {});
  ASSERT_TRUE(db);
  const int n = db->stateCount();
  const FieldTask task;  // direction, 18 samples, directive changes 0.25/s
  const int p = task.parameterCount();
  const double step = 2 * M_PI / p, gamma = 0.99;
  const double h = directiveChangeProbability(task, db->settings.workingFps);
  ASSERT_GT(h, 0);
  auto turnOf = [&](int s, int j) { return (j - 1) * step * (0.2 + 1.2 * s / (n - 1.0)); };
  TransitionCache cache;
  cache.k = 3;
  for (int s = 0; s < n; ++s) {
    for (int j = 0; j < 3; ++j) {
      cache.yawChange.push_back(static_cast<float>(turnOf(s, j)));
      cache.moveX.push_back(0), cache.moveZ.push_back(0);
      cache.termBegin.push_back(static_cast<int>(cache.termState.size()));
      cache.termState.push_back(std::min(s + 1, n - 1));
      cache.termWeight.push_back(1);
    }
  }
  cache.termBegin.push_back(static_cast<int>(cache.termState.size()));

  // The reference: V_s(T) = max_j -|T'| + gamma ((1 - h) V_{s+1}(T') + h mean V_{s+1}),
  // T' = T - turn, V linear between the angle samples on the circle.
  auto at = [&](const std::vector<double>& v, double angle) {
    const double x = (std::remainder(angle, 2 * M_PI) + M_PI) / step;
    const double f = std::floor(x);
    const int i0 = static_cast<int>(f) % p, i1 = (i0 + 1) % p;
    return (1 - (x - f)) * v[i0] + (x - f) * v[i1];
  };
  auto backup = [&](int s, const std::vector<double>& next) {
    double mean = 0;
    for (double x : next) mean += x / p;
    std::vector<double> v(p, -INFINITY);
    for (int t = 0; t < p; ++t) {
      for (int j = 0; j < 3; ++j) {
        const double turned = std::remainder(-M_PI + t * step - turnOf(s, j), 2 * M_PI);
        v[t] = std::max(v[t], -std::abs(turned) + gamma * ((1 - h) * at(next, turned) + h * mean));
      }
    }
    return v;
  };
  std::vector<std::vector<double>> exact(n, std::vector<double>(p, 0.0));
  for (int it = 0; it < 5000; ++it) exact[n - 1] = backup(n - 1, exact[n - 1]);
  for (int s = n - 2; s >= 0; --s) exact[s] = backup(s, exact[s + 1]);

  ValueIterationSettings settings;
  settings.tolerance = 1e-6;
  settings.maxIterations = 20000;
  Result<FieldValueFunction> full = solveValueFunction(*db, cache, task, settings);
  ASSERT_TRUE(full) << full.error().message;
  for (int s = 0; s < n; ++s) {
    for (int t = 0; t < p; ++t)
      ASSERT_NEAR(full->values[s * p + t], exact[s][t], 2e-3) << "state " << s;
  }
  const std::vector<double> one = {1.0};
  for (int compression : {5, 10, 30}) {
    settings.compression = compression;
    Result<FieldValueFunction> vf = solveValueFunction(*db, cache, task, settings);
    ASSERT_TRUE(vf) << vf.error().message;
    ASSERT_EQ(vf->values.size(), static_cast<size_t>(vf->anchors.anchorCount()) * p);
    double interpolationError = 0, error = 0;
    for (int s = 0; s < n; ++s) {
      const int s0 = vf->anchors.anchorStates[vf->anchors.anchor0[s]];
      const int s1 = vf->anchors.anchorStates[vf->anchors.anchor1[s]];
      const double l = s1 > s0 ? static_cast<double>(s - s0) / (s1 - s0) : 0.0;
      const std::vector<Neighbour> self = {{s, 0.0}};
      for (int t = 0; t < p; ++t) {
        const double expected = (1 - l) * exact[s0][t] + l * exact[s1][t];
        const double got = vf->value(self, one, {task.angleAt(t), 0.0});
        ASSERT_NEAR(got, expected, 2e-3)
            << "N " << compression << ", state " << s << ", sample " << t;
        interpolationError = std::max(interpolationError, std::abs(expected - exact[s][t]));
        error = std::max(error, std::abs(got - exact[s][t]));
      }
    }
    EXPECT_LE(error, interpolationError + 2e-3) << "N " << compression;
  }
}

// On the shared locomotion database (stops and jumps included), controllers whose direction value
// functions are compressed 20 and 30 times still reach nearly every new heading, as the paper
// reports.
TEST(ValueCompression, CompressedControllersStillReachTheirGoalsOnCapture) {
  const auto motions = test::loadSharedLocomotion();
  if (motions.empty()) GTEST_SKIP() << "no shared capture under " << MG_SHARED_MOCAP_DIR;
  MotionFieldBuildSettings settings;
  settings.learn = false;
  Result<MotionFieldBuild> passive = buildMotionField(motions, settings);
  ASSERT_TRUE(passive) << passive.error().message;
  const MotionField& field = *passive->field;
  Result<TransitionCache> cache =
      buildTransitionCache(*field.database, *field.index, field.settings.flow);
  ASSERT_TRUE(cache);
  for (int compression : {1, 20, 30}) {
    ValueIterationSettings it;
    it.compression = compression;
    Result<FieldValueFunction> vf = solveValueFunction(*field.database, *cache, {}, it);
    ASSERT_TRUE(vf);
    Result<std::shared_ptr<const MotionField>> controlled =
        assembleMotionField(field.database, field.settings,
                            std::make_shared<const FieldValueFunction>(std::move(vf.value())));
    ASSERT_TRUE(controlled);
    MotionFieldStream stream(controlled.value(), 1000);
    const ResponseSummary s = summarizeResponses(runHeadingChanges(stream, 30, 4.0, 2.0, 7));
    EXPECT_LE(s.failures, 6) << "N " << compression;
  }
}

}  // namespace
}  // namespace mg
