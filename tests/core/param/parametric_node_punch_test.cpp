// SPDX-License-Identifier: MIT
// The paper's second kind of node on real capture: punches parameterised by the 3-D position of
// the wrist at the middle of the clip, relative to the root's starting position and heading
// (Assimp's Boxing_Toes.bvh sample, 100 Hz).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <random>

#include "core/motion/forward_kinematics.h"
#include "core/param/edge_lookup.h"
#include "param_fixture.h"

namespace mg {
namespace {

const std::string kBoxing = std::string(MG_SAMPLE_DIR) + "/Boxing_Toes.bvh";

// Frames where the right wrist is furthest from the hips on the floor (local maxima over 0.6 s,
// in the upper quarter), as the centres of 0.8 s punch segments.
std::vector<int> punchPeaks(const Motion& m) {
  const int wrist = m.skeleton->findJoint("RightWrist");
  std::vector<double> reach(m.frameCount());
  for (int f = 0; f < m.frameCount(); ++f) {
    const std::vector<Eigen::Vector3d> p = jointPositions(m, f);
    reach[f] = std::hypot(p[wrist].x() - p[0].x(), p[wrist].z() - p[0].z());
  }
  std::vector<double> sorted = reach;
  std::sort(sorted.begin(), sorted.end());
  const double high = sorted[sorted.size() * 3 / 4];
  std::vector<int> peaks;
  for (int f = 40; f + 40 < m.frameCount(); ++f) {
    bool peak = reach[f] >= high;
    for (int k = std::max(0, f - 30); peak && k <= std::min(m.frameCount() - 1, f + 30); ++k)
      peak = reach[k] <= reach[f];
    if (peak && (peaks.empty() || f - peaks.back() > 40)) peaks.push_back(f);
  }
  return peaks;
}

TEST(PunchNode, ThreeDimensionalParameterEdgeAndLookup) {
  if (!std::filesystem::exists(kBoxing)) GTEST_SKIP() << "no " << kBoxing;
  Result<std::shared_ptr<const Motion>> boxing = test::fileLoader()(kBoxing, 0.0);
  ASSERT_TRUE(boxing);
  NodeSource source;
  source.name = "punch";
  for (int peak : punchPeaks(**boxing)) source.examples.push_back({kBoxing, peak - 40, peak + 40});
  ASSERT_GE(source.examples.size(), 8u);
  ParameterMetric wrist;
  wrist.kind = ParameterKind::EndEffectorPosition;
  wrist.joint = "RightWrist";
  wrist.keyTime = 0.5;
  wrist.axes = "xyz";
  source.metrics = {wrist};
  source.inversion.samples = 400;
  Result<std::shared_ptr<const ParametricNode>> node =
      buildNodeFromSource(source, "", test::fileLoader());
  ASSERT_TRUE(node) << node.error().message;
  ASSERT_EQ((*node)->dimensions(), 3);
  Result<InversionResidual> r = (*node)->residual(5, 0.1);
  ASSERT_TRUE(r);
  double diagonal = 0;
  for (int d = 0; d < 3; ++d)
    diagonal += std::pow((*node)->rangeMax()[d] - (*node)->rangeMin()[d], 2);
  diagonal = std::sqrt(diagonal);
  std::printf(
      "punch node: %d examples, range diagonal %.3f m, residual over %d requests: mean %.3f m, "
      "max %.3f m\n",
      (*node)->space().exampleCount(), diagonal, r->requests, r->meanError, r->maxError);
  // The range box of a 3-D space has corners no blend reaches; reachable requests are the
  // parameters of measured blends, where the inversion must come close.
  // Held-out blends (not among the node's samples) give reachable requests.
  Motion clip, probe;
  double sum = 0, worst = 0;
  const int count = 60;
  const int n = (*node)->space().exampleCount();
  std::mt19937_64 rng(99);
  for (int i = 0; i < count; ++i) {
    std::vector<double> w(n, 0.0);
    const int a = static_cast<int>(rng() % n), b = static_cast<int>(rng() % n);
    const double t = static_cast<double>(rng() % 1000) / 1000.0;
    w[a] += t, w[b] += 1 - t;
    ASSERT_TRUE(blendClip((*node)->space(), w, probe));
    const ParameterVector l = (*node)->measure().measure(probe);
    ASSERT_TRUE((*node)->clipFor(l, clip));
    const ParameterVector got = (*node)->measure().measure(clip);
    const double e = std::sqrt(std::pow(got[0] - l[0], 2) + std::pow(got[1] - l[1], 2) +
                               std::pow(got[2] - l[2], 2));
    sum += e, worst = std::max(worst, e);
  }
  std::printf("punch node: residual at %d reachable requests: mean %.3f m, max %.3f m\n", count,
              sum / count, worst);
  EXPECT_LT(sum / count, 0.05 * diagonal);

  ParametricGraph g;
  g.nodeSources.push_back(source);
  g.nodes.push_back(*node);
  EdgeSettings settings;
  settings.sampling.sourceSamples = 12;
  settings.sampling.targetSamples = 150;
  settings.thresholds = {0.01, 0.02, 0.02};  // epsilon in metres of wrist position
  Result<int> e = addEdge(g, 0, 0, settings);
  ASSERT_TRUE(e) << e.error().message;
  const ParametricEdge& edge = g.edges[0].edge;
  std::printf("punch edge: good %d neutral %d bad %d shrunk %d empty %d exists %d\n",
              edge.goodPairs, edge.neutralPairs, edge.badPairs, edge.shrunkBoxes, edge.emptyBoxes,
              edge.exists ? 1 : 0);
  EXPECT_EQ(edge.goodPairs + edge.neutralPairs + edge.badPairs, 12 * 150);
  EXPECT_EQ(edge.targetDims, 3);
  for (const SourceSampleReport& rep : edge.reports) {
    if (rep.empty) continue;
    EXPECT_TRUE(rep.box.exact);
    EXPECT_GE(rep.box.goodInside, 1);
  }
  if (edge.exists) {
    Result<TransitionLookup> lk = lookupTransition(edge, (*node)->samples()[0].parameters);
    ASSERT_TRUE(lk);
    EXPECT_EQ(lk->neighbours.size(), 4u);  // k = dims + 1
  }
}

}  // namespace
}  // namespace mg
