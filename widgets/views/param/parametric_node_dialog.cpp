// SPDX-License-Identifier: MIT
#include "widgets/views/param/parametric_node_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include "widgets/document/parametric_document.h"
#include "widgets/document/project.h"
#include "widgets/views/common/job_progress_widget.h"
#include "widgets/views/param/parameter_plot.h"

namespace mg {

namespace {
constexpr int kMotionRole = Qt::UserRole, kBeginRole = Qt::UserRole + 1,
              kEndRole = Qt::UserRole + 2;
const ParameterKind kKinds[] = {ParameterKind::TravelDirectionChange, ParameterKind::TravelSpeed,
                                ParameterKind::EndEffectorPosition, ParameterKind::MinimumHeight};
const char* const kKindLabels[] = {"Turn angle (travel direction change, deg)",
                                   "Travel speed (m/s)", "End-effector position (m)",
                                   "Minimum height (m)"};
}  // namespace

ParametricNodeDialog::ParametricNodeDialog(Project* project, QWidget* parent)
    : QDialog(parent), m_project(project), m_buildJob(this), m_similarJob(this) {
  setWindowTitle(tr("New Parametric Node"));
  auto* layout = new QVBoxLayout(this);
  auto* form = new QFormLayout;
  m_name = new QLineEdit(QString::fromStdString(parametricOf(*project)->uniqueName("walk")), this);
  form->addRow(tr("Name"), m_name);
  m_motion = new QComboBox(this);
  for (const MotionEntry& m : project->motions())
    if (!m.file.missing) m_motion->addItem(QString::fromStdString(m.motion->name), m.id);
  form->addRow(tr("Motion"), m_motion);
  auto* cycles = new QHBoxLayout;
  m_steps = new QSpinBox(this);
  m_steps->setRange(1, 8);
  m_steps->setValue(2);
  m_foot = new QComboBox(this);
  m_foot->addItems({tr("left heel strike"), tr("right heel strike")});
  auto* suggest = new QPushButton(tr("Suggest Step Cycles"), this);
  cycles->addWidget(m_steps);
  cycles->addWidget(new QLabel(tr("steps from a"), this));
  cycles->addWidget(m_foot);
  cycles->addWidget(suggest);
  form->addRow(tr("Examples"), cycles);
  layout->addLayout(form);
  m_segments = new QListWidget(this);
  m_segments->setMinimumHeight(120);
  layout->addWidget(m_segments);
  auto* similar = new QPushButton(tr("Find Segments Similar to the Selected One"), this);
  layout->addWidget(similar);

  auto* metricsBox = new QGroupBox(tr("Parameters"), this);
  auto* metricsForm = new QFormLayout(metricsBox);
  for (int i = 0; i < 2; ++i) {
    m_metric[i] = new QComboBox(this);
    if (i == 1) m_metric[i]->addItem(tr("(none)"), -1);
    for (int k = 0; k < 4; ++k) m_metric[i]->addItem(tr(kKindLabels[k]), k);
    m_joint[i] = new QComboBox(this);
    m_axes[i] = new QLineEdit(QStringLiteral("xz"), this);
    m_axes[i]->setMaximumWidth(50);
    auto* row = new QHBoxLayout;
    row->addWidget(m_metric[i], 1);
    row->addWidget(m_joint[i]);
    row->addWidget(m_axes[i]);
    metricsForm->addRow(i == 0 ? tr("Metric") : tr("Second metric"), row);
    connect(m_metric[i], &QComboBox::currentIndexChanged, this, [this] { invalidate(); });
  }
  m_samples = new QSpinBox(this);
  m_samples->setRange(10, 20000);
  m_samples->setValue(1000);
  metricsForm->addRow(tr("Random blend samples"), m_samples);
  layout->addWidget(metricsBox);

  m_buildButton = new QPushButton(tr("Build"), this);
  m_progress = new JobProgressWidget(this);
  auto* buildRow = new QHBoxLayout;
  buildRow->addWidget(m_buildButton);
  buildRow->addWidget(m_progress, 1);
  layout->addLayout(buildRow);
  m_status = new QLabel(tr("Choose examples, then Build."), this);
  m_status->setWordWrap(true);
  layout->addWidget(m_status);
  m_plot = new ParameterPlot(this);
  layout->addWidget(m_plot, 1);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
  m_create = buttons->addButton(tr("Create Node"), QDialogButtonBox::AcceptRole);
  m_create->setEnabled(false);
  layout->addWidget(buttons);

  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  connect(suggest, &QPushButton::clicked, this, &ParametricNodeDialog::suggestStepCycles);
  connect(similar, &QPushButton::clicked, this, &ParametricNodeDialog::findSimilar);
  connect(m_buildButton, &QPushButton::clicked, this, &ParametricNodeDialog::build);
  connect(m_progress, &JobProgressWidget::cancelRequested, this, [this] {
    m_buildJob.cancel();
    m_similarJob.cancel();
  });
  connect(m_segments, &QListWidget::itemChanged, this, [this] { invalidate(); });
  connect(m_motion, &QComboBox::currentIndexChanged, this, [this] {
    std::shared_ptr<const Motion> m = m_project->motion(currentMotion());
    for (QComboBox* joints : m_joint) {
      joints->clear();
      if (m) {
        for (const Joint& j : m->skeleton->joints) joints->addItem(QString::fromStdString(j.name));
      }
    }
  });
  connect(m_plot, &ParameterPlot::parameterDragged, this, [this](const ParameterVector& l) {
    if (m_built) emit parameterDragged(m_built, l);
  });
  if (m_motion->count() > 0) emit m_motion->currentIndexChanged(0);
  resize(620, 720);
}

ParametricNodeDialog::~ParametricNodeDialog() = default;

int ParametricNodeDialog::currentMotion() const {
  return m_motion->currentIndex() < 0 ? kNoMotion : m_motion->currentData().toInt();
}

void ParametricNodeDialog::selectMotion(int id) {
  if (const int i = m_motion->findData(id); i >= 0) m_motion->setCurrentIndex(i);
}

int ParametricNodeDialog::segmentCount() const {
  return m_segments->count();
}

void ParametricNodeDialog::addSegment(const ParamExample& ex, const QString& note) {
  std::shared_ptr<const Motion> m = m_project->motion(ex.motion);
  auto* item = new QListWidgetItem(tr("%1  frames %2\u2013%3  %4")
                                       .arg(m ? QString::fromStdString(m->name) : QString())
                                       .arg(ex.beginFrame)
                                       .arg(ex.endFrame - 1)
                                       .arg(note));
  item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
  item->setCheckState(Qt::Checked);
  item->setData(kMotionRole, ex.motion);
  item->setData(kBeginRole, ex.beginFrame);
  item->setData(kEndRole, ex.endFrame);
  m_segments->addItem(item);
}

void ParametricNodeDialog::suggestStepCycles() {
  std::shared_ptr<const Motion> m = m_project->motion(currentMotion());
  if (!m) return;
  StepCycleSettings settings;
  settings.steps = m_steps->value();
  settings.startLeft = m_foot->currentIndex() == 0;
  // Contact detection over one motion takes milliseconds: no job needed.
  std::vector<StepCycle> glitchCycles;
  Result<std::vector<StepCycle>> cycles = findStepCycles(*m, settings, &glitchCycles);
  if (!cycles) {
    m_status->setText(QString::fromStdString(cycles.error().message));
    return;
  }
  const QString note = tr("(%1 step%2 from a %3)")
                           .arg(settings.steps)
                           .arg(settings.steps == 1 ? "" : "s")
                           .arg(m_foot->currentText());
  for (const StepCycle& c : *cycles) addSegment({currentMotion(), c.beginFrame, c.endFrame}, note);
  QString status =
      tr("%1 step cycles found in %2.").arg(cycles->size()).arg(QString::fromStdString(m->name));
  if (!glitchCycles.empty()) {
    status += glitchCycles.size() == 1
                  ? tr(" 1 left out: it holds a capture glitch (red on the Match Timeline).")
                  : tr(" %1 left out: they hold capture glitches (red on the Match Timeline).")
                        .arg(glitchCycles.size());
  }
  m_status->setText(status);
  invalidate();
}

void ParametricNodeDialog::findSimilar() {
  QListWidgetItem* item = m_segments->currentItem();
  if (!item) {
    m_status->setText(tr("Select a segment in the list first."));
    return;
  }
  SimilarSegmentsJob job;
  job.query = m_project->motion(item->data(kMotionRole).toInt());
  job.queryBegin = item->data(kBeginRole).toInt();
  job.queryEnd = item->data(kEndRole).toInt();
  for (const MotionEntry& m : m_project->motions())
    if (!m.file.missing) job.database.push_back({m.id, m.motion});
  job.metric = m_project->metricSettings();
  m_progress->setProgress(0, kJobProgressSteps, tr("Finding similar segments"));
  m_similarJob.start(
      [job](JobContext<SimilarSegmentsResult>& context) { runSimilarSegments(context, job); },
      {[this](const SimilarSegmentsResult& r) {
         if (!r.error.isEmpty()) m_status->setText(r.error);
         for (size_t i = 0; i < r.segments.size(); ++i) {
           addSegment(r.segments[i], tr("(similar, cost %1)").arg(r.costs[i], 0, 'g', 3));
         }
         if (r.error.isEmpty())
           m_status->setText(tr("%1 similar segments added.").arg(r.segments.size()));
       },
       [this](int v, int max, const QString&) { m_progress->setProgress(v, max, tr("Searching")); },
       [this](bool) { m_progress->finish(); }});
}

std::vector<ParameterMetric> ParametricNodeDialog::metrics() const {
  std::vector<ParameterMetric> out;
  for (int i = 0; i < 2; ++i) {
    const int k = m_metric[i]->currentData().toInt();
    if (k < 0) continue;
    ParameterMetric m;
    m.kind = kKinds[k];
    m.joint = m_joint[i]->currentText().toStdString();
    m.axes = m_axes[i]->text().toStdString();
    out.push_back(m);
  }
  return out;
}

ParamNodeEntry ParametricNodeDialog::entry() const {
  ParamNodeEntry e;
  e.name = parametricOf(*m_project)->uniqueName(m_name->text().trimmed().toStdString());
  for (int i = 0; i < m_segments->count(); ++i) {
    const QListWidgetItem* item = m_segments->item(i);
    if (item->checkState() != Qt::Checked) continue;
    e.examples.push_back({item->data(kMotionRole).toInt(), item->data(kBeginRole).toInt(),
                          item->data(kEndRole).toInt()});
  }
  e.metrics = metrics();
  e.inversion.samples = m_samples->value();
  e.registration.metric = m_project->metricSettings();
  e.built = m_built;
  return e;
}

void ParametricNodeDialog::invalidate() {
  m_buildJob.cancel();
  m_built.reset();
  m_plot->setNode(nullptr);
  m_create->setEnabled(false);
}

void ParametricNodeDialog::build() {
  invalidate();
  const ParamNodeEntry e = entry();
  if (e.examples.empty()) {
    m_status->setText(tr("No examples checked."));
    return;
  }
  const NodeBuildJob job = NodeBuildJob::from(e, *m_project);
  m_buildButton->setEnabled(false);
  m_progress->setProgress(0, kJobProgressSteps, tr("Building node"));
  m_status->setText(tr("Registering %1 examples and measuring %2 blends...")
                        .arg(e.examples.size())
                        .arg(e.inversion.samples));
  m_buildJob.start(
      [job](JobContext<NodeBuildResult>& context) { runNodeBuild(context, job); },
      {[this](const NodeBuildResult& r) {
         if (!r.node) {
           m_status->setText(tr("Build failed: %1").arg(r.error));
           return;
         }
         m_built = r.node;
         m_plot->setNode(m_built);
         m_create->setEnabled(true);
         QString range;
         const auto names = m_built->measure().parameterNames();
         for (int d = 0; d < m_built->dimensions(); ++d) {
           range += tr("%1 in [%2, %3]  ")
                        .arg(QString::fromStdString(names[d]))
                        .arg(m_built->rangeMin()[d], 0, 'f', 2)
                        .arg(m_built->rangeMax()[d], 0, 'f', 2);
         }
         m_status->setText(
             tr("Built: %1 examples, %2 samples; %3. Drag in the plot to play a blend.")
                 .arg(m_built->space().exampleCount())
                 .arg(m_built->samples().size())
                 .arg(range));
         emit nodeBuilt();
       },
       [this](int v, int max, const QString&) {
         m_progress->setProgress(v, max, tr("Building node"));
       },
       [this](bool cancelled) {
         m_progress->finish();
         m_buildButton->setEnabled(true);
         if (cancelled) m_status->setText(tr("Build cancelled."));
       }});
}

}  // namespace mg
