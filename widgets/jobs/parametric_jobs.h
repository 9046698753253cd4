// SPDX-License-Identifier: MIT
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <QString>

#include "core/param/parametric_edge.h"
#include "core/param/parametric_node.h"
#include "core/param/time_warp.h"
#include "core/param/transition_grid.h"
#include "widgets/document/parametric_document.h"
#include "widgets/jobs/job_slot.h"

namespace mg {

class Project;

// Background work of the parametric editor. Each *Job struct is an immutable snapshot of its
// inputs (shared motions and nodes, copied settings), so it may run on a pool thread while the
// document changes; run*() reports progress through `context` and stops when it is cancelled.
// Results carry an error text instead of a value on failure.

// Registers the examples and builds the node (registerExamples + buildParametricNode).
struct NodeBuildJob {
  std::string name;
  std::vector<ExampleSegment> segments;
  RegistrationSettings registration;
  std::vector<ParameterMetric> metrics;
  InversionSettings inversion;
  // Non-empty when an example's motion file is missing (MotionFile::missing): the node is not
  // built and this is its error.
  QString setAsideReason;

  // The snapshot of `entry`'s examples in `project` (a motion no longer in the project leaves a
  // null segment, which registration reports; a missing file sets setAsideReason).
  static NodeBuildJob from(const ParamNodeEntry& entry, const Project& project);
};
struct NodeBuildResult {
  std::shared_ptr<const ParametricNode> node;
  QString error;
};
void runNodeBuild(JobContext<NodeBuildResult>& context, const NodeBuildJob& job);

// The expensive stage of an edge (sampleEdge).
struct EdgeSampleJob {
  std::shared_ptr<const ParametricNode> source, target;
  EdgeSamplingSettings settings;
};
struct EdgeSampleResult {
  std::shared_ptr<const EdgeSampling> sampling;
  QString error;
};
void runEdgeSampling(JobContext<EdgeSampleResult>& context, const EdgeSampleJob& job);

// Segments of the project's motions similar to one segment (findSimilarSegments).
struct SimilarSegmentsJob {
  std::shared_ptr<const Motion> query;
  int queryBegin = 0, queryEnd = 0;
  std::vector<std::pair<int, std::shared_ptr<const Motion>>> database;  // (MotionId, motion)
  MetricSettings metric;
  int maxResults = 12;
};
struct SimilarSegmentsResult {
  std::vector<ParamExample> segments;  // best first
  std::vector<double> costs;
  QString error;
};
void runSimilarSegments(JobContext<SimilarSegmentsResult>& context, const SimilarSegmentsJob& job);

// The transition distance grid of one (source, target) pair (computeTransitionGrid).
struct TransitionGridJob {
  std::shared_ptr<const ParametricNode> source, target;
  ParameterVector sourceParameter{}, targetParameter{};
  EdgeSamplingSettings settings;
};
struct TransitionGridResult {
  std::shared_ptr<const TransitionGrid> grid;
  QString error;
};
void runTransitionGrid(JobContext<TransitionGridResult>& context, const TransitionGridJob& job);

}  // namespace mg
