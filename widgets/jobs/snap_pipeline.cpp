// SPDX-License-Identifier: MIT
#include "widgets/jobs/snap_pipeline.h"

#include <algorithm>

#include "core/metric/frame_distance.h"
#include "core/motion/resample.h"
#include "core/snap/metric_rows.h"
#include "widgets/document/project.h"

namespace mg {

int SnapPipelineState::motionIndex(MotionId id) const {
  auto it = std::find(motionIds.begin(), motionIds.end(), id);
  return it == motionIds.end() ? -1 : static_cast<int>(it - motionIds.begin());
}

int SnapPipelineState::graphHubIndex(HubId id) const {
  auto it = std::find(graphHubs.begin(), graphHubs.end(), id);
  return it == graphHubs.end() ? -1 : static_cast<int>(it - graphHubs.begin());
}

SnapPipelineInput snapPipelineInput(const Project& project) {
  SnapPipelineInput in;
  for (const MotionEntry& e : project.motions()) {
    in.motionIds.push_back(e.id);
    in.motions.push_back(e.motion);
  }
  in.metric = project.metricSettings();
  in.hubs = project.hubs()->hubs();
  return in;
}

std::vector<std::vector<float>> queryRows(const FrameSet& frames, const FrameRef& query) {
  const int q = frameSetIndex(frames, query);
  std::vector<std::vector<float>> rows;
  for (const Clip& c : frames.motions) {
    std::vector<float>& row = rows.emplace_back(c.frameCount());
    for (int f = 0; f < c.frameCount(); ++f) {
      row[f] = static_cast<float>(frameDistance(frames, q, frames, c.beginFrame + f).distance);
    }
  }
  return rows;
}

Result<std::vector<MatchCandidate>> matchSetFromRows(const std::vector<std::vector<float>>& rows, double threshold,
                                                     int wminFrames, std::span<const FrameRef> excluded) {
  const std::vector<std::span<const float>> spans(rows.begin(), rows.end());
  return MatchSetJob{spans, threshold, wminFrames, excluded}.run();
}

void runSnapPipeline(const SnapPipelineInput& input, const Progress& progress,
                     const std::function<void(const SnapPipelineState&)>& report) {
  SnapPipelineState s;
  s.stage = 1;
  s.motionIds = input.motionIds;
  auto fail = [&](const std::string& message) {
    s.error = QString::fromStdString(message);
    report(s);
  };
  if (input.motions.empty()) return fail("no motions");
  for (const auto& m : input.motions) {
    Result<Motion> r = resampleMotion(*m, input.metric.workingFps);
    if (!r) return fail(m->name + ": " + r.error().message);
    if (!s.working.empty() && !r->skeleton->sameHierarchy(*s.working[0]->skeleton)) {
      return fail(m->name + ": its skeleton differs from that of " + s.working[0]->name +
                  "; Snap-Together needs one skeleton");
    }
    s.working.push_back(std::make_shared<const Motion>(std::move(r.value())));
    s.contacts.push_back(detectFootContacts(*s.working.back()));
    if (progress.cancelled()) return;
  }
  std::vector<const Motion*> raw;
  for (const auto& m : s.working) raw.push_back(m.get());
  Result<FrameSet> set = buildFrameSet(raw, input.metric);
  if (!set) return fail(set.error().message);
  s.frames = std::make_shared<const FrameSet>(std::move(set.value()));

  // Match sets in hub order; later hubs skip the frames of earlier ones.
  std::vector<FrameRef> taken;
  std::vector<Hub> hubs;
  const FramePairMetric pair = frameSetPairMetric(s.frames);
  for (const HubSpec& h : input.hubs) {
    if (progress.cancelled()) return;
    const int m = s.motionIndex(h.motion);
    if (m < 0 || h.frame < 0 || h.frame >= s.working[m]->frameCount()) {
      s.emptyHubs.push_back(h.id);
      continue;
    }
    Result<std::vector<MatchCandidate>> matches =
        matchSetFromRows(queryRows(*s.frames, {m, h.frame}), h.threshold, h.wminFrames, taken);
    if (!matches) return fail(h.name.toStdString() + ": " + matches.error().message);
    if (matches->empty()) {
      s.emptyHubs.push_back(h.id);
      continue;
    }
    Result<Hub> hub = makeHub(*matches, pair);
    if (!hub) return fail(h.name.toStdString() + ": " + hub.error().message);
    for (const MatchCandidate& c : *matches) taken.push_back(c.ref);
    hubs.push_back(std::move(hub.value()));
    s.graphHubs.push_back(h.id);
  }
  std::vector<int> counts;
  for (const auto& w : s.working) counts.push_back(w->frameCount());
  Result<HubGraph> graph = buildHubGraph(counts, std::move(hubs));
  if (!graph) return fail(graph.error().message);
  s.graph = std::move(graph.value());
  s.deadEnds = deadEndHubs(s.graph);
  report(s);
  if (!input.snap || s.graph.edges.empty() || progress.cancelled()) return;

  s.stage = 2;
  SnapSettings settings;
  settings.wminFrames = 2;
  for (const HubSpec& h : input.hubs) settings.wminFrames = std::max(settings.wminFrames, h.wminFrames);
  SnapJob job{s.working, &s.graph, settings, &progress};
  Result<SnapResult> snapped = job.run();
  if (progress.cancelled()) return;
  if (!snapped) {
    s.snapError = QString::fromStdString(snapped.error().message);
    report(s);
    return;
  }
  Result<CutQuality> before = measureCutQuality(s.graph, s.working);
  Result<CutQuality> after = measureCutQuality(s.graph, snapped->motions);
  if (before) s.cutsBefore = std::move(before.value());
  if (after) s.cutsAfter = std::move(after.value());
  s.skateBeforeMps = meanFootSkate(s.working, snapped->contacts);
  s.skateAfterMps = meanFootSkate(snapped->motions, snapped->contacts);
  s.snapped = std::make_shared<const SnapResult>(std::move(snapped.value()));
  report(s);
}

PlayableGraph playableGraph(const HubGraph& graph) {
  PlayableGraph out;
  out.graph = pruneDeadEnds(graph);
  const std::vector<int> dead = deadEndHubs(graph);
  std::vector<bool> kept(graph.hubs.size(), true);
  for (int d : dead) kept[d] = false;
  for (int h = 0; h < static_cast<int>(graph.hubs.size()); ++h) {
    if (kept[h]) out.originalHub.push_back(h);
  }
  for (int e = 0; e < static_cast<int>(graph.edges.size()); ++e) {
    if (kept[graph.edges[e].fromHub] && kept[graph.edges[e].toHub]) out.originalEdge.push_back(e);
  }
  return out;
}

}  // namespace mg
