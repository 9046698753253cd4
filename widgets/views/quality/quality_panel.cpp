// SPDX-License-Identifier: MIT
#include "widgets/views/quality/quality_panel.h"

#include <filesystem>

#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QTableWidget>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "core/report/quality_report.h"
#include "core/report/report_table.h"
#include "widgets/views/quality/quality_plots.h"

namespace mg {

namespace {
constexpr int kInputRole = Qt::UserRole;
constexpr int kSecondsRole = Qt::UserRole + 1;
}  // namespace

namespace {
QString fileNames(const SourceFigures& g) {
  QStringList names;
  for (const SourceCapture& f : g.files)
    names << QString::fromStdString(std::filesystem::path(f.path).filename().string());
  return names.isEmpty() ? QObject::tr("(no capture file named)")
                         : names.join(QStringLiteral(", "));
}
}  // namespace

std::vector<QualityHeader> qualityHeaders(const QualityReport& report, const ReportTable& t) {
  std::vector<QualityHeader> out;
  out.push_back({QualityPanel::tr("measure"),
                 QualityPanel::tr("What is measured; hover a row's name for how")});
  const bool several = report.sources.size() > 1;
  for (size_t g = 0; g < report.sources.size(); ++g) {
    const QString files = fileNames(report.sources[g]);
    // "source 1" said nothing: the column is the capture itself, measured as the graphs are, the
    // yardstick of the graphs made from it.
    out.push_back(
        {several ? QualityPanel::tr("capture %1").arg(g + 1) : QualityPanel::tr("capture"),
         QualityPanel::tr("The source capture (%1), measured as the graphs are: the reference "
                          "the graphs made from it are compared with%2")
             .arg(files, several ? QualityPanel::tr(" (the graphs marked 'capture %1')").arg(g + 1)
                                 : QString())});
  }
  for (size_t i = 0; i < t.inputHeaders.size(); ++i) {
    const InputFigures& f = report.inputs[static_cast<size_t>(t.inputIndex[i])];
    QString text = QString::fromStdString(f.label);
    if (several && f.sourceGroup >= 0)
      text += QualityPanel::tr(" (capture %1)").arg(f.sourceGroup + 1);
    const QString source =
        f.sourceGroup >= 0 && f.sourceGroup < static_cast<int>(report.sources.size())
            ? fileNames(report.sources[static_cast<size_t>(f.sourceGroup)])
            : QualityPanel::tr("no capture");
    out.push_back({text + QLatin1Char('\n') + QString::fromStdString(t.inputKinds[i]),
                   QualityPanel::tr("The %1 graph %2 (%3), walked for the report and measured "
                                    "against its capture: %4")
                       .arg(QString::fromStdString(f.kind), QString::fromStdString(f.label),
                            QString::fromStdString(f.path), source)});
  }
  return out;
}

QualityPanel::QualityPanel(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  auto* bar = new QHBoxLayout;
  m_run = new QPushButton(tr("Run Report"), this);
  m_run->setToolTip(
      tr("Export the project's graphs, walk each, write the walks as BVH and measure them "
         "against the source capture (as mgtool eval does)"));
  m_cancel = new QToolButton(this);
  m_cancel->setText(tr("Cancel"));
  m_cancel->setToolTip(tr("Stop the running report"));
  m_seconds = new QDoubleSpinBox(this);
  m_seconds->setRange(5, 3600);
  m_seconds->setDecimals(0);
  m_seconds->setValue(60);
  m_seconds->setSuffix(tr(" s walk"));
  m_seconds->setToolTip(
      tr("Length of each graph's walk (steerable kinds walk long enough for 50 heading changes)"));
  m_seed = new QSpinBox(this);
  m_seed->setRange(1, 999999);
  m_seed->setPrefix(tr("seed "));
  m_seed->setToolTip(
      tr("Random seed of the walks and headings: the same seed gives the same report"));
  m_progress = new QProgressBar(this);
  m_progress->setMaximumWidth(140);
  m_progress->setTextVisible(false);
  bar->addWidget(m_run);
  bar->addWidget(m_seconds);
  bar->addWidget(m_seed);
  bar->addWidget(m_progress);
  bar->addWidget(m_cancel);
  bar->addStretch(1);
  layout->addLayout(bar);
  m_status = new QLabel(tr("Measures each graph of the project against its source capture."), this);
  m_status->setWordWrap(true);
  layout->addWidget(m_status);

  auto* scroll = new QScrollArea(this);
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  auto* content = new QWidget(scroll);
  auto* v = new QVBoxLayout(content);
  v->setContentsMargins(0, 0, 0, 0);
  m_table = new QTableWidget(content);
  m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
  m_table->setSelectionMode(QAbstractItemView::NoSelection);
  m_table->verticalHeader()->setVisible(false);
  m_table->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
  m_table->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  m_table->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
  m_plots = new QualityPlots(content);
  m_transitions = new QTreeWidget(content);
  m_transitions->setHeaderLabels(
      {tr("Worst transitions"), tr("at"), tr("velocity jump"), tr("worst point")});
  m_transitions->setRootIsDecorated(true);
  m_transitions->setToolTip(
      tr("Click a transition to replay its graph's report walk and stop on it"));
  m_transitions->setMinimumHeight(140);
  v->addWidget(m_table);
  v->addWidget(m_plots);
  v->addWidget(m_transitions);
  scroll->setWidget(content);
  layout->addWidget(scroll, 1);

  connect(m_run, &QPushButton::clicked, this, &QualityPanel::runRequested);
  connect(m_cancel, &QToolButton::clicked, this, &QualityPanel::cancelRequested);
  auto activate = [this](QTreeWidgetItem* item) {
    if (!item || !item->data(0, kInputRole).isValid()) return;
    emit transitionActivated(item->data(0, kInputRole).toInt(),
                             item->data(0, kSecondsRole).toDouble());
  };
  connect(m_transitions, &QTreeWidget::itemClicked, this, activate);
  connect(m_transitions, &QTreeWidget::itemActivated, this, activate);
  setRunning(false);
}

QualityReportSettings QualityPanel::settings(const QualityReportSettings& base) const {
  QualityReportSettings s = base;
  s.seconds = m_seconds->value();
  s.seed = static_cast<std::uint64_t>(m_seed->value());
  return s;
}

void QualityPanel::setSettings(double seconds, int seed) {
  m_seconds->setValue(seconds);
  m_seed->setValue(seed);
}

void QualityPanel::setRunning(bool running) {
  m_run->setEnabled(!running);
  m_cancel->setVisible(running);
  m_progress->setVisible(running);
  if (running) m_progress->setValue(0);
}

void QualityPanel::setProgress(int value, int maximum) {
  m_progress->setMaximum(maximum);
  m_progress->setValue(value);
}

void QualityPanel::setStatus(const QString& text) {
  m_status->setText(text);
}

void QualityPanel::setReport(std::shared_ptr<const QualityReport> report) {
  m_plots->setReport(report);
  m_table->clear();
  m_transitions->clear();
  if (!report) {
    m_table->setRowCount(0);
    m_table->setColumnCount(0);
    return;
  }
  const ReportTable t = reportTable(*report);
  const std::vector<QualityHeader> headers = qualityHeaders(*report, t);
  m_table->setColumnCount(static_cast<int>(headers.size()));
  for (int c = 0; c < static_cast<int>(headers.size()); ++c) {
    auto* item = new QTableWidgetItem(headers[static_cast<size_t>(c)].text);
    item->setToolTip(headers[static_cast<size_t>(c)].toolTip);
    m_table->setHorizontalHeaderItem(c, item);
  }
  m_table->setRowCount(static_cast<int>(t.rows.size()));
  for (int r = 0; r < static_cast<int>(t.rows.size()); ++r) {
    const ReportRow& row = t.rows[static_cast<size_t>(r)];
    auto* name =
        new QTableWidgetItem(QString::fromStdString(row.group.empty() ? row.name : row.group));
    if (!row.group.empty()) {
      QFont bold = name->font();
      bold.setBold(true);
      name->setFont(bold);
      m_table->setSpan(r, 0, 1, m_table->columnCount());
    }
    name->setToolTip(QString::fromStdString(row.hint));
    m_table->setItem(r, 0, name);
    int c = 1;
    for (const std::vector<std::string>* cells : {&row.sourceCells, &row.cells}) {
      for (const std::string& text : *cells) {
        auto* item = new QTableWidgetItem(QString::fromStdString(text));
        item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        if (cells == &row.sourceCells) item->setForeground(QColor(154, 160, 170));
        m_table->setItem(r, c++, item);
      }
    }
  }
  m_table->resizeColumnsToContents();
  m_table->resizeRowsToContents();
  int height = m_table->horizontalHeader()->height() + 4;
  for (int r = 0; r < m_table->rowCount(); ++r) height += m_table->rowHeight(r);
  m_table->setFixedHeight(height);

  for (size_t i = 0; i < report->inputs.size(); ++i) {
    const InputFigures& f = report->inputs[i];
    auto* top = new QTreeWidgetItem(m_transitions, {QString::fromStdString(f.label)});
    if (!f.error.empty()) {
      top->setText(1, QString::fromStdString(f.error));
      continue;
    }
    for (const TransitionFigure& w : f.worst) {
      auto* item = new QTreeWidgetItem(
          top, {QString::fromStdString(w.label), tr("%1 s").arg(w.seconds, 0, 'f', 2),
                tr("%1 bh/s").arg(w.velocityJumpBhPerS, 0, 'f', 2),
                QString::fromStdString(w.worstPoint)});
      item->setData(0, kInputRole, static_cast<int>(i));
      item->setData(0, kSecondsRole, w.seconds);
    }
    top->setExpanded(true);
  }
  m_transitions->resizeColumnToContents(0);
}

}  // namespace mg
