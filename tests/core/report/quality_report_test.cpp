// SPDX-License-Identifier: MIT
// The quality report end to end on synthetic graph kinds whose answers are known: a stream with
// one transition that pops (a known acceleration and velocity jump), a body gliding with its feet
// on the floor (a known skate speed), and a steerable figure that turns at a known rate (known
// response times, from its own record of when it faced each new heading). The report writes
// their walks as BVH and measures the files; the figures must come back.
#include <cmath>
#include <filesystem>
#include <numbers>

#include <gtest/gtest.h>

#include "core/import/bvh_writer.h"
#include "core/motion/quaternion.h"
#include "core/report/quality_report.h"
#include "core/report/report_html.h"
#include "core/report/report_json.h"
#include "support/synthetic_motion.h"
#include "support/temp_name.h"

namespace mg {
namespace {

namespace fs = std::filesystem;
constexpr double kFps = 30.0;
constexpr double kHeight =
    1.8;  // the biped's rest height: head end 0.9 m above the hips, toe ends 0.9 m below
constexpr double kDeg = std::numbers::pi / 180.0;

// The biped at root `root` (metres) turned by `yaw` about +Y, every joint at rest.
void pose(Pose& out, const Eigen::Vector3d& root, double yaw, int joints) {
  out.rootPosition = root;
  out.localRotations.assign(static_cast<size_t>(joints), Eigen::Quaterniond::Identity());
  out.localRotations[0] = Eigen::Quaterniond(Eigen::AngleAxisd(yaw, Eigen::Vector3d::UnitY()));
}

class FigureStream : public PoseStream {
 public:
  std::shared_ptr<const Skeleton> skeleton() const override { return m_skeleton; }
  double fps() const override { return kFps; }
  int framesPlayed() const override { return m_played; }
  SourceFrame lastSource() const override { return {0, (m_played - 1) % 120}; }
  const std::vector<StreamTransition>& transitions() const override { return m_transitions; }

 protected:
  std::shared_ptr<const Skeleton> m_skeleton = test::makeBipedSkeleton();
  int m_played = 0;
  std::vector<StreamTransition> m_transitions;
};

// Walks +Z at 1 m/s; from frame 60 on it is 5 cm to the side and walks at 2 m/s.
class PopStream final : public FigureStream {
 public:
  bool next(Pose& out) override {
    const int f = m_played;
    const Eigen::Vector3d root =
        f < 60 ? Eigen::Vector3d(0, 0.9, f / kFps)
               : Eigen::Vector3d(0.05, 0.9, 59 / kFps + 2.0 * (f - 59) / kFps);
    if (f == 60) m_transitions.push_back({60, "pop"});
    pose(out, root, 0.0, m_skeleton->jointCount());
    ++m_played;
    return true;
  }
};

// Walks +Z at 1 m/s and speeds up sideways at every 20th frame up to 60: the cut "loop" each
// time (by 0.1, 0.2, 0.3 m/s, so its third use is the worst), and "once" at frame 70 (0.05 m/s).
class LoopStream final : public FigureStream {
 public:
  bool next(Pose& out) override {
    const int f = m_played;
    if (f > 0 && f % 20 == 0 && f <= 60) {
      m_sideSpeed += 0.1 * (f / 20);
      m_transitions.push_back({f, "loop"});
    }
    if (f == 70) {
      m_sideSpeed += 0.05;
      m_transitions.push_back({f, "once"});
    }
    if (f > 0) m_side += m_sideSpeed / kFps;
    pose(out, Eigen::Vector3d(m_side, 0.9, f / kFps), 0.0, m_skeleton->jointCount());
    ++m_played;
    return true;
  }

