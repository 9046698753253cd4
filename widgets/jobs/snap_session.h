// SPDX-License-Identifier: MIT
#pragma once

#include <memory>
#include <vector>

#include <QObject>
#include <QTimer>

#include "core/snap/hub_suggestion.h"
#include "widgets/jobs/job_slot.h"
#include "widgets/jobs/snap_pipeline.h"

namespace mg {

class Project;

// A suggested hub as the document names it.
struct HubProposal {
  MotionId motion = -1;
  int frame = 0;
  int matchCount = 0;
};

// What a hub suggestion run produced.
struct SuggestOutcome {
  std::vector<HubProposal> proposals;
  double threshold = 0.0;  // m^2, the one used (the automatic percentile when 0 was asked)
  QString error;           // empty on success
};

// Keeps the Snap-Together derivation of a project current (Dust3D's worker pattern): whenever
// motions, metric settings or a hub's threshold/frame/spacing change, the pipeline is restarted
// in the background (superseding a stale run); names, colours and node positions do not rerun
// it. Also runs hub suggestion and the live match-set preview of a frame. Views read state()
// and listen to stateChanged(); they never compute. UI thread only.
class SnapSession : public QObject {
  Q_OBJECT

 public:
  // `project` must outlive the session.
  explicit SnapSession(Project* project, QObject* parent = nullptr);
  ~SnapSession() override;

  // Latest derived state (never null; stage 0 until the first run reports).
  std::shared_ptr<const SnapPipelineState> state() const { return m_state; }
  bool isRunning() const { return m_pipeline.isRunning(); }
  // Restarts now instead of after the short coalescing delay (tests).
  void flush();

  // Hub suggestion (HubGraphBuildJob) over the motions and hubs the document holds at the call,
  // whatever the derived state() is at that moment, so the same document always gets the same
  // proposals: `threshold` 0 = automatic.
  void suggestHubs(int count, double threshold, int wminFrames);
  void cancelSuggestion() { m_suggest.cancel(); }
  bool isSuggesting() const { return m_suggest.isRunning(); }

  // Live preview: the distances of one frame are computed in the background once
  // (previewReady), then previewMatches answers any threshold at once.
  void setPreviewFrame(MotionId motion, int frame);
  void clearPreview();
  bool hasPreview() const { return m_preview != nullptr; }
  MotionId previewMotion() const { return m_previewMotion; }
  int previewFrame() const { return m_previewFrame; }
  // Match frames (motion index into state()->working) of the previewed frame at `threshold`,
  // skipping frames of the existing hubs. Empty before previewReady.
  std::vector<FrameRef> previewMatches(double threshold, int wminFrames) const;
  // A threshold that gives the preview a handful of matches: the `percentile` of its distances.
  double previewDistancePercentile(double percentile) const;

 signals:
  void stateChanged();
  // Names, colours or node positions changed: redraw, nothing to recompute.
  void appearanceChanged();
  void pipelineProgress(int value, int maximum, const QString& text);
  void pipelineFinished();
  void suggestionProgress(int value, int maximum, const QString& text);
  void suggestionsReady(const std::vector<mg::HubProposal>& proposals, double threshold);
  void suggestionFailed(const QString& message);
  void previewReady();

 private:
  void scheduleRestart();
  void restart();
  bool sameDerivation(const SnapPipelineInput& a, const SnapPipelineInput& b) const;
  // `state` with the set-aside motions of the last input (a job's result may predate them).
  std::shared_ptr<const SnapPipelineState> withSetAside(
      std::shared_ptr<const SnapPipelineState> state) const;

  Project* m_project;
  JobSlot<std::shared_ptr<const SnapPipelineState>> m_pipeline;
  JobSlot<std::shared_ptr<const SuggestOutcome>> m_suggest;
  JobSlot<std::shared_ptr<const std::vector<std::vector<float>>>> m_previewJob;
  std::shared_ptr<const SnapPipelineState> m_state;
  std::shared_ptr<const std::vector<std::vector<float>>> m_preview;
  MotionId m_previewMotion = -1;
  int m_previewFrame = -1;
  SnapPipelineInput m_lastInput;
  bool m_hasRun = false;
  QTimer m_restartTimer;
};

}  // namespace mg
