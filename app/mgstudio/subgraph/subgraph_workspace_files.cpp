// SPDX-License-Identifier: MIT
// What the subgraph workspace keeps on disk: its result in the project's cache (saved with the
// project, restored when it is opened) and the exported subgraph folder.
#include <QMainWindow>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>

#include "app/mgstudio/subgraph/subgraph_workspace.h"
#include "core/io/subgraph_export.h"
#include "widgets/document/project.h"
#include "widgets/document/result_cache.h"
#include "widgets/jobs/snap_pipeline.h"
#include "widgets/jobs/snap_session.h"
#include "widgets/jobs/subgraph_cache.h"
#include "widgets/views/common/export_folder_dialog.h"
#include "widgets/views/subgraph/subgraph_panel.h"

namespace mg {

void SubgraphWorkspace::saveResults(const QString& projectPath) const {
  if (!m_outcome || !m_outcome->graph || m_outcomeCacheInputs.is_null()) return;
  if (Status s = writeResultCache(projectPath, kSubgraphCacheName, m_outcomeCacheInputs,
                                  encodeSubgraphOutcome(*m_outcome));
      !s) {
    m_window->statusBar()->showMessage(tr("The subgraph result was not cached: %1")
                                           .arg(QString::fromStdString(s.error().message)));
  }
}

void SubgraphWorkspace::restoreResults(const QString& projectPath) {
  const Json current = subgraphCacheInputs(*m_project);
  CachedResult cached = readResultCache(projectPath, kSubgraphCacheName, current);
  if (cached.state == CachedResult::State::Found) {
    Result<std::shared_ptr<const SubgraphOutcome>> outcome = decodeSubgraphOutcome(cached.payload);
    if (outcome) {
      m_cached = std::move(outcome.value());
      m_cachedInputs = current;
      applyCached();
      return;
    }
    markCacheCorrupt(cached, projectPath, outcome.error().message);
  }
  if (cached.state == CachedResult::State::Absent) return;
  m_window->statusBar()->showMessage(cached.message, 10000);
  m_panel->setSummary(cached.message.toHtmlEscaped());
  // Stale or corrupt: searched again once the working motions are ready.
  m_searchWhenReady = true;
  applyCached();
}

void SubgraphWorkspace::applyCached() {
  if (!m_cached && !m_searchWhenReady) return;
  const auto state = m_session->state();
  // The session's state must be this project's (ids of another project are never reused).
  if (!state->frames || state->working.empty() ||
      state->motionIds != snapPipelineInput(*m_project).motionIds)
    return;
  if (m_searchWhenReady) {
    m_searchWhenReady = false;
    runSearch();
    return;
  }
  SubgraphSearchInput input;
  QString why;
  std::shared_ptr<const SubgraphOutcome> cached = std::move(m_cached);
  m_cached.reset();
  if (!makeInput(input, why)) return;
  std::vector<int> frames;
  for (const auto& m : input.working) frames.push_back(m->frameCount());
  if (frames != cached->graph->motionFrameCounts()) {
    m_window->statusBar()->showMessage(
        tr("The cached subgraph result does not fit the motions at the working rate; searching "
           "again."),
        10000);
    runSearch();
    return;
  }
  m_outcome = cached;
  m_outcomeCacheInputs = m_cachedInputs;
  m_outcomeInput = input;
  m_outcomeMotions = input.working;
  m_graph = cached->graph;
  m_graphFramesOwner = input.frames;
  m_graphFrames = input.frames.get();
  m_graphThreshold = input.thresholdM2;
  showOutcome();
  m_window->statusBar()->showMessage(tr("Subgraph result restored from the project's cache."),
                                     8000);
}

QString SubgraphWorkspace::exportTo(const QString& directory,
                                    const std::vector<MotionFormat>& clipCopies) const {
  if (!m_outcome) return tr("There is no subgraph to export; run the search first.");
  SubgraphExportInput in;
  in.graph = m_outcome->graph.get();
  in.motions = m_outcomeMotions;
  in.keptVertices = m_outcome->result.vertices;
  in.reasons = m_outcome->result.reasons;
  in.keys = m_outcomeInput.keys;
  in.requirement = m_outcomeInput.requirement;
  in.verification = &m_outcome->subgraph;
  in.clipCopies = clipCopies;
  in.generatorNote = "Motion Graph Studio: minimum-size motion graph, requirement " +
                     std::to_string(static_cast<int>(m_outcomeInput.requirement.kind));
  in.trimLeadingFrames = m_project->importOptions().trimLeadingFrames;
  in.buildSeconds = m_outcome->seconds;
  const Status s = exportSubgraph(directory.toStdString(), in);
  return s ? QString() : QString::fromStdString(s.error().message);
}

Workspace::ReportExport SubgraphWorkspace::exportForReport(const QString& base) const {
  if (!m_outcome) return {};
  const QString error = exportTo(base);
  return error.isEmpty() ? ReportExport{base, {}} : ReportExport{{}, error};
}

void SubgraphWorkspace::exportWithDialog() {
  QSettings settings;
  const ExportFolderDialog::Choice chosen = ExportFolderDialog::getExport(
      m_window, tr("Export Subgraph to Folder"),
      settings.value(QStringLiteral("subgraphExportDirectory")).toString());
  if (chosen.folder.isEmpty()) return;
  settings.setValue(QStringLiteral("subgraphExportDirectory"), chosen.folder);
  if (const QString error = exportTo(chosen.folder, chosen.clipCopies); !error.isEmpty()) {
    QMessageBox::warning(m_window, tr("Export Subgraph"), error);
  } else {
    m_window->statusBar()->showMessage(tr("Wrote the subgraph to %1").arg(chosen.folder), 5000);
  }
}

}  // namespace mg
