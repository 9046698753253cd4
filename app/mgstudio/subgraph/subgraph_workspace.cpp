// SPDX-License-Identifier: MIT
#include "app/mgstudio/subgraph/subgraph_workspace.h"
#include "app/mgstudio/workspace_registry.h"
#include "widgets/document/project_section.h"

#include <algorithm>
#include <cmath>
#include <map>

#include <QAction>
#include <QDir>
#include <QDockWidget>
#include <QHBoxLayout>
#include <QMainWindow>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QStatusBar>
#include <QTabWidget>
#include <QVBoxLayout>

#include "core/dmg/dmg_walk.h"
#include "core/io/subgraph_export.h"
#include "core/synth/motion_clip_stream.h"
#include "widgets/commands/subgraph_commands.h"
#include "widgets/document/project.h"
#include "widgets/document/result_cache.h"
#include "widgets/jobs/snap_pipeline.h"
#include "widgets/jobs/snap_session.h"
#include "widgets/jobs/subgraph_cache.h"
#include "widgets/views/common/export_folder_dialog.h"
#include "widgets/views/graph/graph_canvas.h"
#include "widgets/views/graph/graph_scene.h"
#include "widgets/views/playback/motion_player.h"
#include "widgets/views/playback/playback_controller.h"
#include "widgets/views/playback/stream_player.h"
#include "widgets/views/subgraph/subgraph_graph_model.h"
#include "widgets/views/subgraph/subgraph_panel.h"
#include "widgets/views/subgraph/subgraph_plots.h"
#include "widgets/views/timeline/match_timeline.h"

