// SPDX-License-Identifier: MIT
#include "widgets/views/param/edge_inspector.h"

#include <algorithm>
#include <cmath>

#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSlider>
#include <QSpinBox>
#include <QVBoxLayout>

#include "widgets/commands/parametric_commands.h"
#include "widgets/document/parametric_document.h"
#include "widgets/document/project.h"
#include "widgets/views/common/job_progress_widget.h"
#include "widgets/views/common/slider_steps.h"
#include "widgets/views/param/edge_space_view.h"
#include "widgets/views/param/transition_grid_image.h"

namespace mg {

namespace {

QSlider* slider(QWidget* parent) {
  auto* s = new QSlider(Qt::Horizontal, parent);
  s->setRange(0, kSliderSteps);
  return s;
}

QDoubleSpinBox* unitBox(QWidget* parent) {
  auto* b = new QDoubleSpinBox(parent);
  b->setRange(0.0, 1.0);
  b->setSingleStep(0.05);
  b->setDecimals(2);
  return b;
}
}  // namespace

EdgeInspector::EdgeInspector(Project* project, QWidget* parent)
    : QWidget(parent), m_project(project), m_sampleJob(this), m_gridJob(this) {
  buildUi();
  ParametricDocument* doc = parametricOf(*project);
  connect(doc, &ParametricDocument::edgeChanged, this, [this](ParamEdgeId id) {
    if (id == m_edge) refresh();
  });
  connect(doc, &ParametricDocument::edgeRemoved, this, [this](ParamEdgeId id) {
    if (id == m_edge) setEdge(kNoParamId);
  });
  connect(doc, &ParametricDocument::edgeAdded, this, [this](ParamEdgeId id) {
    if (id == m_edge) refresh();
  });
  connect(doc, &ParametricDocument::reset, this, [this] { setEdge(kNoParamId); });
  refresh();
}

EdgeInspector::~EdgeInspector() = default;

void EdgeInspector::buildUi() {
  auto* content = new QWidget;
  auto* v = new QVBoxLayout(content);
  m_title = new QLabel(tr("No edge selected"), content);
  m_title->setStyleSheet(QStringLiteral("font-weight: bold"));
  m_status = new QLabel(content);
  m_status->setWordWrap(true);
  m_counts = new QLabel(content);
  m_counts->setWordWrap(true);
  v->addWidget(m_title);
  v->addWidget(m_status);
  v->addWidget(m_counts);

  auto* thresholds = new QGridLayout;
  m_good = slider(content), m_bad = slider(content);
  m_goodValue = new QLabel(content), m_badValue = new QLabel(content);
  m_epsilon = new QDoubleSpinBox(content);
  m_epsilon->setRange(1e-4, 1e4);
  m_epsilon->setDecimals(3);
  m_epsilon->setToolTip(
      tr("BAD samples lie at least this far outside a box (target parameter units)"));
  thresholds->addWidget(new QLabel(tr("T_GOOD"), content), 0, 0);
  thresholds->addWidget(m_good, 0, 1);
  thresholds->addWidget(m_goodValue, 0, 2);
  thresholds->addWidget(new QLabel(tr("T_BAD"), content), 1, 0);
  thresholds->addWidget(m_bad, 1, 1);
  thresholds->addWidget(m_badValue, 1, 2);
  thresholds->addWidget(new QLabel(tr("epsilon"), content), 2, 0);
  thresholds->addWidget(m_epsilon, 2, 1);
  v->addLayout(thresholds);
  auto onThreshold = [this] {
    if (m_good->value() > m_bad->value()) {
      QSlider* other = sender() == m_good ? m_bad : m_good;
      const QSignalBlocker block(other);
      other->setValue(sender() == m_good ? m_good->value() : m_bad->value());
    }
    pushThresholds();
  };
  connect(m_good, &QSlider::valueChanged, this, onThreshold);
  connect(m_bad, &QSlider::valueChanged, this, onThreshold);
  connect(m_epsilon, &QDoubleSpinBox::valueChanged, this, [this] { pushThresholds(); });

  auto* sampling = new QFormLayout;
  m_ns = new QSpinBox(content), m_nt = new QSpinBox(content);
  m_ns->setRange(1, 100000), m_nt->setRange(1, 100000);
  auto* counts = new QHBoxLayout;
  counts->addWidget(new QLabel(tr("n_s"), content));
  counts->addWidget(m_ns);
  counts->addWidget(new QLabel(tr("n_t"), content));
  counts->addWidget(m_nt);
  sampling->addRow(tr("Samples"), counts);
  for (int i = 0; i < 4; ++i) m_region[i] = unitBox(content);
  for (int r = 0; r < 2; ++r) {
    auto* row = new QHBoxLayout;
    row->addWidget(m_region[2 * r]);
    row->addWidget(new QLabel(QStringLiteral("-"), content));
    row->addWidget(m_region[2 * r + 1]);
    sampling->addRow(r == 0 ? tr("Source end region") : tr("Target start region"), row);
  }
  m_rebuild = new QPushButton(tr("Rebuild"), content);
  m_rebuild->setToolTip(
      tr("Sample the edge again (n_s x n_t transition grids); thresholds need no rebuild"));
  m_pending = new QLabel(content);
  auto* rebuildRow = new QHBoxLayout;
  rebuildRow->addWidget(m_rebuild);
  rebuildRow->addWidget(m_pending, 1);
  sampling->addRow(rebuildRow);
  v->addLayout(sampling);
  m_progress = new JobProgressWidget(content);
  v->addWidget(m_progress);
  connect(m_rebuild, &QPushButton::clicked, this, &EdgeInspector::rebuild);
  connect(m_progress, &JobProgressWidget::cancelRequested, this, [this] { m_sampleJob.cancel(); });
  auto markPending = [this] {
    const ParamEdgeEntry* e = entry();
    const EdgeSamplingSettings p = pendingSampling();
    const bool changed =
        e && (!e->sampling || p.sourceSamples != e->settings.sampling.sourceSamples ||
              p.targetSamples != e->settings.sampling.targetSamples ||
              p.sourceRegionBegin != e->settings.sampling.sourceRegionBegin ||
              p.sourceRegionEnd != e->settings.sampling.sourceRegionEnd ||
              p.targetRegionBegin != e->settings.sampling.targetRegionBegin ||
              p.targetRegionEnd != e->settings.sampling.targetRegionEnd);
    m_pending->setText(changed ? tr("<i>changed: Rebuild to apply</i>") : QString());
  };
  connect(m_ns, &QSpinBox::valueChanged, this, markPending);
  connect(m_nt, &QSpinBox::valueChanged, this, markPending);
  for (QDoubleSpinBox* b : m_region) connect(b, &QDoubleSpinBox::valueChanged, this, markPending);

  auto* sampleRow = new QHBoxLayout;
  m_sourceSample = new QSpinBox(content);
  m_sourceSample->setToolTip(tr("The source sample whose transitions are shown (figure 4)"));
  sampleRow->addWidget(new QLabel(tr("Source sample"), content));
  sampleRow->addWidget(m_sourceSample);
  sampleRow->addStretch(1);
  v->addLayout(sampleRow);
  // One slider per dimension of the source node's parameter (figure 5's lookup point).
  auto* parameters = new QGridLayout;
  for (int d = 0; d < kMaxParameterDims; ++d) {
    m_sourceNames[d] = new QLabel(content);
    m_sourceParameters[d] = slider(content);
    m_sourceValues[d] = new QLabel(content);
    m_sourceValues[d]->setMinimumWidth(70);
    parameters->addWidget(m_sourceNames[d], d, 0);
    parameters->addWidget(m_sourceParameters[d], d, 1);
    parameters->addWidget(m_sourceValues[d], d, 2);
    connect(m_sourceParameters[d], &QSlider::valueChanged, this, [this] { refreshLookup(); });
  }
  parameters->setColumnStretch(1, 1);
  v->addLayout(parameters);
  connect(m_sourceSample, &QSpinBox::valueChanged, this, [this] { refreshSample(); });
  m_report = new QLabel(content);
  m_report->setWordWrap(true);
  v->addWidget(m_report);
  m_space = new EdgeSpaceView(content);
  // Small enough for a 768-pixel screen's column; it grows with the dock.
  m_space->setMinimumSize(180, 140);
  connect(m_space, &EdgeSpaceView::targetClicked, this, &EdgeInspector::chooseTarget);

  // The chosen pair's transition grid and its preview beside the space, so the whole inspector
  // fits a laptop screen's column without scrolling.
  m_grid = new QLabel(content);
  m_grid->setFixedSize(120, 120);
  m_grid->setStyleSheet(QStringLiteral("background: #222428"));
  m_gridText = new QLabel(tr("Click a target sample to see its transition grid."), content);
  m_gridText->setWordWrap(true);
  m_gridText->setMaximumWidth(120);
  m_preview = new QPushButton(tr("Preview Transition"), content);
  auto* gridSide = new QVBoxLayout;
  gridSide->addWidget(m_grid);
  gridSide->addWidget(m_preview);
  gridSide->addWidget(m_gridText, 1, Qt::AlignTop);
  auto* lower = new QHBoxLayout;
  lower->addWidget(m_space, 1);
  lower->addLayout(gridSide);
  v->addLayout(lower, 1);
  connect(m_preview, &QPushButton::clicked, this, &EdgeInspector::requestPreview);

  auto* scroll = new QScrollArea(this);
  scroll->setWidget(content);
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  auto* outer = new QVBoxLayout(this);
  outer->setContentsMargins(0, 0, 0, 0);
  outer->addWidget(scroll);
}

const ParamEdgeEntry* EdgeInspector::entry() const {
  return parametricOf(*m_project)->edge(m_edge);
}

void EdgeInspector::setEdge(ParamEdgeId id) {
  if (id == m_edge && id != kNoParamId) return;
  // A rebuild or grid of the edge shown so far must not land on another edge (ids restart when a
  // project is opened): stop it.
  if (id != m_edge) {
    m_sampleJob.cancel();
    m_gridJob.cancel();
  }
  m_edge = id;
  m_scaledFor = nullptr;
  m_chosenTarget = -1;
  m_gridImage = {};
  m_grid->clear();
  m_gridText->setText(tr("Click a target sample to see its transition grid."));
  refresh();
}

EdgeSamplingSettings EdgeInspector::pendingSampling() const {
  const ParamEdgeEntry* e = entry();
  EdgeSamplingSettings s = e ? e->settings.sampling : EdgeSamplingSettings{};
  s.sourceSamples = m_ns->value();
  s.targetSamples = m_nt->value();
  s.sourceRegionBegin = m_region[0]->value(), s.sourceRegionEnd = m_region[1]->value();
  s.targetRegionBegin = m_region[2]->value(), s.targetRegionEnd = m_region[3]->value();
  return s;
}

void EdgeInspector::refresh() {
  const ParamEdgeEntry* e = entry();
  const ParametricDocument* doc = parametricOf(*m_project);
  setEnabled(e != nullptr);
  m_updating = true;
  if (!e) {
    m_title->setText(tr("No edge selected"));
    m_space->setEdge(nullptr, nullptr);
    m_status->clear(), m_counts->clear(), m_report->clear();
    m_updating = false;
    return;
  }
  if (e->sampling.get() != m_scaledFor || !e->sampling) {
    // The sliders span [0, scale]: twice T_BAD, or more when most minima lie above that.
    m_scaledFor = e->sampling.get();
    double high = 0.0;
    if (e->sampling && !e->sampling->minimum.empty()) {
      std::vector<float> m(e->sampling->minimum);
      std::nth_element(m.begin(), m.begin() + static_cast<long>(m.size() * 9 / 10), m.end());
      high = m[m.size() * 9 / 10];
    }
    m_scale = std::max({2.0 * e->settings.thresholds.tBad, 1.25 * high, 1e-6});
  }
  const ParamNodeEntry* s = doc->node(e->source);
  const ParamNodeEntry* t = doc->node(e->target);
  m_title->setText(tr("Edge %1 \u2192 %2%3")
                       .arg(QString::fromStdString(s ? s->name : "?"),
                            QString::fromStdString(t ? t->name : "?"),
                            e->source == e->target ? tr(" (self-loop)") : QString()));
  const EdgeThresholds& th = e->settings.thresholds;
  auto toSlider = [this](double v) {
    return static_cast<int>(std::lround(std::clamp(v / m_scale, 0.0, 1.0) * kSliderSteps));
  };
  {
    const QSignalBlocker b1(m_good), b2(m_bad), b3(m_epsilon), b4(m_ns), b5(m_nt);
    m_good->setValue(toSlider(th.tGood));
    m_bad->setValue(toSlider(th.tBad));
    m_epsilon->setValue(th.epsilon);
    m_ns->setValue(e->settings.sampling.sourceSamples);
    m_nt->setValue(e->settings.sampling.targetSamples);
    const double r[4] = {
        e->settings.sampling.sourceRegionBegin, e->settings.sampling.sourceRegionEnd,
        e->settings.sampling.targetRegionBegin, e->settings.sampling.targetRegionEnd};
    for (int i = 0; i < 4; ++i) {
      const QSignalBlocker b(m_region[i]);
      m_region[i]->setValue(r[i]);
    }
  }
  m_goodValue->setText(QStringLiteral("%1 m\u00b2").arg(th.tGood, 0, 'g', 3));
  m_badValue->setText(QStringLiteral("%1 m\u00b2").arg(th.tBad, 0, 'g', 3));
  m_pending->setText(e->sampling ? QString() : tr("<i>not sampled yet</i>"));
  const ParametricEdge* c = e->classified.get();
  if (!c) {
    m_status->setText(e->sampling ? tr("Classification failed.")
                                  : tr("Not sampled: press Rebuild."));
    m_counts->clear();
  } else {
    m_status->setText(c->exists ? tr("<span style='color:#5ac86e'>Edge exists</span> (%1 source "
                                     "samples, sampled in %2 s)")
                                      .arg(c->samples.size())
                                      .arg(e->sampling->seconds, 0, 'f', 1)
                                : tr("<span style='color:#e1504b'>Edge does not exist:</span> %1")
                                      .arg(QString::fromStdString(c->why).toHtmlEscaped()));
    m_counts->setText(
        tr("Pairs: <span style='color:#5ac86e'>GOOD %1</span> \u00b7 NEUTRAL %2 \u00b7 "
           "<span style='color:#e1504b'>BAD %3</span> \u00b7 shrunk boxes %4 \u00b7 empty boxes %5")
            .arg(c->goodPairs)
            .arg(c->neutralPairs)
            .arg(c->badPairs)
            .arg(c->shrunkBoxes)
            .arg(c->emptyBoxes));
  }
  const int ns = e->sampling ? e->sampling->sourceCount() : 0;
  m_sourceSample->setRange(0, std::max(0, ns - 1));
  m_space->setEdge(e->sampling, e->classified);
  // The target axis in the target node's terms and units, e.g. "travel_direction_change [deg]".
  QString axis;
  if (const ParamNodeEntry* t = parametricOf(*m_project)->node(e->target); t && t->built) {
    const std::vector<std::string> names = t->built->measure().parameterNames();
    const std::vector<std::string> units = t->built->measure().parameterUnits();
    for (size_t d = 0; d < names.size() && d < 2; ++d) {
      axis += (d ? QStringLiteral(" (x) / ") : QString()) + QString::fromStdString(names[d]) +
              QStringLiteral(" [%1]").arg(
                  QString::fromStdString(d < units.size() ? units[d] : std::string()));
    }
    if (names.size() > 1) axis += QStringLiteral(" (y)");
  }
  m_space->setTargetAxis(axis);
  m_updating = false;
  refreshSample();
}

void EdgeInspector::refreshSample() {
  const ParamEdgeEntry* e = entry();
  m_space->setSourceSample(m_sourceSample->value());
  if (!e || !e->classified || !e->sampling) {
    m_report->clear();
    m_space->setLookup(std::nullopt);
    return;
  }
  const int s = m_space->sourceSample();
  const SourceSampleReport& r = e->classified->reports[static_cast<size_t>(s)];
  const ParameterVector& ls = e->sampling->sourceParameters[static_cast<size_t>(s)];
  QString text =
      tr("Source sample %1 (l = %2): GOOD %3, NEUTRAL %4, BAD %5; %6 GOOD inside the box%7")
          .arg(s)
          .arg(ls[0], 0, 'f', 2)
          .arg(r.good)
          .arg(r.neutral)
          .arg(r.bad)
          .arg(r.box.goodInside)
          .arg(r.box.shrunk ? tr(", box shrunk") : QString());
  if (r.empty) {
    text += tr("<br><span style='color:#e1504b'>Empty box: %1</span>")
                .arg(QString::fromStdString(r.why).toHtmlEscaped());
  }
  m_report->setText(text);
  {
    const ParametricNode* src = nullptr;
    if (const ParamNodeEntry* n = parametricOf(*m_project)->node(e->source)) src = n->built.get();
    const int dims = src ? src->dimensions() : 0;
    const std::vector<std::string> names =
        src ? src->measure().parameterNames() : std::vector<std::string>();
    const std::vector<std::string> units =
        src ? src->measure().parameterUnits() : std::vector<std::string>();
    for (int d = 0; d < kMaxParameterDims; ++d) {
      const bool shown = d < dims;
      for (QWidget* w : std::initializer_list<QWidget*>{m_sourceNames[d], m_sourceParameters[d],
                                                        m_sourceValues[d]}) {
        w->setVisible(shown);
      }
      if (!shown) continue;
      const QSignalBlocker b(m_sourceParameters[d]);
      const QString name = QString::fromStdString(
          d < static_cast<int>(names.size()) ? names[static_cast<size_t>(d)] : std::string());
      m_sourceNames[d]->setText(tr("Source %1").arg(name));
      m_sourceUnits[d] = QString::fromStdString(
          d < static_cast<int>(units.size()) ? units[static_cast<size_t>(d)] : std::string());
      const double w = std::max(
          1e-12, src->rangeMax()[static_cast<size_t>(d)] - src->rangeMin()[static_cast<size_t>(d)]);
      m_sourceParameters[d]->setValue(static_cast<int>(
          std::lround((ls[static_cast<size_t>(d)] - src->rangeMin()[static_cast<size_t>(d)]) / w *
                      kSliderSteps)));
    }
  }
  refreshLookup();
  if (m_chosenTarget < 0 && e->sampling->targetCount() > 0) {
    // Start with the pair whose transition is best for this source sample.
    int best = 0;
    for (int t = 1; t < e->sampling->targetCount(); ++t) {
      if (e->sampling->minimum[e->sampling->pair(s, t)] <
          e->sampling->minimum[e->sampling->pair(s, best)])
        best = t;
    }
    chooseTarget(best);
  } else if (m_chosenTarget >= 0) {
    requestGrid();
  }
}

void EdgeInspector::refreshLookup() {
  const ParamEdgeEntry* e = entry();
  const ParamNodeEntry* n = e ? parametricOf(*m_project)->node(e->source) : nullptr;
  if (!e || !e->classified || !e->sampling || !n || !n->built) return;
  ParameterVector l = e->sampling->sourceParameters[static_cast<size_t>(m_space->sourceSample())];
  const int dims = std::min(n->built->dimensions(), kMaxParameterDims);
  QString at;
  for (int d = 0; d < dims; ++d) {
    const size_t i = static_cast<size_t>(d);
    l[i] = n->built->rangeMin()[i] + (n->built->rangeMax()[i] - n->built->rangeMin()[i]) *
                                         m_sourceParameters[d]->value() / double(kSliderSteps);
    m_sourceValues[d]->setText(QStringLiteral("%1 %2").arg(l[i], 0, 'f', 2).arg(m_sourceUnits[d]));
    at += (d ? QStringLiteral(", ") : QString()) + QString::number(l[i], 'f', 2);
  }
  Result<TransitionLookup> lookup = lookupTransition(*e->classified, l);
  m_space->setLookup(lookup ? std::optional<TransitionLookup>(*lookup) : std::nullopt);
  for (int d = 0; d < dims; ++d) {
    m_sourceParameters[d]->setToolTip(lookup ? tr("Box looked up for l = (%1) (dotted)").arg(at)
                                             : QString::fromStdString(lookup.error().message));
  }
}

void EdgeInspector::pushThresholds() {
  if (m_updating) return;
  const ParamEdgeEntry* e = entry();
  if (!e) return;
  EdgeThresholds th = e->settings.thresholds;
  th.tGood = m_scale * m_good->value() / kSliderSteps;
  th.tBad = std::max(th.tGood, m_scale * m_bad->value() / kSliderSteps);
  th.epsilon = m_epsilon->value();
  if (!th.validate()) return;
  m_project->undoStack()->push(setEdgeThresholdsCommand(parametricOf(*m_project), m_edge, th));
}

void EdgeInspector::rebuild() {
  const ParamEdgeEntry* e = entry();
  if (!e) return;
  const ParamNodeEntry* s = parametricOf(*m_project)->node(e->source);
  const ParamNodeEntry* t = parametricOf(*m_project)->node(e->target);
  if (!s || !t || !s->built || !t->built) {
    m_status->setText(tr("Build both nodes before sampling the edge."));
    return;
  }
  const EdgeSamplingSettings settings = pendingSampling();
  if (Status st = settings.validate(); !st) {
    m_status->setText(QString::fromStdString(st.error().message));
    return;
  }
  EdgeSampleJob job{s->built, t->built, settings};
  const ParamEdgeId id = m_edge;
  m_rebuild->setEnabled(false);
  m_progress->setProgress(0, kJobProgressSteps, tr("Sampling edge"));
  m_sampleJob.start([job](JobContext<EdgeSampleResult>& context) { runEdgeSampling(context, job); },
                    {[this, id, settings](const EdgeSampleResult& r) {
                       if (id != m_edge) return;  // the inspector moved on (setEdge cancelled it)
                       if (!r.sampling) {
                         m_status->setText(tr("Sampling failed: %1").arg(r.error));
                         return;
                       }
                       m_project->undoStack()->push(new SetEdgeSamplingCommand(
                           parametricOf(*m_project), id, settings, r.sampling));
                     },
                     [this](int value, int maximum, const QString&) {
                       m_progress->setProgress(value, maximum, tr("Sampling edge"));
                     },
                     [this](bool) {
                       m_progress->finish();
                       m_rebuild->setEnabled(true);
                     }});
}

void EdgeInspector::chooseTarget(int target) {
  m_chosenTarget = target;
  m_space->setChosenTarget(target);
  requestGrid();
}

bool EdgeInspector::requestPreview() {
  const ParamEdgeEntry* e = entry();
  if (!e || !e->sampling || m_chosenTarget < 0) return false;
  emit previewRequested(m_edge,
                        e->sampling->sourceParameters[static_cast<size_t>(m_space->sourceSample())],
                        e->sampling->targetParameters[static_cast<size_t>(m_chosenTarget)]);
  return true;
}

void EdgeInspector::requestGrid() {
  const ParamEdgeEntry* e = entry();
  if (!e || !e->sampling || m_chosenTarget < 0 || m_chosenTarget >= e->sampling->targetCount())
    return;
  const ParamNodeEntry* s = parametricOf(*m_project)->node(e->source);
  const ParamNodeEntry* t = parametricOf(*m_project)->node(e->target);
  if (!s || !t || !s->built || !t->built) return;
  const int src = m_space->sourceSample();
  TransitionGridJob job{s->built, t->built, e->sampling->sourceParameters[static_cast<size_t>(src)],
                        e->sampling->targetParameters[static_cast<size_t>(m_chosenTarget)],
                        e->sampling->settings};
  const float cached = e->sampling->minimum[e->sampling->pair(src, m_chosenTarget)];
  const int chosen = m_chosenTarget;
  m_gridJob.start(
      [job](JobContext<TransitionGridResult>& context) { runTransitionGrid(context, job); },
      {[this, src, chosen, cached](const TransitionGridResult& r) {
         if (!r.grid) {
           m_gridText->setText(r.error);
           return;
         }
         const DistanceGrid& g = r.grid->grid;
         m_gridImage = transitionGridImage(*r.grid, m_grid->size());
         m_grid->setPixmap(QPixmap::fromImage(m_gridImage));
         m_gridText->setText(
             tr("Source sample %1 \u2192 target sample %2: %3 x %4 frames (source end rows, target "
                "start "
                "columns); optimum %5 m\u00b2 (cached %6) at source %7 / target %8 of the clips.")
                 .arg(src)
                 .arg(chosen)
                 .arg(g.rows)
                 .arg(g.cols)
                 .arg(r.grid->bestDistance, 0, 'g', 3)
                 .arg(cached, 0, 'g', 3)
                 .arg(r.grid->sourceTime, 0, 'f', 2)
                 .arg(r.grid->targetTime, 0, 'f', 2));
         emit gridReady();
       },
       {},
       {}});
}

}  // namespace mg
