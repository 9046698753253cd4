// SPDX-License-Identifier: MIT
#include "widgets/jobs/snap_session.h"

#include <algorithm>

#include "core/snap/hub_graph_builder.h"
#include "widgets/document/hub_list.h"
#include "widgets/document/project.h"

namespace mg {

namespace {
// A restart waits this long so a burst of edits (a slider drag, a batch load) runs once.
constexpr int kCoalesceMs = 60;
}  // namespace

SnapSession::SnapSession(Project* project, QObject* parent)
    : QObject(parent),
      m_project(project),
      m_pipeline(this),
      m_suggest(this),
      m_previewJob(this),
      m_state(std::make_shared<SnapPipelineState>()) {
  m_restartTimer.setSingleShot(true);
  m_restartTimer.setInterval(kCoalesceMs);
  connect(&m_restartTimer, &QTimer::timeout, this, &SnapSession::restart);
  auto schedule = [this] { scheduleRestart(); };
  connect(project, &Project::motionAdded, this, schedule);
  connect(project, &Project::motionRemoved, this, schedule);
  connect(project, &Project::metricSettingsChanged, this, schedule);
  connect(hubsOf(*project), &HubList::hubAdded, this, schedule);
  connect(hubsOf(*project), &HubList::hubRemoved, this, schedule);
  connect(hubsOf(*project), &HubList::hubChanged, this, schedule);
  connect(hubsOf(*project), &HubList::hubsReset, this, schedule);
}

SnapSession::~SnapSession() = default;

void SnapSession::scheduleRestart() {
  m_restartTimer.start();
}

void SnapSession::flush() {
  m_restartTimer.stop();
  restart();
}

bool SnapSession::sameDerivation(const SnapPipelineInput& a, const SnapPipelineInput& b) const {
  if (a.motions != b.motions || a.motionIds != b.motionIds || !(a.metric == b.metric) ||
      a.hubs.size() != b.hubs.size()) {
    return false;
  }
  for (size_t i = 0; i < a.hubs.size(); ++i) {
    const HubSpec &x = a.hubs[i], &y = b.hubs[i];
    if (x.id != y.id || x.threshold != y.threshold || x.motion != y.motion || x.frame != y.frame ||
        x.wminFrames != y.wminFrames) {
      return false;
    }
  }
  return true;
}

std::shared_ptr<const SnapPipelineState> SnapSession::withSetAside(
    std::shared_ptr<const SnapPipelineState> state) const {
  if (!state || state->setAside == m_lastInput.setAside) return state;
  auto copy = std::make_shared<SnapPipelineState>(*state);
  copy->setAside = m_lastInput.setAside;
  return copy;
}

void SnapSession::restart() {
  SnapPipelineInput input = snapPipelineInput(*m_project);
  if (m_hasRun && sameDerivation(input, m_lastInput)) {
    // The same derivation, but motions it sets aside came or went (files of another skeleton
    // added): the state says so without deriving again.
    const bool asideChanged = input.setAside != m_lastInput.setAside;
    m_lastInput = std::move(input);
    if (asideChanged && m_state) {
      m_state = withSetAside(m_state);
      emit stateChanged();
    }
    emit appearanceChanged();
    return;
  }
  m_hasRun = true;
  m_lastInput = input;
  if (input.motions.empty()) {
    // Nothing to derive (a new project): an empty state, not a "no motions" failure left over.
    m_pipeline.cancel();
    m_state = std::make_shared<const SnapPipelineState>();
    emit stateChanged();
    return;
  }
  m_pipeline.start(
      [input = std::move(input)](JobContext<std::shared_ptr<const SnapPipelineState>>& job) {
        runSnapPipeline(input, job.progress(), [&job](const SnapPipelineState& s) {
          job.addResult(std::make_shared<const SnapPipelineState>(s));
        });
      },
      {[this](const std::shared_ptr<const SnapPipelineState>& s) {
         m_state = withSetAside(s);
         emit stateChanged();
       },
       [this](int v, int max, const QString&) {
         emit pipelineProgress(v, max, tr("Snapping motions"));
       },
       [this](bool) { emit pipelineFinished(); }});
}

void SnapSession::suggestHubs(int count, double threshold, int wminFrames) {
  // The document as it is now, not the last derived state: that one may predate motions that
  // arrived since (a batch still loading, a restart still pending), and a suggestion over part of
  // the motions would differ from one run to the next. The job derives what it needs itself.
  SnapPipelineInput input = snapPipelineInput(*m_project);
  input.snap = false;
  m_suggest.start(
      [input = std::move(input), count, threshold,
       wminFrames](JobContext<std::shared_ptr<const SuggestOutcome>>& job) {
        auto out = std::make_shared<SuggestOutcome>();
        auto finish = [&] { job.addResult(std::shared_ptr<const SuggestOutcome>(out)); };
        if (input.motions.empty()) {
          out->error = QStringLiteral("Load motions first.");
          return finish();
        }
        const Progress& progress = job.progress();
        // Stage 1 of the derivation: the working motions and the match frames of the existing
        // hubs, which keep their frames (a suggestion beside one would get no matches of its own).
        std::shared_ptr<const SnapPipelineState> stage;
        runSnapPipeline(input, progress.slice(0.0, 0.1), [&stage](const SnapPipelineState& s) {
          stage = std::make_shared<const SnapPipelineState>(s);
        });
        if (progress.cancelled()) return;
        if (!stage || stage->working.empty()) {
          out->error = stage && !stage->error.isEmpty()
                           ? stage->error
                           : QStringLiteral("The motions could not be derived.");
          return finish();
        }
        std::vector<FrameRef> excluded;
        for (const Hub& hub : stage->graph.hubs) {
          for (const MatchFrame& f : hub.matchFrames) excluded.push_back(f.ref);
        }
        const Progress grid = progress.slice(0.1, 1.0);
        HubGraphBuildJob build;
        build.motions = stage->working;
        build.metric = input.metric;
        build.threshold = threshold;
        build.wminFrames = wminFrames;
        build.hubCount = count;
        build.excluded = excluded;
        build.progress = &grid;
        Result<SuggestedHubGraph> built = build.run();
        if (progress.cancelled()) return;
        if (!built) {
          out->error = QString::fromStdString(built.error().message);
        } else {
          out->threshold = built->threshold;
          for (const HubSuggestion& s : built->suggestions) {
            out->proposals.push_back({stage->motionIds[s.query.motion], s.query.frame,
                                      static_cast<int>(s.matches.size())});
          }
        }
        finish();
      },
      {[this](const std::shared_ptr<const SuggestOutcome>& out) {
         if (!out->error.isEmpty())
           emit suggestionFailed(out->error);
         else
           emit suggestionsReady(out->proposals, out->threshold);
       },
       [this](int v, int max, const QString&) {
         emit suggestionProgress(v, max, tr("Suggesting hubs"));
       },
       [this](bool cancelled) {
         if (cancelled) emit suggestionFailed(tr("Hub suggestion cancelled."));
       }});
}

void SnapSession::setPreviewFrame(MotionId motion, int frame) {
  m_previewMotion = motion;
  m_previewFrame = frame;
  m_preview.reset();
  const std::shared_ptr<const SnapPipelineState> state = m_state;
  const int m = state->motionIndex(motion);
  if (!state->frames || m < 0 || frame < 0 || frame >= state->working[m]->frameCount()) return;
  m_previewJob.start(
      [state, m, frame](JobContext<std::shared_ptr<const std::vector<std::vector<float>>>>& job) {
        job.addResult(std::make_shared<const std::vector<std::vector<float>>>(
            queryRows(*state->frames, {m, frame})));
      },
      {[this](const std::shared_ptr<const std::vector<std::vector<float>>>& rows) {
         m_preview = rows;
         emit previewReady();
       },
       {},
       {}});
}

void SnapSession::clearPreview() {
  m_previewMotion = -1;
  m_previewFrame = -1;
  m_preview.reset();
}

std::vector<FrameRef> SnapSession::previewMatches(double threshold, int wminFrames) const {
  if (!m_preview || !(threshold > 0)) return {};
  std::vector<FrameRef> excluded;
  for (const Hub& h : m_state->graph.hubs) {
    for (const MatchFrame& f : h.matchFrames) excluded.push_back(f.ref);
  }
  Result<std::vector<MatchCandidate>> set =
      matchSetFromRows(*m_preview, threshold, std::max(2, wminFrames), excluded);
  std::vector<FrameRef> out;
  if (set) {
    for (const MatchCandidate& c : *set) out.push_back(c.ref);
  }
  return out;
}

double SnapSession::previewDistancePercentile(double percentile) const {
  if (!m_preview) return 0.0;
  std::vector<float> all;
  for (const auto& row : *m_preview) all.insert(all.end(), row.begin(), row.end());
  if (all.empty()) return 0.0;
  const size_t k = std::min(all.size() - 1, static_cast<size_t>(all.size() * percentile / 100.0));
  std::nth_element(all.begin(), all.begin() + k, all.end());
  return std::max(1e-6, static_cast<double>(all[k]));
}

}  // namespace mg
