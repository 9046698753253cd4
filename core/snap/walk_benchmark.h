// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "core/motion/motion.h"
#include "core/snap/hub_graph.h"
#include "core/util/result.h"

namespace mg {

// Figures of one timed random walk (for `mgtool bench walk`; benchmarks print, never fail).
struct WalkBenchmarkResult {
  long long frames = 0;          // poses produced
  long long cuts = 0;            // edges taken
  double seconds = 0.0;          // wall-clock time of the walk only, on the calling thread
  double framesPerSecond = 0.0;  // frames / seconds
  double checksum = 0.0;         // sum of root x + z, so the work cannot be optimised away
};

// Times a RandomWalkStream of `frames` poses on the calling thread (one core), from hub
// `startHub` with `seed`. With `forwardKinematics`, every pose is also turned into world joint
// positions (what a viewport needs). Fails when the graph or motions do not validate, frames < 1,
// startHub is out of range, or the walk reaches a dead end before `frames` poses (prune first).
Result<WalkBenchmarkResult> benchmarkRandomWalk(
    const HubGraph& graph, const std::vector<std::shared_ptr<const Motion>>& motions,
    long long frames, int startHub, std::uint64_t seed, bool forwardKinematics);

}  // namespace mg
