// SPDX-License-Identifier: MIT
#include "app/mgstudio/pmg/parametric_workspace.h"
#include "app/mgstudio/workspace_registry.h"

#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QStatusBar>
#include <QVBoxLayout>

#include "core/import/motion_reader.h"
#include "core/io/pmg_json.h"
#include "core/io/pmg_text.h"
#include "core/param/step_cycles.h"
#include "core/util/atomic_file.h"
#include "widgets/commands/motion_commands.h"
#include "widgets/commands/parametric_commands.h"
#include "widgets/document/parametric_document.h"
#include "widgets/document/project.h"
#include "widgets/jobs/job_slot.h"
#include "widgets/jobs/parametric_jobs.h"
#include "widgets/jobs/transition_preview.h"
#include "widgets/views/param/edge_inspector.h"
#include "widgets/views/param/parameter_plot.h"
#include "widgets/views/param/parametric_graph_model.h"
#include "widgets/views/param/parametric_graph_view.h"
#include "widgets/views/param/parametric_node_dialog.h"
#include "widgets/views/param/parametric_preview.h"
#include "widgets/views/viewport/viewport_widget.h"

namespace mg {

// What --pmg-demo builds off the UI thread.
struct DemoResult {
  std::vector<std::shared_ptr<const Motion>> motions;
  std::vector<std::array<int, 3>> examples;  // (index into motions, begin, end)
  std::shared_ptr<const ParametricNode> node;
  EdgeSettings edgeSettings;
  std::shared_ptr<const EdgeSampling> sampling;
  QString error;
};

struct ParametricWorkspace::Pending {
  explicit Pending(QObject* context) : build(context), preview(context), sample(context) {}
  JobSlot<NodeBuildResult> build;
  JobSlot<TransitionPreviewResult> preview;
  JobSlot<EdgeSampleResult> sample;
  // Edges of a loaded project still to sample (their sampling is a cache the file does not keep).
  std::vector<ParamEdgeId> edgesToSample;
};

namespace {
const RegisterWorkspaceOf<ParametricWorkspace> kParametricWorkspace{10};
}  // namespace

QString ParametricWorkspace::gettingStartedHtml() const {
  return tr(
      "<li><b>Parametric graphs.</b> In the Parametric Graph beside the viewport make nodes from "
      "step cycles, "
      "connect them and "
      "inspect each edge's T_GOOD/T_BAD in the Edge Inspector; Walk and Steer preview the "
      "result.</li>");
}

ParametricWorkspace::ParametricWorkspace(const WorkspaceContext& context)
    : Workspace(context, QStringLiteral("pmg")) {
  Project* project = m_project;
  ViewportWidget* viewport = m_viewport;
  m_clipJob = std::make_unique<JobSlot<std::shared_ptr<const Motion>>>(this);
  m_demoJob = std::make_unique<JobSlot<std::shared_ptr<const DemoResult>>>(this);
  m_pending = std::make_unique<Pending>(this);

  auto* canvas = new QWidget;
  auto* cv = new QVBoxLayout(canvas);
  cv->setContentsMargins(0, 0, 0, 0);
  m_graph = new ParametricGraphView(project, canvas);
  m_strip = new TransitionStrip(canvas);
  auto* buttons = new QHBoxLayout;
  auto* walk = new QPushButton(tr("Random Walk"), canvas);
  auto* steer = new QPushButton(tr("Steer (arrow keys)"), canvas);
  auto* stop = new QPushButton(tr("Stop"), canvas);
  m_status = new QLabel(canvas);
  buttons->addWidget(walk);
  buttons->addWidget(steer);
  buttons->addWidget(stop);
  buttons->addWidget(m_status, 1);
  cv->addWidget(m_graph, 1);
  cv->addWidget(m_strip);
  cv->addLayout(buttons);
  m_preview = new ParametricPreview(m_streams, viewport, m_strip, this);
  // The graph is the kind's main editor: beside the viewport, as large.
  setMainEditor(canvas, tr("Parametric Graph"), Qt::Horizontal, 0.5);

  auto* nodePanel = new QWidget;
  auto* nv = new QVBoxLayout(nodePanel);
  m_nodeInfo = new QLabel(tr("Select a parametric node."), nodePanel);
  m_nodeInfo->setWordWrap(true);
  m_plot = new ParameterPlot(nodePanel);
  nv->addWidget(m_nodeInfo);
  nv->addWidget(m_plot, 1);

  // The inspectors on the side: the edge's in front (the graph's edges are what an author tunes),
  // the node's behind it, both sharing the right column's tab group for its full height.
  m_inspector = new EdgeInspector(project, nullptr);
  m_inspectorDock = addDock(m_inspector, tr("Edge Inspector"), "edgeInspectorDock",
                            Qt::RightDockWidgetArea, true, "heatmapDock");
  addDock(nodePanel, tr("Parametric Node"), "parametricNodeDock", Qt::RightDockWidgetArea, false,
          "edgeInspectorDock");

  m_export = new QAction(tr("Export &Parametric Graph..."), this);
  connect(m_export, &QAction::triggered, this, [this] {
    const QString chosen = QFileDialog::getSaveFileName(
        m_window, tr("Export Parametric Graph"), QString(), tr("Parametric motion graph (*.pmg)"));
    if (chosen.isEmpty()) return;
    const QString path = pmgExportPath(chosen);
    if (const QString error = exportTo(path); !error.isEmpty()) {
      QMessageBox::warning(m_window, tr("Export Parametric Graph"), error);
    } else {
      m_window->statusBar()->showMessage(tr("Wrote %1 and %1.json").arg(path), 5000);
    }
  });
  addFileAction(m_export);

  connect(m_graph, &ParametricGraphView::newNodeRequested, this,
          &ParametricWorkspace::showNewNodeDialog);
  connect(m_graph, &ParametricGraphView::edgeSelected, this, [this](ParamEdgeId id) {
    m_inspector->setEdge(id);
    m_inspectorDock->raise();
  });
  connect(m_graph, &ParametricGraphView::nodeSelected, this, &ParametricWorkspace::showNode);
  connect(m_graph->model(), &ParametricGraphModel::walkRequested, this, [this](ParamNodeId id) {
    m_graph->selectNode(id);
    startWalk(false);
  });
  connect(m_graph, &ParametricGraphView::edgeCreated, this, [this](ParamEdgeId id) {
    m_inspector->setEdge(id);
    m_inspector->rebuild();
  });
  connect(m_plot, &ParameterPlot::parameterDragged, this,
          [this](const ParameterVector& l) { playNodeBlend(m_plot->node(), l); });
  connect(m_inspector, &EdgeInspector::previewRequested, this,
          &ParametricWorkspace::previewTransition);
  connect(walk, &QPushButton::clicked, this, [this] { startWalk(false); });
  connect(steer, &QPushButton::clicked, this, [this] { startWalk(true); });
  connect(stop, &QPushButton::clicked, m_preview, &ParametricPreview::stop);
  connect(m_preview, &ParametricPreview::statusChanged, m_status, &QLabel::setText);

  ParametricDocument* doc = parametricOf(*project);
  connect(doc, &ParametricDocument::nodeAdded, this, &ParametricWorkspace::buildPendingNodes);
  // A relinked motion (it was missing) lets the nodes on it be built.
  connect(project, &Project::motionAdded, this, &ParametricWorkspace::buildPendingNodes);
  connect(doc, &ParametricDocument::reset, this, &ParametricWorkspace::projectReset);
  connect(doc, &ParametricDocument::nodeChanged, this, [this](ParamNodeId id) {
    if (id == m_shownNode) showNode(id);
  });
  connect(doc, &ParametricDocument::nodeRemoved, this, [this](ParamNodeId id) {
    if (id == m_shownNode) showNode(kNoParamId);
  });
}

ParametricWorkspace::~ParametricWorkspace() = default;

GraphModel* ParametricWorkspace::graphModel() const {
  return m_graph->model();
}

void ParametricWorkspace::projectLoaded() {
  // After the nodes are built (buildPendingNodes), the loaded edges are sampled again on their own,
  // so the author does not press Rebuild on every edge after opening a project.
  m_pending->edgesToSample.clear();
  for (const ParamEdgeEntry& e : parametricOf(*m_project)->edges())
    m_pending->edgesToSample.push_back(e.id);
  buildPendingNodes();
}

void ParametricWorkspace::cancelJobs() {
  m_pending->edgesToSample.clear();
  m_pending->sample.cancel();
}

void ParametricWorkspace::samplePendingEdges() {
  if (m_pending->sample.isRunning() || m_pending->build.isRunning()) return;
  ParametricDocument* doc = parametricOf(*m_project);
  while (!m_pending->edgesToSample.empty()) {
    const ParamEdgeId id = m_pending->edgesToSample.front();
    m_pending->edgesToSample.erase(m_pending->edgesToSample.begin());
    const ParamEdgeEntry* e = doc->edge(id);
    if (!e) continue;
    const ParamNodeEntry* s = doc->node(e->source);
    const ParamNodeEntry* t = doc->node(e->target);
    if (!s || !t || !s->built || !t->built) continue;
    if (e->sampling) {
      // A sampling (from the project's cache) holds while its working rate is the source node's.
      if (e->sampling->settings.metric.workingFps == s->built->space().fps) continue;
      doc->setEdgeSampling(id, e->settings.sampling, nullptr);
    }
    const EdgeSamplingSettings settings = e->settings.sampling;
    const EdgeSampleJob job{s->built, t->built, settings};
    const QString label =
        tr("Sampling edge %1 \u2192 %2")
            .arg(QString::fromStdString(s->name), QString::fromStdString(t->name));
    reportProgress(0, kJobProgressSteps, label);
    m_pending->sample.start(
        [job](JobContext<EdgeSampleResult>& context) { runEdgeSampling(context, job); },
        {[this, id, settings](const EdgeSampleResult& r) {
           const ParamEdgeEntry* now = parametricOf(*m_project)->edge(id);
           // Part of loading: not an undo step. Skipped if the author changed it meanwhile.
           const EdgeSamplingSettings& cur = now ? now->settings.sampling : settings;
           const bool same = cur.sourceSamples == settings.sourceSamples &&
                             cur.targetSamples == settings.targetSamples &&
                             cur.seed == settings.seed &&
                             cur.sourceRegionBegin == settings.sourceRegionBegin &&
                             cur.sourceRegionEnd == settings.sourceRegionEnd &&
                             cur.targetRegionBegin == settings.targetRegionBegin &&
                             cur.targetRegionEnd == settings.targetRegionEnd;
           if (r.sampling && now && !now->sampling && same) {
             parametricOf(*m_project)->setEdgeSampling(id, settings, r.sampling);
           } else if (!r.sampling) {
             m_status->setText(tr("Sampling a loaded edge failed: %1").arg(r.error));
           }
         },
         [this, label](int v, int max, const QString&) { reportProgress(v, max, label); },
         [this](bool) {
           finishProgress();
           QMetaObject::invokeMethod(this, &ParametricWorkspace::samplePendingEdges,
                                     Qt::QueuedConnection);
         }});
    return;
  }
}

void ParametricWorkspace::projectReset() {
  showNode(kNoParamId);
  m_preview->stop();
  m_status->clear();
  buildPendingNodes();
}

void ParametricWorkspace::showNode(ParamNodeId id) {
  m_shownNode = id;
  const ParamNodeEntry* n = parametricOf(*m_project)->node(id);
  m_plot->setNode(n ? n->built : nullptr);
  if (!n) {
    m_nodeInfo->setText(tr("Select a parametric node."));
    return;
  }
  QString text =
      tr("<b>%1</b>: %2 examples").arg(QString::fromStdString(n->name)).arg(n->examples.size());
  if (n->built) {
    const auto names = n->built->measure().parameterNames();
    for (int d = 0; d < n->built->dimensions(); ++d) {
      text += tr("; %1 in [%2, %3]")
                  .arg(QString::fromStdString(names[d]))
                  .arg(n->built->rangeMin()[d], 0, 'f', 1)
                  .arg(n->built->rangeMax()[d], 0, 'f', 1);
    }
    text += tr(". Drag in the plot to play the blend.");
  } else {
    text += tr(" (building...)");
  }
  m_nodeInfo->setText(text);
}

void ParametricWorkspace::showNewNodeDialog() {
  if (m_project->motionCount() == 0) {
    QMessageBox::information(m_window, tr("New Parametric Node"), tr("Open capture files first."));
    return;
  }
  ParametricNodeDialog dialog(m_project, m_window);
  connect(&dialog, &ParametricNodeDialog::parameterDragged, this,
          &ParametricWorkspace::playNodeBlend);
  if (dialog.exec() != QDialog::Accepted || !dialog.builtNode()) return;
  ParamNodeEntry entry = dialog.entry();
  entry.canvasX = 160.0 * static_cast<double>(parametricOf(*m_project)->nodes().size());
  auto* cmd = new AddParametricNodeCommand(parametricOf(*m_project), entry);
  const ParamNodeId id = cmd->id();
  m_project->undoStack()->push(cmd);
  m_graph->selectNode(id);
}

void ParametricWorkspace::playNodeBlend(std::shared_ptr<const ParametricNode> node,
                                        const ParameterVector& l) {
  if (!node) return;
  m_clipJob->start(
      [node, l](JobContext<std::shared_ptr<const Motion>>& job) {
        Motion clip;
        if (node->clipFor(l, clip)) job.addResult(std::make_shared<const Motion>(std::move(clip)));
      },
      {[this](const std::shared_ptr<const Motion>& clip) { m_preview->playClip(clip); }, {}, {}});
}

void ParametricWorkspace::previewTransition(ParamEdgeId edge, const ParameterVector& source,
                                            const ParameterVector& target) {
  std::vector<ParamEdgeId> ids;
  TransitionPreviewJob job;
  job.graph = parametricOf(*m_project)->graph(*m_project, &ids);
  job.edge = static_cast<int>(std::find(ids.begin(), ids.end(), edge) - ids.begin());
  job.sourceParameter = source, job.targetParameter = target;
  if (job.edge >= static_cast<int>(ids.size())) return;
  m_pending->preview.start(
      [job](JobContext<TransitionPreviewResult>& context) {
        context.addResult(computeTransitionPreview(job));
      },
      {[this](const TransitionPreviewResult& r) {
         if (!r.clip) {
           m_status->setText(r.error);
           return;
         }
         m_preview->playClip(r.clip, r.blendBegin, r.blendEnd);
         m_status->setText(tr("Transition preview: blend frames %1-%2 of %3")
                               .arg(r.blendBegin)
                               .arg(r.blendEnd - 1)
                               .arg(r.clip->frameCount()));
       },
       {},
       {}});
}

void ParametricWorkspace::startWalk(bool steering) {
  std::shared_ptr<const ParametricGraph> graph = parametricOf(*m_project)->graph(*m_project);
  if (graph->nodeCount() == 0) {
    m_status->setText(tr("No built parametric node to walk."));
    return;
  }
  int start = 0;
  if (const ParamNodeEntry* n = parametricOf(*m_project)->node(m_graph->selectedNode())) {
    start = std::max(0, graph->findNode(n->name));
  }
  if (m_preview->startWalk(graph, start, steering)) {
    m_status->setText(steering ? tr("Steering: \u2190/\u2192 turn the arrow, \u2193 turns around, "
                                    "or left-drag on the ground towards where to go")
                      : graph->edges.size() == 1
                          ? tr("Random walk through 1 edge")
                          : tr("Random walk through %1 edges").arg(graph->edges.size()));
    m_viewport->setFocus();
  }
}

Workspace::ReportExport ParametricWorkspace::exportForReport(const QString& base) const {
  if (parametricOf(*m_project)->graph(*m_project)->nodeCount() == 0) return {};
  const QString path = pmgExportPath(base);
  const QString error = exportTo(path);
  return error.isEmpty() ? ReportExport{path, {}} : ReportExport{{}, error};
}

QString ParametricWorkspace::pmgExportPath(const QString& chosen) {
  return QFileInfo(chosen).suffix().compare(QStringLiteral("pmg"), Qt::CaseInsensitive) == 0
             ? chosen
             : chosen + QStringLiteral(".pmg");
}

QString ParametricWorkspace::exportTo(const QString& chosen) const {
  const QString path = pmgExportPath(chosen);
  std::shared_ptr<const ParametricGraph> graph = parametricOf(*m_project)->graph(*m_project);
  if (graph->nodeCount() == 0) return tr("There is no built parametric node to export.");
  // Both files as one set: a full disk leaves the previous pair as it was.
  const std::string text = path.toStdString(), json = text + ".json";
  const std::string folder = QFileInfo(path).path().toStdString();  // as writePmgText does
  const Status s =
      writeTextFilesAtomically({{text, formatPmgText(*graph, folder)},
                                {json, jsonText(pmgToJson(*graph, folder), 2) + "\n"}});
  return s ? QString() : QString::fromStdString(s.error().message);
}

void ParametricWorkspace::buildPendingNodes() {
  if (m_pending->build.isRunning()) return;
  for (const ParamNodeEntry& n : parametricOf(*m_project)->nodes()) {
    if (n.built) continue;
    const ParamNodeId id = n.id;
    const NodeBuildJob job = NodeBuildJob::from(n, *m_project);
    if (!job.setAsideReason.isEmpty()) {
      // Kept as authored, left unbuilt until its motion is relinked (which rebuilds it).
      m_status->setText(job.setAsideReason);
      continue;
    }
    m_building = id;
    m_status->setText(tr("Building node %1...").arg(QString::fromStdString(n.name)));
    m_pending->build.start(
        [job](JobContext<NodeBuildResult>& context) { runNodeBuild(context, job); },
        {[this, id](const NodeBuildResult& r) {
           if (r.node) parametricOf(*m_project)->setNodeBuilt(id, r.node);
           m_status->setText(r.node ? tr("Node built.") : tr("Node build failed: %1").arg(r.error));
         },
         {},
         [this](bool) {
           m_building = kNoParamId;
           QMetaObject::invokeMethod(this, &ParametricWorkspace::buildPendingNodes,
                                     Qt::QueuedConnection);
         }});
    return;
  }
  samplePendingEdges();
}

void ParametricWorkspace::runDemo(const QString& directory) {
  const std::string dir = directory.toStdString();
  const ImportOptions options = m_project->importOptions();
  m_status->setText(tr("Demo: loading walks and building the walking node..."));
  m_demoJob->start(
      [dir, options](JobContext<std::shared_ptr<const DemoResult>>& context) {
        auto out = std::make_shared<DemoResult>();
        for (const char* file :
             {"16_15.bvh", "16_11.bvh", "16_13.bvh", "16_17.bvh", "16_19.bvh", "16_47.bvh"}) {
          Result<Motion> m = readMotionFile(dir + "/" + file, options);
          if (!m) continue;
          Result<std::vector<StepCycle>> cycles = findStepCycles(*m);
          const int index = static_cast<int>(out->motions.size());
          out->motions.push_back(std::make_shared<const Motion>(std::move(m.value())));
          if (cycles) {
            for (const StepCycle& c : *cycles)
              out->examples.push_back({index, c.beginFrame, c.endFrame});
          }
        }
        NodeBuildJob job;
        job.name = "walk";
        for (const auto& [i, b, e] : out->examples)
          job.segments.push_back({out->motions[static_cast<size_t>(i)], b, e});
        job.metrics = {ParameterMetric{}};
        std::vector<ExampleSegment> segments = job.segments;
        Result<ParametricSpace> space = registerExamples(segments, job.registration);
        if (!space) {
          out->error = QString::fromStdString(space.error().message);
          context.addResult(std::shared_ptr<const DemoResult>(out));
          return;
        }
        Result<ParametricNode> node = buildParametricNode(
            "walk", std::make_shared<const ParametricSpace>(std::move(space.value())), job.metrics,
            job.inversion);
        if (!node) {
          out->error = QString::fromStdString(node.error().message);
          context.addResult(std::shared_ptr<const DemoResult>(out));
          return;
        }
        out->node = std::make_shared<const ParametricNode>(std::move(node.value()));
        out->edgeSettings.sampling.sourceSamples = 30;
        out->edgeSettings.sampling.targetSamples = 300;
        Result<EdgeSampling> sampling =
            sampleEdge({out->node.get(), out->node.get(), out->edgeSettings.sampling});
        if (sampling)
          out->sampling = std::make_shared<const EdgeSampling>(std::move(sampling.value()));
        context.addResult(std::shared_ptr<const DemoResult>(out));
      },
      {[this](const std::shared_ptr<const DemoResult>& r) {
         if (!r->node) {
           m_status->setText(tr("Demo failed: %1").arg(r->error));
           return;
         }
         std::vector<MotionId> ids;
         for (const auto& m : r->motions) {
           auto* cmd = new AddMotionCommand(m_project, m);
           ids.push_back(cmd->id());
           m_project->undoStack()->push(cmd);
         }
         ParamNodeEntry node;
         node.name = parametricOf(*m_project)->uniqueName("walk");
         for (const auto& [i, b, e] : r->examples)
           node.examples.push_back({ids[static_cast<size_t>(i)], b, e});
         node.metrics = {ParameterMetric{}};
         node.built = r->node;
         auto* addNode = new AddParametricNodeCommand(parametricOf(*m_project), node);
         const ParamNodeId nodeId = addNode->id();
         m_project->undoStack()->push(addNode);
         ParamEdgeEntry edge;
         edge.source = edge.target = nodeId;
         edge.settings = r->edgeSettings;
         edge.sampling = r->sampling;
         auto* addEdge = new AddParametricEdgeCommand(parametricOf(*m_project), edge);
         const ParamEdgeId edgeId = addEdge->id();
         m_project->undoStack()->push(addEdge);
         showNode(nodeId);
         m_graph->selectEdge(edgeId);
         m_inspector->setEdge(edgeId);
         m_status->setText(tr("Demo: walking node with %1 examples and its self-loop.")
                               .arg(node.examples.size()));
         // The demo is about the edge: float the inspector at full height over the right side.
         m_inspectorDock->setFloating(true);
         const QRect frame = m_window->geometry();
         m_inspectorDock->setGeometry(frame.right() - 600, frame.top() + 24, 590,
                                      frame.height() - 60);
         m_inspectorDock->show();
         m_inspectorDock->raise();
         // Show a transition at once: the first source sample into its best target (the
         // inspector picks it when it shows the edge).
         m_inspector->requestPreview();
         emit demoReady();
       },
       {},
       {}});
}

}  // namespace mg
