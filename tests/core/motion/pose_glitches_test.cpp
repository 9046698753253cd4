// SPDX-License-Identifier: MIT
// The pose discontinuity detector (issue 27): planted glitches in synthetic walks are found at
// their frames and nowhere else, whatever the rate, speed or heading; real capture (the bundled
// CMU subset and the sample, and the shared database when it is there) has none.
#include "core/motion/pose_glitches.h"

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <memory>

#include <gtest/gtest.h>

#include "core/import/motion_reader.h"
#include "core/motion/forward_kinematics.h"
#include "core/motion/quaternion.h"
#include "core/motion/reference_pose.h"
#include "support/capture.h"
#include "support/synthetic_motion.h"

namespace mg {
namespace {

using Kind = PoseGlitch::Kind;

int jointNamed(const Motion& m, const std::string& name) {
  for (int j = 0; j < m.jointCount(); ++j)
    if (m.skeleton->joints[static_cast<size_t>(j)].name == name) return j;
  return -1;
}

Eigen::Quaterniond& rot(Motion& m, int f, int j) {
  return m.localRotations[static_cast<size_t>(f * m.jointCount() + j)];
}

// Frames [begin, end) in a calibration pose, as captures start with or a dropped frame is written
// as: every non-root joint at rest but the legs spread 70 degrees and the spine bent 40 (the
// synthetic walk itself stays within 25 degrees of rest, as close as a real walk's stride).
void restPose(Motion& m, int begin, int end) {
  for (int f = begin; f < end; ++f) {
    for (int j = 1; j < m.jointCount(); ++j) {
      const std::string& name = m.skeleton->joints[static_cast<size_t>(j)].name;
      const double degrees = name == "LeftUpLeg"    ? 70
                             : name == "RightUpLeg" ? -70
                             : name == "Spine"      ? 40
                                                    : 0;
      const Eigen::Vector3d axis =
          name == "Spine" ? Eigen::Vector3d::UnitX() : Eigen::Vector3d::UnitZ();
      rot(m, f, j) = Eigen::Quaterniond(Eigen::AngleAxisd(degrees * M_PI / 180.0, axis));
    }
  }
}

// Joint `j` turned by `degrees` about X on frames [begin, end) (a marker swap, a flip).
void turn(Motion& m, int j, int begin, int end, double degrees) {
  const Eigen::Quaterniond by(Eigen::AngleAxisd(degrees * M_PI / 180.0, Eigen::Vector3d::UnitX()));
  for (int f = begin; f < end; ++f) rot(m, f, j) = by * rot(m, f, j);
}

std::string listed(const Motion& m, const std::vector<PoseGlitch>& gs) {
  std::string out;
  for (const PoseGlitch& g : gs) out += describeGlitch(m, g) + "\n";
  return out.empty() ? "(none)" : out;
}

TEST(PoseGlitches, OrdinaryMotionHasNone) {
  for (double fps : {24.0, 30.0, 60.0, 120.0})
    for (double speed : {0.5, 1.5, 4.0})
      for (double step : {0.25, 0.5}) {
        const Motion m = test::makeSwingMotion(static_cast<int>(8 * fps), fps, speed, step);
        const auto gs = findPoseGlitches(m);
        EXPECT_TRUE(gs.empty()) << fps << " fps, " << speed << " m/s: " << listed(m, gs);
      }
  // A still take, and one too short to judge.
  Motion still = test::makeSwingMotion(60);
  for (auto& q : still.localRotations) q = Eigen::Quaterniond::Identity();
  for (auto& p : still.rootPositions) p = Eigen::Vector3d(0, 0.9, 0);
  EXPECT_TRUE(findPoseGlitches(still).empty());
  EXPECT_TRUE(findPoseGlitches(test::makeSwingMotion(2)).empty());
}

TEST(PoseGlitches, FindsEachPlantedGlitchAtItsFrames) {
  for (double fps : {30.0, 120.0}) {
    const int frames = static_cast<int>(10 * fps);
    auto at = [fps](double seconds) { return static_cast<int>(seconds * fps); };
    Motion m = test::makeSwingMotion(frames, fps, 1.2);
    const int thigh = jointNamed(m, "RightUpLeg");
    const int leftThigh = jointNamed(m, "LeftUpLeg");
    restPose(m, 0, 1);                          // the reference pose a capture starts with
    restPose(m, at(2.0), at(2.0) + 1);          // one frame dropped to the rest pose
    turn(m, thigh, at(4.0), at(4.0) + 4, 150);  // four frames of a swapped marker
    m.rootPositions[static_cast<size_t>(at(6.0))].x() += 0.8;  // the root teleports and back
    turn(m, leftThigh, at(8.0), frames, 120);                  // a leg flips and stays
    ASSERT_TRUE(m.validate());
    const auto gs = findPoseGlitches(m);
    ASSERT_EQ(gs.size(), 5u) << fps << " fps:\n" << listed(m, gs);
    EXPECT_EQ(gs[0].kind, Kind::Start);
    EXPECT_EQ(gs[0].beginFrame, 0);
    EXPECT_EQ(gs[0].endFrame, 1);
    EXPECT_EQ(gs[1].kind, Kind::Spike);
    EXPECT_EQ(gs[1].beginFrame, at(2.0));
    EXPECT_EQ(gs[1].endFrame, at(2.0) + 1);
    EXPECT_EQ(gs[2].kind, Kind::Spike);
    EXPECT_EQ(gs[2].beginFrame, at(4.0));
    EXPECT_EQ(gs[2].endFrame, at(4.0) + 4);
    EXPECT_EQ(gs[2].channel, PoseGlitch::Channel::Body);
    EXPECT_EQ(gs[2].joint, thigh);
    EXPECT_NEAR(gs[2].jointDegrees, 150.0, 8.0);  // and the swing's own change
    EXPECT_EQ(gs[3].kind, Kind::Spike);
    EXPECT_EQ(gs[3].beginFrame, at(6.0));
    EXPECT_EQ(gs[3].endFrame, at(6.0) + 1);
    EXPECT_EQ(gs[3].channel, PoseGlitch::Channel::RootMove);
    EXPECT_NEAR(gs[3].jump, 0.8, 0.05);
    EXPECT_EQ(gs[4].kind, Kind::Step);
    EXPECT_EQ(gs[4].beginFrame, at(8.0));
    EXPECT_EQ(gs[4].endFrame, at(8.0) + 1);
    EXPECT_EQ(gs[4].joint, leftThigh);
    EXPECT_NEAR(gs[4].jointDegrees, 120.0, 8.0);
    // What lies between them, for the builders.
    const auto runs = framesBetweenGlitches(frames, gs, 2);
    ASSERT_EQ(runs.size(), 5u);
    EXPECT_EQ(runs[0], std::make_pair(1, at(2.0)));
    EXPECT_EQ(runs[1], std::make_pair(at(2.0) + 1, at(4.0)));
    EXPECT_EQ(runs.back(), std::make_pair(at(8.0) + 1, frames));
  }
}

// The reference pose a CMU conversion starts with blends into the take over a few frames: the
// jump out of the rest pose is the glitch; the blend frames after it are reference_pose.h's.
TEST(PoseGlitches, ARestPoseStartIsABadStartAndAnEndLikewise) {
  Motion m = test::makeSwingMotion(600, 120.0);
  restPose(m, 0, 1);
  restPose(m, 599, 600);
  const auto gs = findPoseGlitches(m);
  ASSERT_EQ(gs.size(), 2u) << listed(m, gs);
  EXPECT_EQ(gs[0].kind, Kind::Start);
  EXPECT_EQ(gs[0].endFrame, 1);
  EXPECT_EQ(gs[1].kind, Kind::End);
  EXPECT_EQ(gs[1].beginFrame, 599);
  EXPECT_EQ(gs[1].endFrame, 600);
  EXPECT_NE(describeGlitch(m, gs[0]).find("frame 0: not the motion"), std::string::npos)
      << describeGlitch(m, gs[0]);
}

// Fast but real motion is not a glitch: a joint that whips through 120 degrees in a tenth of a
// second, easing in and out as muscles do.
TEST(PoseGlitches, AFastWhipIsMotion) {
  for (double fps : {30.0, 120.0}) {
    Motion m = test::makeSwingMotion(static_cast<int>(4 * fps), fps);
    const int head = jointNamed(m, "Head");
    const int begin = static_cast<int>(2 * fps), length = std::max(3, static_cast<int>(0.1 * fps));
    for (int f = begin; f < static_cast<int>(4 * fps); ++f) {
      const double u = std::min(1.0, static_cast<double>(f - begin) / length);
      const double eased = u * u * (3 - 2 * u);
      rot(m, f, head) =
          Eigen::Quaterniond(Eigen::AngleAxisd(eased * 120 * M_PI / 180, Eigen::Vector3d::UnitY()));
    }
    const auto gs = findPoseGlitches(m);
    EXPECT_TRUE(gs.empty()) << fps << " fps: " << listed(m, gs);
  }
}

// The same glitches whichever way the take faces and wherever it stands, and played backwards
// (a spike is a spike either way; a start becomes an end).
TEST(PoseGlitches, InvariantToHeadingPositionAndTimeReversal) {
  Motion m = test::makeSwingMotion(300, 30.0);
  restPose(m, 100, 102);
  turn(m, jointNamed(m, "LeftUpLeg"), 200, 203, -120);
  restPose(m, 0, 1);
  const auto base = findPoseGlitches(m);
  ASSERT_EQ(base.size(), 3u) << listed(m, base);

  Motion turned = m;
  const Eigen::Quaterniond yaw(Eigen::AngleAxisd(2.1, Eigen::Vector3d::UnitY()));
  for (int f = 0; f < m.frameCount(); ++f) {
    rot(turned, f, 0) = yaw * rot(turned, f, 0);
    turned.rootPositions[static_cast<size_t>(f)] =
        yaw * m.rootPositions[static_cast<size_t>(f)] + Eigen::Vector3d(12, 0, -7);
  }
  const auto t = findPoseGlitches(turned);
  ASSERT_EQ(t.size(), base.size()) << listed(turned, t);
  for (size_t i = 0; i < t.size(); ++i) {
    EXPECT_EQ(t[i].beginFrame, base[i].beginFrame);
    EXPECT_EQ(t[i].endFrame, base[i].endFrame);
    EXPECT_EQ(t[i].joint, base[i].joint);
    EXPECT_EQ(t[i].channel, base[i].channel);
    EXPECT_NEAR(t[i].jump, base[i].jump, 1e-9);
  }

  Motion reversed = m;
  const int n = m.frameCount(), joints = m.jointCount();
  for (int f = 0; f < n; ++f) {
    reversed.rootPositions[static_cast<size_t>(f)] =
        m.rootPositions[static_cast<size_t>(n - 1 - f)];
    for (int j = 0; j < joints; ++j) rot(reversed, f, j) = m.rotation(n - 1 - f, j);
  }
  const auto r = findPoseGlitches(reversed);
  ASSERT_EQ(r.size(), base.size()) << listed(reversed, r);
  for (size_t i = 0; i < r.size(); ++i) {
    const PoseGlitch& b = base[base.size() - 1 - i];
    EXPECT_EQ(r[i].beginFrame, n - b.endFrame);
    EXPECT_EQ(r[i].endFrame, n - b.beginFrame);
  }
  EXPECT_EQ(r.back().kind, Kind::End);
}

TEST(PoseGlitches, AllGlitchLeavesNoFramesToBuildFrom) {
  PoseGlitch everything;
  everything.endFrame = 10;
  const std::vector<PoseGlitch> all{everything};
  EXPECT_TRUE(framesBetweenGlitches(10, all, 1).empty());
  EXPECT_EQ(framesBetweenGlitches(10, {}, 1), (std::vector<std::pair<int, int>>{{0, 10}}));
  EXPECT_TRUE(framesBetweenGlitches(10, {}, 11).empty());
}

// The bundled CMU subset, the sample the editor opens, and, when it is on the machine, every take
// of the shared database.
std::vector<std::string> realCapture() {
  std::vector<std::string> files;
  for (const char* folder : {"cmu", "cmu_db", "cmu_turns", "cmu16"}) {
    if (std::filesystem::is_directory(test::captureDir(folder)))
      for (const std::string& f : test::captureFiles(folder)) files.push_back(f);
    const std::filesystem::path shared = std::filesystem::path(MG_SHARED_MOCAP_DIR) / folder;
    if (std::filesystem::is_directory(shared))
      for (const auto& e : std::filesystem::directory_iterator(shared))
        if (e.path().extension() == ".bvh") files.push_back(e.path().string());
  }
  for (const char* sample : {"01_01.bvh", "01_03.bvh", "Boxing_Toes.bvh"}) {
    const std::filesystem::path p = std::filesystem::path(MG_SAMPLE_DIR) / sample;
    if (std::filesystem::exists(p)) files.push_back(p.string());
  }
  return files;
}

// No false alarms on real capture.
TEST(PoseGlitches, RealCaptureHasNone) {
  const std::vector<std::string> files = realCapture();
  ASSERT_FALSE(files.empty()) << "no capture at all: the bundled subset is missing";
  int read = 0;
  for (const std::string& file : files) {
    Result<Motion> m = readMotionFile(file);
    ASSERT_TRUE(m) << file << ": " << m.error().message;
    ++read;
    // CMU conversions start with a reference pose: that one is a true glitch (the editor offers
    // to trim it); anything after it is a false alarm.
    std::vector<PoseGlitch> gs = findPoseGlitches(*m);
    std::erase_if(gs, [](const PoseGlitch& g) { return g.kind == Kind::Start; });
    EXPECT_TRUE(gs.empty()) << file << ":\n" << listed(*m, gs);
  }
  std::printf("[ checked  ] %d capture files\n", read);
}

// The glitch of issue 27's unseen take, made on every real file: a rest-pose frame put before the
// first (every joint at identity, the root where the take starts). Where the rest pose is far from
// the take's first pose (some joint 45 degrees or more away: the unseen take's was 81), it is found
// as a bad start of exactly that frame; where the skeleton's rest pose is itself a standing pose
// close to the take's start, it may pass unremarked. Nothing else is ever found. A take's own
// reference pose, which CMU blends into the performance over a few frames (no jump:
// reference_pose.h finds it), is trimmed first.
TEST(PoseGlitches, ARestPoseFramePutBeforeRealCaptureIsFound) {
  int far = 0;
  for (const std::string& file : realCapture()) {
    Result<Motion> read = readMotionFile(file);
    ASSERT_TRUE(read) << file;
    Motion m = sliceFrames(*read, leadingReferencePoseFrames(*read), read->frameCount());
    const int joints = m.jointCount();
    double apart = 0;
    for (int j = 1; j < joints; ++j)
      apart = std::max(apart, m.rotation(0, j).angularDistance(Eigen::Quaterniond::Identity()));
    m.rootPositions.insert(m.rootPositions.begin(), m.rootPositions.front());
    m.localRotations.insert(m.localRotations.begin(), static_cast<size_t>(joints),
                            Eigen::Quaterniond::Identity());
    m.localRotations[0] = m.localRotations[static_cast<size_t>(joints)];  // the take's heading
    ASSERT_TRUE(m.validate());
    const std::vector<PoseGlitch> gs = findPoseGlitches(m);
    if (apart * 180 / M_PI >= 45) {
      ++far;
      ASSERT_FALSE(gs.empty()) << file << ": the rest-pose frame was not found";
    }
    if (gs.empty()) continue;
    EXPECT_EQ(gs[0].kind, Kind::Start) << file << ": " << listed(m, gs);
    EXPECT_EQ(gs[0].beginFrame, 0) << file;
    EXPECT_EQ(gs[0].endFrame, 1) << file << ": " << listed(m, gs);
    EXPECT_EQ(gs.size(), 1u) << file << ": " << listed(m, gs);
  }
  EXPECT_GT(far, 0) << "no take whose rest pose is far from its start";
  std::printf("[ planted  ] a rest pose far from the start in %d takes\n", far);
}

// The largest move of any joint between frames a and b, the root's position taken out (world
// joint positions from forward kinematics: not the detector's code).
double largestMove(const Motion& m, int a, int b) {
  const std::vector<Eigen::Vector3d> pa = jointPositions(m, a), pb = jointPositions(m, b);
  double largest = 0;
  for (size_t i = 0; i < pa.size(); ++i)
    largest = std::max(largest, ((pa[i] - pa[0]) - (pb[i] - pb[0])).norm());
  return largest;
}

// A frame in the middle of every real take dropped to the rest pose (a marker dropout written as
// rest) is found as a spike of exactly that frame wherever a viewer would see it pop: some joint
// moves into it more than four times as far as any joint moves in one frame in the second around
// it, and more than a tenth of the rest height. Nothing else is ever found.
TEST(PoseGlitches, ARestPoseFrameInsideRealCaptureIsFound) {
  int popped = 0;
  for (const std::string& file : realCapture()) {
    Result<Motion> read = readMotionFile(file);
    ASSERT_TRUE(read) << file;
    Motion m = sliceFrames(*read, leadingReferencePoseFrames(*read), read->frameCount());
    const int mid = m.frameCount() / 2, half = static_cast<int>(m.fps / 2);
    double around = 0;
    for (int f = std::max(1, mid - half); f < std::min(m.frameCount(), mid + half); ++f)
      around = std::max(around, largestMove(m, f - 1, f));
    for (int j = 1; j < m.jointCount(); ++j) rot(m, mid, j) = Eigen::Quaterniond::Identity();
    const double pop = std::min(largestMove(m, mid - 1, mid), largestMove(m, mid, mid + 1));
    const std::vector<PoseGlitch> gs = findPoseGlitches(m);
    if (pop > 4 * around && pop > 0.1 * restHeight(*m.skeleton)) {
      ++popped;
      ASSERT_FALSE(gs.empty()) << file << ": a pop of " << pop << " m (at most " << around
                               << " m per frame around it) was not found";
    }
    if (gs.empty()) continue;
    ASSERT_EQ(gs.size(), 1u) << file << ": " << listed(m, gs);
    EXPECT_EQ(gs[0].kind, Kind::Spike) << file;
    EXPECT_EQ(gs[0].beginFrame, mid) << file;
    EXPECT_EQ(gs[0].endFrame, mid + 1) << file;
  }
  EXPECT_GT(popped, 0);
  std::printf("[ planted  ] a rest-pose frame that pops inside %d takes\n", popped);
}

TEST(PoseGlitches, GlitchFramesCarryToTheFramesThatDrawOnThem) {
  // Hand-computed: resampled frame i sits at source frame i x 120 / rate and blends the source
  // frames on either side (only the one it sits on when it sits on one).
  const Motion m = test::makeSwingMotion(120, 120.0);
  auto flagged = [&](int glitchFrame, double fps) {
    const int frames = static_cast<int>(std::floor((m.frameCount() - 1) * fps / m.fps)) + 1;
    PoseGlitch g;
    g.beginFrame = glitchFrame;
    g.endFrame = glitchFrame + 1;
    const std::vector<std::uint8_t> flags = glitchFramesAtRate(m, {g}, fps, frames);
    EXPECT_EQ(static_cast<int>(flags.size()), frames);
    std::vector<int> out;
    for (int i = 0; i < frames; ++i)
      if (flags[i]) out.push_back(i);
    return out;
  };
  EXPECT_EQ(flagged(41, 120.0), std::vector<int>{41});  // the identity at the motion's own rate
  EXPECT_EQ(flagged(44, 30.0), std::vector<int>{11});   // 11 sits on 44
  EXPECT_EQ(flagged(41, 30.0), std::vector<int>{});     // 10 and 11 sit on 40 and 44
  EXPECT_EQ(flagged(41, 50.0), std::vector<int>{17});   // 17 blends 40 and 41
  EXPECT_EQ(flagged(43, 50.0), std::vector<int>{18});   // 18 blends 43 and 44
  EXPECT_EQ(flagged(0, 50.0), std::vector<int>{0});

  PoseGlitch g;
  g.beginFrame = 10;
  g.endFrame = 12;
  EXPECT_TRUE(holdsGlitch({g}, 11, 30));
  EXPECT_TRUE(holdsGlitch({g}, 0, 11));
  EXPECT_FALSE(holdsGlitch({g}, 12, 30));
  EXPECT_FALSE(holdsGlitch({g}, 0, 10));
  const auto shared = std::make_shared<const Motion>(m);
  const auto runs = runsBetweenGlitches(shared, {g}, 5);
  ASSERT_EQ(runs.size(), 2u);
  EXPECT_EQ(runs[0]->frameCount(), 10);
  EXPECT_EQ(runs[0]->name, m.name + " frames 0-9");
  EXPECT_EQ(runs[1]->frameCount(), 108);
  EXPECT_EQ(runs[1]->name, m.name + " frames 12-119");
  EXPECT_EQ(runsBetweenGlitches(shared, {}, 5).front(), shared);  // none: the motion itself
}

}  // namespace
}  // namespace mg