 private:
  double m_side = 0.0, m_sideSpeed = 0.0;
};

// Glides +X at 0.2 m/s with the toes on the floor: slow enough to count as planted.
class GlideStream final : public FigureStream {
 public:
  bool next(Pose& out) override {
    pose(out, Eigen::Vector3d(0.2 * m_played / kFps, 0.9, 0), 0.0, m_skeleton->jointCount());
    ++m_played;
    return true;
  }
  SourceFrame lastSource() const override { return {}; }  // a blending kind: no single source
};

// Walks forward at 1 m/s and turns towards the heading it is given at 90 degrees/s; records the
// first frame it faced within 5 degrees of each new heading.
class TurnStream final : public FigureStream {
 public:
  bool canFollow(Directive::Kind kind) const override { return kind != Directive::Kind::Line; }
  void setDirective(const Directive& d) override {
    m_target = d.headingRadians;
    m_changeFrames.push_back(m_played);
    m_facedFrames.push_back(-1);
  }
  bool next(Pose& out) override {
    if (!m_changeFrames.empty()) {
      const double error = std::remainder(m_target - m_yaw, 2 * std::numbers::pi);
      m_yaw += std::clamp(error, -3 * kDeg, 3 * kDeg);
      if (m_facedFrames.back() < 0 &&
          std::abs(std::remainder(m_target - m_yaw, 2 * std::numbers::pi)) <= 5 * kDeg + 1e-12) {
        m_facedFrames.back() = m_played;
      }
    }
    m_root += Eigen::Vector3d(std::sin(m_yaw), 0, std::cos(m_yaw)) / kFps;
    pose(out, m_root, m_yaw, m_skeleton->jointCount());
    ++m_played;
    return true;
  }
  // Shared with the test: the stream the report plays is made inside it.
  static inline std::vector<int> s_changes, s_faced;
  ~TurnStream() override {
    if (m_changeFrames.size() > s_changes.size())
      s_changes = m_changeFrames, s_faced = m_facedFrames;
  }

 private:
  double m_yaw = 0.0, m_target = 0.0;
  Eigen::Vector3d m_root{0, 0.9, 0};
  std::vector<int> m_changeFrames, m_facedFrames;
};

template <class S>
class SyntheticInput final : public GraphInput {
 public:
  SyntheticInput(const std::string& name, const std::string& source, bool steerable)
      : GraphInput("synthetic", name), m_steerable(steerable) {
    m_sources.push_back({source, 0});
    m_size = {120, 2, 1, 1000, 2.5};
  }
  double fps() const override { return kFps; }
  bool steerable() const override { return m_steerable; }
  Result<std::unique_ptr<PoseStream>> makeStream(std::uint64_t) const override {
    return std::unique_ptr<PoseStream>(std::make_unique<S>());
  }
  SourceTime toSource(SourceFrame f) const override {
    return f.motion < 0 ? SourceTime{} : SourceTime{0, f.frame / kFps};
  }
  std::vector<SourceSpan> playableSpans() const override {
    return {{0, 0.0, 3.0}};
  }  // 90 of the 120 frames

 private:
  bool m_steerable;
};

class QualityReportTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir = fs::temp_directory_path() / test::uniqueTempName("mg_report_test_");
    fs::create_directories(dir);
    // The source capture: the biped walking +Z at 1 m/s for 4 s (smooth: no acceleration, no
    // skate).
    Motion walk = test::makeSwingMotion(120, kFps, 1.0);
    for (auto& q : walk.localRotations) q = Eigen::Quaterniond::Identity();
    source = (dir / "source.bvh").string();
    ASSERT_TRUE(writeBvhFile(walk, source));
  }
  void TearDown() override { fs::remove_all(dir); }

  fs::path dir;
  std::string source;
};

TEST_F(QualityReportTest, WorstTransitionsListEachCutOnceAtItsWorstUse) {
  std::vector<ReportInput> inputs;
  inputs.push_back(
      {"loop", std::make_unique<SyntheticInput<LoopStream>>("loop", source, false), {}});
  QualityReportSettings settings;
  settings.seconds = 4.0;
  settings.coverageSeconds = 0.0;
  Result<QualityReport> r = runQualityReport(std::move(inputs), settings);
  ASSERT_TRUE(r) << r.error().message;
  const InputFigures& loop = r->inputs[0];
  ASSERT_TRUE(loop.error.empty()) << loop.error;
  EXPECT_EQ(loop.transitions, 4);
  ASSERT_EQ(loop.worst.size(), 2u);
  EXPECT_EQ(loop.worst[0].label, "loop");
  EXPECT_EQ(loop.worst[0].frame, 60);  // 0.3 m/s more
  EXPECT_NEAR(loop.worst[0].velocityJumpBhPerS, 0.3 / kHeight, 1e-3);
  EXPECT_EQ(loop.worst[1].label, "once");
  EXPECT_EQ(loop.worst[1].frame, 70);
  EXPECT_NEAR(loop.worst[1].velocityJumpBhPerS, 0.05 / kHeight, 1e-3);
}

