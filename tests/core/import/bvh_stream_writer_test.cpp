// SPDX-License-Identifier: MIT
// writeBvhStream, the one path from a PoseStream to a BVH file: the same bytes as formatBvh of the
// recorded motion, early ends, stops, limits and bad frames.
#include <filesystem>

#include <gtest/gtest.h>

#include "core/import/bvh_writer.h"
#include "core/import/motion_reader.h"
#include "core/util/atomic_file.h"
#include "import_test_util.h"

namespace mg {
namespace {

// Plays a motion's frames once (a finite stream), optionally damaging one frame.
class MotionStream final : public PoseStream {
 public:
  explicit MotionStream(std::shared_ptr<const Motion> m, int badFrame = -1)
      : m_motion(std::move(m)), m_bad(badFrame) {}
  std::shared_ptr<const Skeleton> skeleton() const override { return m_motion->skeleton; }
  double fps() const override { return m_motion->fps; }
  bool next(Pose& out) override {
    if (m_played >= m_motion->frameCount()) return false;
    out.rootPosition = m_motion->rootPositions[m_played];
    const Eigen::Quaterniond* q = m_motion->frameRotations(m_played);
    out.localRotations.assign(q, q + m_motion->jointCount());
    if (m_played == m_bad) out.localRotations.pop_back();
    ++m_played;
    return true;
  }
  int framesPlayed() const override { return m_played; }
  const std::vector<StreamTransition>& transitions() const override { return m_none; }

 private:
  std::shared_ptr<const Motion> m_motion;
  int m_bad;
  int m_played = 0;
  std::vector<StreamTransition> m_none;
};

std::shared_ptr<const Motion> boxing() {
  Result<Motion> m = readMotionFile(test::samplePath("Boxing_Toes.bvh"));
  return m ? std::make_shared<const Motion>(std::move(m.value())) : nullptr;
}

Motion firstFrames(const Motion& m, int frames) {
  Motion out = m;
  out.rootPositions.resize(frames);
  out.localRotations.resize(static_cast<size_t>(frames) * m.jointCount());
  return out;
}

TEST(BvhStreamWriter, WritesTheBytesOfTheRecordedMotion) {
  MG_REQUIRE_FILE(test::samplePath("Boxing_Toes.bvh"));
  const auto motion = boxing();
  ASSERT_TRUE(motion);
  test::TempDir dir;
  MotionStream stream(motion);
  const Result<StreamedBvh> all = writeBvhStream(stream, motion->frameCount(), dir.file("all.bvh"));
  ASSERT_TRUE(all) << all.error().message;
  EXPECT_EQ(all->frames, motion->frameCount());
  EXPECT_FALSE(all->streamEnded || all->stopped);
  EXPECT_EQ(test::readText(dir.file("all.bvh")), formatBvh(*motion).value());

  // Asked for more than the stream has: it writes what there is and says the stream ended.
  MotionStream again(motion);
  const Result<StreamedBvh> more =
      writeBvhStream(again, motion->frameCount() + 50, dir.file("more.bvh"));
  ASSERT_TRUE(more) << more.error().message;
  EXPECT_TRUE(more->streamEnded);
  EXPECT_EQ(test::readText(dir.file("more.bvh")), formatBvh(*motion).value());

  // Stopped by the caller after frame 99: 100 frames, the header says so.
  MotionStream third(motion);
  long long seen = 0;
  const Result<StreamedBvh> stopped =
      writeBvhStream(third, 500, dir.file("stop.bvh"), {}, [&](long long f, const Pose&) {
        seen = f + 1;
        return f < 99;
      });
  ASSERT_TRUE(stopped) << stopped.error().message;
  EXPECT_TRUE(stopped->stopped);
  EXPECT_EQ(stopped->frames, 100);
  EXPECT_EQ(seen, 100);
  EXPECT_EQ(test::readText(dir.file("stop.bvh")), formatBvh(firstFrames(*motion, 100)).value());
  EXPECT_TRUE(saveTemporariesOf(dir.file("stop.bvh")).empty());
}

TEST(BvhStreamWriter, RefusesBadLengthsAndBadFramesLeavingTheOldFile) {
  MG_REQUIRE_FILE(test::samplePath("Boxing_Toes.bvh"));
  const auto motion = boxing();
  ASSERT_TRUE(motion);
  test::TempDir dir;
  const std::string path = dir.file("walk.bvh");
  test::writeText(path, "previous");
  auto expectFailure = [&](const Result<StreamedBvh>& r, const std::string& part) {
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().message.find(path), std::string::npos) << r.error().message;
    EXPECT_NE(r.error().message.find(part), std::string::npos) << r.error().message;
    EXPECT_EQ(test::readText(path), "previous");
    EXPECT_TRUE(saveTemporariesOf(path).empty());
  };
  MotionStream s1(motion);
  expectFailure(writeBvhStream(s1, kMaxStreamedBvhFrames + 1, path), "too long to write");
  EXPECT_EQ(s1.framesPlayed(), 0);  // refused before playing
  MotionStream s2(motion);
  expectFailure(writeBvhStream(s2, 0, path), "at least one frame");
  MotionStream s3(motion, 7);
  expectFailure(writeBvhStream(s3, 20, path), "frame 7 has");
  MotionStream s4(motion);
  for (Pose p; s4.next(p);) {
  }
  expectFailure(writeBvhStream(s4, 20, path), "ended before its first frame");
  MotionStream s5(motion);
  expectFailure(writeBvhStream(s5, 20, path, {.metresPerUnit = 0.0}), "unit size");
}

TEST(AtomicFileWriter, CommitsPiecesOrLeavesTheTargetAlone) {
  test::TempDir dir;
  const std::string path = dir.file("out.txt");
  test::writeText(path, "old");
  {
    Result<AtomicFileWriter> w = AtomicFileWriter::open(path);
    ASSERT_TRUE(w) << w.error().message;
    ASSERT_TRUE(w->append("abandoned"));
    EXPECT_EQ(saveTemporariesOf(path).size(), 1u);
  }
  EXPECT_EQ(test::readText(path), "old");
  EXPECT_TRUE(saveTemporariesOf(path).empty());
  Result<AtomicFileWriter> w = AtomicFileWriter::open(path);
  ASSERT_TRUE(w);
  const std::string big(3 << 20, 'x');  // crosses the buffer's flush size
  ASSERT_TRUE(w->append("head "));
  ASSERT_TRUE(w->append(big));
  ASSERT_TRUE(w->commit());
  EXPECT_EQ(test::readText(path), "head " + big);
  EXPECT_TRUE(saveTemporariesOf(path).empty());
  EXPECT_FALSE(w->append("late"));  // committed: the writer is done
  const Result<AtomicFileWriter> folder = AtomicFileWriter::open(dir.file(""));
  EXPECT_FALSE(folder);
}

}  // namespace
}  // namespace mg
