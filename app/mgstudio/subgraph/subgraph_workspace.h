// SPDX-License-Identifier: MIT
#pragma once

#include <memory>
#include <vector>

#include <QString>
#include <QTimer>

#include "app/mgstudio/workspace.h"
#include "core/io/motion_export.h"
#include "widgets/jobs/job_slot.h"
#include "widgets/jobs/subgraph_search.h"

class QAction;
class QPushButton;
class QTabWidget;

namespace mg {

class GraphScene;
class IterationPlot;
class MatchTimeline;
class PairMatrix;
class SnapSession;
class SubgraphDocument;
class SubgraphGraphModel;
class SubgraphPanel;
class TransitionHistogram;
class ZoomingGraphicsView;

// The minimum-size motion graph (Zhao et al. 2009) part of the editor window: key segments dragged
// on the Subgraph Timeline (the match timeline of the project's working motions, with the keys
// and the kept frames drawn over it), the Subgraph dock (requirement, keys, manual mode, Run and
// the live size-per-iteration plot), and the Subgraph Results dock (key-pair matrix against gamma
// for CORE and the subgraph, the transition-time histogram, the subgraph at clip level on the
// shared graph canvas with a random-walk preview), and File > Export Subgraph. The search and the
// manual evaluation run as background jobs with progress and Cancel; the database motion graph is
// built from the snap session's frames and kept while they and the threshold stay the same.
class SubgraphWorkspace : public Workspace {
  Q_OBJECT

 public:
  // `context` and `session` must outlive the workspace.
  explicit SubgraphWorkspace(const WorkspaceContext& context);
  ~SubgraphWorkspace() override;

  QString title() const override { return tr("Minimum Subgraph"); }
  QString gettingStartedHtml() const override;
  GraphModel* graphModel() const override;
  void projectReset() override;
  void cancelJobs() override;
  void saveResults(const QString& projectPath) const override;
  void restoreResults(const QString& projectPath) override;
  // The last search's subgraph, exported (SUBGRAPH_FORMAT.md) to the folder `base`.
  ReportExport exportForReport(const QString& base) const override;

  // The project's "subgraph" section, made by this workspace.
  SubgraphDocument* document() const { return m_doc; }
  SubgraphPanel* panel() const { return m_panel; }
  MatchTimeline* timeline() const { return m_timeline; }
  PairMatrix* matrix() const { return m_matrix; }
  IterationPlot* iterationPlot() const { return m_plot; }
  TransitionHistogram* histogram() const { return m_histogram; }
  GraphScene* scene() const { return m_scene; }
  QTabWidget* results() const { return m_results; }
  QAction* exportAction() const { return m_export; }
  std::shared_ptr<const SubgraphOutcome> outcome() const { return m_outcome; }
  std::shared_ptr<const SubgraphOutcome> manualOutcome() const { return m_manual; }
  bool isSearching() const { return m_search.isRunning(); }

  // Runs the search (the hand-picked frames included). Messages go to the panel's summary.
  void runSearch();
  // A dragged stretch of a motion: a new key, or (`handPicked`) frames kept by hand.
  void addStretch(int motion, int beginFrame, int endFrame, bool handPicked);
  // Plays a random walk through the last result in the viewport.
  void startWalk();
  // Writes the last result to `directory`, every clip also in `clipCopies` (glTF copies beside
  // the BVH); the error text is empty on success.
  QString exportTo(const QString& directory,
                   const std::vector<MotionFormat>& clipCopies = {}) const;

 signals:
  // A run or evaluation finished (tests wait on these).
  void searchFinished();
  void manualEvaluated();

 private:
  bool makeInput(SubgraphSearchInput& input, QString& why) const;
  // What the shown outcome left out at capture glitches, a summary line (empty for none).
  QString glitchNote() const;
  void scheduleManual();
  void evaluateManual();
  void showOutcome();
  void updateOverlay();
  void exportWithDialog();

  SnapSession* m_session;
  SubgraphDocument* m_doc = nullptr;
  SubgraphPanel* m_panel = nullptr;
  MatchTimeline* m_timeline = nullptr;
  QTabWidget* m_results = nullptr;
  IterationPlot* m_plot = nullptr;
  PairMatrix* m_matrix = nullptr;
  QPushButton* m_matrixToggle = nullptr;
  TransitionHistogram* m_histogram = nullptr;
  SubgraphGraphModel* m_model = nullptr;
  GraphScene* m_scene = nullptr;
  ZoomingGraphicsView* m_view = nullptr;
  QAction* m_export = nullptr;
  JobSlot<SubgraphSearchUpdate> m_search;
  JobSlot<SubgraphSearchUpdate> m_manualJob;
  QTimer m_manualTimer;
  std::shared_ptr<const SubgraphOutcome> m_outcome;    // the last search
  std::shared_ptr<const SubgraphOutcome> m_manual;     // the last manual evaluation
  std::shared_ptr<const DatabaseMotionGraph> m_graph;  // cache for m_graphFrames, m_graphThreshold
  const FrameSet* m_graphFrames = nullptr;
  std::shared_ptr<const FrameSet> m_graphFramesOwner;
  double m_graphThreshold = 0.0;
  std::vector<std::shared_ptr<const Motion>> m_outcomeMotions;  // working motions of m_outcome
  SubgraphSearchInput m_outcomeInput;                           // what m_outcome was made from
  Json m_outcomeCacheInputs;  // subgraphCacheInputs when m_outcome's search started
  // A result read from the project's cache, shown once the snap session's working motions (its
  // frames) are ready; or a search to run then, for a stale or corrupt cache.
  std::shared_ptr<const SubgraphOutcome> m_cached;
  Json m_cachedInputs;
  bool m_searchWhenReady = false;
  void applyCached();
  bool m_walking = false;
  std::uint64_t m_walkSeed = 1;
};

}  // namespace mg
