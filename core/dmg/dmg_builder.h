// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/dmg/database_motion_graph.h"
#include "core/metric/distance_tile_engine.h"
#include "core/metric/frame_set.h"
#include "core/motion/motion.h"
#include "core/motion/pose_glitches.h"
#include "core/util/progress.h"
#include "core/util/result.h"

namespace mg {

// How a database motion graph is built.
//
// Transition edges: the streaming local minima of the database's self distance grid
// (core/metric/grid_minima.h: no N x N matrix, so 87,000 frames fit in memory) with distance
// below `threshold`. A minimum at cells (i, j), i < j, says frames i and j look alike, so the
// graph may continue after i as it would after j and vice versa: edges i -> j + 1 and
// j -> i + 1, each only where that next frame exists in the same motion. Both cost
// c_t = distance / threshold, in [0, 1) (0 = identical poses, 1 = at the threshold).
//
// Frames left out (capture glitches, core/motion/pose_glitches.h, unless kept) get no edge: no
// natural edge into or out of them and no transition from or to them, so no walk plays across
// one; pruning then drops them (without pruning they are left out of the graph all the same).
struct DmgBuildSettings {
  MetricSettings metric;                // the frame distance, including the working rate
  double threshold = 0.0;               // m^2 (kFrameDistanceUnit); > 0
  int excludeDiagonalFrames = 15;       // within one motion, no transition between frames closer
                                        // than this (they are neighbours, not a transition); >= 1
  bool pruneToLargestComponent = true;  // keep only the largest strongly connected component
  GridOptions grid;                     // tiles and threads of the distance computation
  bool keepGlitches = false;            // build from motions: also from their glitch frames

  // Fails when: the metric settings, threshold, diagonal exclusion or grid options are invalid.
  Status validate() const;
};

// What building took, for reports and benchmarks.
struct DmgBuildStats {
  int databaseFrames = 0;  // frames at the working rate before pruning
  int minima = 0;          // local minima under the threshold
  int verticesBeforePrune = 0;
  int edgesBeforePrune = 0;
  int transitionsBeforePrune = 0;
  int glitchFramesLeftOut = 0;  // database frames left out (glitches), before pruning
  double framesSeconds = 0.0;   // resampling and forward kinematics (buildFrameSet)
  double minimaSeconds = 0.0;   // the streaming distance grid and its minima
  double graphSeconds = 0.0;    // edges, CSR, strongly connected components, pruning
};

struct DmgBuildResult {
  DatabaseMotionGraph graph;
  DmgBuildStats stats;
  // Building from motions: the glitches found in each (in its own frames); empty when kept.
  std::vector<std::vector<PoseGlitch>> glitches;
};

// Builds the DMG of `motions` (in order; vertex motion indices refer to this order). Each motion
// is resampled to settings.metric.workingFps. Progress: 0-5% frames, 5-95% minima, the rest the
// graph; cancellable per tile. Unless settings.keepGlitches, each motion's glitch frames
// (findPoseGlitches, carried to the working rate by glitchFramesAtRate) are left out. Fails when:
// the settings are invalid; buildFrameSet fails (no motions, an invalid motion, mixed skeletons:
// the message names the motion); cancelled; the pruned graph would be empty.
Result<DmgBuildResult> buildDatabaseMotionGraph(std::span<const Motion* const> motions,
                                                const DmgBuildSettings& settings,
                                                const Progress& progress = {});

// The same from frames already prepared (for instance generated ones); `frames.settings` is used
// in place of settings.metric and settings.keepGlitches is not looked at: `leftOut` (one flag per
// frame of `frames`, or empty for none) names the frames to leave out. Fails also when leftOut
// has another size.
Result<DmgBuildResult> buildDatabaseMotionGraph(const FrameSet& frames,
                                                const DmgBuildSettings& settings,
                                                const Progress& progress = {},
                                                std::span<const std::uint8_t> leftOut = {});

}  // namespace mg
