// SPDX-License-Identifier: MIT
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include <QString>

#include "core/metric/frame_set.h"
#include "core/metric/metric_settings.h"
#include "core/motion/foot_contacts.h"
#include "core/snap/cut_quality.h"
#include "core/snap/hub_graph.h"
#include "core/snap/snap_job.h"
#include "core/util/progress.h"
#include "widgets/document/hub_list.h"

namespace mg {

class Project;

// What the Snap-Together derivation reads from the document: copies, so it can run on a worker.
struct SnapPipelineInput {
  std::vector<MotionId> motionIds;                         // project order
  std::vector<std::shared_ptr<const Motion>> motions;      // as imported (file rate)
  MetricSettings metric;
  std::vector<HubSpec> hubs;                               // creation order
  bool snap = true;                                        // run SnapJob after the graph
};

// Everything derived from the hubs (ALGORITHMS.md section 2). Indices into `working` are the
// FrameRef motions of `graph`; graph hub i is document hub graphHubs[i].
struct SnapPipelineState {
  int stage = 0;   // 1: match sets and graph; 2: also snapped (or the snap failed, see snapError)
  QString error;   // the graph could not be derived (empty on success)
  QString snapError;
  std::vector<MotionId> motionIds;
  std::vector<std::shared_ptr<const Motion>> working;  // resampled to metric.workingFps
  std::shared_ptr<const FrameSet> frames;              // the metric's frames of `working`
  std::vector<FootContacts> contacts;                  // plants of each working motion
  std::vector<HubId> graphHubs;                        // graph hub index -> document hub
  std::vector<HubId> emptyHubs;                        // hubs whose match set is empty
  HubGraph graph;
  std::vector<int> deadEnds;                           // graph hub indices, ascending
  std::shared_ptr<const SnapResult> snapped;           // stage 2 on success
  std::optional<CutQuality> cutsBefore, cutsAfter;     // stage 2
  double skateBeforeMps = 0, skateAfterMps = 0;        // mean planted-foot speed, stage 2

  int motionIndex(MotionId id) const;      // index into working, or -1
  int graphHubIndex(HubId id) const;       // index into graph.hubs, or -1
};

// Copies the document's inputs (UI thread).
SnapPipelineInput snapPipelineInput(const Project& project);

// The distances D(query, .) of one frame to every frame of every motion of `frames`.
std::vector<std::vector<float>> queryRows(const FrameSet& frames, const FrameRef& query);

// The match set of a query from its rows (MatchSetJob), skipping frames near `excluded`.
Result<std::vector<MatchCandidate>> matchSetFromRows(const std::vector<std::vector<float>>& rows,
                                                     double threshold, int wminFrames,
                                                     std::span<const FrameRef> excluded);

// Runs the derivation: resample, frame set, contacts, match sets (in hub order, each skipping
// the frames of the hubs before it), makeHub, buildHubGraph, dead ends; calls `report` with the
// stage-1 state; then, if input.snap and the graph has edges, SnapJob, cut quality and skate,
// and calls `report` again with stage 2. Polls `progress` between steps; returns early when
// cancelled. Thread-safe: touches only its input.
void runSnapPipeline(const SnapPipelineInput& input, const Progress& progress,
                     const std::function<void(const SnapPipelineState&)>& report);

// The pruned, playable form of `graph` (pruneDeadEnds) and, per pruned edge, the edge of `graph`
// it came from.
struct PlayableGraph {
  HubGraph graph;
  std::vector<int> originalEdge;
  std::vector<int> originalHub;
};
PlayableGraph playableGraph(const HubGraph& graph);

}  // namespace mg
