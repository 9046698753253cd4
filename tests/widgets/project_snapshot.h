// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include <QColor>

#include "core/io/pmg_names.h"
#include "widgets/document/field_document.h"
#include "widgets/document/hub_list.h"
#include "widgets/document/parametric_document.h"
#include "widgets/document/project.h"
#include "widgets/document/subgraph_document.h"

namespace mg::test {

// What the author made in a Project, as plain comparable values: the canonical snapshot that the
// randomized editing test (document/random_editing_test.cpp) compares against its model after every
// step, undo and reopen. Motions are named by the caller's file index (`motionFile`), edge
// samplings by the caller's tag (`samplingTag`), so a reopened project (new objects) compares
// equal.
struct MotionSnapshot {
  MotionId id = kNoMotion;
  int file = -1;  // the caller's index of the motion's source file
  bool operator==(const MotionSnapshot&) const = default;
};

struct ExampleState {
  MotionId motion = kNoMotion;
  int beginFrame = 0, endFrame = 0;
  bool operator==(const ExampleState&) const = default;
};

struct NodeState {
  ParamNodeId id = kNoParamId;
  std::string name;
  std::vector<ExampleState> examples;
  std::vector<std::string> metrics;  // kindName() of each parameter metric
  double canvasX = 0.0, canvasY = 0.0;
  bool built = false;
  bool operator==(const NodeState&) const = default;
};

struct EdgeState {
  ParamEdgeId id = kNoParamId;
  ParamNodeId source = kNoParamId, target = kNoParamId;
  EdgeThresholds thresholds;
  int sourceSamples = 0, targetSamples = 0;
  double sourceRegionBegin = 0, sourceRegionEnd = 0, targetRegionBegin = 0, targetRegionEnd = 0;
  std::uint64_t seed = 0;
  int sampling = 0;  // 0: not sampled; else the caller's tag of the sampling's content
  bool classified = false;
  bool operator==(const EdgeState&) const = default;
};

struct ProjectState {
  std::vector<MotionSnapshot> motions;  // in project order
  MetricSettings metric;
  std::vector<HubSpec> hubs;
  std::vector<NodeState> nodes;
  std::vector<EdgeState> edges;
  std::vector<SubgraphKeySpec> keys;
  SubgraphSettings subgraph;
  std::vector<SubgraphChoice> choices;
  FieldSettings field;
  bool operator==(const ProjectState&) const = default;
};

// The snapshot of `project` (its sections are made when missing, empty).
inline ProjectState captureProjectState(
    Project& project, const std::function<int(const Motion&)>& motionFile,
    const std::function<int(const EdgeSampling&)>& samplingTag) {
  ProjectState s;
  for (const MotionEntry& m : project.motions()) s.motions.push_back({m.id, motionFile(*m.motion)});
  s.metric = project.metricSettings();
  s.hubs = hubsOf(project)->hubs();
  const ParametricDocument* pmg = parametricOf(project);
  for (const ParamNodeEntry& n : pmg->nodes()) {
    NodeState node{n.id, n.name, {}, {}, n.canvasX, n.canvasY, n.built != nullptr};
    for (const ParamExample& e : n.examples)
      node.examples.push_back({e.motion, e.beginFrame, e.endFrame});
    for (const ParameterMetric& m : n.metrics) node.metrics.push_back(m.kindName());
    s.nodes.push_back(std::move(node));
  }
  for (const ParamEdgeEntry& e : pmg->edges()) {
    const EdgeSamplingSettings& ss = e.settings.sampling;
    s.edges.push_back({e.id, e.source, e.target, e.settings.thresholds, ss.sourceSamples,
                       ss.targetSamples, ss.sourceRegionBegin, ss.sourceRegionEnd,
                       ss.targetRegionBegin, ss.targetRegionEnd, ss.seed,
                       e.sampling ? samplingTag(*e.sampling) : 0, e.classified != nullptr});
  }
  const SubgraphDocument* subgraph = ensureSection<SubgraphDocument>(project);
  s.keys = subgraph->keys();
  s.subgraph = subgraph->settings();
  s.choices = subgraph->choices();
  s.field = ensureSection<FieldDocument>(project)->settings();
  return s;
}

inline std::string colourText(const QColor& c) {
  return c.name(QColor::HexArgb).toStdString() + (c.spec() == QColor::Rgb ? "" : "(spec)");
}

// One line per item, for failure messages (lineDiff shows where two snapshots differ).
inline std::vector<std::string> describeProjectState(const ProjectState& s) {
  std::vector<std::string> lines;
  auto line = [&lines](const auto&... parts) {
    std::ostringstream out;
    out.precision(17);
    (out << ... << parts);
    lines.push_back(out.str());
  };
  for (const MotionSnapshot& m : s.motions) line("motion id ", m.id, " file ", m.file);
  const MetricSettings& mt = s.metric;
  std::string custom;
  for (const std::string& j : mt.customJoints) custom += " " + j;
  line("metric window ", mt.windowFrames, " joints ", jointSelectionName(mt.joints), custom,
       " weighting ", weightingName(mt.weighting), " fps ", mt.workingFps);
  auto position = [](const std::optional<QPointF>& p) {
    std::ostringstream out;
    if (p) out << p->x() << "," << p->y();
    return p ? out.str() : std::string("none");
  };
  for (const HubSpec& h : s.hubs) {
    line("hub id ", h.id, " '", h.name.toStdString(), "' ", colourText(h.colour), " threshold ",
         h.threshold, " motion ", h.motion, " frame ", h.frame, " wmin ", h.wminFrames, " node ",
         position(h.nodePosition));
  }
  for (const NodeState& n : s.nodes) {
    std::ostringstream parts;
    for (const ExampleState& e : n.examples)
      parts << " " << e.motion << ":" << e.beginFrame << "-" << e.endFrame;
    parts << " metrics";
    for (const std::string& m : n.metrics) parts << " " << m;
    line("node id ", n.id, " '", n.name, "' examples", parts.str(), " canvas ", n.canvasX, ",",
         n.canvasY, n.built ? " built" : "");
  }
  for (const EdgeState& e : s.edges) {
    line("edge id ", e.id, " ", e.source, "->", e.target, " t_good ", e.thresholds.tGood, " t_bad ",
         e.thresholds.tBad, " epsilon ", e.thresholds.epsilon, " n_s ", e.sourceSamples, " n_t ",
         e.targetSamples, " regions ", e.sourceRegionBegin, "-", e.sourceRegionEnd, " ",
         e.targetRegionBegin, "-", e.targetRegionEnd, " seed ", e.seed, " sampling ", e.sampling,
         e.classified ? " classified" : "");
  }
  for (const SubgraphKeySpec& k : s.keys) {
    line("key id ", k.id, " '", k.name.toStdString(), "' ", colourText(k.colour), " motion ",
         k.motion, " ", k.beginSeconds, "-", k.endSeconds, " s");
  }
  const SubgraphSettings& g = s.subgraph;
  line("subgraph requirement ", g.requirement, " gamma ", g.gamma, " alpha ", g.alpha,
       " frame_cost ", g.frameCost, " entry ", g.entryFrames, " strict ", g.strict, " from_core ",
       g.fromCore, " threshold ", g.thresholdM2, " iterations ", g.maxIterations);
  for (const SubgraphChoice& c : s.choices)
    line("choice motion ", c.motion, " ", c.beginSeconds, "-", c.endSeconds, " s");
  line("field task ", s.field.task, " k ", s.field.k, " compression ", s.field.compression);
  return lines;
}

// The lines of `expected` and `actual` with "-" (only expected) and "+" (only actual) marks, by
// a longest common subsequence; empty when they are equal.
inline std::string lineDiff(const std::vector<std::string>& expected,
                            const std::vector<std::string>& actual) {
  const size_t n = expected.size(), m = actual.size();
  std::vector<std::vector<int>> lcs(n + 1, std::vector<int>(m + 1, 0));
  for (size_t i = n; i-- > 0;) {
    for (size_t j = m; j-- > 0;) {
      lcs[i][j] =
          expected[i] == actual[j] ? lcs[i + 1][j + 1] + 1 : std::max(lcs[i + 1][j], lcs[i][j + 1]);
    }
  }
  std::string out;
  bool differs = false;
  size_t i = 0, j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && expected[i] == actual[j]) {
      out += "    " + expected[i] + "\n", ++i, ++j;
    } else if (j < m && (i == n || lcs[i][j + 1] >= lcs[i + 1][j])) {
      out += "  + " + actual[j] + "\n", ++j, differs = true;
    } else {
      out += "  - " + expected[i] + "\n", ++i, differs = true;
    }
  }
  return differs ? out : std::string();
}

}  // namespace mg::test
