// SPDX-License-Identifier: MIT
// Snap-Together Motion on real capture: CMU walks and Assimp's boxing sample, first 10 frames
// dropped (CMU's T-pose blend), resampled to 30 Hz, distances from core/metric. Prints the
// measured figures (cut jumps, foot skate) so a run documents them.

#include <algorithm>
#include <array>
#include <filesystem>
#include <iostream>

#include <gtest/gtest.h>

#include "core/eval/motion_measure.h"
#include "core/import/bvh_text.h"
#include "core/import/bvh_writer.h"
#include "core/import/motion_reader.h"
#include "core/motion/forward_kinematics.h"
#include "core/motion/resample.h"
#include "core/snap/clip_sequence.h"
#include "core/snap/cut_quality.h"
#include "core/snap/hub_graph_builder.h"
#include "core/snap/metric_rows.h"
#include "core/snap/snap_job.h"
#include "support/capture.h"

namespace mg {
namespace {

namespace fs = std::filesystem;

struct Database {
  std::string name;
  std::vector<std::shared_ptr<const Motion>> motions;  // at 30 Hz
  std::shared_ptr<const FrameSet> set;
  HubGraph graph;
};

// Loads, trims, resamples, computes the self grid and suggests hubs. Fails the test on error.
std::unique_ptr<Database> build(const std::string& name, const std::vector<std::string>& paths,
                                int hubs, int trimFrames = 10) {
  auto db = std::make_unique<Database>();
  db->name = name;
  ImportOptions options;
  options.trimLeadingFrames = trimFrames;
  for (const std::string& p : paths) {
    Result<Motion> m = readMotionFile(p, options);
    EXPECT_TRUE(m) << m.error().message;
    if (!m) return nullptr;
    Result<Motion> r = resampleMotion(*m, 30.0);
    EXPECT_TRUE(r) << r.error().message;
    if (!r) return nullptr;
    if (!db->motions.empty() && !r->skeleton->sameHierarchy(*db->motions[0]->skeleton)) continue;
    db->motions.push_back(std::make_shared<Motion>(std::move(r.value())));
  }
  HubGraphBuildJob job;
  job.motions = db->motions;
  job.grid.threads = 1;
  job.wminFrames = 10;
  job.hubCount = hubs;
  Result<SuggestedHubGraph> built = job.run();
  EXPECT_TRUE(built) << built.error().message;
  if (!built) return nullptr;
  db->set = built->frames;
  db->graph = built->graph;
  const double threshold = built->threshold;
  // The metric bridge: hub alignments are the metric's reference alignments to the base frame.
  const FramePairMetric metric = frameSetPairMetric(db->set);
  for (const Hub& hub : db->graph.hubs) {
    const FrameRef base = hub.matchFrames[hub.baseMatch].ref;
    for (const MatchFrame& mf : hub.matchFrames)
      EXPECT_NEAR(metric(base, mf.ref).alignment.theta, mf.toHub.theta, 1e-12);
  }
  std::cout << "[ figures  ] " << name << ": " << db->motions.size() << " motions, "
            << db->set->frameCount() << " frames at 30 Hz, threshold " << threshold << " m^2, "
            << db->graph.hubs.size() << " hubs (";
  for (const Hub& h : db->graph.hubs) std::cout << h.matchFrames.size() << " ";
  std::cout << "match frames), " << db->graph.edges.size() << " edges, dead ends "
            << deadEndHubs(db->graph).size() << "\n";
  return db;
}

// The shared folder's clips when it is there (fifteen for cmu/), else the bundled subset.
std::vector<std::string> captureSet(const std::string& folder) {
  std::vector<std::string> out;
  const fs::path dir = fs::path(MG_SHARED_MOCAP_DIR) / folder;
  if (!fs::is_directory(dir)) return test::captureFiles(folder);
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ".bvh") out.push_back(e.path().string());
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> cmuFiles() {
  return captureSet("cmu");
}

void checkSnapping(const Database& db) {
  const auto before = measureCutQuality(db.graph, db.motions);
  ASSERT_TRUE(before) << before.error().message;
  ASSERT_FALSE(before->cuts.empty());
  for (bool plants : {false, true}) {
    SnapSettings settings;
    settings.enforceFootPlants = plants;
    const auto snapped = SnapJob{db.motions, &db.graph, settings}.run();
    ASSERT_TRUE(snapped) << snapped.error().message;
    const auto after = measureCutQuality(snapped->graph, snapped->motions);
    ASSERT_TRUE(after);
    std::cout << "[ figures  ] " << db.name << (plants ? " (with plants)" : " (maps only)") << ": "
              << before->cuts.size() << " cuts; position jump max "
              << before->maxPositionJump * 1000 << " mm -> " << after->maxPositionJump * 1000
              << " mm; velocity jump max " << before->maxVelocityJump * 100 << " cm/s -> "
              << after->maxVelocityJump * 100 << " cm/s\n";
    EXPECT_LT(after->maxPositionJump, 1e-3);
    EXPECT_LT(after->maxVelocityJump, 1e-2);
    EXPECT_GT(before->maxPositionJump, after->maxPositionJump);
    if (!plants) continue;
    double original = 0, displaced = 0, constrained = 0, steadyDisplaced = 0, steadyConstrained = 0;
    int samples = 0, steadySamples = 0;
    for (size_t m = 0; m < db.motions.size(); ++m) {
      const FootSkate o = measureFootSkate(*db.motions[m], snapped->contacts[m]);
      const FootSkate d = measureFootSkate(*snapped->displacedMotions[m], snapped->contacts[m]);
      const FootSkate c = measureFootSkate(*snapped->motions[m], snapped->contacts[m]);
      original += o.meanSpeed * o.samples;
      displaced += d.meanSpeed * d.samples;
      constrained += c.meanSpeed * c.samples;
      samples += c.samples;
      steadyDisplaced += d.steadyMeanSpeed * d.steadySamples;
      steadyConstrained += c.steadyMeanSpeed * c.steadySamples;
      steadySamples += c.steadySamples;
    }
    ASSERT_GT(samples, 0);
    std::cout << "[ figures  ] " << db.name << ": planted-foot horizontal speed, mean over "
              << samples << " samples: original " << original / samples * 100 << " cm/s, displaced "
              << displaced / samples * 100 << " cm/s, constrained " << constrained / samples * 100
              << " cm/s; steady plants (" << steadySamples
              << " samples, touch-down/lift-off frames excluded): displaced "
              << steadyDisplaced / steadySamples * 100 << " cm/s, constrained "
              << steadyConstrained / steadySamples * 100 << " cm/s\n";
    EXPECT_LT(constrained, displaced);
    EXPECT_LT(steadyConstrained, 0.5 * steadyDisplaced);
  }
}

// Per-frame largest joint acceleration of a motion in rest heights per s^2.
std::vector<double> frameAccelerations(const Motion& m) {
  const std::vector<Eigen::Vector3d> p = allJointPositions(m);
  const int joints = m.jointCount();
  const double scale = m.fps * m.fps / restHeight(*m.skeleton);
  std::vector<double> out(m.frameCount(), 0.0);
  for (int f = 1; f + 1 < m.frameCount(); ++f) {
    for (int j = 0; j < joints; ++j) {
      const size_t i = static_cast<size_t>(f) * joints + j;
      out[f] = std::max(out[f], (p[i + joints] - 2.0 * p[i] + p[i - joints]).norm() * scale);
    }
  }
  return out;
}

struct SmoothFigures {
  double sourceMax = 0.0;      // largest frame acceleration of the capture, rest heights/s^2
  double snappedMax = 0.0;     // the same of the snapped motions, over frames inside clips
  double addedByPlants = 0.0;  // largest frame acceleration the plant solver adds inside clips
  // Plants as core/eval finds them on the snapped motions written as BVH (its own forward
  // kinematics and contact detection, independent of the solver's): mean horizontal speed (m/s)
  // of those holding two match frames or more (linked plants), and of those holding one or more
  // (the plants a walk carries across its cuts).
  double linkedSpeed = 0.0;
  int linkedPlants = 0;
  double atMatchSpeed = 0.0;
  int atMatchPlants = 0;
};

// What plant enforcement does to the snapped clips: the acceleration it adds, and how still the
// plants that hold match frames stand.
void smoothFigures(const Database& db, const SnapResult& snapped, SmoothFigures& out) {
  out = {};
  for (size_t m = 0; m < db.motions.size(); ++m) {
    const std::vector<double> source = frameAccelerations(*db.motions[m]);
    const std::vector<double> displaced = frameAccelerations(*snapped.displacedMotions[m]);
    const std::vector<double> final = frameAccelerations(*snapped.motions[m]);
    std::vector<int> matches;
    for (const Hub& h : snapped.graph.hubs) {
      for (const MatchFrame& mf : h.matchFrames) {
        if (mf.ref.motion == static_cast<int>(m)) matches.push_back(mf.ref.frame);
      }
    }
    for (double a : source) out.sourceMax = std::max(out.sourceMax, a);
    if (matches.empty()) continue;
    const auto [first, last] = std::minmax_element(matches.begin(), matches.end());
    for (int f = *first; f <= *last; ++f) {
      out.snappedMax = std::max(out.snappedMax, final[f]);
      out.addedByPlants = std::max(out.addedByPlants, final[f] - displaced[f]);
    }
    const Result<std::string> text = formatBvh(*snapped.motions[m]);
    ASSERT_TRUE(text) << text.error().message;
    const Result<BvhDocument> doc = parseBvhText(*text, "snapped");
    ASSERT_TRUE(doc) << doc.error().message;
    const Result<PointTracks> tracks = pointTracksFromBvh(*doc);
    ASSERT_TRUE(tracks) << tracks.error().message;
    const double metresPerBh = tracks->bodyHeight * tracks->metresPerUnit;
    for (const PlantRun& r : findPlants(*tracks).runs) {
      if (r.samples == 0) continue;
      const auto held = std::count_if(matches.begin(), matches.end(),
                                      [&](int f) { return f >= r.begin && f <= r.end; });
      if (held >= 1) out.atMatchSpeed += r.meanSpeed * metresPerBh, ++out.atMatchPlants;
      if (held >= 2) out.linkedSpeed += r.meanSpeed * metresPerBh, ++out.linkedPlants;
    }
  }
  if (out.linkedPlants > 0) out.linkedSpeed /= out.linkedPlants;
  if (out.atMatchPlants > 0) out.atMatchSpeed /= out.atMatchPlants;
}

// Plant enforcement adds no pop: inside clips nothing exceeds 1.5 x the capture's largest
// acceleration, and the solver adds at most `addedLimit` rest heights/s^2 to any frame; plants
// holding two match frames stand still to `linkedLimit` m/s and those holding one to
// `atMatchLimit` m/s (mean speed, as core/eval measures written motion).
void checkSmoothness(const Database& db, double addedLimit, double linkedLimit,
                     double atMatchLimit) {
  const auto snapped = SnapJob{db.motions, &db.graph, {}}.run();
  ASSERT_TRUE(snapped) << snapped.error().message;
  SmoothFigures f;
  ASSERT_NO_FATAL_FAILURE(smoothFigures(db, *snapped, f));
  std::cout << "[ figures  ] " << db.name
            << ": frame acceleration (rest heights/s^2) inside clips max " << f.snappedMax
            << " (capture max " << f.sourceMax << "), added by plants at most " << f.addedByPlants
            << "; " << f.linkedPlants << " plants hold two match frames, mean speed "
            << f.linkedSpeed * 100 << " cm/s; " << f.atMatchPlants << " hold one or more, "
            << f.atMatchSpeed * 100 << " cm/s\n";
  EXPECT_LT(f.snappedMax, 1.5 * f.sourceMax);
  EXPECT_LT(f.addedByPlants, addedLimit);
  EXPECT_GT(f.linkedPlants, 0);
  EXPECT_LT(f.linkedSpeed, linkedLimit);
  EXPECT_LT(f.atMatchSpeed, atMatchLimit);
}

TEST(SnapRealCapture, CmuCutsAreSeamlessAndFeetStayPlanted) {
  const auto files = cmuFiles();
  ASSERT_FALSE(files.empty());
  const auto db = build("cmu", files, 3);
  ASSERT_TRUE(db);
  checkSnapping(*db);
}

TEST(SnapRealCapture, BoxingCutsAreSeamlessAndFeetStayPlanted) {
  const std::string path = std::string(MG_SAMPLE_DIR) + "/Boxing_Toes.bvh";
  if (!fs::exists(path)) GTEST_SKIP() << "no " << path;
  const auto db = build("boxing", {path}, 3);
  ASSERT_TRUE(db);
  checkSnapping(*db);
}

// The limits are for the shared capture's 15 clips. The bundled two alone are a 2.3 s walk and a
// 1.5 s run (108 frames at 30 Hz once trimmed): the capture's own "planted" feet there move
// 19 cm/s (run contacts), the snapped ones 5 cm/s, and two linked plants are made, at 8 cm/s
// (none in the capture). The limits were not set for so little capture: without the shared set
// the test skips.
TEST(SnapRealCapture, CmuPlantsAddNoPops) {
  if (!fs::is_directory(fs::path(MG_SHARED_MOCAP_DIR) / "cmu")) {
    GTEST_SKIP() << "needs the shared capture's cmu/ (" << MG_SHARED_MOCAP_DIR << ")";
  }
  const auto files = cmuFiles();
  ASSERT_FALSE(files.empty());
  const auto db = build("cmu", files, 3);
  ASSERT_TRUE(db);
  // Measured 0.67 and 0.48 cm/s with the shared capture's 15 clips.
  checkSmoothness(*db, 60.0, 0.010, 0.008);
}

// CMU 13_10 alone: reaching and tiptoe, plants on the toes with the heels up.
TEST(SnapRealCapture, TiptoePlantsAddNoPops) {
  const std::string path = test::capturePath("cmu/13_10.bvh");
  if (!fs::exists(path)) GTEST_SKIP() << "no " << path;
  const auto db = build("tiptoe", {path}, 3);
  ASSERT_TRUE(db);
  // Measured 0.02 and 0.16 cm/s (1.2 cm/s for linked plants before heel and toe targets agreed).
  checkSmoothness(*db, 60.0, 0.005, 0.005);
}

TEST(SnapRealCapture, TurnsPlantsAddNoPops) {
  const std::vector<std::string> files = captureSet("cmu_turns");
  const auto db = build("cmu_turns", files, 3, 0);
  ASSERT_TRUE(db);
  // Measured 0.73 and 0.36 cm/s with the shared folder's 16 clips.
  checkSmoothness(*db, 60.0, 0.012, 0.006);
}

TEST(SnapRealCapture, BoxingPlantsAddNoPops) {
  const std::string path = std::string(MG_SAMPLE_DIR) + "/Boxing_Toes.bvh";
  if (!fs::exists(path)) GTEST_SKIP() << "no " << path;
  const auto db = build("boxing", {path}, 3);
  ASSERT_TRUE(db);
  // Measured 1.2 and 0.76 cm/s (1.7 cm/s for linked plants before consistent plant targets).
  checkSmoothness(*db, 60.0, 0.015, 0.010);
}

TEST(SnapRealCapture, RandomWalkOverCmuIsContinuous) {
  const auto files = cmuFiles();
  ASSERT_FALSE(files.empty());
  const auto db = build("cmu", files, 3);
  ASSERT_TRUE(db);
  const HubGraph pruned = pruneDeadEnds(db->graph);
  ASSERT_FALSE(pruned.edges.empty());
  const auto snapped = SnapJob{db->motions, &pruned, {}}.run();
  ASSERT_TRUE(snapped) << snapped.error().message;
  const HubGraph& played = snapped->graph;
  RandomWalkStream stream(played, snapped->motions, 0, 99);
  Pose previous, pose;
  ASSERT_TRUE(stream.next(previous));
  int cuts = 0;
  for (int i = 0; i < 5000; ++i) {
    const int edgeBefore = stream.player().currentEdge();
    const FloorTransform w = stream.player().rootTransform();
    ASSERT_TRUE(stream.next(pose));
    if (stream.player().currentEdge() != edgeBefore) {
      ++cuts;
      const HubEdge& in = played.edges[edgeBefore];
      const Motion& m = *snapped->motions[in.clip.motion];
      const Eigen::Vector3d own =
          m.rootPositions[in.clip.endFrame] - m.rootPositions[in.clip.endFrame - 1];
      EXPECT_LT((pose.rootPosition - previous.rootPosition - w.applyToVector(own)).norm(), 1e-9);
    }
    previous = pose;
  }
  EXPECT_GT(cuts, 10);
}

}  // namespace
}  // namespace mg