TEST_F(QualityReportTest, KnownPopSkateAndResponseComeBackFromTheWrittenWalks) {
  std::vector<ReportInput> inputs;
  inputs.push_back({"pop", std::make_unique<SyntheticInput<PopStream>>("pop", source, false), {}});
  inputs.push_back(
      {"glide", std::make_unique<SyntheticInput<GlideStream>>("glide", source, false), {}});
  inputs.push_back(
      {"turn", std::make_unique<SyntheticInput<TurnStream>>("turn", source, true), {}});
  inputs.push_back({"missing", nullptr, "missing: no such file or folder"});
  QualityReportSettings settings;
  settings.seconds = 4.0;
  settings.changeSeconds = 2.5;  // a figure turning at 90 deg/s finishes any turn in 2 s
  settings.changes = 6;
  settings.facingSmoothSeconds = 0.0;
  settings.coverageSeconds = 20.0;
  settings.walkDirectory = (dir / "walks").string();
  Result<QualityReport> r = runQualityReport(std::move(inputs), settings);
  ASSERT_TRUE(r) << r.error().message;
  ASSERT_EQ(r->inputs.size(), 4u);
  ASSERT_EQ(r->sources.size(), 1u);  // one capture, measured once
  ASSERT_TRUE(r->sources[0].error.empty()) << r->sources[0].error;
  EXPECT_EQ(r->sources[0].frames, 120);
  // A steady walk whose root bobs 2 cm twice a second: the bob's acceleration, 0.02 (4 pi)^2 m/s^2.
  EXPECT_NEAR(r->sources[0].pooled.max, 0.02 * 16 * std::numbers::pi * std::numbers::pi / kHeight,
              0.03);

  // The pop: at frame 59 the second difference is (5 cm, 0, 1/30 m); at 60, (-5 cm, 0, 0).
  const InputFigures& pop = r->inputs[0];
  ASSERT_TRUE(pop.error.empty()) << pop.error;
  EXPECT_EQ(pop.walkFrames, 120);
  EXPECT_TRUE(fs::exists(pop.walkFile));
  EXPECT_NEAR(pop.acceleration.max, std::hypot(0.05, 1 / kFps) * kFps * kFps / kHeight, 1e-3);
  EXPECT_EQ(pop.acceleration.worstFrame, 59);
  ASSERT_EQ(pop.transitions, 1);
  ASSERT_EQ(pop.worst.size(), 1u);
  EXPECT_EQ(pop.worst[0].frame, 60);
  EXPECT_EQ(pop.worst[0].label, "pop");
  EXPECT_NEAR(pop.worst[0].seconds, 2.0, 1e-12);
  EXPECT_NEAR(pop.jumpMax, (1.0 / kFps) * kFps / kHeight, 1e-4);  // 1 m/s more, in bh/s
  EXPECT_NEAR(pop.worst[0].poseJumpBh, std::hypot(0.05, 1 / kFps) / kHeight, 1e-5);
  // Coverage: the graph plays 90 of the 120 source frames; the 20 s walk shows frames 0-119
  // five times each, so the 90 playable ones are visited evenly.
  EXPECT_NEAR(pop.coverage.playableFraction, 0.75, 1e-12);
  EXPECT_TRUE(pop.hasVisits);
  EXPECT_NEAR(pop.coverage.visitedFraction, 1.0, 1e-12);
  EXPECT_NEAR(pop.coverage.evenness, 1.0, 1e-12);
  EXPECT_FALSE(pop.hasResponse);
  EXPECT_EQ(pop.size.framesKept, 120);

  // The glide: every foot point planted, sliding at 0.2 m/s.
  const InputFigures& glide = r->inputs[1];
  ASSERT_TRUE(glide.error.empty()) << glide.error;
  EXPECT_GT(glide.skate.samples, 100);
  EXPECT_NEAR(glide.skate.meanMps, 0.2, 1e-4);
  EXPECT_NEAR(glide.skate.p95Mps, 0.2, 1e-4);
  EXPECT_NEAR(glide.skate.meanBhPerS, 0.2 / kHeight, 1e-4);
  EXPECT_FALSE(glide.hasVisits);  // its frames have no single source

  // The turns: the report's times are the ones the figure itself recorded.
  const InputFigures& turn = r->inputs[2];
  ASSERT_TRUE(turn.error.empty()) << turn.error;
  ASSERT_TRUE(turn.hasResponse);
  EXPECT_GE(turn.walkSeconds, 7 * 2.5 - 1e-9);  // the walk grew to fit 6 changes
  ASSERT_EQ(turn.response.changes, 6);
  ASSERT_EQ(TurnStream::s_changes.size(), 6u);
  EXPECT_EQ(turn.response.failures, 0);
  double worst = 0;
  for (int i = 0; i < 6; ++i) {
    EXPECT_EQ(turn.responses[i].changeFrame, TurnStream::s_changes[i]) << i;
    ASSERT_GE(TurnStream::s_faced[i], 0) << i;
    const double expected = (TurnStream::s_faced[i] - TurnStream::s_changes[i]) / kFps;
    ASSERT_TRUE(turn.responses[i].seconds) << i;
    EXPECT_NEAR(*turn.responses[i].seconds, expected, 1e-9) << i;
    EXPECT_GE(turn.responses[i].startErrorRadians,
              45 * kDeg - 1e-6);  // turns of at least 45 degrees
    worst = std::max(worst, expected);
  }
  EXPECT_NEAR(turn.response.maxSeconds, worst, 1e-9);

  EXPECT_EQ(r->inputs[3].error, "missing: no such file or folder");

  // The plots share bins and count every sample of every series.
  ASSERT_EQ(r->acceleration.series.size(), 4u);  // source + three inputs
  long long popSamples = 0;
  for (int c : r->acceleration.counts[1]) popSamples += c;
  EXPECT_EQ(popSamples, 118);
  // JSON and HTML carry the figures.
  const Json json = qualityReportJson(*r);
  ASSERT_NE(jsonFind(json, "inputs"), nullptr);
  const Json& first = json.at("inputs")[0];
  EXPECT_NEAR(first.at("acceleration").at("max_bhps2").get<double>(), pop.acceleration.max, 1e-12);
  EXPECT_TRUE(json.at("inputs")[1].at("responsiveness").is_null());
  EXPECT_EQ(json.at("inputs")[3].at("error").get_ref<const std::string&>(),
            "missing: no such file or folder");
  const std::string html = qualityReportHtml(*r);
  EXPECT_NE(html.find("<svg"), std::string::npos);
  EXPECT_NE(html.find("Time to face within 5"), std::string::npos);
  EXPECT_EQ(html.find("<script"), std::string::npos);  // self-contained, static
}

