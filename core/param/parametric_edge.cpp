// SPDX-License-Identifier: MIT
#include "core/param/parametric_edge.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <random>

#include "core/metric/distance_tile_engine.h"
#include "core/util/parallel_for.h"
#include "core/util/stopwatch.h"
#include "core/util/uniform01.h"

namespace mg {

Status EdgeThresholds::validate() const {
  if (!std::isfinite(tGood) || !std::isfinite(tBad) || !std::isfinite(epsilon)) {
    return Error{"edge thresholds: T_GOOD, T_BAD and epsilon must be finite"};
  }
  if (tGood < 0) return Error{"edge thresholds: T_GOOD must be >= 0"};
  if (tGood > tBad) {
    return Error{"edge thresholds: T_GOOD (" + std::to_string(tGood) + ") is above T_BAD (" +
                 std::to_string(tBad) + ")"};
  }
  if (!(epsilon > 0)) return Error{"edge thresholds: epsilon must be > 0"};
  return Status::success();
}

Status EdgeSamplingSettings::validate() const {
  if (sourceSamples < 1 || sourceSamples > 100000) {
    return Error{"edge: n_s = " + std::to_string(sourceSamples) + "; use 1 to 100000"};
  }
  if (targetSamples < 1 || targetSamples > 100000) {
    return Error{"edge: n_t = " + std::to_string(targetSamples) + "; use 1 to 100000"};
  }
  if (static_cast<long long>(sourceSamples) * targetSamples > 10'000'000) {
    return Error{"edge: n_s x n_t = " +
                 std::to_string(static_cast<long long>(sourceSamples) * targetSamples) +
                 " pairs; at most 10,000,000 are kept"};
  }
  auto region = [](double b, double e) { return b >= 0 && b < e && e <= 1; };
  if (!region(sourceRegionBegin, sourceRegionEnd)) {
    return Error{"edge: the source end region must satisfy 0 <= begin < end <= 1"};
  }
  if (!region(targetRegionBegin, targetRegionEnd)) {
    return Error{"edge: the target start region must satisfy 0 <= begin < end <= 1"};
  }
  if (threads < 0) return Error{"edge: negative thread count"};
  if (Status s = metric.validate(); !s) return Error{"edge: " + s.error().message};
  return Status::success();
}

Status EdgeSamplingJob::validate() const {
  if (!source || !target) return Error{"edge: source or target node missing"};
  if (Status s = settings.validate(); !s) return s;
  if (!source->space().skeleton->sameHierarchy(*target->space().skeleton)) {
    return Error{"edge " + source->name() + " -> " + target->name() +
                 ": the nodes' skeletons differ (mismatched skeletons)"};
  }
  return Status::success();
}

namespace {

std::vector<ParameterVector> drawParameters(const ParametricNode& node, int count,
                                            std::mt19937_64& rng) {
  std::vector<ParameterVector> out(count);
  for (ParameterVector& l : out) {
    for (int d = 0; d < node.dimensions(); ++d) {
      l[d] = node.rangeMin()[d] + uniform01(rng) * (node.rangeMax()[d] - node.rangeMin()[d]);
    }
  }
  return out;
}

// The region of one clip that enters the batched grid: frames [sliceBegin, sliceEnd) of the clip,
// of which [regionBegin, regionEnd] (clip frames) are compared; the rest give the windows context.
struct RegionSlice {
  int clipFrames = 0, sliceBegin = 0, regionBegin = 0, regionEnd = 0;
};

Result<std::vector<Motion>> regionSlices(const ParametricNode& node,
                                         const std::vector<ParameterVector>& params, double begin,
                                         double end, int halfWindow, int threads,
                                         std::vector<RegionSlice>& regions) {
  const int n = static_cast<int>(params.size());
  std::vector<Motion> slices(n);
  regions.assign(n, {});
  std::vector<std::string> errors(n);
  const int workers = effectiveThreadCount(n, threads);
  std::vector<Motion> clips(workers);
  parallelFor(n, workers, [&](int i, int worker) {
    Motion& clip = clips[worker];
    if (Status s = node.clipFor(params[i], clip); !s) {
      errors[i] = s.error().message;
      return;
    }
    const int frames = clip.frameCount();
    RegionSlice& r = regions[i];
    r.clipFrames = frames;
    r.regionBegin = static_cast<int>(std::lround(begin * (frames - 1)));
    r.regionEnd = std::max(r.regionBegin, static_cast<int>(std::lround(end * (frames - 1))));
    r.sliceBegin = std::max(0, r.regionBegin - halfWindow);
    const int sliceEnd = std::min(frames, r.regionEnd + halfWindow + 1);
    slices[i] = sliceFrames(clip, r.sliceBegin, sliceEnd);
  });
  for (const std::string& e : errors) {
    if (!e.empty()) return Error{"edge: " + e};
  }
  return slices;
}

// Per frame of a batched set: which sample it belongs to and which clip frame it is, or -1 for
// a context frame outside the region.
void frameMap(const FrameSet& set, const std::vector<RegionSlice>& regions,
              std::vector<int>& sample, std::vector<int>& clipFrame) {
  sample.assign(set.frameCount(), -1);
  clipFrame.assign(set.frameCount(), -1);
  for (size_t m = 0; m < set.motions.size(); ++m) {
    const Clip& c = set.motions[m];
    const RegionSlice& r = regions[m];
    for (int f = c.beginFrame; f < c.endFrame; ++f) {
      const int frame = r.sliceBegin + (f - c.beginFrame);
      if (frame < r.regionBegin || frame > r.regionEnd) continue;
      sample[f] = static_cast<int>(m);
      clipFrame[f] = frame;
    }
  }
}

struct PairBest {
  float distance = 3.4e38f;
  int row = 0, col = 0;  // frames of the batched sets
};

}  // namespace

Result<EdgeSampling> sampleEdge(const EdgeSamplingJob& job, const Progress& progress) {
  if (Status s = job.validate(); !s) return s.error();
  Stopwatch clock;
  const EdgeSamplingSettings& st = job.settings;
  EdgeSampling out;
  out.sourceNode = job.source->name();
  out.targetNode = job.target->name();
  out.sourceDims = job.source->dimensions();
  out.targetDims = job.target->dimensions();
  out.settings = st;
  out.settings.metric.workingFps = job.source->space().fps;  // the rate the grids are computed at
  for (int d = 0; d < out.targetDims; ++d) {
    const double w = job.target->rangeMax()[d] - job.target->rangeMin()[d];
    out.targetScale[d] = w > 1e-12 ? w : 1.0;
  }
  std::mt19937_64 rng(st.seed);
  out.sourceParameters = drawParameters(*job.source, st.sourceSamples, rng);
  out.targetParameters = drawParameters(*job.target, st.targetSamples, rng);

  const int h = st.metric.windowFrames / 2;
  std::vector<RegionSlice> srcRegions, tgtRegions;
  Result<std::vector<Motion>> srcSlices =
      regionSlices(*job.source, out.sourceParameters, st.sourceRegionBegin, st.sourceRegionEnd, h,
                   st.threads, srcRegions);
  if (!srcSlices) return srcSlices.error();
  Result<std::vector<Motion>> tgtSlices =
      regionSlices(*job.target, out.targetParameters, st.targetRegionBegin, st.targetRegionEnd, h,
                   st.threads, tgtRegions);
  if (!tgtSlices) return tgtSlices.error();
  if (progress.cancelled()) return Error{"edge sampling cancelled"};

  MetricSettings metric = st.metric;
  metric.workingFps = job.source->space().fps;
  auto pointers = [](const std::vector<Motion>& v) {
    std::vector<const Motion*> p;
    for (const Motion& m : v) p.push_back(&m);
    return p;
  };
  const std::vector<const Motion*> srcPtr = pointers(*srcSlices), tgtPtr = pointers(*tgtSlices);
  Result<FrameSet> rows = buildFrameSet(srcPtr, metric);
  if (!rows) return Error{"edge: " + rows.error().message};
  Result<FrameSet> cols = buildFrameSet(tgtPtr, metric);
  if (!cols) return Error{"edge: " + cols.error().message};
  std::vector<int> rowSample, rowFrame, colSample, colFrame;
  frameMap(*rows, srcRegions, rowSample, rowFrame);
  frameMap(*cols, tgtRegions, colSample, colFrame);

  GridOptions options;
  options.threads = st.threads;
  Result<DistanceTileEngine> engine = DistanceTileEngine::create(*rows, &cols.value(), options);
  if (!engine) return Error{"edge: " + engine.error().message};
  const int ns = st.sourceSamples, nt = st.targetSamples;
  const int tiles = engine->tileCount();
  const int workers = effectiveThreadCount(tiles, st.threads);
  std::vector<std::vector<PairBest>> best(workers,
                                          std::vector<PairBest>(static_cast<size_t>(ns) * nt));
  std::vector<DistanceTileEngine::Scratch> scratch(workers);
  std::vector<std::vector<float>> buffers(workers);
  std::atomic<int> done{0};
  parallelFor(tiles, workers, [&](int index, int worker) {
    if (progress.cancelled()) return;
    const TileRect r = engine->tile(index);
    std::vector<float>& buf = buffers[worker];
    buf.resize(static_cast<size_t>(r.rowCount()) * r.colCount());
    engine->computeTile(index, scratch[worker], buf.data(), r.colCount());
    std::vector<PairBest>& mine = best[worker];
    for (int i = 0; i < r.rowCount(); ++i) {
      const int row = r.rowBegin + i;
      const int s = rowSample[row];
      if (s < 0) continue;
      PairBest* line = mine.data() + static_cast<size_t>(s) * nt;
      const float* d = buf.data() + static_cast<size_t>(i) * r.colCount();
      for (int j = 0; j < r.colCount(); ++j) {
        const int col = r.colBegin + j;
        const int t = colSample[col];
        if (t < 0) continue;
        // Strictly smaller wins; rows then columns are visited in increasing order within a tile
        // and ties across tiles are settled in the merge, so the result is deterministic.
        PairBest& b = line[t];
        if (d[j] < b.distance ||
            (d[j] == b.distance && (row < b.row || (row == b.row && col < b.col)))) {
          b = {d[j], row, col};
        }
      }
    }
    progress.report(static_cast<double>(done.fetch_add(1) + 1) / tiles);
  });
  if (progress.cancelled()) return Error{"edge sampling cancelled"};

  const size_t pairs = static_cast<size_t>(ns) * nt;
  out.minimum.resize(pairs);
  out.sourceTime.resize(pairs);
  out.targetTime.resize(pairs);
  for (size_t p = 0; p < pairs; ++p) {
    PairBest b = best[0][p];
    for (int w = 1; w < workers; ++w) {
      const PairBest& o = best[w][p];
      if (o.distance < b.distance ||
          (o.distance == b.distance && (o.row < b.row || (o.row == b.row && o.col < b.col)))) {
        b = o;
      }
    }
    const RegionSlice& sr = srcRegions[p / nt];
    const RegionSlice& tr = tgtRegions[p % nt];
    out.minimum[p] = std::max(0.0f, b.distance);
    out.sourceTime[p] = static_cast<float>(rowFrame[b.row]) / std::max(1, sr.clipFrames - 1);
    out.targetTime[p] = static_cast<float>(colFrame[b.col]) / std::max(1, tr.clipFrames - 1);
  }
  out.seconds = clock.seconds();
  return out;
}

Result<ParametricEdge> classifyEdge(const EdgeSampling& sampling,
                                    const EdgeThresholds& thresholds) {
  if (Status s = thresholds.validate(); !s) return s.error();
  const int ns = sampling.sourceCount(), nt = sampling.targetCount();
  const size_t pairs = static_cast<size_t>(ns) * nt;
  if (ns == 0 || nt == 0 || sampling.minimum.size() != pairs ||
      sampling.sourceTime.size() != pairs || sampling.targetTime.size() != pairs) {
    return Error{"edge: the cached sampling is empty or inconsistent; sample the edge again"};
  }
  ParametricEdge edge;
  edge.sourceNode = sampling.sourceNode;
  edge.targetNode = sampling.targetNode;
  edge.sourceDims = sampling.sourceDims;
  edge.targetDims = sampling.targetDims;
  edge.thresholds = thresholds;
  edge.classes.resize(pairs);
  edge.samples.resize(ns);
  edge.reports.resize(ns);
  std::vector<ParameterVector> good, bad;
  std::vector<int> goodIndex;
  std::string failures;
  for (int s = 0; s < ns; ++s) {
    good.clear(), bad.clear(), goodIndex.clear();
    SourceSampleReport& rep = edge.reports[s];
    float lowest = 3.4e38f;
    for (int t = 0; t < nt; ++t) {
      const float d = sampling.minimum[sampling.pair(s, t)];
      lowest = std::min(lowest, d);
      TransitionClass c = TransitionClass::Neutral;
      if (d <= thresholds.tGood) {
        c = TransitionClass::Good, ++rep.good;
        good.push_back(sampling.targetParameters[t]);
        goodIndex.push_back(t);
      } else if (d > thresholds.tBad) {
        c = TransitionClass::Bad, ++rep.bad;
        bad.push_back(sampling.targetParameters[t]);
      } else {
        ++rep.neutral;
      }
      edge.classes[sampling.pair(s, t)] = c;
    }
    edge.goodPairs += rep.good, edge.neutralPairs += rep.neutral, edge.badPairs += rep.bad;
    rep.box = shrinkBoxAwayFromBad(good, bad, sampling.targetDims, thresholds.epsilon,
                                   sampling.targetScale);
    rep.empty = rep.box.after.empty;
    if (rep.box.shrunk && !rep.empty) ++edge.shrunkBoxes;
    TransitionSample& ts = edge.samples[s];
    ts.source = sampling.sourceParameters[s];
    if (rep.empty) {
      ++edge.emptyBoxes;
      rep.why = rep.good == 0
                    ? "no GOOD target sample: the best transition distance is " +
                          std::to_string(lowest) + " > T_GOOD " + std::to_string(thresholds.tGood)
                    : "all " + std::to_string(rep.good) +
                          " GOOD target samples lie within epsilon of BAD ones";
      // The first few reasons are enough to act on; every sample's reason is in its report.
      if (edge.emptyBoxes <= 3) {
        failures += (failures.empty() ? "" : "; ") + std::string("source sample ") +
                    std::to_string(s) + " (parameter " + std::to_string(ts.source[0]) +
                    "): " + rep.why;
      }
      continue;
    }
    ts.centre = rep.box.after.centre();
    ts.widths = rep.box.after.widths();
    double src = 0, tgt = 0;
    int inside = 0;
    for (size_t g = 0; g < good.size(); ++g) {
      if (!rep.box.after.contains(good[g])) continue;
      src += sampling.sourceTime[sampling.pair(s, goodIndex[g])];
      tgt += sampling.targetTime[sampling.pair(s, goodIndex[g])];
      ++inside;
    }
    ts.sourceTime = src / inside;
    ts.targetTime = tgt / inside;
  }
  edge.exists = edge.emptyBoxes == 0;
  if (!edge.exists) {
    edge.why =
        "no edge " + edge.sourceNode + " -> " + edge.targetNode + ": " +
        std::to_string(edge.emptyBoxes) + " of " + std::to_string(ns) +
        " source samples have an empty box: " + failures +
        (edge.emptyBoxes > 3 ? "; and " + std::to_string(edge.emptyBoxes - 3) + " more" : "");
  }
  return edge;
}

}  // namespace mg
