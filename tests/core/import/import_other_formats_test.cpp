// SPDX-License-Identifier: MIT
// Formats other than BVH go through Assimp's node hierarchy: the skeleton is the subtree that
// holds the animated nodes, nodes above it scale and place the root, un-keyed leaves are end sites.
#include <optional>
#include <thread>

#include <gtest/gtest.h>

#include "core/import/bvh_writer.h"
#include "core/import/motion_reader.h"
#include "core/motion/forward_kinematics.h"
#include "import_test_util.h"

namespace mg {
namespace {

// tests/data/three_joint_chain.gltf: Armature (scale 0.5) > Hip (rest rotation 90 deg about Y,
// translation keyed (0,1,0) -> (1,1,0)) > Knee (rotation keyed 0 -> 90 deg about X) > Foot
// (no keys: an end site 0.5 below the knee). Keys at 0, 0.5 and 1 s.
TEST(ImportOtherFormats, GltfChainMatchesHandComputedPositions) {
  Result<Motion> m =
      readMotionFile(test::dataPath("three_joint_chain.gltf"), {.metresPerUnit = 1.0});
  ASSERT_TRUE(m) << m.error().message;
  ASSERT_EQ(m->jointCount(), 2);
  EXPECT_EQ(m->skeleton->joints[0].name, "Hip");
  EXPECT_EQ(m->skeleton->joints[1].name, "Knee");
  ASSERT_EQ(m->skeleton->endSites.size(), 1u);
  EXPECT_EQ(m->frameCount(), 3);
  EXPECT_DOUBLE_EQ(m->fps, 2.0);

  const int n = m->jointCount();
  std::vector<Eigen::Vector3d> p(n);
  std::vector<Eigen::Quaterniond> q(n);
  auto expectFrame = [&](int f, Eigen::Vector3d hip, Eigen::Vector3d knee, Eigen::Vector3d foot) {
    forwardKinematics(*m->skeleton, m->rootPositions[f], m->frameRotations(f), p.data(), q.data());
    const Eigen::Vector3d tip = endSitePositions(*m->skeleton, p.data(), q.data())[0];
    EXPECT_LT((p[0] - hip).norm(), 1e-6) << "frame " << f;
    EXPECT_LT((p[1] - knee).norm(), 1e-6) << "frame " << f;
    EXPECT_LT((tip - foot).norm(), 1e-6) << "frame " << f;
  };
  const double h = 0.25 * std::sqrt(0.5);  // 45 deg of a 0.25 bone
  expectFrame(0, {0, 0.5, 0}, {0, 0.25, 0}, {0, 0, 0});
  expectFrame(1, {0.25, 0.5, 0}, {0.25, 0.25, 0}, {0.25 - h, 0.25 - h, 0});
  expectFrame(2, {0.5, 0.5, 0}, {0.5, 0.25, 0}, {0.25, 0.25, 0});
}

TEST(ImportOtherFormats, FbxSampleWithSkeleton) {
  const std::string path = std::string(MG_SAMPLE_DIR) + "/../FBX/animation_with_skeleton.fbx";
  MG_REQUIRE_FILE(path);
  Result<Motion> m = readMotionFile(path);
  ASSERT_TRUE(m) << m.error().message;
  EXPECT_EQ(m->jointCount(), 15);
  EXPECT_EQ(m->frameCount(), 21);
  EXPECT_DOUBLE_EQ(m->fps, 24.0);
}

TEST(ImportOtherFormats, ImportedGltfCanBeWrittenAsBvhAndReadBack) {
  Result<Motion> m =
      readMotionFile(test::dataPath("three_joint_chain.gltf"), {.metresPerUnit = 1.0});
  ASSERT_TRUE(m);
  test::TempDir dir;
  ASSERT_TRUE(writeBvhFile(*m, dir.file("chain.bvh")));
  Result<Motion> back = readMotionFile(dir.file("chain.bvh"));  // written in metres, guessed so
  ASSERT_TRUE(back) << back.error().message;
  const auto a = allJointPositions(*m), b = allJointPositions(*back);
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) EXPECT_LT((a[i] - b[i]).norm(), 1e-6);
}

// One Assimp importer per call: concurrent reads give the same result as a single read.
TEST(ImportOtherFormats, ConcurrentReadsAgree) {
  const std::string path = test::dataPath("small_walk.bvh");
  Result<Motion> reference = readMotionFile(path);
  ASSERT_TRUE(reference);
  std::vector<std::optional<Result<Motion>>> results(4);
  std::vector<std::thread> threads;
  for (auto& r : results) threads.emplace_back([&r, &path] { r.emplace(readMotionFile(path)); });
  for (std::thread& t : threads) t.join();
  for (auto& r : results) {
    ASSERT_TRUE(r && *r);
    EXPECT_EQ((*r)->rootPositions, reference->rootPositions);
  }
}

}  // namespace
}  // namespace mg
