// SPDX-License-Identifier: MIT
#include "app/mgstudio/quality_dock.h"

#include <cmath>

#include <QDir>
#include <QDockWidget>
#include <QMenu>
#include <QStatusBar>
#include <QTemporaryDir>

#include "app/mgstudio/main_window.h"
#include "app/mgstudio/workspace.h"
#include "core/report/report_walk.h"
#include "widgets/document/result_cache.h"
#include "widgets/jobs/job_slot.h"
#include "widgets/jobs/quality_cache.h"
#include "widgets/jobs/quality_job.h"
#include "widgets/views/common/count_text.h"
#include "widgets/views/playback/playback_controller.h"
#include "widgets/views/playback/stream_player.h"
#include "widgets/views/quality/quality_panel.h"

namespace mg {

QualityDock::QualityDock(MainWindow* window, QMenu* viewMenu)
    : QObject(window), m_window(window), m_job(std::make_unique<JobSlot<QualityJobResult>>(this)) {
  m_panel = new QualityPanel(window);
  m_dock = new QDockWidget(tr("Quality"), window);
  m_dock->setObjectName(QStringLiteral("qualityDock"));
  m_dock->setWidget(m_panel);
  window->addDockWidget(Qt::RightDockWidgetArea, m_dock);
  // The report needs height: a tab of the right column, behind what is there.
  for (QDockWidget* other : window->findChildren<QDockWidget*>()) {
    if (other != m_dock && window->dockWidgetArea(other) == Qt::RightDockWidgetArea &&
        !other->isFloating()) {
      window->tabifyDockWidget(other, m_dock);
      break;
    }
  }
  QAction* toggle = m_dock->toggleViewAction();
  toggle->setShortcut(QKeySequence(tr("Ctrl+Shift+Q")));
  toggle->setShortcutContext(Qt::WindowShortcut);
  toggle->setToolTip(tr("The quality report of the project's graphs"));
  window->addAction(toggle);
  if (viewMenu) viewMenu->addAction(toggle);
  // New Project and Open: the report was of the project before.
  connect(window->project(), &Project::cleared, this, [this] {
    cancel();
    m_report.reset();
    m_inputs.clear();
    m_panel->setReport(nullptr);
    m_panel->setStatus(QString());
  });
  connect(m_panel, &QualityPanel::runRequested, this, &QualityDock::run);
  connect(m_panel, &QualityPanel::cancelRequested, this, &QualityDock::cancel);
  connect(m_panel, &QualityPanel::transitionActivated, this, &QualityDock::showTransition);
}

QualityDock::~QualityDock() = default;

bool QualityDock::isRunning() const {
  return m_job->isRunning();
}

void QualityDock::saveViewState(JsonObject& state) const {
  const QualityReportSettings s = m_panel->settings(QualityReportSettings{});
  state["quality_seconds"] = s.seconds;
  state["quality_seed"] = static_cast<double>(s.seed);
}

void QualityDock::loadViewState(const Json& state) {
  const QualityReportSettings s = m_panel->settings(QualityReportSettings{});
  const Json* seconds = jsonFind(state, "quality_seconds");
  const Json* seed = jsonFind(state, "quality_seed");
  m_panel->setSettings(
      seconds && seconds->is_number() ? seconds->get<double>() : s.seconds,
      seed && seed->is_number() ? static_cast<int>(seed->get<double>()) : static_cast<int>(s.seed));
}

void QualityDock::cancel() {
  m_job->cancel();
}

void QualityDock::run() {
  m_exports = std::make_unique<QTemporaryDir>();
  if (!m_exports->isValid()) {
    m_panel->setStatus(
        tr("Cannot create a temporary folder for the exports: %1").arg(m_exports->errorString()));
    return;
  }
  QualityJob job;
  job.settings = m_panel->settings(QualityReportSettings{});
  const Json inputs = qualityCacheInputs(*m_window->project(), job.settings);
  QStringList problems;
  for (Workspace* w : m_window->workspaces()) {
    const Workspace::ReportExport out = w->exportForReport(m_exports->filePath(w->kindName()));
    if (!out.error.isEmpty()) problems << tr("%1: %2").arg(w->kindName(), out.error);
    if (!out.path.isEmpty()) job.paths.push_back(out.path.toStdString());
  }
  if (job.paths.empty()) {
    QStringList kinds;
    for (const Workspace* w : m_window->workspaces()) kinds << w->title();
    m_panel->setStatus(
        problems.isEmpty()
            ? tr("The project has no graph to report on yet: build one in a workspace "
                 "first (%1).")
                  .arg(kinds.join(QStringLiteral(", ")))
            : problems.join(QLatin1Char('\n')));
    return;
  }
  m_panel->setRunning(true);
  m_panel->setStatus(countText(job.paths.size(), tr("Walking and measuring %1 graph..."),
                               tr("Walking and measuring %1 graphs...")));
  m_job->start(
      [job](JobContext<QualityJobResult>& context) { runQualityJob(context, job); },
      {[this, problems, inputs](const QualityJobResult& r) {
         m_report = r.report;
         m_reportInputs = inputs;
         m_inputs = r.inputs;
         m_panel->setReport(m_report);
         QString text =
             r.report
                 ? tr("Report of %1 in %2 s. Click a transition to see it.")
                       .arg(countText(r.report->inputs.size(), tr("%1 graph"), tr("%1 graphs")))
                       .arg(r.report->seconds, 0, 'f', 1)
                 : r.error;
         if (!problems.isEmpty()) text += QLatin1Char('\n') + problems.join(QLatin1Char('\n'));
         m_panel->setStatus(text);
       },
       [this](int value, int maximum, const QString&) { m_panel->setProgress(value, maximum); },
       [this](bool cancelled) {
         m_panel->setRunning(false);
         m_exports.reset();  // the inputs hold what they read
         if (cancelled) m_panel->setStatus(tr("Report cancelled."));
         emit finished(!cancelled && m_report != nullptr);
       }});
}

void QualityDock::saveResults(const QString& projectPath) const {
  if (!m_report || m_reportInputs.is_null()) return;
  if (Status s = writeResultCache(projectPath, kQualityCacheName, m_reportInputs,
                                  encodeQualityReport(*m_report));
      !s) {
    m_panel->setStatus(
        tr("The report was not cached: %1").arg(QString::fromStdString(s.error().message)));
  }
}

void QualityDock::restoreResults(const QString& projectPath) {
  const Json current =
      qualityCacheInputs(*m_window->project(), m_panel->settings(QualityReportSettings{}));
  CachedResult cached = readResultCache(projectPath, kQualityCacheName, current);
  if (cached.state == CachedResult::State::Found) {
    Result<std::shared_ptr<const QualityReport>> report = decodeQualityReport(cached.payload);
    if (report) {
      m_report = std::move(report.value());
      m_reportInputs = current;
      m_inputs.clear();
      m_panel->setReport(m_report);
      m_panel->setStatus(
          tr("Report restored from the project's cache (run it again to replay "
             "its walks)."));
      return;
    }
    markCacheCorrupt(cached, projectPath, report.error().message);
  }
  if (cached.state == CachedResult::State::Absent) return;
  m_panel->setStatus(cached.message + tr(" Run the report to make it again."));
  m_window->statusBar()->showMessage(cached.message, 10000);
}

bool QualityDock::showTransition(int input, double seconds) {
  if (m_report && m_inputs.empty()) {
    m_panel->setStatus(
        tr("This report was restored from the cache: run it again to replay its "
           "walks."));
    return false;
  }
  if (!m_report || input < 0 || input >= static_cast<int>(m_inputs.size()) ||
      !m_inputs[static_cast<size_t>(input)]) {
    return false;
  }
  Result<ReportWalk> walk =
      makeReportWalk(*m_inputs[static_cast<size_t>(input)], m_report->settings);
  if (!walk) {
    m_panel->setStatus(QString::fromStdString(walk.error().message));
    return false;
  }
  StreamPlayer* player = m_window->streams();
  const double fps = walk->stream->fps();
  const QString label = QString::fromStdString(m_report->inputs[static_cast<size_t>(input)].label);
  player->play(std::move(walk->stream), tr("The report walk of %1").arg(label));
  player->setPlaying(false);
  player->seekFrame(static_cast<int>(std::lround(seconds * fps)));
  m_panel->setStatus(tr("%1: the transition at %2 s of its report walk. Space plays through it.")
                         .arg(label)
                         .arg(seconds, 0, 'f', 2));
  return true;
}

}  // namespace mg