TEST_F(QualityReportTest, BadSettingsAndNoInputsAreRefused) {
  QualityReportSettings bad;
  bad.seconds = -1;
  std::vector<ReportInput> none;
  EXPECT_FALSE(runQualityReport(std::move(none), QualityReportSettings{}));
  std::vector<ReportInput> one;
  one.push_back({"pop", std::make_unique<SyntheticInput<PopStream>>("pop", source, false), {}});
  Result<QualityReport> r = runQualityReport(std::move(one), bad);
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("--seconds"), std::string::npos);
  // A source that cannot be read is reported on the source, the walk still measured.
  std::vector<ReportInput> lost;
  lost.push_back(
      {"pop",
       std::make_unique<SyntheticInput<PopStream>>("pop", (dir / "gone.bvh").string(), false),
       {}});
  QualityReportSettings quick;
  quick.seconds = 3;
  quick.coverageSeconds = 0;
  Result<QualityReport> q = runQualityReport(std::move(lost), quick);
  ASSERT_TRUE(q) << q.error().message;
  EXPECT_FALSE(q->sources[0].error.empty());
  EXPECT_TRUE(q->inputs[0].error.empty());
  EXPECT_GT(q->inputs[0].acceleration.max, 10.0);
}

}  // namespace
}  // namespace mg
