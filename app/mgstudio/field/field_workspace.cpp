// SPDX-License-Identifier: MIT
#include "app/mgstudio/field/field_workspace.h"
#include "app/mgstudio/workspace_registry.h"
#include "widgets/document/project_section.h"

#include <cmath>

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QMainWindow>
#include <QPushButton>
#include <QSpinBox>
#include <QStatusBar>
#include <QVBoxLayout>

#include "core/agility/agility_comparison.h"
#include "core/field/motion_field.h"
#include "core/field/motion_field_stream.h"
#include "core/io/field_file.h"
#include "widgets/commands/field_commands.h"
#include "widgets/document/project.h"
#include "widgets/document/result_cache.h"
#include "widgets/document/skeleton_groups.h"
#include "widgets/jobs/field_cache.h"
#include "widgets/jobs/field_jobs.h"
#include "widgets/jobs/job_slot.h"
#include "widgets/views/common/count_text.h"
#include "widgets/views/field/field_plots.h"
#include "widgets/views/field/field_preview.h"
#include "widgets/views/library/motion_library_view.h"
#include "widgets/views/viewport/viewport_widget.h"

namespace mg {

namespace {

ResponseChart::Bar barOf(const AgilityEntry& e) {
  return {QString::fromStdString(e.label), e.summary.meanSeconds, e.summary.medianSeconds,
          e.summary.failures, e.summary.changes};
}

}  // namespace

namespace {
const RegisterWorkspaceOf<FieldWorkspace> kFieldWorkspace{30};
}  // namespace

QString FieldWorkspace::gettingStartedHtml() const {
  return tr(
      "<li><b>Motion fields.</b> In the Motion Fields workspace choose the task (direction or "
      "line) and "
      "press Build; Play then steers the character with the arrow keys or a drag on the ground, "
      "and the "
      "Field State Space shows where the states and their values lie.</li>");
}

FieldWorkspace::FieldWorkspace(const WorkspaceContext& context)
    : Workspace(context, QStringLiteral("field")) {
  m_document = ensureSection<FieldDocument>(*m_project);
  m_buildJob = std::make_unique<JobSlot<std::shared_ptr<const FieldBuildOutcome>>>(this);
  m_compareJob = std::make_unique<JobSlot<std::shared_ptr<const FieldCompareOutcome>>>(this);
  m_preview = new FieldPreview(context.streams, m_viewport, this);

  auto* panel = new QWidget;
  auto* layout = new QVBoxLayout(panel);
  auto* form = new QFormLayout;
  m_task = new QComboBox(panel);
  m_task->addItems({tr("Direction"), tr("Line")});
  m_task->setToolTip(
      tr("The task the value function learns: follow a direction, or follow a line in that "
         "direction."));
  m_k = new QSpinBox(panel);
  m_k->setRange(1, 100);
  m_k->setToolTip(tr("Neighbours blended per state, and actions per state (the paper uses 15)."));
  m_compression = new QSpinBox(panel);
  m_compression->setRange(1, 100);
  m_compression->setToolTip(
      tr("Temporal compression N: values stored at every N-th state of each clip."));
  form->addRow(tr("Task"), m_task);
  form->addRow(tr("Neighbours k"), m_k);
  form->addRow(tr("Compression N"), m_compression);
  layout->addLayout(form);
  m_build = new QPushButton(tr("Build Field"), panel);
  m_build->setToolTip(tr(
      "Build a motion field from the selected motions (all when none is selected) (Ctrl+Alt+F)."));
  m_build->setShortcut(QKeySequence(tr("Ctrl+Alt+F")));
  layout->addWidget(m_build);
  auto* playRow = new QHBoxLayout;
  auto* play = new QPushButton(tr("Play"), panel);
  play->setToolTip(tr(
      "Play the field in the viewport; steer with the arrow keys or by dragging on the ground."));
  auto* stop = new QPushButton(tr("Stop"), panel);
  playRow->addWidget(play);
  playRow->addWidget(stop);
  layout->addLayout(playRow);
  m_passive = new QCheckBox(tr("Passive"), panel);
  m_passive->setToolTip(
      tr("Ignore the direction: the field flows through the data by its similarity weights."));
  m_follow = new QCheckBox(tr("Follow Character"), panel);
  m_follow->setChecked(true);
  m_follow->setToolTip(tr("Keep the camera on the character."));
  auto* toggles = new QHBoxLayout;
  toggles->addWidget(m_passive);
  toggles->addWidget(m_follow);
  layout->addLayout(toggles);
  auto* pushRow = new QHBoxLayout;
  m_pushFrom = new QDoubleSpinBox(panel);
  m_pushFrom->setRange(-180, 180);
  m_pushFrom->setValue(90);
  m_pushFrom->setSuffix(QStringLiteral("\u00b0"));
  m_pushFrom->setToolTip(tr(
      "Where the push comes from, relative to the facing: 0 front, 90 left, -90 right, 180 back."));
  m_pushSpeed = new QDoubleSpinBox(panel);
  m_pushSpeed->setRange(0.1, 5.0);
  m_pushSpeed->setSingleStep(0.25);
  m_pushSpeed->setValue(1.5);
  m_pushSpeed->setSuffix(tr(" m/s"));
  m_pushSpeed->setToolTip(tr("Velocity the push gives the upper body."));
  auto* pushButton = new QPushButton(tr("Push"), panel);
  pushButton->setToolTip(tr("Push the character (P)."));
  pushRow->addWidget(m_pushFrom);
  pushRow->addWidget(m_pushSpeed);
  pushRow->addWidget(pushButton);
  layout->addLayout(pushRow);
  m_info = new QLabel(tr("No field built."), panel);
  m_info->setWordWrap(true);
  m_response = new QLabel(tr("Last response: -"), panel);
  m_response->setToolTip(
      tr("Seconds from the last change of direction until the facing was within 5\u00b0 "
         "(and 0.1 m of the line)."));
  m_status = new QLabel(panel);
  m_status->setWordWrap(true);
  layout->addWidget(m_info);
  layout->addWidget(m_response);
  layout->addWidget(m_status);
  layout->addStretch(1);
  addDock(panel, tr("Motion Field"), "motionFieldDock", Qt::RightDockWidgetArea, true,
          "heatmapDock");

  auto* views = new QWidget;
  auto* vl = new QVBoxLayout(views);
  m_stateSpace = new StateSpaceView(views);
  m_polar = new ValuePolarPlot(views);
  m_chart = new ResponseChart(views);
  auto* compareButton = new QPushButton(tr("Compare with Graph Controller"), views);
  compareButton->setToolTip(tr(
      "Time 20 random direction changes by the field at N = 1, 10, 20, 30 and by a graph "
      "controller (database motion graph, clips warped up to \u00b145\u00b0) on the same data."));
  // One row: the state space, the polar plot, and the comparison chart with its button.
  auto* row = new QHBoxLayout;
  row->addWidget(m_stateSpace, 3);
  row->addWidget(m_polar, 2);
  auto* chartColumn = new QVBoxLayout;
  chartColumn->addWidget(m_chart, 1);
  chartColumn->addWidget(compareButton);
  row->addLayout(chartColumn, 3);
  vl->addLayout(row, 1);
  // The state space and its plots are the kind's main editor, under the viewport (three plots
  // side by side want the width).
  setMainEditor(views, tr("Field State Space"), Qt::Vertical, 0.55);

  m_pushAction = new QAction(tr("Push Character"), this);
  m_pushAction->setShortcut(QKeySequence(Qt::Key_P));
  m_pushAction->setShortcutContext(Qt::WindowShortcut);
  m_window->addAction(m_pushAction);

  connect(m_task, &QComboBox::currentIndexChanged, this, &FieldWorkspace::pushSettings);
  connect(m_k, &QSpinBox::valueChanged, this, &FieldWorkspace::pushSettings);
  connect(m_compression, &QSpinBox::valueChanged, this, &FieldWorkspace::pushSettings);
  connect(m_document, &FieldDocument::settingsChanged, this, &FieldWorkspace::showSettings);
  connect(m_build, &QPushButton::clicked, this, &FieldWorkspace::build);
  connect(play, &QPushButton::clicked, this, &FieldWorkspace::play);
  connect(stop, &QPushButton::clicked, m_preview, &FieldPreview::stop);
  connect(m_passive, &QCheckBox::toggled, m_preview, &FieldPreview::setPassive);
  connect(m_follow, &QCheckBox::toggled, this,
          [this](bool on) { m_viewport->setFollowCharacter(on); });
  connect(pushButton, &QPushButton::clicked, this, &FieldWorkspace::push);
  connect(m_pushAction, &QAction::triggered, this, &FieldWorkspace::push);
  connect(compareButton, &QPushButton::clicked, this, &FieldWorkspace::compare);
  connect(m_preview, &FieldPreview::statusChanged, m_status, &QLabel::setText);
  connect(m_preview, &FieldPreview::frameShown, this, &FieldWorkspace::onFrame);
  connect(m_preview, &FieldPreview::responseMeasured, this,
          [this](double s) { m_response->setText(tr("Last response: %1 s").arg(s, 0, 'f', 2)); });
  showSettings();
}

FieldWorkspace::~FieldWorkspace() = default;

bool FieldWorkspace::isBuilding() const {
  return m_buildJob->isRunning();
}
bool FieldWorkspace::isComparing() const {
  return m_compareJob->isRunning();
}

void FieldWorkspace::showSettings() {
  m_updating = true;
  const FieldSettings& s = m_document->settings();
  m_task->setCurrentIndex(s.task);
  m_k->setValue(s.k);
  m_compression->setValue(s.compression);
  m_updating = false;
}

void FieldWorkspace::pushSettings() {
  if (m_updating) return;
  FieldSettings s;
  s.task = m_task->currentIndex();
  s.k = m_k->value();
  s.compression = m_compression->value();
  if (s == m_document->settings()) return;
  m_project->undoStack()->push(setFieldSettingsCommand(m_document, s));
}

void FieldWorkspace::projectReset() {
  m_preview->stop();
  m_buildJob->cancel();
  m_compareJob->cancel();
  m_field.reset();
  m_outcome.reset();
  m_outcomeInputs = Json();
  m_stateSpace->setPoints({});
  m_chart->setBars({});
  m_info->setText(tr("No field built."));
  showSettings();
}

void FieldWorkspace::cancelJobs() {
  m_buildJob->cancel();
  m_compareJob->cancel();
}

Workspace::ReportExport FieldWorkspace::exportForReport(const QString& base) const {
  if (!m_field) return {};
  // The field kind is recognised by its magic bytes, so the file keeps the plain name the report
  // labels its column with.
  const Status s = writeFieldFile(base.toStdString(), *m_field);
  return s ? ReportExport{base, {}} : ReportExport{{}, QString::fromStdString(s.error().message)};
}

void FieldWorkspace::build() {
  std::vector<std::shared_ptr<const Motion>> motions;
  QList<MotionId> ids;
  if (auto* library = m_window->findChild<MotionLibraryView*>()) ids = library->selectedMotions();
  if (ids.isEmpty()) {  // every motion of the working skeleton (another skeleton's: select them)
    const SkeletonGroups groups = skeletonGroups(m_project->motions());
    for (int row = 0; row < m_project->motionCount(); ++row)
      if (groups.groupOfRow[row] == 0) ids.push_back(m_project->motions()[row].id);
  }
  int missing = 0;  // a motion whose file is missing is a placeholder: left out, said below
  for (MotionId id : ids) {
    if (m_project->isMissing(id)) {
      ++missing;
      continue;
    }
    if (auto m = m_project->motion(id)) motions.push_back(m);
  }
  if (motions.empty()) {
    m_status->setText(missing > 0 ? tr("The motions' files are missing: File > Find Missing Files.")
                                  : tr("Open capture files first."));
    return;
  }
  if (missing > 0) {
    m_window->statusBar()->showMessage(
        countText(missing, tr("%1 motion left out of the field: its file is missing."),
                  tr("%1 motions left out of the field: their files are missing.")));
  }
  const FieldSettings fs = m_document->settings();
  MotionFieldBuildSettings settings;
  settings.field.database.workingFps = m_project->metricSettings().workingFps;
  settings.field.flow.k = fs.k;
  settings.task.kind = fs.task == 1 ? FieldTaskKind::Line : FieldTaskKind::Direction;
  settings.iteration.compression = fs.compression;
  // The cache's inputs: the fingerprints of the motions built from, and the settings.
  std::vector<FileFingerprint> fingerprints;
  for (MotionId id : ids)
    if (!m_project->isMissing(id) && m_project->motion(id))
      fingerprints.push_back(motionFingerprint(*m_project, id));
  const Json inputs = fieldCacheInputs(fingerprints, fs, settings.field.database.workingFps,
                                       m_project->importOptions().trimLeadingFrames);
  m_preview->stop();
  m_build->setEnabled(false);
  m_status->setText(tr("Building the field from %1 motions...").arg(motions.size()));
  reportProgress(0, kJobProgressSteps, tr("Building motion field"));
  m_buildJob->start(
      [motions, settings, trim = m_project->importOptions().trimLeadingFrames](
          JobContext<std::shared_ptr<const FieldBuildOutcome>>& job) {
        job.addResult(buildFieldOutcome(motions, settings, trim, job.progress()));
      },
      {[this, inputs](const std::shared_ptr<const FieldBuildOutcome>& r) {
         if (!r->field) {
           m_status->setText(tr("Build failed: %1").arg(r->error));
           return;
         }
         m_outcomeInputs = inputs;
         showOutcome(r);
         m_status->setText(
             r->glitchesLeftOut == 0
                 ? tr("Field built. Play to steer it.")
                 : countText(r->glitchesLeftOut,
                             tr("Field built, %1 capture glitch left out (red on the Match "
                                "Timeline). Play to steer it."),
                             tr("Field built, %1 capture glitches left out (red on the Match "
                                "Timeline). Play to steer it.")));
         emit fieldBuilt();
       },
       [this](int value, int maximum, const QString&) {
         reportProgress(value, maximum, tr("Building motion field"));
       },
       [this](bool cancelled) {
         finishProgress();
         m_build->setEnabled(true);
         if (cancelled) m_status->setText(tr("Build cancelled."));
       }});
}

void FieldWorkspace::showOutcome(std::shared_ptr<const FieldBuildOutcome> r) {
  m_outcome = r;
  m_field = r->field;
  m_axes = r->axes;
  m_mean = r->mean;
  m_stateSpace->setPoints(r->points);
  m_stateSpace->clearCurrent();
  const MotionFieldBuildStats& s = r->stats;
  m_info->setText(tr("%1 states, %2 dimensions; %3 task, %4 anchors; value iteration %5 "
                     "sweeps, residual "
                     "%6, %7 s (neighbours %8 s).")
                      .arg(s.states)
                      .arg(s.dims)
                      .arg(fieldTaskName(m_field->values->task.kind))
                      .arg(s.anchors)
                      .arg(s.iterations)
                      .arg(s.bellmanResidual, 0, 'g', 2)
                      .arg(s.valueIterationSeconds, 0, 'f', 1)
                      .arg(s.neighboursSeconds, 0, 'f', 1));
}

void FieldWorkspace::saveResults(const QString& projectPath) const {
  if (!m_outcome || !m_outcome->field || m_outcomeInputs.is_null()) return;
  if (Status s = writeResultCache(projectPath, kFieldCacheName, m_outcomeInputs,
                                  encodeFieldOutcome(*m_outcome));
      !s) {
    m_window->statusBar()->showMessage(
        tr("The motion field was not cached: %1").arg(QString::fromStdString(s.error().message)));
  }
}

void FieldWorkspace::restoreResults(const QString& projectPath) {
  // The field names its motions by fingerprint: the cache holds if they are all in the project
  // (found, not missing) and the settings are the current ones.
  const std::vector<FileFingerprint> used =
      fieldCacheMotions(peekResultCacheInputs(projectPath, kFieldCacheName));
  bool present = !used.empty();
  for (const FileFingerprint& f : used) {
    bool found = false;
    for (const MotionEntry& e : m_project->motions())
      found = found || (!e.file.missing && e.file.fingerprint == f);
    present = present && found;
  }
  const Json current =
      present
          ? fieldCacheInputs(used, m_document->settings(), m_project->metricSettings().workingFps,
                             m_project->importOptions().trimLeadingFrames)
          : Json(JsonObject{{"result", "motion field"}, {"motions", "not in the project"}});
  CachedResult cached = readResultCache(projectPath, kFieldCacheName, current);
  if (cached.state == CachedResult::State::Found) {
    Result<std::shared_ptr<const FieldBuildOutcome>> outcome = decodeFieldOutcome(cached.payload);
    if (outcome) {
      m_outcomeInputs = current;
      showOutcome(std::move(outcome.value()));
      m_status->setText(tr("Field restored from the project's cache. Play to steer it."));
      emit fieldBuilt();
      return;
    }
    markCacheCorrupt(cached, projectPath, outcome.error().message);
  }
  if (cached.state == CachedResult::State::Absent) return;
  m_window->statusBar()->showMessage(cached.message, 10000);
  m_status->setText(cached.message);
  // Stale or corrupt: built again from the project as it is now.
  build();
}

void FieldWorkspace::play() {
  if (!m_field) {
    m_status->setText(tr("Build a field first."));
    return;
  }
  // Start in the middle of the longest clip: walking, not standing at a clip's end.
  const FieldDatabase& db = *m_field->database;
  int best = 0;
  for (int c = 1; c < db.clipCount(); ++c) {
    if (db.clipFirstState[c + 1] - db.clipFirstState[c] >
        db.clipFirstState[best + 1] - db.clipFirstState[best])
      best = c;
  }
  m_preview->start(m_field, (db.clipFirstState[best] + db.clipFirstState[best + 1]) / 2);
  m_preview->setPassive(m_passive->isChecked());
  m_viewport->setFollowCharacter(m_follow->isChecked());
  m_viewport->setFocus();
}

void FieldWorkspace::push() {
  m_preview->push(m_pushFrom->value(), m_pushSpeed->value());
}

void FieldWorkspace::onFrame() {
  MotionFieldStream* s = m_preview->stream();
  if (!s || !m_field || m_axes.cols() < 1) return;
  const FieldDatabase& db = *m_field->database;
  // The shown state: the neighbours and weights of the frame last written.
  const auto nb = s->neighbours();
  const auto w = s->weights();
  if (nb.empty()) return;
  std::vector<double> feature(db.featureDims);
  embedState(db, s->state().pose, s->state().velocity, feature.data());
  const Eigen::VectorXd p =
      m_axes.transpose() *
      (Eigen::Map<const Eigen::VectorXd>(feature.data(), db.featureDims) - m_mean);
  std::vector<int> ids;
  for (const Neighbour& n : nb) ids.push_back(n.state);
  m_stateSpace->setCurrent(QPointF(p[0], p.size() > 1 ? p[1] : 0.0), ids,
                           std::vector<double>(w.begin(), w.end()));
  if (!m_field->values) return;
  const FieldValueFunction& vf = *m_field->values;
  const TaskParameter t = s->taskParameter();
  const TaskStencil st = taskStencil(vf.task, t);
  const int samples = vf.task.parameterCount();
  std::vector<float> values(db.stateCount());
  for (int i = 0; i < db.stateCount(); ++i) {
    const float l = vf.anchors.lambda[i];
    const float* v0 = vf.values.data() + static_cast<size_t>(vf.anchors.anchor0[i]) * samples;
    const float* v1 = vf.values.data() + static_cast<size_t>(vf.anchors.anchor1[i]) * samples;
    float v = 0;
    for (int c = 0; c < st.count; ++c)
      v += static_cast<float>(st.weight[c]) * ((1 - l) * v0[st.index[c]] + l * v1[st.index[c]]);
    values[i] = v;
  }
  m_stateSpace->setValues(std::move(values));
  m_polar->setValues(s->valueByAngle(), t.angle);
}

void FieldWorkspace::compare() {
  if (!m_field) {
    m_status->setText(tr("Build a field first."));
    return;
  }
  std::shared_ptr<const MotionField> field = m_field;
  m_status->setText(tr("Comparing response times with a graph controller..."));
  reportProgress(0, kJobProgressSteps, tr("Comparing agility"));
  m_compareJob->start(
      [field](JobContext<std::shared_ptr<const FieldCompareOutcome>>& job) {
        job.addResult(compareFieldAgility(*field, job.progress()));
      },
      {[this](const std::shared_ptr<const FieldCompareOutcome>& r) {
         if (!r->error.isEmpty()) {
           m_status->setText(tr("Comparison failed: %1").arg(r->error));
           return;
         }
         std::vector<ResponseChart::Bar> bars;
         for (const AgilityEntry& e : r->entries) bars.push_back(barOf(e));
         const ResponseChart::Bar f = bars.front();
         const ResponseChart::Bar g = bars.back();
         m_chart->setBars(std::move(bars));
         m_status->setText(
             tr("Response (mean/median): field N=1 %1/%2 s, graph controller %3/%4 s.")
                 .arg(f.mean, 0, 'f', 2)
                 .arg(f.median, 0, 'f', 2)
                 .arg(g.mean, 0, 'f', 2)
                 .arg(g.median, 0, 'f', 2));
         emit compared();
       },
       [this](int value, int maximum, const QString&) {
         reportProgress(value, maximum, tr("Comparing agility"));
       },
       [this](bool) { finishProgress(); }});
}

}  // namespace mg
