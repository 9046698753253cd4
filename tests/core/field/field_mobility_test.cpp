// SPDX-License-Identifier: MIT
#include "core/field/field_mobility.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <optional>

#include <gtest/gtest.h>

#include "support/temp_name.h"

#include "core/agility/response_time.h"
#include "core/field/motion_field_stream.h"
#include "core/import/import_motion_loader.h"
#include "core/io/field_file.h"
#include "core/io/graph_input.h"
#include "field_test_data.h"

namespace mg {
namespace {

// A cache over a two-state database by hand: every (state, action) moves `move` metres and lands
// on one state with weight 1.
TransitionCache handCache(const std::vector<std::vector<std::pair<float, int>>>& actions) {
  TransitionCache cache;
  cache.k = static_cast<int>(actions[0].size());
  for (const auto& state : actions) {
    for (const auto& [move, next] : state) {
      cache.termBegin.push_back(static_cast<int>(cache.termState.size()));
      cache.termState.push_back(next);
      cache.termWeight.push_back(1.0f);
      cache.yawChange.push_back(0.0f);
      cache.moveX.push_back(0.6f * move), cache.moveZ.push_back(0.8f * move);  // |(0.6, 0.8)| = 1
    }
  }
  cache.termBegin.push_back(static_cast<int>(cache.termState.size()));
  return cache;
}

FieldDatabase twoStates() {
  Result<FieldDatabase> db = buildFieldDatabase(
      std::vector<std::shared_ptr<const Motion>>{
          std::make_shared<const Motion>(test::makeSwingMotion(4))},
      {});
  EXPECT_TRUE(db && db->stateCount() == 2);
  return std::move(db.value());
}

// State 1 walks on the spot: staying moves 0.1 m a frame, so M(1) = 0.1 / (1 - gamma) = 10 m. State
// 0 either stands (0 m, back to 0) or steps 0.05 m into state 1: M(0) = 0.05 + gamma 10.
TEST(FieldMobility, HandComputedValues) {
  const FieldDatabase db = twoStates();
  const TransitionCache cache = handCache({{{0.0f, 0}, {0.05f, 1}}, {{0.1f, 1}, {0.0f, 0}}});
  FieldMobilitySettings settings;
  settings.toleranceMetres = 1e-6;
  Result<FieldMobility> m = solveFieldMobility(db, cache, settings);
  ASSERT_TRUE(m) << m.error().message;
  EXPECT_LT(m->residual, 1e-6);
  EXPECT_NEAR(m->metres[1], 10.0, 1e-3);
  EXPECT_NEAR(m->metres[0], 0.05 + 0.99 * 10.0, 1e-3);
  // A state that can only stand where it is has no mobility at all.
  Result<FieldMobility> stuck =
      solveFieldMobility(db, handCache({{{0.0f, 0}}, {{0.0f, 0}}}), settings);
  ASSERT_TRUE(stuck);
  EXPECT_EQ(stuck->metres[0], 0.0f);
  EXPECT_EQ(stuck->metres[1], 0.0f);
}

TEST(FieldMobility, RefusesBadSettingsAndAnotherDatabasesCache) {
  const FieldDatabase db = twoStates();
  const TransitionCache cache = handCache({{{0.0f, 0}}, {{0.0f, 0}}});
  for (double discount : {0.0, 1.0, std::nan("")}) {
    FieldMobilitySettings s;
    s.discount = discount;
    EXPECT_FALSE(solveFieldMobility(db, cache, s)) << discount;
  }
  FieldMobilitySettings s;
  s.toleranceMetres = 0;
  EXPECT_FALSE(solveFieldMobility(db, cache, s));
  s = {};
  s.maxIterations = 0;
  EXPECT_FALSE(solveFieldMobility(db, cache, s));
  Result<FieldMobility> other = solveFieldMobility(db, handCache({{{0.0f, 0}}}), {});
  ASSERT_FALSE(other);
  EXPECT_NE(other.error().message.find("another database"), std::string::npos);
}

// Reference: the plain (Jacobi) iteration in double, from 0 until nothing changes by 1e-9; the
// solver's Gauss-Seidel sweeps in float reach the same fixed point.
std::vector<double> jacobiMobility(const FieldDatabase& db, const TransitionCache& cache,
                                   double gamma) {
  const int n = db.stateCount(), k = cache.k;
  std::vector<double> m(n, 0.0), next(n);
  for (double change = 1; change > 1e-9;) {
    change = 0;
    for (int s = 0; s < n; ++s) {
      double best = 0;
      for (int j = 0; j < k; ++j) {
        const size_t e = static_cast<size_t>(s) * k + j;
        double later = 0;
        for (int t = cache.termBegin[e]; t < cache.termBegin[e + 1]; ++t)
          later += cache.termWeight[t] * m[cache.termState[t]];
        best = std::max(best,
                        std::hypot(double(cache.moveX[e]), double(cache.moveZ[e])) + gamma * later);
      }
      next[s] = best;
      change = std::max(change, std::abs(best - m[s]));
    }
    m.swap(next);
  }
  return m;
}

// The known answer: a character that walks into a stop starts again when given a new heading if,
// and only if, the data holds a walk that starts from that stand. Database: the turning walks of
// makeFieldMotions, a walk that stops, and (or not) a walk from the same stand.
struct StopField {
  std::shared_ptr<const MotionField> field;
  std::shared_ptr<const TransitionCache> cache;
  int stopEnd = 0;  // the stopping walk's last state: standing
};

StopField makeStopField(bool withStart) {
  std::vector<std::shared_ptr<const Motion>> motions = test::makeFieldMotions();
  const int stopClip = static_cast<int>(motions.size());
  motions.push_back(std::make_shared<const Motion>(test::makeStoppingWalk()));
  if (withStart) motions.push_back(std::make_shared<const Motion>(test::makeStartingWalk()));
  MotionFieldBuildSettings settings;
  settings.iteration.tolerance = 1e-2;
  Result<MotionFieldBuild> built = buildMotionField(motions, settings);
  EXPECT_TRUE(built) << built.error().message;
  return {built->field, built->cache, built->field->database->clipFirstState[stopClip + 1] - 1};
}

// Seconds until facing within 5 degrees of the start facing turned by `degrees`; empty if not
// within `seconds`.
std::optional<double> turnFromStand(const StopField& f, double degrees, double seconds) {
  MotionFieldStream stream(f.field, f.stopEnd);
  Directive d;
  d.kind = Directive::Kind::Heading;
  d.headingRadians =
      yawAngle(f.field->database->poses[f.stopEnd].localRotations[0]) + degrees * M_PI / 180;
  stream.setDirective(d);
  ResponseTracker tracker(stream.fps());
  tracker.directive(0, d);
  Pose pose;
  for (int frame = 0; frame < seconds * stream.fps(); ++frame) {
    stream.next(pose);
    tracker.frame(frame, pose);
  }
  return tracker.records()[0].seconds;
}

double median(std::vector<float> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// The mobility of a stop field, the median over its states, and an escape run of `frames` from the
// stand.
struct StandEscape {
  FieldMobility mobility;
  double typical = 0;
  EscapeRun run;
};

StandEscape escapeFromStand(const StopField& f, int frames) {
  const FieldDatabase& db = *f.field->database;
  Result<FieldMobility> m = solveFieldMobility(db, *f.cache);
  EXPECT_TRUE(m);
  StandEscape out{m.value(), median(m->metres), {}};
  out.run =
      runEscape(*f.field, out.mobility, {db.poses[f.stopEnd], db.velocities[f.stopEnd]}, frames);
  return out;
}

TEST(FieldMobility, AStopWithAWalkFromItsStandStartsAgain) {
  const StopField f = makeStopField(true);
  ASSERT_TRUE(f.field);
  const FieldDatabase& db = *f.field->database;
  ASSERT_EQ(db.motions[db.stateClip[f.stopEnd]]->name, "stop");
  for (double degrees : {90.0, -90.0, 180.0}) {
    const std::optional<double> s = turnFromStand(f, degrees, 10.0);
    ASSERT_TRUE(s) << degrees << " degrees not reached from the stand in 10 s";
    EXPECT_LT(*s, 5.0) << degrees;
  }
  const StandEscape e = escapeFromStand(f, 150);
  EXPECT_GT(e.mobility.metres[f.stopEnd], 0.5 * e.typical);
  EXPECT_GT(e.run.bestMobility, 0.9 * e.typical);
  EXPECT_GT(e.run.maxSpeed, 0.8);  // walking again
}

TEST(FieldMobility, SameFixedPointAsThePlainIteration) {
  const StopField f = makeStopField(true);
  ASSERT_TRUE(f.field);
  FieldMobilitySettings settings;
  settings.toleranceMetres = 1e-5;
  Result<FieldMobility> m = solveFieldMobility(*f.field->database, *f.cache, settings);
  ASSERT_TRUE(m);
  const std::vector<double> reference =
      jacobiMobility(*f.field->database, *f.cache, settings.discount);
  double worst = 0;
  for (size_t s = 0; s < reference.size(); ++s)
    worst = std::max(worst, std::abs(m->metres[s] - reference[s]));
  // |M - M*| <= gamma / (1 - gamma) x the last sweep's change, plus float rounding.
  EXPECT_LT(worst, 2e-3);
}

TEST(FieldMobility, AStopTheDataNeverLeavesIsADeadEndForEveryPolicy) {
  const StopField f = makeStopField(false);
  ASSERT_TRUE(f.field);
  const FieldDatabase& db = *f.field->database;
  for (double degrees : {90.0, 180.0}) EXPECT_FALSE(turnFromStand(f, degrees, 10.0)) << degrees;
  const StandEscape e = escapeFromStand(f, 300);
  EXPECT_LT(e.mobility.metres[f.stopEnd], 0.1 * e.typical);
  EXPECT_EQ(e.run.frames, 300);
  EXPECT_LT(e.run.bestMobility, 0.1 * e.typical);
  EXPECT_LT(e.run.maxSpeed, 0.05);
  EXPECT_LT(e.run.metres, 0.1);
  // The walk before the stop is not a dead end: it can still turn away from the stop.
  EXPECT_GT(e.mobility.metres[db.clipFirstState[db.stateClip[f.stopEnd]]], 0.5 * e.typical);
}

// The quality report's walk of a field: from the seed's start state, steered along the facing it
// starts with until the report gives a heading (not the passive flow).
TEST(FieldMobility, TheReportWalksAFieldFromTheSeedsStateHoldingItsHeading) {
  const StopField f = makeStopField(false);
  ASSERT_TRUE(f.field);
  const FieldDatabase& db = *f.field->database;
  const std::filesystem::path path = std::filesystem::temp_directory_path() /
                                     (test::uniqueTempName("mg_field_mobility_test_") + ".field");
  ASSERT_TRUE(writeFieldFile(path.string(), *f.field));
  Result<std::unique_ptr<GraphInput>> input = openGraphInput(path.string(), importMotionLoader());
  std::filesystem::remove(path);
  ASSERT_TRUE(input) << input.error().message;
  ASSERT_TRUE((*input)->steerable());
  std::vector<int> starts;
  for (std::uint64_t seed : {1u, 2u, 3u}) {
    const int start = seededStartState(db, seed);
    EXPECT_EQ(start, seededStartState(db, seed));
    starts.push_back(start);
    Result<std::unique_ptr<PoseStream>> stream = (*input)->makeStream(seed);
    ASSERT_TRUE(stream);
    auto* field = dynamic_cast<MotionFieldStream*>(stream->get());
    ASSERT_NE(field, nullptr);
    EXPECT_EQ(field->directive().kind, Directive::Kind::Heading);
    EXPECT_NEAR(field->directive().headingRadians, yawAngle(db.poses[start].localRotations[0]),
                1e-12);
    Pose pose;
    ASSERT_TRUE(field->next(pose));
    EXPECT_LT((pose.rootPosition - db.poses[start].rootPosition).norm(),
              0.05);                    // foot lock moves only the feet
    EXPECT_GE(field->lastAction(), 0);  // steered from the first frame
  }
  EXPECT_NE(starts[0], starts[1]);
}

// Shared capture (CMU subject 16, cmu_turns + cmu16), when present: the stands at the end of its
// jumps are dead ends (no escape run gets moving from 16_05's last state, the end of a forward
// jump), while the stand a walk starts from (16_31's first state) leads into walking.
TEST(FieldMobility, OnCaptureJumpLandingsAreDeadEndsAndWalkStartsAreNot) {
  const std::vector<std::shared_ptr<const Motion>> motions = test::loadSharedLocomotion();
  if (motions.empty()) GTEST_SKIP() << "no shared capture under " << MG_SHARED_MOCAP_DIR;
  MotionFieldBuildSettings settings;
  settings.learn = false;
  Result<MotionFieldBuild> built = buildMotionField(motions, settings);
  ASSERT_TRUE(built) << built.error().message;
  const MotionField& field = *built->field;
  const FieldDatabase& db = *field.database;
  Result<TransitionCache> cache = buildTransitionCache(db, *field.index, field.settings.flow);
  ASSERT_TRUE(cache);
  Result<FieldMobility> m = solveFieldMobility(db, cache.value());
  ASSERT_TRUE(m);
  const double typical = median(m->metres);
  auto clipOf = [&](const std::string& name) {
    for (int c = 0; c < db.clipCount(); ++c) {
      if (db.motions[c]->name.find(name) != std::string::npos) return c;
    }
    return -1;
  };
  const int landing = clipOf("16_05"), walk = clipOf("16_31");
  ASSERT_GE(landing, 0);
  ASSERT_GE(walk, 0);
  const int landed = db.clipFirstState[landing + 1] - 1, standing = db.clipFirstState[walk];
  EXPECT_LT(m->metres[landed], 0.2 * typical);
  EXPECT_GT(m->metres[standing], 0.5 * typical);
  const EscapeRun stuck = runEscape(field, *m, {db.poses[landed], db.velocities[landed]}, 450);
  EXPECT_LT(stuck.bestMobility, 0.2 * typical);
  EXPECT_LT(stuck.maxSpeed, 0.3);
  const EscapeRun away = runEscape(field, *m, {db.poses[standing], db.velocities[standing]}, 450);
  EXPECT_GT(away.bestMobility, 0.9 * typical);
  EXPECT_GT(away.maxSpeed, 1.0);
}

}  // namespace
}  // namespace mg
