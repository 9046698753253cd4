// SPDX-License-Identifier: MIT
#include "core/snap/snap_pipeline.h"

#include <algorithm>

#include "core/metric/frame_distance.h"
#include "core/motion/resample.h"
#include "core/snap/hub_graph_builder.h"
#include "core/snap/metric_rows.h"
#include "core/util/stopwatch.h"

namespace mg {
namespace {

// Stage 1 from the author's hubs: match sets in hub order, later hubs skipping the frames of
// earlier ones. Returns the error message, empty on success.
std::string graphFromRequests(const SnapPipelineRequest& request, const Progress& progress,
                              SnapPipelineResult& s) {
  std::vector<FrameRef> taken;  // match sets skip these and frames near them
  if (!request.keepGlitches) {
    for (int m = 0; m < static_cast<int>(s.glitches.size()); ++m)
      for (const PoseGlitch& g : s.glitches[m])
        for (int f = g.beginFrame; f < g.endFrame; ++f) taken.push_back({m, f});
  }
  std::vector<Hub> hubs;
  const FramePairMetric pair = frameSetPairMetric(s.frames);
  const int requests = static_cast<int>(request.hubs.size());
  for (int r = 0; r < requests; ++r) {
    if (progress.cancelled()) return {};
    progress.report(static_cast<double>(r) / requests);
    const SnapHubRequest& h = request.hubs[r];
    const int m = h.motion;
    if (m < 0 || m >= static_cast<int>(s.working.size()) || h.frame < 0 ||
        h.frame >= s.working[m]->frameCount()) {
      s.emptyHubRequests.push_back(r);
      continue;
    }
    Result<std::vector<MatchCandidate>> matches =
        matchSetFromRows(queryRows(*s.frames, {m, h.frame}), h.threshold, h.wminFrames, taken);
    if (!matches) return h.name + ": " + matches.error().message;
    if (matches->empty()) {
      s.emptyHubRequests.push_back(r);
      continue;
    }
    Result<Hub> hub = makeHub(*matches, pair);
    if (!hub) return h.name + ": " + hub.error().message;
    for (const MatchCandidate& c : *matches) taken.push_back(c.ref);
    hubs.push_back(std::move(hub.value()));
    s.hubRequestOfGraphHub.push_back(r);
  }
  std::vector<int> counts;
  for (const auto& w : s.working) counts.push_back(w->frameCount());
  Result<HubGraph> graph = buildHubGraph(counts, std::move(hubs));
  if (!graph) return graph.error().message;
  s.graph = std::move(graph.value());
  return {};
}

// Stage 1 with suggested hubs (HubGraphBuildJob, which builds its own frame set).
std::string graphFromSuggestion(const SnapPipelineRequest& request, const Progress& progress,
                                SnapPipelineResult& s) {
  const SnapSuggestRequest& suggest = *request.suggest;
  HubGraphBuildJob job;
  job.motions = s.working;
  job.metric = request.metric;
  job.grid = suggest.grid;
  job.threshold = suggest.threshold;
  job.thresholdPercentile = suggest.percentile;
  job.wminFrames = suggest.wminFrames;
  job.hubCount = suggest.hubCount;
  job.progress = &progress;
  Result<SuggestedHubGraph> built = job.run();
  if (!built) return progress.cancelled() ? std::string() : built.error().message;
  s.frames = built->frames;
  s.threshold = built->threshold;
  s.suggestions = std::move(built->suggestions);
  s.graph = std::move(built->graph);
  for (int h = 0; h < static_cast<int>(s.graph.hubs.size()); ++h)
    s.hubRequestOfGraphHub.push_back(h);
  return {};
}

// Leaves out the edges whose clip, or the match frame it ends at, lies in a glitch.
void leaveOutGlitchClips(SnapPipelineResult& s) {
  auto crosses = [&s](const Clip& clip) {
    if (clip.motion < 0 || clip.motion >= static_cast<int>(s.glitches.size())) return false;
    for (const PoseGlitch& g : s.glitches[clip.motion])
      if (g.beginFrame <= clip.endFrame && clip.beginFrame < g.endFrame) return true;
    return false;
  };
  const size_t before = s.graph.edges.size();
  std::erase_if(s.graph.edges, [&](const HubEdge& e) { return crosses(e.clip); });
  s.edgesLeftOut = static_cast<int>(before - s.graph.edges.size());
}

}  // namespace

void runSnapPipeline(const SnapPipelineRequest& request, const Progress& progress,
                     const std::function<void(const SnapPipelineResult&)>& report) {
  const Stopwatch clock;
  SnapPipelineResult s;
  s.stage = 1;
  auto fail = [&](const std::string& message) {
    s.errorMessage = message;
    s.buildSeconds = clock.seconds();
    report(s);
  };
  if (request.motions.empty()) return fail("no motions");
  const Progress prepare = progress.slice(0.0, 0.1);
  for (size_t i = 0; i < request.motions.size(); ++i) {
    const auto& m = request.motions[i];
    if (!m) return fail("motion " + std::to_string(i) + " is missing");
    Result<Motion> r = resampleMotion(*m, request.metric.workingFps);
    if (!r) return fail(m->name + ": " + r.error().message);
    if (!s.working.empty() && !r->skeleton->sameHierarchy(*s.working[0]->skeleton)) {
      return fail(m->name + ": its skeleton differs from that of " + s.working[0]->name +
                  "; Snap-Together needs one skeleton");
    }
    s.working.push_back(std::make_shared<const Motion>(std::move(r.value())));
    s.contacts.push_back(detectFootContacts(*s.working.back()));
    s.glitches.push_back(findPoseGlitches(*s.working.back()));
    if (progress.cancelled()) return;
    prepare.report(static_cast<double>(i + 1) / request.motions.size());
  }
  std::string error;
  if (request.suggest) {
    error = graphFromSuggestion(request, progress.slice(0.1, 0.5), s);
  } else {
    std::vector<const Motion*> raw;
    for (const auto& m : s.working) raw.push_back(m.get());
    Result<FrameSet> set = buildFrameSet(raw, request.metric);
    if (!set) return fail(set.error().message);
    s.frames = std::make_shared<const FrameSet>(std::move(set.value()));
    error = graphFromRequests(request, progress.slice(0.1, 0.5), s);
  }
  if (progress.cancelled()) return;
  if (!error.empty()) return fail(error);
  if (!request.keepGlitches) leaveOutGlitchClips(s);
  s.deadEnds = deadEndHubs(s.graph);
  progress.report(0.5);
  s.buildSeconds = clock.seconds();
  report(s);
  if (!request.snap || s.graph.edges.empty() || progress.cancelled()) return;

  s.stage = 2;
  SnapSettings settings;
  if (request.suggest) {
    settings.wminFrames = request.suggest->wminFrames;
  } else {
    settings.wminFrames = 2;
    for (const SnapHubRequest& h : request.hubs)
      settings.wminFrames = std::max(settings.wminFrames, h.wminFrames);
  }
  const Progress snapProgress = progress.slice(0.5, 1.0);
  SnapJob job{s.working, &s.graph, settings, &snapProgress};
  Result<SnapResult> snapped = job.run();
  if (progress.cancelled()) return;
  if (!snapped) {
    s.snapErrorMessage = snapped.error().message;
    s.buildSeconds = clock.seconds();
    report(s);
    return;
  }
  Result<CutQuality> before = measureCutQuality(s.graph, s.working);
  s.graph = snapped->graph;  // the alignments the motions were snapped to
  Result<CutQuality> after = measureCutQuality(s.graph, snapped->motions);
  if (before) s.cutsBefore = std::move(before.value());
  if (after) s.cutsAfter = std::move(after.value());
  s.skateBeforeMps = meanFootSkate(s.working, snapped->contacts);
  s.skateAfterMps = meanFootSkate(snapped->motions, snapped->contacts);
  s.snapped = std::make_shared<const SnapResult>(std::move(snapped.value()));
  progress.report(1.0);
  s.buildSeconds = clock.seconds();
  report(s);
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

Result<std::vector<MatchCandidate>> matchSetFromRows(const std::vector<std::vector<float>>& rows,
                                                     double threshold, int wminFrames,
                                                     std::span<const FrameRef> excluded) {
  const std::vector<std::span<const float>> spans(rows.begin(), rows.end());
  return MatchSetJob{spans, threshold, wminFrames, excluded}.run();
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

std::vector<std::uint8_t> glitchFrameFlags(const SnapPipelineResult& result) {
  std::vector<std::uint8_t> flags;
  if (!result.frames) return flags;
  flags.assign(static_cast<size_t>(result.frames->frameCount()), 0);
  for (size_t m = 0; m < result.glitches.size() && m < result.frames->motions.size(); ++m) {
    const Clip& clip = result.frames->motions[m];
    for (const PoseGlitch& g : result.glitches[m]) {
      for (int f = std::max(0, g.beginFrame); f < std::min(g.endFrame, clip.frameCount()); ++f)
        flags[static_cast<size_t>(clip.beginFrame + f)] = 1;
    }
  }
  return flags;
}

}  // namespace mg
