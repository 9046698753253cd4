// SPDX-License-Identifier: MIT
#include "app/mgstudio/snap/snap_workspace.h"

#include <QAction>
#include <QDockWidget>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>

#include "app/mgstudio/workspace_registry.h"
#include "core/io/snap_export.h"
#include "widgets/commands/hub_commands.h"
#include "widgets/document/hub_list.h"
#include "widgets/document/project.h"
#include "widgets/jobs/snap_session.h"
#include "widgets/views/common/export_folder_dialog.h"
#include "widgets/views/graph/graph_canvas.h"
#include "widgets/views/graph/graph_scene.h"
#include "widgets/views/heatmap/heatmap_panel.h"
#include "widgets/views/playback/motion_player.h"
#include "widgets/views/playback/playback_controller.h"
#include "widgets/views/playback/stream_player.h"
#include "widgets/views/snap/hub_graph_model.h"
#include "widgets/views/snap/hub_panel.h"
#include "widgets/views/snap/snap_preview.h"
#include "widgets/views/timeline/match_timeline.h"
#include "widgets/views/viewport/viewport_widget.h"

namespace mg {

namespace {
const RegisterWorkspaceOf<SnapWorkspace> kSnapWorkspace{0};  // the first tab: the sample opens here
}  // namespace

SnapWorkspace::SnapWorkspace(const WorkspaceContext& context)
    : Workspace(context, QStringLiteral("snap")),
      m_player(context.player),
      m_session(context.session) {
  QMainWindow* window = m_window;
  Project* project = m_project;
  ViewportWidget* viewport = m_viewport;
  PlaybackController* playback = m_playback;
  m_preview = new SnapPreview(m_session, m_streams, viewport, this);
  m_timeline = new MatchTimeline(project, m_session);
  m_canvas = new GraphCanvas(project, m_session, m_preview);
  m_hubs = new HubPanel(project, m_session);

  QDockWidget* timelineDock =
      addDock(m_timeline, tr("Match Timeline"), "timelineDock", Qt::BottomDockWidgetArea, true);
  // The hub graph is the kind's main editor: beside the viewport, as large.
  setMainEditor(m_canvas, tr("Hub Graph"), Qt::Horizontal, 0.5);
  addDock(m_hubs, tr("Hubs"), "hubsDock", Qt::LeftDockWidgetArea);
  // The transport bar sits under the timeline, both under the centre.
  if (auto* playbackDock = window->findChild<QDockWidget*>(QStringLiteral("playbackDock"))) {
    window->splitDockWidget(timelineDock, playbackDock, Qt::Vertical);
  }
  window->resizeDocks({timelineDock}, {200}, Qt::Vertical);

  m_prune = new QAction(tr("&Prune Dead Ends"), this);
  connect(m_prune, &QAction::triggered, this, &SnapWorkspace::pruneDeadEnds);
  m_export = new QAction(tr("&Export Snap Graph..."), this);
  connect(m_export, &QAction::triggered, this, &SnapWorkspace::exportSnapGraph);
  addFileAction(m_export);
  m_createHub = new QAction(tr("Create Hub at &Playback Frame"), this);
  m_createHub->setShortcut(QKeySequence(tr("Ctrl+H")));
  connect(m_createHub, &QAction::triggered, this, [this] {
    // A hub at the frame the preview or the library playback is on, with the Hubs dock's
    // candidate threshold; without a frame to take, the status bar says what to do.
    const auto state = m_session->state();
    bool candidate = false;
    if (m_preview->currentMotion() >= 0) {
      m_hubs->setCandidateFrame(state->motionIds[m_preview->currentMotion()],
                                m_preview->currentFrame());
      candidate = true;
    } else if (!m_player->shownMotions().isEmpty()) {
      const MotionId id = m_player->shownMotions().first();
      const auto motion = m_project->motion(id);
      const int frame =
          static_cast<int>(m_playback->timeSeconds() * m_project->metricSettings().workingFps);
      if (motion) {
        m_hubs->setCandidateFrame(
            id, std::min(frame,
                         workingFrameCount(*motion, m_project->metricSettings().workingFps) - 1));
        candidate = true;
      }
    }
    if (!candidate) {
      m_window->statusBar()->showMessage(
          tr("No frame to make a hub at: select a motion in the library or play a preview first."),
          6000);
      return;
    }
    const int before = hubsOf(*m_project)->count();
    m_hubs->createHub();
    if (hubsOf(*m_project)->count() > before)
      m_window->statusBar()->showMessage(
          tr("Created %1 at the playback frame.").arg(hubsOf(*m_project)->hubs().back().name),
          4000);
  });

  if (m_editMenu) {
    m_editMenu->addSeparator();
    m_editMenu->addActions({m_createHub, m_prune});
  }
  m_createHub->setShortcutContext(Qt::WindowShortcut);
  m_window->addAction(m_createHub);
  // A cell picked on the heatmap offers its row frame (a working-rate frame of the first shown
  // motion, as hub frames are) to "Create hub here".
  if (HeatmapPanel* heatmap = context.heatmap) {
    connect(heatmap, &HeatmapPanel::pairSelected, this, [this, heatmap](int row, int) {
      if (row >= 0 && !heatmap->motions().isEmpty())
        m_hubs->setCandidateFrame(heatmap->motions().first(), row);
    });
  }
  connect(m_timeline, &MatchTimeline::frameClicked, m_hubs, &HubPanel::setCandidateFrame);
  connect(m_timeline, &MatchTimeline::clipClicked, m_preview, &SnapPreview::playClip);
  // Scrubbing the timeline plays the motion under the pointer from the library, paused at that
  // frame: the one clock moves, and the viewport, transport and playhead follow it.
  connect(m_timeline, &MatchTimeline::scrubbed, this, [this](MotionId id, int frame) {
    if (m_streams) m_streams->stop();
    m_player->scrubTo(id, frame);
  });
  connect(m_canvas->model(), &HubGraphModel::pruneRequested, this, &SnapWorkspace::pruneDeadEnds);
  connect(m_hubs, &HubPanel::previewChanged, m_timeline, &MatchTimeline::setPreview);
  connect(m_hubs, &HubPanel::pruneRequested, this, &SnapWorkspace::pruneDeadEnds);
  connect(m_hubs, &HubPanel::hubSelected, this, [this](HubId id) {
    m_canvas->scene()->selectNode(id);
    m_preview->showHubPose(m_session->state()->graphHubIndex(id));
  });
  connect(m_canvas->model(), &HubGraphModel::hubActivated, m_hubs, &HubPanel::selectHub);
  connect(m_preview, &SnapPreview::currentEdgeChanged, m_timeline, &MatchTimeline::setCurrentEdge);
  connect(m_preview, &SnapPreview::positionChanged, m_timeline, &MatchTimeline::setPlayhead);
  // Library playback has a playhead too: the first shown motion at the transport's working frame;
  // with nothing shown and no preview (whose position comes above) there is none. It is what the
  // clock says also after a project is opened or the session's rows change.
  const auto libraryPlayhead = [this] {
    if (m_player->shownMotions().isEmpty()) {
      if (!m_streams || !m_streams->hasStream()) m_timeline->setPlayhead(-1, -1);
      return;
    }
    const auto s = m_session->state();
    const int row = s->motionIndex(m_player->shownMotions().first());
    if (row < 0 || row >= static_cast<int>(s->working.size())) {
      m_timeline->setPlayhead(-1, -1);
      return;
    }
    m_timeline->setPlayhead(
        row, std::min(m_playback->workingFrame(), s->working[row]->frameCount() - 1));
  };
  connect(playback, &PlaybackController::frameChanged, this, libraryPlayhead);
  connect(playback, &PlaybackController::clipChanged, this, libraryPlayhead);
  connect(m_session, &SnapSession::stateChanged, this, libraryPlayhead);
  connect(m_session, &SnapSession::stateChanged, this, [this] {
    const auto s = m_session->state();
    m_prune->setEnabled(!s->deadEnds.empty());
    m_export->setEnabled(s->snapped != nullptr && !m_exportJob.isRunning());
  });
  m_prune->setEnabled(false);
  // Hub suggestion runs long: the kind's progress strip, whose Cancel stops it.
  connect(m_session, &SnapSession::suggestionProgress, this, &SnapWorkspace::reportProgress);
  connect(m_session, &SnapSession::suggestionsReady, this, &SnapWorkspace::finishProgress);
  connect(m_session, &SnapSession::suggestionFailed, this, &SnapWorkspace::finishProgress);
  m_export->setEnabled(false);
}

GraphModel* SnapWorkspace::graphModel() const {
  return m_canvas->model();
}

QString SnapWorkspace::gettingStartedHtml() const {
  return tr(
      "<li><b>Make hubs (Snap-Together).</b> In the Hubs dock press Suggest, or Ctrl+click a frame "
      "on the Match Timeline (or right-click it: Set as Hub Candidate; a plain click or a drag on "
      "its ruler moves the playhead there), set its threshold with the slider (the dashed ticks "
      "show what would match) and "
      "press Create "
      "Hub. Every hub's match frames become the cut points of the graph.</li>"
      "<li><b>Check the graph.</b> The Hub Graph shows hubs and the clips between them; a red "
      "dashed ring "
      "marks a dead end (no clip leaves it): Prune Dead Ends removes them. Press play on the Hub "
      "Graph for a "
      "random walk, or click a clip to play it.</li>");
}

void SnapWorkspace::saveViewState(JsonObject& state) const {
  state["walk_seed"] = static_cast<double>(m_preview->seed());
}

void SnapWorkspace::loadViewState(const Json& state) {
  if (const Json* s = jsonFind(state, "walk_seed"); s && s->is_number() && s->get<double>() >= 1) {
    m_preview->setSeed(static_cast<std::uint64_t>(s->get<double>()));
  }
}

void SnapWorkspace::cancelJobs() {
  m_session->cancelSuggestion();
  m_exportCancelled = true;
  m_exportJob.cancel();
}

Workspace::ReportExport SnapWorkspace::exportForReport(const QString& base) const {
  if (!m_session->state()->snapped) return {};
  const QString error = exportTo(base);
  return error.isEmpty() ? ReportExport{base, {}} : ReportExport{{}, error};
}

void SnapWorkspace::pruneDeadEnds() {
  const auto s = m_session->state();
  std::vector<HubId> ids;
  for (int h : s->deadEnds) ids.push_back(s->graphHubs[h]);
  if (ids.empty()) {
    m_window->statusBar()->showMessage(tr("The hub graph has no dead ends."), 4000);
    return;
  }
  m_project->undoStack()->push(new PruneHubsCommand(hubsOf(*m_project), ids));
}

SnapExportInput SnapWorkspace::exportInput(const SnapPipelineState& s) const {
  double threshold = 0;
  int wmin = 0;
  for (const HubSpec& h : hubsOf(*m_project)->hubs()) {
    threshold = std::max(threshold, h.threshold);
    wmin = std::max(wmin, h.wminFrames);
  }
  // The graph the motions were snapped to (SnapResult::graph: its alignments keep plants in place).
  SnapExportInput input{
      &s.snapped->graph,
      s.snapped.get(),
      {threshold, wmin, m_project->importOptions().trimLeadingFrames, s.buildSeconds},
      {}};
  // The author's hub names and colours go into the graph file and name the clip files.
  for (HubId id : s.graphHubs) {
    const HubSpec* spec = hubsOf(*m_project)->hub(id);
    input.hubLabels.push_back(
        {spec && !spec->name.trimmed().isEmpty() ? spec->name.trimmed().toStdString()
                                                 : "hub_" + std::to_string(input.hubLabels.size()),
         spec ? spec->colour.name(QColor::HexRgb).toStdString() : std::string()});
  }
  return input;
}

QString SnapWorkspace::exportTo(const QString& directory) const {
  const auto s = m_session->state();
  if (!s->snapped)
    return tr(
        "There is no snapped graph to export yet: create hubs and wait for snapping to finish.");
  const Status status = mg::exportSnapGraph(exportInput(*s), directory.toStdString());
  return status ? QString() : QString::fromStdString(status.error().message);
}

void SnapWorkspace::exportSnapGraph() {
  QSettings settings;
  const ExportFolderDialog::Choice chosen = ExportFolderDialog::getExport(
      m_window, tr("Export Snap Graph To"),
      settings.value(QStringLiteral("snapExportDirectory")).toString());
  if (chosen.folder.isEmpty()) return;
  settings.setValue(QStringLiteral("snapExportDirectory"), chosen.folder);
  startExport(chosen.folder, chosen.clipCopies);
}

void SnapWorkspace::startExport(const QString& directory,
                                const std::vector<MotionFormat>& clipCopies) {
  if (m_exportJob.isRunning()) return;  // two exports into one folder would race
  const auto s = m_session->state();
  if (!s || !s->snapped) {
    const QString error =
        tr("There is no snapped graph to export yet: create hubs and wait for snapping to finish.");
    QMessageBox::warning(m_window, tr("Export failed"), error);
    emit exportFinished(directory, error);
    return;
  }
  SnapExportInput input = exportInput(*s);  // points into `s`, which the job keeps alive
  input.clipCopies = clipCopies;
  m_exportCancelled = false;
  m_export->setEnabled(false);
  reportProgress(0, kJobProgressSteps, tr("Exporting the snap graph"));
  auto reported = std::make_shared<bool>(false);  // the result arrived: exportFinished was sent
  // The job owns the immutable session state it exports (shared), never the live document.
  m_exportJob.start(
      [s, input, directory](JobContext<QString>& job) {
        const Status status = mg::exportSnapGraph(input, directory.toStdString(), job.progress());
        job.addResult(status ? QString() : QString::fromStdString(status.error().message));
      },
      {[this, directory, reported](const QString& error) {
         *reported = true;
         if (error.isEmpty()) {
           m_window->statusBar()->showMessage(tr("Exported the snap graph to %1").arg(directory),
                                              6000);
         } else if (m_exportCancelled) {
           m_window->statusBar()->showMessage(
               tr("Export cancelled; %1 is unchanged").arg(directory), 6000);
         } else {
           QMessageBox::warning(m_window, tr("Export failed"), error);
         }
         emit exportFinished(directory, error);
       },
       [this](int v, int max, const QString&) {
         reportProgress(v, max, tr("Exporting the snap graph"));
       },
       [this, directory, reported](bool cancelled) {
         finishProgress();
         m_export->setEnabled(m_session->state() && m_session->state()->snapped);
         if (cancelled && !*reported) {  // stopped before it returned a result: nothing written
           m_window->statusBar()->showMessage(
               tr("Export cancelled; %1 is unchanged").arg(directory), 6000);
           emit exportFinished(directory, tr("Export cancelled"));
         }
       }});
}

}  // namespace mg
