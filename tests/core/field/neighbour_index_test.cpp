// SPDX-License-Identifier: MIT
#include "core/field/neighbour_index.h"

#include <filesystem>
#include <random>

#include <gtest/gtest.h>

#include "core/field/field_step.h"
#include "core/import/motion_reader.h"
#include "core/motion/resample.h"
#include "field_test_data.h"
#include "support/capture.h"

namespace mg {
namespace {

// Both methods against a plain double loop: same distances, in order (states may differ only
// between exactly equal distances).
void expectExact(const FieldDatabase& db, const std::vector<std::vector<double>>& queries, int k) {
  for (KnnMethod method : {KnnMethod::KdTree, KnnMethod::BruteForce}) {
    std::unique_ptr<NeighbourIndex> index = NeighbourIndex::build(db, method);
    std::vector<double> batch;
    for (const auto& q : queries) batch.insert(batch.end(), q.begin(), q.end());
    std::vector<Neighbour> found, batched;
    index->queryBatch(batch.data(), static_cast<int>(queries.size()), k, batched);
    for (size_t i = 0; i < queries.size(); ++i) {
      const std::vector<Neighbour> ref = bruteForceNeighbours(db, queries[i].data(), k);
      index->query(queries[i].data(), k, found);
      ASSERT_EQ(found.size(), ref.size());
      for (size_t n = 0; n < ref.size(); ++n) {
        EXPECT_NEAR(found[n].distance, ref[n].distance, 1e-9 * (1 + ref[n].distance))
            << knnMethodName(method) << " query " << i << " neighbour " << n;
        EXPECT_EQ(batched[i * ref.size() + n].state, found[n].state);
        if (found[n].state != ref[n].state) {
          EXPECT_NEAR(found[n].distance, ref[n].distance, 1e-12)
              << "a different state at a different distance";
        }
      }
    }
  }
}

// Queries: database states themselves (their nearest is themselves, at 0), states pushed off the
// data, and the next states of actions (what control asks).
std::vector<std::vector<double>> queriesOf(const FieldDatabase& db, int every) {
  std::vector<std::vector<double>> out;
  std::mt19937_64 rng(3);
  std::normal_distribution<double> noise(0, 0.05);
  std::unique_ptr<NeighbourIndex> index = NeighbourIndex::build(db, KnnMethod::KdTree);
  FieldStepper stepper(db, *index, {});
  FieldStepOutcome outcome;
  for (int s = 0; s < db.stateCount(); s += every) {
    out.emplace_back(db.feature(s), db.feature(s) + db.featureDims);
    std::vector<double> off = out.back();
    for (double& x : off) x += noise(rng);
    out.push_back(off);
    stepper.prepare({db.poses[s], db.velocities[s]});
    stepper.stepAction(s % stepper.actionCount(), outcome);
    std::vector<double> f(db.featureDims);
    embedState(db, outcome.next.pose, outcome.next.velocity, f.data());
    out.push_back(f);
  }
  return out;
}

TEST(NeighbourIndex, ExactOnSyntheticMotion) {
  Result<FieldDatabase> db = buildFieldDatabase(test::makeFieldMotions(), {});
  ASSERT_TRUE(db);
  expectExact(*db, queriesOf(*db, 7), 15);
  expectExact(*db, queriesOf(*db, 50), 1);
  // k beyond the database: every state, nearest first.
  std::unique_ptr<NeighbourIndex> index = NeighbourIndex::build(*db, KnnMethod::BruteForce);
  std::vector<Neighbour> all;
  index->query(db->feature(0), db->stateCount() + 10, all);
  EXPECT_EQ(static_cast<int>(all.size()), db->stateCount());
  EXPECT_EQ(all.front().state, 0);
  EXPECT_EQ(all.front().distance, 0.0);
}

TEST(NeighbourIndex, ExactOnCapture) {
  std::vector<std::shared_ptr<const Motion>> motions;
  for (const std::string& file : test::captureFiles("cmu_turns")) {
    Result<Motion> m = readMotionFile(file);
    ASSERT_TRUE(m) << m.error().message;
    motions.push_back(std::make_shared<const Motion>(std::move(m.value())));
  }
  Result<FieldDatabase> db = buildFieldDatabase(motions, {});
  ASSERT_TRUE(db) << db.error().message;
  expectExact(*db, queriesOf(*db, 23), 15);
}

TEST(SimilarityWeights, InverseDistanceWithTheLastAsCutOff) {
  std::vector<double> w;
  const std::vector<Neighbour> n = {{0, 1.0}, {1, 2.0}, {2, 4.0}};
  similarityWeights(n, w);
  // 1/1 - 1/4 = 0.75, 1/2 - 1/4 = 0.25, 0: normalised by 1.
  EXPECT_NEAR(w[0], 0.75, 1e-15);
  EXPECT_NEAR(w[1], 0.25, 1e-15);
  EXPECT_EQ(w[2], 0.0);
  similarityWeights(std::vector<Neighbour>{{4, 0.0}, {5, 1.0}}, w);
  EXPECT_EQ(w[0], 1.0);
  similarityWeights(std::vector<Neighbour>{{4, 2.0}, {5, 2.0}}, w);
  EXPECT_EQ(w[0], 0.5);
  std::vector<double> a;
  actionWeights(std::vector<double>{0.75, 0.25, 0.0}, 2, a);
  EXPECT_NEAR(a[2], 0.5, 1e-15);
  EXPECT_NEAR(a[0], 0.375, 1e-15);
}

}  // namespace
}  // namespace mg
