// SPDX-License-Identifier: MIT
#include "core/dmg/dmg_builder.h"

#include <algorithm>
#include <cmath>

#include "core/metric/grid_minima.h"
#include "core/util/stopwatch.h"

namespace mg {

Status DmgBuildSettings::validate() const {
  if (Status s = metric.validate(); !s) return s;
  MinimaSettings minima{threshold, excludeDiagonalFrames};
  if (Status s = minima.validate(); !s) return Error{"motion graph: " + s.error().message};
  if (Status s = grid.validate(); !s) return s;
  return Status::success();
}

Result<DmgBuildResult> buildDatabaseMotionGraph(std::span<const Motion* const> motions,
                                                const DmgBuildSettings& settings,
                                                const Progress& progress) {
  if (Status s = settings.validate(); !s) return s.error();
  Stopwatch clock;
  Result<FrameSet> frames = buildFrameSet(motions, settings.metric);
  if (!frames) return frames.error();
  std::vector<std::vector<PoseGlitch>> glitches;
  std::vector<std::uint8_t> leftOut;
  if (!settings.keepGlitches) {
    for (size_t m = 0; m < motions.size(); ++m) {
      glitches.push_back(findPoseGlitches(*motions[m]));
      const std::vector<std::uint8_t> frameFlags =
          glitchFramesAtRate(*motions[m], glitches.back(), frames->settings.workingFps,
                             frames->motions[m].frameCount());
      leftOut.insert(leftOut.end(), frameFlags.begin(), frameFlags.end());
    }
  }
  const double framesSeconds = clock.seconds();
  progress.report(0.05);
  Result<DmgBuildResult> result =
      buildDatabaseMotionGraph(frames.value(), settings, progress, leftOut);
  if (result) {
    result->stats.framesSeconds = framesSeconds;
    result->glitches = std::move(glitches);
  }
  return result;
}

Result<DmgBuildResult> buildDatabaseMotionGraph(const FrameSet& frames,
                                                const DmgBuildSettings& settings,
                                                const Progress& progress,
                                                std::span<const std::uint8_t> leftOut) {
  if (Status s = settings.validate(); !s) return s.error();
  if (frames.frameCount() == 0) return Error{"motion graph: no frames"};
  if (!leftOut.empty() && static_cast<int>(leftOut.size()) != frames.frameCount()) {
    return Error{"motion graph: " + std::to_string(leftOut.size()) + " left-out flags for " +
                 std::to_string(frames.frameCount()) + " frames"};
  }
  DmgBuildResult result;
  DmgBuildStats& stats = result.stats;
  stats.databaseFrames = frames.frameCount();
  Stopwatch clock;

  GridMinimaJob job;
  job.rows = &frames;
  job.minima = {settings.threshold, settings.excludeDiagonalFrames};
  job.options = settings.grid;
  if (progress.cancelled()) return Error{"motion graph cancelled"};
  Result<std::vector<GridMinimum>> minima = streamGridMinima(job, progress.slice(0.05, 0.95));
  if (!minima) {
    return Error{progress.cancelled() ? "motion graph cancelled" : minima.error().message};
  }
  stats.minima = static_cast<int>(minima->size());
  stats.minimaSeconds = clock.seconds();
  clock.restart();

  // Vertices: every database frame, numbered as the frame set numbers them.
  const int n = frames.frameCount();
  std::vector<int> motionFrames(frames.motions.size());
  std::vector<DmgVertex> vertices(n);
  for (size_t m = 0; m < frames.motions.size(); ++m) {
    const Clip& c = frames.motions[m];
    motionFrames[m] = c.frameCount();
    for (int f = c.beginFrame; f < c.endFrame; ++f)
      vertices[f] = {static_cast<int>(m), f - c.beginFrame};
  }
  auto out = [&](int f) { return !leftOut.empty() && leftOut[f]; };
  stats.glitchFramesLeftOut = static_cast<int>(std::count(leftOut.begin(), leftOut.end(), 1));
  // Both frames in one motion and neither left out.
  auto sameMotion = [&](int a, int b) {
    return b >= 0 && b < n && frames.frameMotion[a] == frames.frameMotion[b] && !out(a) && !out(b);
  };
  std::vector<DmgEdgeInput> edges;
  edges.reserve(static_cast<size_t>(n) + 2 * minima->size());
  for (int f = 0; f + 1 < n; ++f) {
    if (sameMotion(f, f + 1)) edges.push_back({f, f + 1, DmgEdgeKind::Natural, 0.0f, 0.0f});
  }
  const float threshold = static_cast<float>(settings.threshold);
  for (const GridMinimum& g : minima.value()) {
    const float cost = std::clamp(g.distance / threshold, 0.0f, 1.0f);
    if (out(g.row) || out(g.col)) continue;
    if (sameMotion(g.col, g.col + 1)) {
      edges.push_back({g.row, g.col + 1, DmgEdgeKind::Transition, cost, g.distance});
    }
    if (sameMotion(g.row, g.row + 1)) {
      edges.push_back({g.col, g.row + 1, DmgEdgeKind::Transition, cost, g.distance});
    }
  }
  minima = std::vector<GridMinimum>{};  // free the minima before the graph copies
  Result<DatabaseMotionGraph> full =
      DatabaseMotionGraph::create(frames.settings.workingFps, motionFrames, vertices, edges);
  if (!full) return full.error();
  edges = {};
  stats.verticesBeforePrune = full->vertexCount();
  stats.edgesBeforePrune = full->edgeCount();
  stats.transitionsBeforePrune = full->transitionCount();
  if (settings.pruneToLargestComponent) {
    result.graph = largestComponentDmg(full.value());
    if (result.graph.vertexCount() < 2 || result.graph.edgeCount() == 0) {
      return Error{
          "motion graph: the largest strongly connected component has no edges; raise "
          "the threshold (" +
          std::to_string(settings.threshold) + " m^2)"};
    }
  } else if (stats.glitchFramesLeftOut > 0) {
    std::vector<bool> keep(n);
    for (int f = 0; f < n; ++f) keep[f] = !out(f);
    result.graph = inducedDmg(full.value(), keep);
  } else {
    result.graph = std::move(full.value());
  }
  stats.graphSeconds = clock.seconds();
  progress.report(1.0);
  return result;
}

}  // namespace mg
