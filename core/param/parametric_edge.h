// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/metric/metric_settings.h"
#include "core/param/parametric_node.h"
#include "core/param/transition_box.h"
#include "core/util/progress.h"
#include "core/util/result.h"

namespace mg {

// The thresholds of an edge: the cheap stage (classify + boxes) depends only on these.
struct EdgeThresholds {
  // Transition distances, kFrameDistanceUnit (m^2, see metric_settings.h). The paper's 0.5 / 0.7
  // are in its own unit; with ours, 0.005 m^2 (7 cm RMS) / 0.007 m^2 (8.4 cm RMS) keep the
  // paper's ratio and suit the CMU walks.
  double tGood = 0.005;
  double tBad = 0.007;
  double epsilon = 1.0;  // BAD samples lie at least this far outside a box, target parameter units

  // Fails when: a value is not finite; tGood < 0; tGood > tBad; epsilon <= 0.
  Status validate() const;
  bool operator==(const EdgeThresholds&) const = default;
};

// The expensive stage's settings: which samples, which clip regions, which frame distance.
struct EdgeSamplingSettings {
  int sourceSamples = 50;    // n_s, in [1, 100000]
  int targetSamples = 1000;  // n_t, in [1, 100000]
  // Regions of the normalised clip time [0, 1] compared for a transition: the end of every
  // source clip and the start of every target clip. begin < end, both in [0, 1].
  double sourceRegionBegin = 0.6, sourceRegionEnd = 1.0;
  double targetRegionBegin = 0.0, targetRegionEnd = 0.4;
  std::uint64_t seed = 1;  // the parameter samples are deterministic for a seed
  MetricSettings metric;   // window, joints, weighting of the frame distance
  int threads = 0;         // 0 = every hardware thread

  // Fails when: n_s or n_t is outside [1, 100000] or n_s x n_t > 10^7; a region is not
  // 0 <= begin < end <= 1; the metric is invalid; threads < 0.
  Status validate() const;
};

// Everything the per-edge author settings need, as stored in the project and the graph file.
struct EdgeSettings {
  EdgeSamplingSettings sampling;
  EdgeThresholds thresholds;
};

// Result of the expensive stage, cached per edge: the samples and, for every (source, target)
// pair, the minimum of its transition distance grid and where it is. Re-thresholding reuses it.
struct EdgeSampling {
  std::string sourceNode, targetNode;
  int sourceDims = 1, targetDims = 1;
  ParameterVector targetScale{};  // range width of the target node per dimension (> 0)
  EdgeSamplingSettings
      settings;  // as sampled; metric.workingFps is the rate used (the source node's)
  std::vector<ParameterVector> sourceParameters;  // n_s
  std::vector<ParameterVector> targetParameters;  // n_t
  // Row-major n_s x n_t: the optimal transition point of each pair, its distance
  // (kFrameDistanceUnit) and its frames normalised to [0, 1] in the source and target clips.
  std::vector<float> minimum, sourceTime, targetTime;
  double seconds = 0.0;  // wall time of sampleEdge

  int sourceCount() const { return static_cast<int>(sourceParameters.size()); }
  int targetCount() const { return static_cast<int>(targetParameters.size()); }
  size_t pair(int s, int t) const { return static_cast<size_t>(s) * targetCount() + t; }
};

// The expensive stage: draws n_s source and n_t target parameters uniformly over the nodes'
// ranges, synthesises their clips, and computes every transition grid (the source end region
// against the target start region) as one batched grid of (n_s x R) x (n_t x R') frames through
// the metric's tiled engine, keeping only each pair's minimum. Thread-safe; polls `progress` per
// tile. Fails when: a node is null; the settings are invalid; clips cannot be built; the frame
// sets are not comparable (the nodes' skeletons differ); cancelled.
struct EdgeSamplingJob {
  const ParametricNode* source = nullptr;  // not owned
  const ParametricNode* target = nullptr;  // not owned; may equal source (a self-loop)
  EdgeSamplingSettings settings;

  Status validate() const;
};
Result<EdgeSampling> sampleEdge(const EdgeSamplingJob& job, const Progress& progress = {});

enum class TransitionClass : std::uint8_t { Good = 0, Neutral = 1, Bad = 2 };

// What the inspector shows for one source sample.
struct SourceSampleReport {
  int good = 0, neutral = 0, bad = 0;  // target samples per class
  BoxShrinkResult box;                 // box before and after shrinking
  bool empty = false;                  // after shrinking no GOOD sample is left
  std::string why;                     // for an empty box: the reason, in words
};

// One transition sample of an edge, as the paper stores it.
struct TransitionSample {
  ParameterVector source{};            // l_i^s
  ParameterVector centre{}, widths{};  // the shrunk box in the target space
  double sourceTime = 0.0;             // mean normalised transition frame in the source clip
  double targetTime = 0.0;             // ... and in the target clip
};

// An edge after the cheap stage.
struct ParametricEdge {
  std::string sourceNode, targetNode;
  int sourceDims = 1, targetDims = 1;
  EdgeThresholds thresholds;
  bool exists = false;  // false when any source sample's box is empty
  std::string why;      // when !exists: how many source samples failed; the first three and why
  std::vector<TransitionSample> samples;    // n_s
  std::vector<SourceSampleReport> reports;  // n_s, for the inspector
  std::vector<TransitionClass> classes;     // n_s x n_t, row-major like EdgeSampling
  int goodPairs = 0, neutralPairs = 0, badPairs = 0;
  int shrunkBoxes = 0, emptyBoxes = 0;
};

// The cheap stage: classifies every pair (GOOD <= tGood < NEUTRAL <= tBad < BAD), boxes the GOOD
// samples of each source sample, shrinks the box away from the BAD ones, averages the transition
// times of the GOOD samples inside it, and decides whether the edge exists. No distance is
// recomputed. Fails when the thresholds are invalid or the sampling is inconsistent.
Result<ParametricEdge> classifyEdge(const EdgeSampling& sampling, const EdgeThresholds& thresholds);

}  // namespace mg
