// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/metric/distance_tile_engine.h"
#include "core/metric/frame_set.h"
#include "core/metric/metric_settings.h"
#include "core/motion/foot_contacts.h"
#include "core/motion/pose_glitches.h"
#include "core/snap/cut_quality.h"
#include "core/snap/hub_graph.h"
#include "core/snap/hub_suggestion.h"
#include "core/snap/snap_job.h"
#include "core/util/progress.h"

namespace mg {

// The Snap-Together derivation from capture to a snapped hub graph (ALGORITHMS.md section 2), one
// code path for `mgtool snap` and the editor's snap session.

// A hub the author placed: the query frame and its match-set settings.
struct SnapHubRequest {
  std::string name;        // for messages only
  int motion = 0;          // index into SnapPipelineRequest::motions
  int frame = 0;           // at metric.workingFps
  double threshold = 0.0;  // match threshold, kFrameDistanceUnit (m^2), > 0
  int wminFrames = 10;     // >= 2
};

// Hubs chosen by the tool instead (HubGraphBuildJob: dense grid, hub suggestion).
struct SnapSuggestRequest {
  int hubCount = 3;         // >= 1
  double threshold = 0.0;   // m^2; 0 = the `percentile` percentile of the grid
  double percentile = 3.0;  // in (0, 100)
  int wminFrames = 10;      // >= 2
  GridOptions grid;         // threads of the distance grid
};

// What the derivation reads: copies and shared immutable motions, so it can run on any thread.
struct SnapPipelineRequest {
  std::vector<std::shared_ptr<const Motion>> motions;  // as imported (any rate), one hierarchy
  MetricSettings metric;                               // workingFps: the rate everything runs at
  std::vector<SnapHubRequest> hubs;                    // in creation order; ignored with `suggest`
  std::optional<SnapSuggestRequest> suggest;           // set: suggest hubs instead of `hubs`
  bool snap = true;                                    // run SnapJob after the graph
  // Capture glitches (pose_glitches.h) are found in every working motion; unless kept, no match
  // frame lies in or next to one (the author's hubs; wminFrames around each glitch frame) and no
  // clip plays across one (its edge is left out, hubs that only it served become dead ends).
  bool keepGlitches = false;
};

// Everything derived. Indices into `working` are the FrameRef motions of `graph`.
struct SnapPipelineResult {
  int stage = 0;                 // 1: match sets and graph; 2: also snapped (or snapErrorMessage)
  std::string errorMessage;      // the graph could not be derived (empty on success)
  std::string snapErrorMessage;  // stage 2: SnapJob failed (empty on success)
  std::vector<std::shared_ptr<const Motion>> working;  // resampled to metric.workingFps
  std::shared_ptr<const FrameSet> frames;              // the metric's frames of `working`
  std::vector<FootContacts> contacts;                  // plants of each working motion
  std::vector<std::vector<PoseGlitch>> glitches;       // of each working motion, frame order
  int edgesLeftOut = 0;  // clips across a glitch left out of `graph` (not with keepGlitches)
  // Graph hub i came from request.hubs[hubRequestOfGraphHub[i]] (with `suggest`: from
  // suggestions[i]). Requests whose match set is empty (or whose frame is out of range) are
  // listed in emptyHubRequests and have no graph hub.
  std::vector<int> hubRequestOfGraphHub;
  std::vector<int> emptyHubRequests;
  double threshold = 0.0;                  // with `suggest`: the threshold used (m^2)
  std::vector<HubSuggestion> suggestions;  // with `suggest`: one per hub, in order
  HubGraph
      graph;  // not pruned; stage 1: hubs aligned to their base frames by the metric;
              // stage 2 (snapped): SnapResult::graph, the alignments the motions were snapped to
  std::vector<int> deadEnds;                        // graph hub indices, ascending
  std::shared_ptr<const SnapResult> snapped;        // stage 2 on success
  std::optional<CutQuality> cutsBefore, cutsAfter;  // stage 2
  double skateBeforeMps = 0, skateAfterMps = 0;     // mean planted-foot speed, stage 2
  double buildSeconds = 0;  // wall time from the start of runSnapPipeline to this report
};

// One flag per frame of result.frames (empty without frames): 1 in each working motion's
// glitches, the frames the graph kinds built on this result (the subgraph's database motion
// graph) leave out, as the snap graph does.
std::vector<std::uint8_t> glitchFrameFlags(const SnapPipelineResult& result);

// Runs the derivation: resample, contacts, frame set; then either match sets in hub order (each
// skipping the frames of the hubs before it), makeHub, buildHubGraph, or (with `suggest`)
// HubGraphBuildJob; dead ends; calls `report` with the stage-1 result; then, if request.snap and
// the graph has edges, SnapJob, cut quality and skate, and calls `report` again with stage 2.
// A failure is reported once, in errorMessage (stage 1) or snapErrorMessage (stage 2). Polls
// `progress` between steps and inside the grid and SnapJob, reporting stage 1 in [0, 0.5] and
// stage 2 in [0.5, 1]; returns early, without reporting, when cancelled. Thread-safe: touches only
// its request. Fails (errorMessage) when: there are no motions or one is null; a motion cannot be
// resampled; skeletons differ; a hub request names a motion out of range; as MatchSetJob,
// makeHub, buildHubGraph and HubGraphBuildJob.
void runSnapPipeline(const SnapPipelineRequest& request, const Progress& progress,
                     const std::function<void(const SnapPipelineResult&)>& report);

// The distances D(query, .) of one frame to every frame of every motion of `frames`.
std::vector<std::vector<float>> queryRows(const FrameSet& frames, const FrameRef& query);

// The match set of a query from its rows (MatchSetJob), skipping frames near `excluded`.
Result<std::vector<MatchCandidate>> matchSetFromRows(const std::vector<std::vector<float>>& rows,
                                                     double threshold, int wminFrames,
                                                     std::span<const FrameRef> excluded);

// The pruned, playable form of `graph` (pruneDeadEnds) and, per pruned hub and edge, the hub and
// edge of `graph` it came from.
struct PlayableGraph {
  HubGraph graph;
  std::vector<int> originalEdge;
  std::vector<int> originalHub;
};
PlayableGraph playableGraph(const HubGraph& graph);

}  // namespace mg
