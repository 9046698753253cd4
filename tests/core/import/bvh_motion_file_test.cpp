// SPDX-License-Identifier: MIT
// readBvhMotion reads a file in chunks into the motion: it must give exactly what the in-memory
// parser gives (parseBvhText + bvhDocumentToMotion, the independent reference here), including
// lines cut by a chunk's end, and fail with the same messages; it can be cancelled mid-file.
#include <atomic>

#include <gtest/gtest.h>

#include "core/import/bvh_motion_file.h"
#include "core/import/bvh_text.h"
#include "import_test_util.h"

namespace mg {
namespace {

// A three-joint skeleton and `frames` frames whose values vary per frame (long lines, so a 4 MB
// chunk ends mid-line).
std::string walkText(int frames) {
  std::string text =
      "HIERARCHY\nROOT Hips\n{\n\tOFFSET 0 90 0\n\tCHANNELS 6 Xposition Yposition Zposition "
      "Zrotation Xrotation Yrotation\n\tJOINT Knee\n\t{\n\t\tOFFSET 0 -45 0\n\t\tCHANNELS 3 "
      "Zrotation Xrotation Yrotation\n\t\tJOINT Foot\n\t\t{\n\t\t\tOFFSET 0 -45 0\n\t\t\t"
      "CHANNELS 2 Xrotation Zrotation\n\t\t\tEnd Site\n\t\t\t{\n\t\t\t\tOFFSET 0 0 10\n\t\t\t}"
      "\n\t\t}\n\t}\n}\nMOTION\nFrames: " +
      std::to_string(frames) + "\nFrame Time: 0.0083333\n";
  char line[512];
  for (int f = 0; f < frames; ++f) {
    const double t = f * 0.01;
    std::snprintf(line, sizeof line, "%.6f %.6f %.6f %.6f %.6f %.6f %.6f %.6f %.6f %.6f %.6f\r\n",
                  t, 90 + t * 0.1, -t, 10 * std::sin(t), 5 * std::cos(t), t, 30 * std::sin(2 * t),
                  1.5, -2.25, 20 * std::cos(t), 0.125 * f);
    text += line;
  }
  return text;
}

void expectSameMotion(const Motion& a, const Motion& b) {
  ASSERT_EQ(a.frameCount(), b.frameCount());
  ASSERT_EQ(a.jointCount(), b.jointCount());
  EXPECT_DOUBLE_EQ(a.fps, b.fps);
  EXPECT_TRUE(a.skeleton->sameHierarchy(*b.skeleton));
  for (int j = 0; j < a.jointCount(); ++j)
    EXPECT_EQ(a.skeleton->joints[j].offset, b.skeleton->joints[j].offset);
  for (int f = 0; f < a.frameCount(); ++f) {
    ASSERT_EQ(a.rootPositions[f], b.rootPositions[f]) << "frame " << f;
    for (int j = 0; j < a.jointCount(); ++j)
      ASSERT_EQ(a.rotation(f, j).coeffs(), b.rotation(f, j).coeffs()) << f << " " << j;
  }
}

TEST(BvhMotionFile, ReadsWhatTheInMemoryParserReadsAcrossChunks) {
  test::TempDir dir;
  for (int frames : {1, 7, 150000}) {  // 150000 frames: about 15 MB, lines cross chunk ends
    const std::string text = walkText(frames);
    const std::string path = dir.file("walk" + std::to_string(frames) + ".bvh");
    test::writeText(path, text);
    Result<BvhDocument> doc = parseBvhText(text, path);
    ASSERT_TRUE(doc) << doc.error().message;
    std::vector<double> reports;
    Result<Motion> streamed =
        readBvhMotion(path, Progress(nullptr, [&](double f) { reports.push_back(f); }));
    ASSERT_TRUE(streamed) << streamed.error().message;
    expectSameMotion(*streamed, bvhDocumentToMotion(*doc));
    ASSERT_FALSE(reports.empty());
    EXPECT_EQ(reports.back(), 1.0);
    EXPECT_TRUE(std::is_sorted(reports.begin(), reports.end()));
    if (frames == 150000) EXPECT_GT(reports.size(), 2u);
  }
}

TEST(BvhMotionFile, FailsWithTheInMemoryParsersMessages) {
  test::TempDir dir;
  const std::string good = walkText(60000);
  auto expectSame = [&](const std::string& text, const char* what) {
    const std::string path = dir.file("bad.bvh");
    test::writeText(path, text);
    Result<BvhDocument> doc = parseBvhText(text, path);
    Result<Motion> streamed = readBvhMotion(path);
    ASSERT_FALSE(doc) << what;
    ASSERT_FALSE(streamed) << what;
    EXPECT_EQ(streamed.error().message, doc.error().message) << what;
  };
  std::string text = good;
  text.replace(text.size() - 100, 5, "1.2x4");  // a bad number on a late line, past chunk 1
  expectSame(text, "bad number");
  expectSame(good.substr(0, good.size() - 3000), "truncated");
  text = good;
  text[text.size() / 2] = '\0';
  expectSame(text, "NUL byte in the data");
  text = good;
  text.insert(text.find("\r\n", text.size() / 2), " 7");
  expectSame(text, "a line with one number too many");
  expectSame(good.substr(0, good.find("MOTION")), "no motion");
  text = good;
  text[5] = '\0';
  expectSame(text, "NUL byte in the header");
}

TEST(BvhMotionFile, IsCancelledMidFile) {
  test::TempDir dir;
  const std::string path = dir.file("walk.bvh");
  test::writeText(path, walkText(150000));
  std::atomic<bool> cancel{false};
  Result<Motion> r = readBvhMotion(path, Progress(&cancel, [&cancel](double f) {
                                     if (f > 0) cancel = true;
                                   }));
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("was cancelled"), std::string::npos) << r.error().message;
}

}  // namespace
}  // namespace mg
