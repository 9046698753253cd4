// SPDX-License-Identifier: MIT
// glTF 2.0 (and FBX) export through Assimp's exporter, checked by reading the file back with the
// project's own reader (readMotionFile) and comparing world joint positions with the source.
#include <filesystem>
#include <fstream>
#include <random>

#include <gtest/gtest.h>

#include "core/import/motion_reader.h"
#include "core/io/motion_export.h"
#include "core/motion/forward_kinematics.h"
#include "core/synth/motion_clip_stream.h"
#include "support/capture.h"
#include "support/joint_distance.h"
#include "support/synthetic_motion.h"

namespace mg {
namespace {

namespace fs = std::filesystem;

class Scratch {
 public:
  Scratch() {
    std::random_device r;
    m_path = fs::temp_directory_path() / ("mg_motion_export_" + std::to_string(r()));
    fs::create_directories(m_path);
  }
  ~Scratch() {
    std::error_code ignored;
    fs::remove_all(m_path, ignored);
  }
  std::string file(const std::string& name) const { return (m_path / name).string(); }
  const fs::path& path() const { return m_path; }

 private:
  fs::path m_path;
};

using test::largestJointDistance;

Motion readBack(const std::string& path) {
  Result<Motion> m = readMotionFile(path, {.metresPerUnit = 1.0});
  EXPECT_TRUE(m) << (m ? "" : m.error().message);
  return m ? std::move(m).value() : Motion{};
}

TEST(MotionExport, SyntheticWalkRoundTripsThroughGlbAndGltf) {
  Motion walk = test::makeSwingMotion(90, 30.0);
  ASSERT_TRUE(walk.validate());
  Scratch dir;
  for (const char* name : {"walk.glb", "walk.gltf"}) {
    const std::string path = dir.file(name);
    const Status written = writeMotionFile(walk, path, *motionFormatFromPath(path));
    ASSERT_TRUE(written) << written.error().message;
    const Motion back = readBack(path);
    ASSERT_EQ(back.frameCount(), walk.frameCount()) << name;
    EXPECT_DOUBLE_EQ(back.fps, 30.0) << name;
    EXPECT_EQ(back.skeleton->endSites.size(), walk.skeleton->endSites.size()) << name;
    EXPECT_LT(largestJointDistance(walk, back), 1e-4) << name;  // 0.1 mm
  }
  // A .gltf keeps its buffer beside it, named after it, and names it by that relative name.
  ASSERT_TRUE(fs::exists(dir.file("walk.bin")));
  std::ifstream json(dir.file("walk.gltf"));
  const std::string text((std::istreambuf_iterator<char>(json)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("\"uri\": \"walk.bin\""), std::string::npos) << text.substr(0, 400);
}

// A walk streamed from capture read in inches is written in inches (the unit the capture was read
// in, so any reader that guessed the capture's unit reads the walk at its size); a unit asked for
// wins; a stream from a motion of no known unit is written in centimetres.
TEST(MotionExport, AStreamIsWrittenInItsCapturesUnit) {
  Motion walk = test::makeSwingMotion(20, 30.0);
  walk.sourceUnit = {.name = "in",
                     .metresPerUnit = 0.0254,
                     .basis = UnitBasis::Guessed,
                     .restHeightUnits = 67,
                     .askedBy = {}};
  auto shared = std::make_shared<const Motion>(walk);
  Scratch dir;
  const auto rootYWritten = [&](const BvhWriteOptions& bvh) {
    MotionClipStream stream(shared, 0, shared->frameCount());
    const std::string path = dir.file("walk.bvh");
    const Result<StreamedBvh> written =
        writeMotionStream(stream, shared->frameCount(), path, MotionFormat::Bvh, "walk", bvh);
    EXPECT_TRUE(written) << (written ? "" : written.error().message);
    return readBack(path).rootPositions[0].y();  // read as metres: the file's own numbers
  };
  const double metres = walk.rootPositions[0].y();
  ASSERT_GT(metres, 0.1);
  EXPECT_NEAR(rootYWritten(bvhOptionsInUnitOf(walk)), metres / 0.0254, 1e-4);
  EXPECT_NEAR(rootYWritten(bvhOptionsInUnitOf(walk, {.metresPerUnit = 1.0})), metres, 1e-6);
  walk.sourceUnit = {};
  EXPECT_NEAR(rootYWritten(bvhOptionsInUnitOf(walk)), metres / 0.01, 1e-3);
}

// The same motion read from the BVH and from the glTF written from it: the same world joint
// positions within 0.1 mm, on bundled CMU capture (120 fps, 31 joints).
TEST(MotionExport, CmuCaptureGlbMatchesItsBvh) {
  const std::string bvh = test::capturePath("cmu/02_03.bvh");
  Result<Motion> source = readMotionFile(bvh);
  ASSERT_TRUE(source) << source.error().message;
  Scratch dir;
  const std::string glb = dir.file("02_03.glb");
  const Status written = writeMotionFile(*source, glb, MotionFormat::Glb);
  ASSERT_TRUE(written) << written.error().message;
  const Motion back = readBack(glb);
  EXPECT_DOUBLE_EQ(back.fps, source->fps);
  EXPECT_LT(largestJointDistance(*source, back), 1e-4);
  // Metres, as glTF requires: the reader's own guess of the unit agrees.
  Result<Motion> guessed = readMotionFile(glb);
  ASSERT_TRUE(guessed);
  EXPECT_LT(largestJointDistance(*source, *guessed), 1e-4);
}

TEST(MotionExport, FormatsAreChosenByOptionThenName) {
  EXPECT_EQ(*chooseMotionFormat("a.GLB", "", false), MotionFormat::Glb);
  EXPECT_EQ(*chooseMotionFormat("a.gltf", "", false), MotionFormat::Gltf);
  EXPECT_EQ(*chooseMotionFormat("a.out", "", true), MotionFormat::Bvh);
  EXPECT_EQ(*chooseMotionFormat("a.out", "glb", true), MotionFormat::Glb);
  EXPECT_FALSE(chooseMotionFormat("a.out", "", false));
  const Result<MotionFormat> clash = chooseMotionFormat("a.glb", "bvh", true);
  ASSERT_FALSE(clash);
  EXPECT_NE(clash.error().message.find(".glb"), std::string::npos) << clash.error().message;
  const Result<MotionFormat> unknown = chooseMotionFormat("a.bvh", "usd", true);
  ASSERT_FALSE(unknown);
  EXPECT_NE(unknown.error().message.find("usd"), std::string::npos);
  // FBX is refused with the reason (Assimp's FBX exporter does not round-trip animation).
  for (const Result<MotionFormat>& fbx :
       {chooseMotionFormat("a.fbx", "", true), chooseMotionFormat("a.bvh", "fbx", true)}) {
    ASSERT_FALSE(fbx);
    EXPECT_NE(fbx.error().message.find("FBX is not offered"), std::string::npos)
        << fbx.error().message;
  }
}

// Key times are 32-bit floats in glTF: a long take must not drift by a fraction of a frame.
TEST(MotionExport, LongTakeAt120FpsKeepsEveryFrame) {
  const Motion walk = test::makeSwingMotion(120 * 60, 120.0);
  Scratch dir;
  const std::string path = dir.file("minute.glb");
  const Status written = writeMotionFile(walk, path, MotionFormat::Glb);
  ASSERT_TRUE(written) << written.error().message;
  const Motion back = readBack(path);
  ASSERT_EQ(back.frameCount(), walk.frameCount());
  EXPECT_DOUBLE_EQ(back.fps, 120.0);
  EXPECT_LT(largestJointDistance(walk, back), 1e-4);
}

TEST(MotionExport, BadMotionIsRefusedAndLeavesTheFileAlone) {
  Motion walk = test::makeSwingMotion(10);
  walk.rootPositions[4].x() = std::nan("");
  Scratch dir;
  const std::string path = dir.file("bad.glb");
  { std::ofstream(path) << "previous"; }
  const Status s = writeMotionFile(walk, path, MotionFormat::Glb);
  ASSERT_FALSE(s);
  EXPECT_NE(s.error().message.find("bad.glb"), std::string::npos) << s.error().message;
  std::ifstream in(path);
  std::string kept;
  in >> kept;
  EXPECT_EQ(kept, "previous");
  // A folder that does not exist: a clear message, no crash.
  const Status missing =
      writeMotionFile(test::makeSwingMotion(10), dir.file("no/such/dir/x.glb"), MotionFormat::Glb);
  EXPECT_FALSE(missing);
}

}  // namespace
}  // namespace mg
