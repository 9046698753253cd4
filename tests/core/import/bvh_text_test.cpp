// SPDX-License-Identifier: MIT
#include "core/import/bvh_text.h"

#include <gtest/gtest.h>

#include "import_test_util.h"

namespace mg {
namespace {

TEST(BvhText, ReadsHierarchyAndMotion) {
  Result<BvhDocument> doc = readBvhFile(test::dataPath("small_walk.bvh"));
  ASSERT_TRUE(doc) << doc.error().message;
  ASSERT_EQ(doc->joints.size(), 9u);
  EXPECT_EQ(doc->joints[0].name, "Hips");
  EXPECT_EQ(doc->joints[0].parent, -1);
  EXPECT_EQ(doc->joints[0].offset, Eigen::Vector3d(1.5, 90.0, -2.0));
  EXPECT_EQ(doc->joints[0].channels.size(), 6u);
  EXPECT_EQ(doc->joints[2].name, "Head");
  EXPECT_EQ(doc->joints[2].parent, 1);
  EXPECT_EQ(doc->joints[2].channels[0], BvhChannel::Xrotation);
  EXPECT_EQ(doc->joints[3].name, "LeftUpLeg");
  EXPECT_EQ(doc->joints[3].parent, 0);
  ASSERT_EQ(doc->endSites.size(), 3u);
  EXPECT_EQ(doc->endSites[0].joint, 2);
  EXPECT_EQ(doc->endSites[1].offset, Eigen::Vector3d(0.0, -3.0, 12.0));
  EXPECT_EQ(doc->frameCount, 6);
  EXPECT_DOUBLE_EQ(doc->frameTimeSeconds, 0.0333333);
  EXPECT_EQ(doc->valuesPerFrame, 30);
  EXPECT_EQ(doc->surplusDataLines, 0);
  EXPECT_DOUBLE_EQ(doc->value(4, 3), 170.0);
  EXPECT_DOUBLE_EQ(doc->value(5, 3), -170.0);
}

TEST(BvhText, CrlfGivesTheSameDocument) {
  const std::string lf = test::readText(test::dataPath("small_walk.bvh"));
  std::string crlf;
  for (char c : lf) c == '\n' ? crlf += "\r\n" : crlf += c;
  Result<BvhDocument> a = parseBvhText(lf, "lf.bvh");
  Result<BvhDocument> b = parseBvhText(crlf, "crlf.bvh");
  ASSERT_TRUE(a && b);
  EXPECT_EQ(a->values, b->values);
  EXPECT_EQ(a->joints.size(), b->joints.size());
}

TEST(BvhText, RootPositionIsOffsetPlusChannels) {
  Result<BvhDocument> doc = readBvhFile(test::dataPath("small_walk.bvh"));
  ASSERT_TRUE(doc);
  const Motion m = bvhDocumentToMotion(*doc);
  EXPECT_TRUE((m.rootPositions[1] - Eigen::Vector3d(2.0, 90.1683, 1.0)).norm() < 1e-9);
}

TEST(BvhText, CountsSurplusDataLines) {
  std::string text = test::readText(test::dataPath("small_walk.bvh"));
  text += text.substr(text.rfind('\n', text.size() - 2) + 1);  // repeat the last line
  Result<BvhDocument> doc = parseBvhText(text, "x.bvh");
  ASSERT_TRUE(doc) << doc.error().message;
  EXPECT_EQ(doc->frameCount, 6);
  EXPECT_EQ(doc->surplusDataLines, 1);
}

TEST(BvhText, ReportsFileAndLineOfAnUnknownKeyword) {
  std::string text = test::readText(test::dataPath("small_walk.bvh"));
  text.replace(text.find("CHANNELS 3 Zrotation Xrotation Yrotation"), 8, "CHANELS ");
  Result<BvhDocument> doc = parseBvhText(text, "typo.bvh");
  ASSERT_FALSE(doc);
  EXPECT_EQ(doc.error().message.rfind("typo.bvh:9: ", 0), 0u) << doc.error().message;
}

TEST(BvhText, RejectsAnUnclosedHierarchy) {
  const std::string text =
      "HIERARCHY\nROOT Hips\n{\n OFFSET 0 0 0\n CHANNELS 3 Zrotation Xrotation Yrotation\n";
  Result<BvhDocument> doc = parseBvhText(text, "open.bvh");
  ASSERT_FALSE(doc);
  EXPECT_NE(doc.error().message.find("missing '}'"), std::string::npos) << doc.error().message;
}

TEST(BvhText, RejectsARepeatedChannel) {
  std::string text = test::readText(test::dataPath("small_walk.bvh"));
  text.replace(text.find("Zrotation Xrotation Yrotation"), 29, "Zrotation Zrotation Yrotation");
  Result<BvhDocument> doc = parseBvhText(text, "twice.bvh");
  ASSERT_FALSE(doc);
  EXPECT_NE(doc.error().message.find("repeated"), std::string::npos) << doc.error().message;
}

}  // namespace
}  // namespace mg