namespace mg {

namespace {

int toFrame(double seconds, double fps) {
  return static_cast<int>(std::lround(seconds * fps));
}

QString percent(double fraction) {
  return QString::number(100.0 * fraction, 'f', fraction < 0.1 ? 1 : 0) + QLatin1Char('%');
}

}  // namespace

namespace {
const RegisterWorkspaceOf<SubgraphWorkspace> kSubgraphWorkspace{20};
}  // namespace

QString SubgraphWorkspace::gettingStartedHtml() const {
  return tr(
      "<li><b>Minimum subgraphs.</b> In the Minimum Subgraph workspace drag key segments on the "
      "Subgraph "
      "Timeline (Shift+drag keeps frames by hand) and press Find Minimum Subgraph: the smallest "
      "graph that connects "
      "every key is shown in Subgraph Results, with a random walk to preview.</li>");
}

SubgraphWorkspace::SubgraphWorkspace(const WorkspaceContext& context)
    : Workspace(context, QStringLiteral("subgraph")),
      m_session(context.session),
      m_search(this),
      m_manualJob(this) {
  m_doc = ensureSection<SubgraphDocument>(*m_project);
  m_panel = new SubgraphPanel(m_project, m_doc);
  // The panel's settings and keys want the left column's full height: it is a tab in front of the
  // library (the database is chosen once; the keys are worked on all along).
  addDock(m_panel, tr("Subgraph"), "subgraphDock", Qt::LeftDockWidgetArea, true,
          "motionLibraryDock");

  m_timeline = new MatchTimeline(m_project, m_session);
  m_timeline->setRangeSelection(true);
  m_timeline->setLegend(
      tr("click: playhead  •  drag: new key  •  Shift+drag: keep by hand  •  boxes: keys  •  band "
         "above a line: kept "
         "frames (white key, orange required, purple branch, green path, blue by hand)  •  bars "
         "below: foot contacts"));
  addDock(m_timeline, tr("Subgraph Timeline"), "subgraphTimelineDock", Qt::BottomDockWidgetArea,
          true, "timelineDock");

  m_results = new QTabWidget;
  m_plot = new IterationPlot;
  m_results->addTab(m_plot, tr("Iterations"));
  auto* matrixPage = new QWidget;
  auto* mv = new QVBoxLayout(matrixPage);
  mv->setContentsMargins(2, 2, 2, 2);
  m_matrix = new PairMatrix(matrixPage);
  m_matrixToggle = new QPushButton(tr("Show CORE"), matrixPage);
  m_matrixToggle->setCheckable(true);
  m_matrixToggle->setToolTip(
      tr("Switch the matrix between the subgraph and CORE (the best the database allows)."));
  mv->addWidget(m_matrix, 1);
  mv->addWidget(m_matrixToggle, 0, Qt::AlignRight);
  m_results->addTab(matrixPage, tr("Key Pairs"));
  m_histogram = new TransitionHistogram;
  m_results->addTab(m_histogram, tr("Transition Times"));
  auto* graphPage = new QWidget;
  auto* gv = new QVBoxLayout(graphPage);
  gv->setContentsMargins(2, 2, 2, 2);
  m_model = new SubgraphGraphModel(this);
  m_scene = new GraphScene(m_model, this);
  m_view = new ZoomingGraphicsView(m_scene, graphPage);
  auto* buttons = new QHBoxLayout;
  auto* walk = new QPushButton(tr("Random Walk"), graphPage);
  walk->setToolTip(tr("Play a random walk through the subgraph in the viewport."));
  auto* stop = new QPushButton(tr("Stop"), graphPage);
  buttons->addWidget(walk);
  buttons->addWidget(stop);
  buttons->addStretch(1);
  gv->addWidget(m_view, 1);
  gv->addLayout(buttons);
  // The subgraph's clips and transitions are the kind's main editor, beside the viewport; its
  // timeline runs across the bottom.
  setMainEditor(graphPage, tr("Subgraph Clip Graph"), Qt::Horizontal, 0.5);
  addDock(m_results, tr("Subgraph Results"), "subgraphResultsDock", Qt::RightDockWidgetArea, true,
          "heatmapDock");

  m_export = new QAction(tr("Export &Subgraph..."), this);
  m_export->setEnabled(false);
  m_export->setToolTip(tr("Write the subgraph's frames, edges, keys and clips (BVH) to a folder."));
  connect(m_export, &QAction::triggered, this, &SubgraphWorkspace::exportWithDialog);
  addFileAction(m_export);

  // Window-wide actions, so their keys work wherever the focus is and Help lists them.
  auto* run = new QAction(tr("Find Minimum Subgraph"), this);
  run->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
  auto* complete = new QAction(tr("Complete Hand-Picked Subgraph"), this);
  complete->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
  m_window->addActions({run, complete});
  connect(run, &QAction::triggered, this, &SubgraphWorkspace::runSearch);
  connect(complete, &QAction::triggered, this, &SubgraphWorkspace::runSearch);

  m_manualTimer.setSingleShot(true);
  m_manualTimer.setInterval(250);
  connect(&m_manualTimer, &QTimer::timeout, this, &SubgraphWorkspace::evaluateManual);

  SubgraphDocument* doc = m_doc;
  for (auto signal : {&SubgraphDocument::keysChanged, &SubgraphDocument::choicesChanged,
                      &SubgraphDocument::settingsChanged, &SubgraphDocument::reset}) {
    connect(doc, signal, this, [this] {
      updateOverlay();
      scheduleManual();
    });
  }
  connect(m_session, &SnapSession::stateChanged, this, [this] {
    updateOverlay();
    scheduleManual();
    applyCached();
  });
  // A click on the timeline (or a drag on its ruler) plays that motion from the library, paused
  // at the frame, through the one clock; library playback puts the playhead on the timeline.
  if (MotionPlayer* player = context.player; player && m_playback) {
    connect(m_timeline, &MatchTimeline::scrubbed, this, [this, player](MotionId id, int frame) {
      if (m_streams) m_streams->stop();
      player->scrubTo(id, frame);
    });
    const auto libraryPlayhead = [this, player] {
      if (player->shownMotions().isEmpty()) {
        if (!m_streams || !m_streams->hasStream()) m_timeline->setPlayhead(-1, -1);
        return;
      }
      const auto s = m_session->state();
      const int row = s->motionIndex(player->shownMotions().first());
      m_timeline->setPlayhead(
          row,
          row < 0 ? -1 : std::min(m_playback->workingFrame(), s->working[row]->frameCount() - 1));
    };
    connect(m_playback, &PlaybackController::frameChanged, this, libraryPlayhead);
    connect(m_playback, &PlaybackController::clipChanged, this, libraryPlayhead);
    connect(m_session, &SnapSession::stateChanged, this, libraryPlayhead);
  }
  connect(m_timeline, &MatchTimeline::rangeSelected, this,
          [this](MotionId motion, int begin, int end, Qt::KeyboardModifiers mods) {
            addStretch(motion, begin, end, mods & Qt::ShiftModifier);
          });
  connect(m_panel, &SubgraphPanel::runRequested, this, &SubgraphWorkspace::runSearch);
  connect(m_panel, &SubgraphPanel::completeRequested, this, &SubgraphWorkspace::runSearch);
  connect(m_panel, &SubgraphPanel::cancelRequested, this, &SubgraphWorkspace::cancelJobs);
  connect(m_matrixToggle, &QPushButton::toggled, this, [this](bool core) {
    m_matrix->setShowCore(core);
    m_matrixToggle->setText(core ? tr("Show Subgraph") : tr("Show CORE"));
  });
  connect(walk, &QPushButton::clicked, this, &SubgraphWorkspace::startWalk);
  connect(stop, &QPushButton::clicked, this, [this] {
    if (m_walking) m_streams->stop();
  });
  connect(m_model, &SubgraphGraphModel::clipActivated, this,
          [this](int motion, int begin, int end) {
            if (motion < 0 || motion >= static_cast<int>(m_outcomeMotions.size())) return;
            m_streams->play(
                std::make_unique<MotionClipStream>(m_outcomeMotions[motion], begin, end, motion),
                tr("Subgraph clip"));
            m_walking = true;
          });
  if (m_streams) {
    connect(m_streams, &StreamPlayer::streamStarting, this, [this] { m_walking = false; });
    connect(m_streams, &StreamPlayer::streamStopped, this, [this] {
      m_walking = false;
      m_timeline->setPlayhead(-1, -1);
    });
    connect(m_streams, &StreamPlayer::frameChanged, this, [this] {
      if (!m_walking) return;
      const SourceFrame s = m_streams->source();
      m_timeline->setPlayhead(s.motion, s.frame);
    });
  }
  updateOverlay();
}

SubgraphWorkspace::~SubgraphWorkspace() = default;

GraphModel* SubgraphWorkspace::graphModel() const {
  return m_model;
}

void SubgraphWorkspace::projectReset() {
  cancelJobs();
  m_cached.reset();
  m_searchWhenReady = false;
  m_outcomeCacheInputs = Json();
  m_outcome.reset();
  m_manual.reset();
  m_graph.reset();
  m_graphFramesOwner.reset();
  m_graphFrames = nullptr;
  m_outcomeMotions.clear();
  if (m_walking) m_streams->stop();
  showOutcome();
}

void SubgraphWorkspace::cancelJobs() {
  m_search.cancel();
  m_manualJob.cancel();
}

QString SubgraphWorkspace::glitchNote() const {
  const auto& flags = m_outcomeInput.leftOut;
  const auto frames = std::count(flags.begin(), flags.end(), std::uint8_t{1});
  if (frames == 0) return {};
  return (frames == 1 ? tr("<br>1 frame") : tr("<br>%1 frames").arg(frames)) +
         tr(" left out of the database graph at capture glitches (red on the timeline).");
}

bool SubgraphWorkspace::makeInput(SubgraphSearchInput& input, QString& why) const {
  const auto state = m_session->state();
  if (!state->frames || state->working.empty()) {
    why = tr("Load motions first: the subgraph is chosen from their frames.");
    return false;
  }
  const double fps = state->frames->settings.workingFps;
  const SubgraphDocument* doc = m_doc;
  const SubgraphSettings& s = doc->settings();
  input.frames = state->frames;
  input.working = state->working;
  input.thresholdM2 = s.thresholdM2;
  input.leftOut = glitchFrameFlags(*state);
  for (const SubgraphKeySpec& k : doc->keys()) {
    const int motion = state->motionIndex(k.motion);
    if (motion < 0) {
      // A key the search would silently leave out: say which and why, and keep it (undo or
      // re-adding the motion brings it back).
      QString reason = tr("its motion is no longer in the project");
      for (const SetAsideMotion& a : state->setAside) {
        if (a.id == k.motion) reason = tr("its motion %1 is set aside: %2").arg(a.name, a.reason);
      }
      why = tr("Key \"%1\" cannot be used: %2. Remove the key or the motions on another skeleton.")
                .arg(k.name, reason);
      return false;
    }
    input.keys.push_back(
        {k.name.toStdString(), motion, toFrame(k.beginSeconds, fps), toFrame(k.endSeconds, fps)});
  }
  for (const SubgraphChoice& c : doc->choices()) {
    const int motion = state->motionIndex(c.motion);
    if (motion >= 0)
      input.chosen.push_back({motion, toFrame(c.beginSeconds, fps), toFrame(c.endSeconds, fps)});
  }
  if (input.keys.empty()) {
    why = tr("Drag key segments on the Subgraph Timeline first.");
    return false;
  }
  input.requirement.kind = static_cast<RequirementKind>(s.requirement);
  input.requirement.gamma = s.gamma;
  input.requirement.alpha = s.alpha;
  input.requirement.frameCost = s.frameCost;
  input.requirement.entryFrames = s.entryFrames;
  input.requirement.strict = s.strict;
  input.isa.fromCore = s.fromCore;
  input.isa.maxIterations = s.maxIterations;
  if (m_graph && m_graphFrames == state->frames.get() && m_graphThreshold == s.thresholdM2)
    input.cachedGraph = m_graph;
  return true;
}

void SubgraphWorkspace::addStretch(int motion, int beginFrame, int endFrame, bool handPicked) {
  const auto state = m_session->state();
  const int index = state->motionIndex(motion);
  const std::shared_ptr<const Motion> m = m_project->motion(motion);
  if (index < 0 || !m || endFrame <= beginFrame) return;
  // A drag may run past the end of a motion shorter than the timeline: keep what lies inside it,
  // and refuse a stretch wholly outside (it would be an empty key).
  const int frames = state->working[index]->frameCount();
  if (beginFrame < 0 || beginFrame >= frames) {
    m_window->statusBar()->showMessage(
        tr("Frames %1–%2 lie outside %3, which has frames 0–%4 at the working rate.")
            .arg(beginFrame)
            .arg(endFrame - 1)
            .arg(QString::fromStdString(m->name))
            .arg(frames - 1),
        6000);
    return;
  }
  endFrame = std::min(endFrame, frames);
  const double fps = m_project->metricSettings().workingFps;
  const double begin = beginFrame / fps, end = std::min(endFrame / fps, m->durationSeconds());
  SubgraphDocument* doc = m_doc;
  if (handPicked) {
    std::vector<SubgraphChoice> choices = doc->choices();
    choices.push_back({motion, begin, end});
    m_project->undoStack()->push(setSubgraphChoicesCommand(
        doc, std::move(choices),
        tr("Keep Frames %1–%2 by Hand").arg(beginFrame).arg(endFrame - 1)));
    return;
  }
  for (const SubgraphKeySpec& k : doc->keys()) {
    if (k.motion == motion && begin < k.endSeconds && k.beginSeconds < end) {
      m_window->statusBar()->showMessage(
          tr("Frames %1–%2 overlap key \"%3\"; keys may not overlap.")
              .arg(beginFrame)
              .arg(endFrame - 1)
              .arg(k.name),
          6000);
      return;
    }
  }
  SubgraphKeySpec key;
  key.name = doc->uniqueName(tr("key %1").arg(doc->keys().size() + 1));
  key.colour = doc->nextColour();
  key.motion = motion;
  key.beginSeconds = begin;
  key.endSeconds = end;
  m_project->undoStack()->push(new AddSubgraphKeyCommand(doc, key));
}

void SubgraphWorkspace::runSearch() {
  SubgraphSearchInput input;
  QString why;
  if (!makeInput(input, why)) {
    m_panel->setSummary(why);
    m_panel->setManualStatus(QString());  // manual mode cannot evaluate either, for the same reason
    return;
  }
  m_manualJob.cancel();
  const Json cacheInputs = subgraphCacheInputs(*m_project);
  m_panel->setRunning(true);
  m_plot->setIterations({});
  m_results->setCurrentWidget(m_plot);
  m_panel->setSummary(tr("Searching..."));
  reportProgress(0, kJobProgressSteps, tr("Minimum subgraph"));
  JobCallbacks<SubgraphSearchUpdate> callbacks;
  callbacks.onResult = [this, input, cacheInputs](const SubgraphSearchUpdate& update) {
    m_plot->setIterations(update.iterations);
    if (!update.outcome) return;
    if (!update.outcome->error.isEmpty()) {
      m_panel->setSummary(tr("<b>No subgraph:</b> %1").arg(update.outcome->error.toHtmlEscaped()));
      m_window->statusBar()->showMessage(
          tr("Subgraph search failed: %1").arg(update.outcome->error), 8000);
      return;
    }
    m_outcome = update.outcome;
    m_outcomeCacheInputs = cacheInputs;
    m_outcomeInput = input;
    m_outcomeMotions = input.working;
    m_graph = update.outcome->graph;
    m_graphFramesOwner = input.frames;
    m_graphFrames = input.frames.get();
    m_graphThreshold = input.thresholdM2;
    showOutcome();
  };
  callbacks.onProgress = [this](int value, int maximum, const QString& text) {
    reportProgress(value, maximum, text);
  };
  callbacks.onFinished = [this](bool cancelled) {
    m_panel->setRunning(false);
    finishProgress();
    if (cancelled) m_panel->setSummary(tr("Search cancelled; the previous result is kept."));
    emit searchFinished();
  };
  m_search.start(
      [input](JobContext<SubgraphSearchUpdate>& job) { runSubgraphSearch(input, true, job); },
      std::move(callbacks));
}

void SubgraphWorkspace::scheduleManual() {
  if (m_search.isRunning()) return;
  m_manualTimer.start();
}

void SubgraphWorkspace::evaluateManual() {
  SubgraphSearchInput input;
  QString why;
  if (!makeInput(input, why)) {
    // Said once: a run that failed for the same reason already shows it in the summary.
    m_panel->setManualStatus(why == m_panel->summary() ? QString() : why);
    return;
  }
  JobCallbacks<SubgraphSearchUpdate> callbacks;
  callbacks.onResult = [this, input](const SubgraphSearchUpdate& update) {
    if (!update.outcome) return;
    const SubgraphOutcome& o = *update.outcome;
    if (!o.error.isEmpty()) {
      m_panel->setManualStatus(o.error);
      return;
    }
    m_manual = update.outcome;
    if (!m_graph || m_graphFrames != input.frames.get() || m_graphThreshold != input.thresholdM2) {
      m_graph = o.graph;
      m_graphFramesOwner = input.frames;
      m_graphFrames = input.frames.get();
      m_graphThreshold = input.thresholdM2;
    }
    m_panel->setManualStatus(
        tr("The keys and the frames picked by hand alone: %1 frames (%2 of the database); "
           "connectivity %3 of key-segment pairs joined, satisfaction %4 of %5 key pairs "
           "within the bound.")
            .arg(o.result.vertices.size())
            .arg(percent(static_cast<double>(o.result.vertices.size()) / o.graph->vertexCount()))
            .arg(percent(o.connectivity))
            .arg(percent(o.satisfaction))
            .arg(o.subgraph.pairs.size()));
    if (!m_outcome) updateOverlay();
    emit manualEvaluated();
  };
  m_manualJob.start(
      [input](JobContext<SubgraphSearchUpdate>& job) { runSubgraphSearch(input, false, job); },
      std::move(callbacks));
}

void SubgraphWorkspace::showOutcome() {
  const SubgraphOutcome* o = m_outcome.get();
  m_export->setEnabled(o != nullptr);
  if (!o) {
    m_panel->setSummary(tr("No result yet."));
    m_matrix->setData({}, {}, {}, 0);
    m_histogram->setData({}, {}, 0);
    m_model->setSubgraph(nullptr, {}, {}, {}, {});
    updateOverlay();
    return;
  }
  const SubgraphResult& r = o->result;
  const int dmg = o->graph->vertexCount();
  int counts[6] = {};
  for (KeptReason reason : r.reasons) ++counts[static_cast<int>(reason)];
  m_panel->setSummary(
      tr("<b>%1 frames kept</b> of %2 (%3 of the database, %4 of CORE's %5), %6 edges, in %7 s.<br>"
         "key %8 · required %9 · branch %10 · path %11 · by hand %12<br>"
         "Key pairs met: %13 of %14 (independent check). Mean minimum transition: %15 frames "
         "(CORE %16).")
          .arg(r.vertices.size())
          .arg(dmg)
          .arg(percent(static_cast<double>(r.vertices.size()) / dmg))
          .arg(percent(r.coreVertices.empty()
                           ? 0.0
                           : static_cast<double>(r.vertices.size()) / r.coreVertices.size()))
          .arg(r.coreVertices.size())
          .arg(r.edges)
          .arg(o->seconds, 0, 'f', 1)
          .arg(counts[1])
          .arg(counts[2])
          .arg(counts[3])
          .arg(counts[4])
          .arg(counts[5])
          .arg(o->subgraph.satisfied)
          .arg(o->subgraph.pairs.size())
          .arg(o->subgraph.meanSubgraphFrames, 0, 'f', 1)
          .arg(o->core.meanSubgraphFrames, 0, 'f', 1) +
      glitchNote());
  m_plot->setIterations(r.iterations);
  // Names and colours of the keys the run used, in its order.
  QStringList names;
  std::vector<QColor> colours;
  std::map<int, QColor> keyColourOfVertex;
  for (const KeySegment& k : m_outcomeInput.keys) {
    names << QString::fromStdString(k.name);
    QColor colour(Qt::gray);
    for (const SubgraphKeySpec& spec : m_doc->keys()) {
      if (spec.name.toStdString() == k.name) colour = spec.colour;
    }
    colours.push_back(colour);
    for (int f = k.beginFrame; f < k.endFrame; ++f) {
      const int v = o->graph->vertexOf(k.motion, f);
      if (v >= 0) keyColourOfVertex[v] = colour;
    }
  }
  const int gamma = m_outcomeInput.requirement.kind == RequirementKind::DmgMinimum
                        ? 0
                        : m_outcomeInput.requirement.gamma;
  if (names.size() == o->keySegments) m_matrix->setData(names, colours, o->segmentPairs, gamma);
  m_histogram->setData(o->coreFramesOfPair, o->subgraphFramesOfPair, gamma);
  QStringList motionNames;
  for (const auto& m : m_outcomeMotions) motionNames << QString::fromStdString(m->name);
  m_model->setSubgraph(o->graph, r.vertices, r.reasons, motionNames, keyColourOfVertex);
  m_view->fitContent();
  updateOverlay();
}

void SubgraphWorkspace::updateOverlay() {
  const auto state = m_session->state();
  const double fps = m_project->metricSettings().workingFps;
  std::vector<TimelineSpan> keys, shading;
  for (const SubgraphKeySpec& k : m_doc->keys()) {
    const int motion = state->motionIndex(k.motion);
    if (motion >= 0)
      keys.push_back(
          {motion, toFrame(k.beginSeconds, fps), toFrame(k.endSeconds, fps), k.colour, k.name});
  }
  // The kept frames of the last search (or, before one, of the hand-picked evaluation) as runs of
  // one reason; the stretches kept by hand always show.
  const SubgraphOutcome* o = m_outcome ? m_outcome.get() : m_manual.get();
  if (o && o->graph && o->graph->motionCount() == static_cast<int>(state->working.size())) {
    const auto& r = o->result;
    for (size_t i = 0; i < r.vertices.size(); ++i) {
      const DmgVertex& v = o->graph->vertex(r.vertices[i]);
      const QColor colour =
          SubgraphGraphModel::reasonColour(i < r.reasons.size() ? r.reasons[i] : KeptReason::Path);
      if (!shading.empty() && shading.back().motion == v.motion &&
          shading.back().endFrame == v.frame && shading.back().colour == colour) {
        ++shading.back().endFrame;
      } else {
        shading.push_back({v.motion, v.frame, v.frame + 1, colour, {}});
      }
    }
  }
  for (const SubgraphChoice& c : m_doc->choices()) {
    const int motion = state->motionIndex(c.motion);
    if (motion >= 0 && !o) {
      shading.push_back({motion,
                         toFrame(c.beginSeconds, fps),
                         toFrame(c.endSeconds, fps),
                         SubgraphGraphModel::reasonColour(KeptReason::Chosen),
                         {}});
    }
  }
  m_timeline->setOverlay(std::move(keys), std::move(shading));
}

void SubgraphWorkspace::startWalk() {
  if (!m_outcome || !m_outcome->graph) {
    m_window->statusBar()->showMessage(tr("Find a subgraph first, then walk it."), 5000);
    return;
  }
  const DatabaseMotionGraph& g = *m_outcome->graph;
  std::vector<bool> keep(g.vertexCount(), false);
  for (int v : m_outcome->result.vertices) keep[v] = true;
  auto sub = std::make_shared<DatabaseMotionGraph>(inducedDmg(g, keep));
  // Walk only where a walk can go on for ever: the largest strongly connected part.
  auto walkGraph = std::make_shared<const DatabaseMotionGraph>(largestComponentDmg(*sub));
  if (walkGraph->vertexCount() < 2 ||
      !DmgWalkStream::validateFor(walkGraph.get(), m_outcomeMotions)) {
    m_window->statusBar()->showMessage(tr("The subgraph has no cycle to walk."), 5000);
    return;
  }
  m_streams->play(std::make_unique<DmgWalkStream>(walkGraph, m_outcomeMotions, 0,
                                                  randomDmgEdgeChooser(m_walkSeed++, 10)),
                  tr("Subgraph random walk"));
  m_walking = true;
}

}  // namespace mg
