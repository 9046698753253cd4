// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include <cmath>

#include "core/param/parametric_edge.h"
#include "param_fixture.h"

namespace mg {
namespace {

// Three source samples, five target samples on a line; hand-chosen pair minima.
EdgeSampling handSampling() {
  EdgeSampling s;
  s.sourceNode = s.targetNode = "n";
  s.targetScale = {10.0, 1.0, 1.0};
  s.sourceParameters = {{0, 0, 0}, {5, 0, 0}, {10, 0, 0}};
  s.targetParameters = {{0, 0, 0}, {2, 0, 0}, {4, 0, 0}, {6, 0, 0}, {8, 0, 0}};
  s.minimum = {0.1f, 0.2f, 0.9f, 0.3f, 0.1f,   // source 0: BAD at 4 splits GOOD {0,2} | {6,8}
               0.6f, 0.1f, 0.1f, 0.6f, 0.6f,   // source 1: GOOD {2,4}, NEUTRAL rest
               0.9f, 0.9f, 0.8f, 0.8f, 0.8f};  // source 2: no GOOD at all
  s.sourceTime.assign(15, 0.0f);
  s.targetTime.assign(15, 0.0f);
  for (int i = 0; i < 15; ++i) s.sourceTime[i] = 0.5f + 0.01f * i, s.targetTime[i] = 0.1f * (i % 5);
  return s;
}

TEST(EdgeClassify, CountsBoxesTimesAndEmptyReason) {
  const EdgeSampling s = handSampling();
  Result<ParametricEdge> e = classifyEdge(s, {0.5, 0.7, 1.0});
  ASSERT_TRUE(e) << e.error().message;
  EXPECT_EQ(e->reports[0].good, 4);
  EXPECT_EQ(e->reports[0].bad, 1);
  EXPECT_EQ(e->reports[1].good, 2);
  EXPECT_EQ(e->reports[1].neutral, 3);
  EXPECT_EQ(e->reports[2].bad, 5);
  EXPECT_EQ(e->goodPairs, 6);
  EXPECT_EQ(e->neutralPairs, 3);
  EXPECT_EQ(e->badPairs, 6);
  // Source 0: box [0, 8] holds BAD 4; cutting to [0, 3] or [5, 8] keeps 2 GOOD each; the tie
  // goes to the smaller move: both move 5 units, so the first found ([0, 3]) stays.
  EXPECT_TRUE(e->reports[0].box.shrunk);
  EXPECT_EQ(e->reports[0].box.goodInside, 2);
  EXPECT_NEAR(e->samples[0].widths[0], 3.0, 1e-12);
  // Source 1: box [2, 4], times averaged over targets 1 and 2.
  EXPECT_NEAR(e->samples[1].centre[0], 3.0, 1e-12);
  EXPECT_NEAR(e->samples[1].widths[0], 2.0, 1e-12);
  EXPECT_NEAR(e->samples[1].sourceTime, 0.5 + 0.01 * 6.5, 1e-6);
  EXPECT_NEAR(e->samples[1].targetTime, 0.15, 1e-6);
  // Source 2 has no GOOD sample: the edge does not exist and says which sample and why.
  EXPECT_TRUE(e->reports[2].empty);
  EXPECT_FALSE(e->exists);
  EXPECT_EQ(e->emptyBoxes, 1);
  EXPECT_NE(e->why.find("source sample 2"), std::string::npos);
  EXPECT_NE(e->why.find("no GOOD target sample"), std::string::npos);
  // Raising T_GOOD to 0.85 gives source 2 GOOD samples and the edge exists.
  Result<ParametricEdge> looser = classifyEdge(s, {0.85, 0.95, 1.0});
  ASSERT_TRUE(looser);
  EXPECT_TRUE(looser->exists);
}

TEST(EdgeClassify, InvalidThresholdsAndSampling) {
  const EdgeSampling s = handSampling();
  EXPECT_FALSE(classifyEdge(s, {0.8, 0.7, 1.0}));  // t_good > t_bad
  EXPECT_FALSE(classifyEdge(s, {0.5, 0.7, 0.0}));  // epsilon = 0
  EXPECT_FALSE(classifyEdge(s, {std::nan(""), 0.7, 1.0}));
  EdgeSampling broken = s;
  broken.minimum.pop_back();
  EXPECT_FALSE(classifyEdge(broken, {0.5, 0.7, 1.0}));
  EdgeSamplingSettings settings;
  settings.sourceSamples = 0;  // n_s = 0
  EXPECT_FALSE(settings.validate());
  settings.sourceSamples = 50;
  settings.targetSamples = 0;
  EXPECT_FALSE(settings.validate());
  settings.targetSamples = 10;
  settings.sourceRegionBegin = 0.9, settings.sourceRegionEnd = 0.5;
  EXPECT_FALSE(settings.validate());
}

TEST(EdgeWalk, RethresholdEqualsFullRebuild) {
  std::shared_ptr<const ParametricNode> node = test::walkNode();
  ASSERT_TRUE(node);
  EdgeSamplingJob job;
  job.source = job.target = node.get();
  job.settings.sourceSamples = 12;
  job.settings.targetSamples = 150;
  Result<EdgeSampling> sampling = sampleEdge(job);
  ASSERT_TRUE(sampling) << sampling.error().message;
  // The sampling records the rate its grids were computed at: the source node's (capture) rate.
  EXPECT_EQ(sampling->settings.metric.workingFps, node->space().fps);
  for (const EdgeThresholds t :
       {EdgeThresholds{0.004, 0.005, 1.0}, EdgeThresholds{0.0035, 0.0045, 2.0}}) {
    Result<ParametricEdge> cheap = classifyEdge(*sampling, t);
    Result<EdgeSampling> again = sampleEdge(job);  // the full rebuild, distances recomputed
    ASSERT_TRUE(cheap && again);
    EXPECT_EQ(again->minimum, sampling->minimum);
    Result<ParametricEdge> full = classifyEdge(*again, t);
    ASSERT_TRUE(full);
    EXPECT_EQ(cheap->classes, full->classes);
    EXPECT_EQ(cheap->exists, full->exists);
    EXPECT_EQ(cheap->shrunkBoxes, full->shrunkBoxes);
    for (size_t i = 0; i < cheap->samples.size(); ++i) {
      EXPECT_EQ(cheap->samples[i].centre, full->samples[i].centre);
      EXPECT_EQ(cheap->samples[i].widths, full->samples[i].widths);
      EXPECT_EQ(cheap->samples[i].sourceTime, full->samples[i].sourceTime);
    }
  }
  // Every pair minimum is a real transition distance (and the times are normalised).
  for (size_t p = 0; p < sampling->minimum.size(); ++p) {
    EXPECT_GE(sampling->minimum[p], 0.0f);
    EXPECT_GE(sampling->sourceTime[p], job.settings.sourceRegionBegin - 0.05);
    EXPECT_LE(sampling->targetTime[p], job.settings.targetRegionEnd + 0.05);
  }
}

TEST(EdgeWalk, SelfLoopExistsWithDefaults) {
  std::shared_ptr<const ParametricGraph> g = test::walkGraph();
  ASSERT_TRUE(g);
  const ParametricEdge& e = g->edges[0].edge;
  EXPECT_TRUE(e.exists) << e.why;
  EXPECT_EQ(e.goodPairs + e.neutralPairs + e.badPairs, 20 * 200);
  for (const TransitionSample& s : e.samples) {
    EXPECT_GE(s.sourceTime, 0.55);
    EXPECT_LE(s.targetTime, 0.45);
    EXPECT_GE(s.widths[0], 0.0);
  }
}

}  // namespace
}  // namespace mg
