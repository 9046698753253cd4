// SPDX-License-Identifier: MIT
// readMotionFile (the project's own BVH parser) against Assimp's BVH loader as an independent
// reference: same skeleton, same world joint positions in every frame.
#include <algorithm>

#include <gtest/gtest.h>

#include "core/import/assimp_motion.h"
#include "core/import/bvh_text.h"
#include "core/import/motion_reader.h"
#include "core/motion/forward_kinematics.h"
#include "import_test_util.h"

namespace mg {
namespace {

// Assimp's reading of a BVH file in file units. Its loader gives root position keys without the
// root OFFSET, key times in frames, and (for 6-channel non-root joints) position keys that are not
// bone offsets; the options undo each.
Result<Motion> assimpReference(const std::string& path) {
  Result<BvhDocument> doc = readBvhFile(path);
  if (!doc) return doc.error();
  const std::vector<BvhChannel>& c = doc->joints[0].channels;
  AssimpMotionOptions options;
  options.addRootOffsetToPositions = std::any_of(c.begin(), c.end(), [](BvhChannel ch) {
    return ch == BvhChannel::Xposition || ch == BvhChannel::Yposition ||
           ch == BvhChannel::Zposition;
  });
  options.keysAreFrames = true;
  options.offsetsFromNodes = true;
  return readAssimpMotion(path, options);
}

// Imports `path` in file units (metresPerUnit 1) with readMotionFile and with Assimp, and
// compares. Assimp works in single precision, hence the tolerance of 1e-4 file units.
void expectSameAsText(const std::string& path) {
  MG_REQUIRE_FILE(path);
  ImportOptions options;
  options.metresPerUnit = 1.0;
  Result<Motion> imported = readMotionFile(path, options);
  ASSERT_TRUE(imported) << imported.error().message;
  Result<Motion> assimp = assimpReference(path);
  ASSERT_TRUE(assimp) << assimp.error().message;
  const Motion& reference = *assimp;
  const Skeleton& a = *imported->skeleton;
  const Skeleton& b = *reference.skeleton;

  ASSERT_TRUE(a.sameHierarchy(b)) << path;
  for (int j = 0; j < a.jointCount(); ++j) {
    EXPECT_LT((a.joints[j].offset - b.joints[j].offset).norm(), 1e-4) << a.joints[j].name;
  }
  ASSERT_EQ(a.endSites.size(), b.endSites.size());
  for (size_t e = 0; e < a.endSites.size(); ++e) {
    EXPECT_EQ(a.endSites[e].joint, b.endSites[e].joint);
    EXPECT_LT((a.endSites[e].offset - b.endSites[e].offset).norm(), 1e-4);
  }
  ASSERT_EQ(imported->frameCount(), reference.frameCount());
  EXPECT_NEAR(imported->fps, reference.fps, 1e-4 * reference.fps);
  // The parser's own conversion is what readMotionFile returns (before scaling and naming).
  Result<BvhDocument> doc = readBvhFile(path);
  ASSERT_TRUE(doc);
  const Motion direct = bvhDocumentToMotion(*doc);
  ASSERT_EQ(direct.frameCount(), imported->frameCount());
  for (int f = 0; f < direct.frameCount(); f += 7) {
    EXPECT_TRUE(direct.rootPositions[f].isApprox(imported->rootPositions[f], 1e-12));
  }

  const std::vector<Eigen::Vector3d> pa = allJointPositions(*imported);
  const std::vector<Eigen::Vector3d> pb = allJointPositions(reference);
  double worst = 0;
  for (size_t i = 0; i < pa.size(); ++i) worst = std::max(worst, (pa[i] - pb[i]).norm());
  EXPECT_LT(worst, 1e-4 * restHeight(b)) << path;
}

TEST(ImportMatchesText, SmallFileWithRootOffset) {
  expectSameAsText(test::dataPath("small_walk.bvh"));
}
TEST(ImportMatchesText, CmuSample0101) {
  expectSameAsText(test::samplePath("01_01.bvh"));
}
TEST(ImportMatchesText, CmuSample0103) {
  expectSameAsText(test::samplePath("01_03.bvh"));
}
// Boxing_Toes declares 3069 frames and holds 3070 data lines; both readers use the first 3069.
TEST(ImportMatchesText, BoxingSample) {
  expectSameAsText(test::samplePath("Boxing_Toes.bvh"));
}
TEST(ImportMatchesText, SharedCmuWalk) {
  expectSameAsText(test::mocapPath("cmu/08_01.bvh"));
}
TEST(ImportMatchesText, SharedCmuRun) {
  expectSameAsText(test::mocapPath("cmu/02_03.bvh"));
}
// 19-joint skeleton, CRLF line endings, ZXY root order.
TEST(ImportMatchesText, SharedTurnWalkCrlf) {
  expectSameAsText(test::mocapPath("cmu_turns/16_17.bvh"));
}
// Knee Euler channels flip by ~160 degrees between frames while the rotation barely moves.
TEST(ImportMatchesText, SharedTurnRunWithEulerFlips) {
  expectSameAsText(test::mocapPath("cmu_turns/16_55.bvh"));
}

// Position channels on a non-root joint are ignored by both readers: bones keep their OFFSET.
TEST(ImportMatchesText, NonRootPositionChannelsKeepTheOffset) {
  std::string text = test::readText(test::dataPath("small_walk.bvh"));
  const std::string three = "\t\tCHANNELS 3 Zrotation Xrotation Yrotation";
  text.replace(text.find(three), three.size(),
               "\t\tCHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation");
  // Spine's values follow the root's 6; give its new position channels non-zero values.
  size_t line = text.find('\n', text.find("Frame Time:")) + 1;
  while (line < text.size()) {
    size_t at = line;
    for (int i = 0; i < 6; ++i) at = text.find(' ', at) + 1;
    text.insert(at, "5.0 -7.0 9.0 ");
    line = text.find('\n', line) + 1;
  }
  test::TempDir dir;
  test::writeText(dir.file("spine6.bvh"), text);
  expectSameAsText(dir.file("spine6.bvh"));
  Result<Motion> m = readMotionFile(dir.file("spine6.bvh"), {.metresPerUnit = 1.0});
  ASSERT_TRUE(m) << m.error().message;
  EXPECT_EQ(m->skeleton->joints[1].offset, Eigen::Vector3d(0, 20, 0));
}

TEST(ImportMatchesText, TurnFilesReallyUseCrlf) {
  const std::string path = test::mocapPath("cmu_turns/16_17.bvh");
  MG_REQUIRE_FILE(path);
  EXPECT_NE(test::readText(path).find("\r\n"), std::string::npos);
}

TEST(ImportMatchesText, EndSitesAreNotJoints) {
  const std::string path = test::samplePath("01_01.bvh");
  MG_REQUIRE_FILE(path);
  Result<Motion> m = readMotionFile(path);
  ASSERT_TRUE(m) << m.error().message;
  EXPECT_EQ(m->jointCount(), 31);
  EXPECT_EQ(m->skeleton->endSites.size(), 7u);  // the file has 7 End Site blocks
  for (const Joint& j : m->skeleton->joints) EXPECT_EQ(j.name.find("EndSite"), std::string::npos);
}

}  // namespace
}  // namespace mg
