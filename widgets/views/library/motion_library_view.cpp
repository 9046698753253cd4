// SPDX-License-Identifier: MIT
#include "widgets/views/library/motion_library_view.h"

#include <algorithm>

#include <QHeaderView>
#include <QItemSelectionModel>
#include <QStyle>
#include <QTableView>
#include <QVBoxLayout>

#include "core/motion/pose_glitches.h"
#include "widgets/jobs/snap_session.h"
#include "widgets/views/library/motion_library_model.h"

namespace mg {

void MotionLibraryView::showGlitchesOf(const SnapSession* session) {
  connect(session, &SnapSession::stateChanged, this, [this, session] {
    const auto state = session->state();
    std::map<MotionId, QStringList> marks;
    for (size_t m = 0;
         m < state->glitches.size() && m < state->working.size() && m < state->motionIds.size();
         ++m) {
      const Motion& working = *state->working[m];
      for (const PoseGlitch& g : state->glitches[m]) {
        marks[state->motionIds[m]] << tr("at %1 fps, %2")
                                          .arg(working.fps, 0, 'g', 4)
                                          .arg(QString::fromStdString(describeGlitch(working, g)));
      }
    }
    m_model->setGlitches(std::move(marks));
  });
}

MotionLibraryView::MotionLibraryView(Project* project, QWidget* parent)
    : QWidget(parent),
      m_model(new MotionLibraryModel(project, this)),
      m_table(new QTableView(this)) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(m_table);
  m_table->setModel(m_model);
  m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
  m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
  m_table->setAlternatingRowColors(true);
  m_table->setShowGrid(false);
  m_table->setWordWrap(false);
  // In the middle: a name keeps its start and end ("Box…Toes"), a path its file name.
  m_table->setTextElideMode(Qt::ElideMiddle);
  m_table->verticalHeader()->hide();
  m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 8);
  QHeaderView* header = m_table->horizontalHeader();
  header->setHighlightSections(false);
  // The figures' columns are as wide as their header and their widest value (fitColumns; "FPS"
  // once showed as "F"); the name and the path elide, their tooltips whole.
  header->setStretchLastSection(false);
  header->setSectionResizeMode(QHeaderView::Fixed);
  header->setSectionResizeMode(MotionLibraryModel::Name, QHeaderView::Stretch);
  // The name is what an author reads: it takes the room; the path starts as wide as its header
  // (its tooltip is whole) and can be dragged wider.
  header->setSectionResizeMode(MotionLibraryModel::SourcePath, QHeaderView::Interactive);
  header->resizeSection(MotionLibraryModel::SourcePath, 0);  // fitColumns: its header's width
  fitColumns();
  m_table->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this,
          [this] { emit selectionChanged(selectedMotions()); });
  // Rows removed from the project drop out of the selection without a selectionChanged.
  connect(m_model, &QAbstractItemModel::rowsRemoved, this, [this] {
    emit selectionChanged(selectedMotions());
    fitColumns();
  });
  // Rows added can only widen the columns: only they are measured (500 files opened at once
  // must not measure every row 500 times).
  connect(m_model, &QAbstractItemModel::rowsInserted, this,
          [this](const QModelIndex&, int first, int last) { fitColumns(first, last); });
  // Values that change in place (a motion's group after another skeleton arrives, a missing
  // file): one full fit when the event loop next runs, however many rows changed.
  m_refit.setSingleShot(true);
  m_refit.setInterval(0);
  connect(&m_refit, &QTimer::timeout, this, [this] { fitColumns(); });
  connect(m_model, &QAbstractItemModel::dataChanged, &m_refit, qOverload<>(&QTimer::start));
}

void MotionLibraryView::fitColumns(int firstRow, int lastRow) {
  const bool widening = firstRow >= 0;
  if (!widening) {
    firstRow = 0;
    lastRow = m_model->rowCount() - 1;
  }
  QHeaderView* header = m_table->horizontalHeader();
  const QFontMetrics cells = m_table->fontMetrics(), heads = header->fontMetrics();
  const int headMargin = 2 * style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header) + 6;
  const int cellMargin = 2 * style()->pixelMetric(QStyle::PM_FocusFrameHMargin) + 8;
  int fixed = 0;
  for (int c = MotionLibraryModel::Joints; c <= MotionLibraryModel::Unit; ++c) {
    int w = heads.horizontalAdvance(
                m_model->headerData(c, Qt::Horizontal, Qt::DisplayRole).toString()) +
            headMargin;
    if (widening) w = std::max(w, header->sectionSize(c));
    for (int r = firstRow; r <= lastRow; ++r) {
      const QString text = m_model->data(m_model->index(r, c), Qt::DisplayRole).toString();
      w = std::max(w, cells.horizontalAdvance(text) + cellMargin);
    }
    if (w != header->sectionSize(c)) header->resizeSection(c, w);
    fixed += w;
  }
  // The path at least as wide as its header (wider if the author dragged it), a few letters of
  // the name.
  const int source =
      heads.horizontalAdvance(
          m_model->headerData(MotionLibraryModel::SourcePath, Qt::Horizontal, Qt::DisplayRole)
              .toString()) +
      headMargin;
  if (header->sectionSize(MotionLibraryModel::SourcePath) < source)
    header->resizeSection(MotionLibraryModel::SourcePath, source);
  const int elided = cells.horizontalAdvance(QStringLiteral("Boxi…")) + 2 * cellMargin;
  m_table->setMinimumWidth(fixed + source + elided + 2 * m_table->frameWidth());
}

QList<MotionId> MotionLibraryView::selectedMotions() const {
  QModelIndexList rows = m_table->selectionModel()->selectedRows();
  std::sort(rows.begin(), rows.end(),
            [](const QModelIndex& a, const QModelIndex& b) { return a.row() < b.row(); });
  QList<MotionId> ids;
  for (const QModelIndex& index : rows) ids.push_back(m_model->motionIdAt(index.row()));
  return ids;
}

void MotionLibraryView::selectMotion(MotionId id) {
  const int row = m_model->rowOf(id);
  if (row < 0) return;
  m_table->selectionModel()->select(
      m_model->index(row, 0), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
  m_table->selectionModel()->setCurrentIndex(m_model->index(row, 0), QItemSelectionModel::NoUpdate);
  m_table->scrollTo(m_model->index(row, 0));
}

}  // namespace mg
