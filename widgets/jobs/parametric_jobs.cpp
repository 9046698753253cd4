// SPDX-License-Identifier: MIT
#include "widgets/jobs/parametric_jobs.h"

#include <atomic>

#include "core/metric/frame_set.h"
#include "widgets/document/project.h"

namespace mg {

namespace {

constexpr int kSteps = 1000;

// Core progress for a promise: reports into 0..kSteps and turns a cancelled promise into the
// core's cancel flag (checked on every report, which the core makes per row or tile).
template <class T>
Progress progressFor(QPromise<T>& promise, std::atomic<bool>& cancel, double from = 0.0, double to = 1.0) {
  promise.setProgressRange(0, kSteps);
  return Progress(&cancel, [&promise, &cancel, from, to](double f) {
    if (promise.isCanceled()) cancel = true;
    promise.setProgressValue(static_cast<int>((from + (to - from) * f) * kSteps));
  });
}

QString text(const Error& e) { return QString::fromStdString(e.message); }

}  // namespace

NodeBuildJob NodeBuildJob::from(const ParamNodeEntry& entry, const Project& project) {
  NodeBuildJob job;
  job.name = entry.name;
  job.registration = entry.registration;
  job.metrics = entry.metrics;
  job.inversion = entry.inversion;
  for (const ParamExample& ex : entry.examples) {
    job.segments.push_back({project.motion(ex.motion), ex.beginFrame, ex.endFrame});
  }
  return job;
}

void runNodeBuild(QPromise<NodeBuildResult>& promise, const NodeBuildJob& job) {
  std::atomic<bool> cancel{false};
  Result<ParametricSpace> space =
      registerExamples(job.segments, job.registration, progressFor(promise, cancel, 0.0, 0.5));
  if (promise.isCanceled()) return;
  if (!space) {
    promise.addResult(NodeBuildResult{nullptr, text(space.error())});
    return;
  }
  auto shared = std::make_shared<const ParametricSpace>(std::move(space.value()));
  Result<ParametricNode> node =
      buildParametricNode(job.name, shared, job.metrics, job.inversion, progressFor(promise, cancel, 0.5, 1.0));
  if (promise.isCanceled()) return;
  if (!node) {
    promise.addResult(NodeBuildResult{nullptr, text(node.error())});
    return;
  }
  promise.addResult(NodeBuildResult{std::make_shared<const ParametricNode>(std::move(node.value())), {}});
}

void runEdgeSampling(QPromise<EdgeSampleResult>& promise, const EdgeSampleJob& job) {
  std::atomic<bool> cancel{false};
  EdgeSamplingJob core;
  core.source = job.source.get();
  core.target = job.target.get();
  core.settings = job.settings;
  Result<EdgeSampling> r = sampleEdge(core, progressFor(promise, cancel));
  if (promise.isCanceled()) return;
  if (!r) {
    promise.addResult(EdgeSampleResult{nullptr, text(r.error())});
    return;
  }
  promise.addResult(EdgeSampleResult{std::make_shared<const EdgeSampling>(std::move(r.value())), {}});
}

void runSimilarSegments(QPromise<SimilarSegmentsResult>& promise, const SimilarSegmentsJob& job) {
  std::atomic<bool> cancel{false};
  SimilarSegmentsResult out;
  if (!job.query || job.database.empty()) {
    out.error = QStringLiteral("no query motion or no motions to search");
    promise.addResult(out);
    return;
  }
  MetricSettings metric = job.metric;
  metric.workingFps = job.query->fps;  // set frames are then the query motion's own frames
  Result<FrameSet> query = buildFrameSet(*job.query, metric);
  std::vector<const Motion*> motions;
  for (const auto& [id, m] : job.database) motions.push_back(m.get());
  Result<FrameSet> database = buildFrameSet(motions, metric);
  if (!query || !database) {
    out.error = text(!query ? query.error() : database.error());
    promise.addResult(out);
    return;
  }
  SimilarSegmentJob core;
  core.query = &query.value();
  core.queryBegin = job.queryBegin;
  core.queryEnd = job.queryEnd;
  core.database = &database.value();
  core.maxResults = job.maxResults;
  Result<std::vector<SimilarSegment>> r = findSimilarSegments(core, progressFor(promise, cancel));
  if (promise.isCanceled()) return;
  if (!r) {
    out.error = text(r.error());
  } else {
    for (const SimilarSegment& s : *r) {
      out.segments.push_back({job.database[static_cast<size_t>(s.motion)].first, s.beginFrame, s.endFrame});
      out.costs.push_back(s.cost);
    }
  }
  promise.addResult(out);
}

void runTransitionGrid(QPromise<TransitionGridResult>& promise, const TransitionGridJob& job) {
  Result<TransitionGrid> r = computeTransitionGrid(job.source.get(), job.sourceParameter, job.target.get(),
                                                   job.targetParameter, job.settings);
  if (promise.isCanceled()) return;
  if (!r) {
    promise.addResult(TransitionGridResult{nullptr, text(r.error())});
    return;
  }
  promise.addResult(TransitionGridResult{std::make_shared<const TransitionGrid>(std::move(r.value())), {}});
}

}  // namespace mg
