// SPDX-License-Identifier: MIT
#include "core/param/transition_grid.h"

#include <algorithm>
#include <cmath>

namespace mg {
namespace {

// The region [begin, end] (normalised) of a clip with `half` frames of context on each side.
struct Region {
  int first = 0, last = 0, sliceBegin = 0, sliceEnd = 0;
};

Region regionOf(int frames, double begin, double end, int half) {
  Region r;
  r.first = static_cast<int>(std::lround(begin * (frames - 1)));
  r.last = std::max(r.first, static_cast<int>(std::lround(end * (frames - 1))));
  r.sliceBegin = std::max(0, r.first - half);
  r.sliceEnd = std::min(frames, r.last + half + 1);
  return r;
}

}  // namespace

Result<TransitionGrid> computeTransitionGrid(const ParametricNode* source,
                                             const ParameterVector& ls,
                                             const ParametricNode* target,
                                             const ParameterVector& lt,
                                             const EdgeSamplingSettings& settings) {
  EdgeSamplingJob job;
  job.source = source;
  job.target = target;
  job.settings = settings;
  if (Status s = job.validate(); !s) return s.error();
  Motion a, b;
  if (Status s = source->clipFor(ls, a); !s) return s.error();
  if (Status s = target->clipFor(lt, b); !s) return s.error();
  const int half = settings.metric.windowFrames / 2;
  const Region ra =
      regionOf(a.frameCount(), settings.sourceRegionBegin, settings.sourceRegionEnd, half);
  const Region rb =
      regionOf(b.frameCount(), settings.targetRegionBegin, settings.targetRegionEnd, half);
  const Motion sa = sliceFrames(a, ra.sliceBegin, ra.sliceEnd);
  const Motion sb = sliceFrames(b, rb.sliceBegin, rb.sliceEnd);
  MetricSettings metric = settings.metric;
  metric.workingFps = source->space().fps;
  Result<FrameSet> rows = buildFrameSet(sa, metric);
  if (!rows) return rows.error();
  Result<FrameSet> cols = buildFrameSet(sb, metric);
  if (!cols) return cols.error();
  DistanceGridJob gridJob;
  gridJob.rows = &rows.value();
  gridJob.cols = &cols.value();
  gridJob.options.threads = settings.threads;
  Result<DistanceGrid> full = computeDistanceGrid(gridJob);
  if (!full) return full.error();

  TransitionGrid out;
  out.sourceFirstFrame = ra.first;
  out.targetFirstFrame = rb.first;
  out.sourceFrames = a.frameCount();
  out.targetFrames = b.frameCount();
  out.grid.rows = ra.last - ra.first + 1;
  out.grid.cols = rb.last - rb.first + 1;
  out.grid.values.resize(static_cast<size_t>(out.grid.rows) * out.grid.cols);
  out.bestDistance = 3.4e38f;
  for (int i = 0; i < out.grid.rows; ++i) {
    for (int j = 0; j < out.grid.cols; ++j) {
      const float d =
          std::max(0.0f, full->at(ra.first - ra.sliceBegin + i, rb.first - rb.sliceBegin + j));
      out.grid.values[static_cast<size_t>(i) * out.grid.cols + j] = d;
      if (d < out.bestDistance) out.bestDistance = d, out.bestRow = i, out.bestCol = j;
    }
  }
  out.sourceTime = static_cast<double>(ra.first + out.bestRow) / std::max(1, out.sourceFrames - 1);
  out.targetTime = static_cast<double>(rb.first + out.bestCol) / std::max(1, out.targetFrames - 1);
  out.alignment = frameDistance(*rows, ra.first - ra.sliceBegin + out.bestRow, *cols,
                                rb.first - rb.sliceBegin + out.bestCol);
  return out;
}

}  // namespace mg
