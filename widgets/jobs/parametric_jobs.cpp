// SPDX-License-Identifier: MIT
#include "widgets/jobs/parametric_jobs.h"

#include "core/metric/frame_set.h"
#include "widgets/document/project.h"

namespace mg {

namespace {

QString text(const Error& e) {
  return QString::fromStdString(e.message);
}

}  // namespace

NodeBuildJob NodeBuildJob::from(const ParamNodeEntry& entry, const Project& project) {
  NodeBuildJob job;
  job.name = entry.name;
  job.registration = entry.registration;
  job.metrics = entry.metrics;
  job.inversion = entry.inversion;
  for (const ParamExample& ex : entry.examples) {
    job.segments.push_back({project.motion(ex.motion), ex.beginFrame, ex.endFrame});
    if (project.isMissing(ex.motion) && job.setAsideReason.isEmpty()) {
      job.setAsideReason =
          QObject::tr("node \"%1\" is not built: the file of its example motion is missing: %2")
              .arg(QString::fromStdString(entry.name),
                   QString::fromStdString(project.motion(ex.motion)->sourcePath));
    }
  }
  return job;
}

void runNodeBuild(JobContext<NodeBuildResult>& context, const NodeBuildJob& job) {
  if (!job.setAsideReason.isEmpty()) {
    context.addResult(NodeBuildResult{nullptr, job.setAsideReason});
    return;
  }
  Result<ParametricSpace> space =
      registerExamples(job.segments, job.registration, context.progress().slice(0.0, 0.5));
  if (context.cancelled()) return;
  if (!space) {
    context.addResult(NodeBuildResult{nullptr, text(space.error())});
    return;
  }
  auto shared = std::make_shared<const ParametricSpace>(std::move(space.value()));
  Result<ParametricNode> node = buildParametricNode(job.name, shared, job.metrics, job.inversion,
                                                    context.progress().slice(0.5, 1.0));
  if (context.cancelled()) return;
  if (!node) {
    context.addResult(NodeBuildResult{nullptr, text(node.error())});
    return;
  }
  context.addResult(
      NodeBuildResult{std::make_shared<const ParametricNode>(std::move(node.value())), {}});
}

void runEdgeSampling(JobContext<EdgeSampleResult>& context, const EdgeSampleJob& job) {
  EdgeSamplingJob core;
  core.source = job.source.get();
  core.target = job.target.get();
  core.settings = job.settings;
  Result<EdgeSampling> r = sampleEdge(core, context.progress());
  if (context.cancelled()) return;
  if (!r) {
    context.addResult(EdgeSampleResult{nullptr, text(r.error())});
    return;
  }
  context.addResult(
      EdgeSampleResult{std::make_shared<const EdgeSampling>(std::move(r.value())), {}});
}

void runSimilarSegments(JobContext<SimilarSegmentsResult>& context, const SimilarSegmentsJob& job) {
  SimilarSegmentsResult out;
  if (!job.query || job.database.empty()) {
    out.error = QStringLiteral("no query motion or no motions to search");
    context.addResult(out);
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
    context.addResult(out);
    return;
  }
  SimilarSegmentJob core;
  core.query = &query.value();
  core.queryBegin = job.queryBegin;
  core.queryEnd = job.queryEnd;
  core.database = &database.value();
  core.maxResults = job.maxResults;
  Result<std::vector<SimilarSegment>> r = findSimilarSegments(core, context.progress());
  if (context.cancelled()) return;
  if (!r) {
    out.error = text(r.error());
  } else {
    for (const SimilarSegment& s : *r) {
      out.segments.push_back(
          {job.database[static_cast<size_t>(s.motion)].first, s.beginFrame, s.endFrame});
      out.costs.push_back(s.cost);
    }
  }
  context.addResult(out);
}

void runTransitionGrid(JobContext<TransitionGridResult>& context, const TransitionGridJob& job) {
  Result<TransitionGrid> r = computeTransitionGrid(
      job.source.get(), job.sourceParameter, job.target.get(), job.targetParameter, job.settings);
  if (context.cancelled()) return;
  if (!r) {
    context.addResult(TransitionGridResult{nullptr, text(r.error())});
    return;
  }
  context.addResult(
      TransitionGridResult{std::make_shared<const TransitionGrid>(std::move(r.value())), {}});
}

}  // namespace mg
