// SPDX-License-Identifier: MIT
#include "widgets/views/library/motion_library_view.h"

#include <algorithm>

#include <QHeaderView>
#include <QItemSelectionModel>
#include <QStyle>
#include <QTableView>
#include <QVBoxLayout>

#include "widgets/views/library/motion_library_model.h"

namespace mg {

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
  m_table->setTextElideMode(Qt::ElideLeft);  // the end of a path names the file
  m_table->verticalHeader()->hide();
  m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 8);
  QHeaderView* header = m_table->horizontalHeader();
  header->setHighlightSections(false);
  // The figures' columns are as wide as their header and their widest value (from the font, so
  // "FPS" never shows as "F"); the name and the path share what is left and elide, their
  // tooltips whole. The table is never narrower than that, so no column is cut off.
  header->setStretchLastSection(false);
  header->setSectionResizeMode(QHeaderView::Fixed);
  header->setSectionResizeMode(MotionLibraryModel::Name, QHeaderView::Stretch);
  header->setSectionResizeMode(MotionLibraryModel::SourcePath, QHeaderView::Stretch);
  const QFontMetrics cells = m_table->fontMetrics(), heads = header->fontMetrics();
  const int headMargin =
      2 * m_table->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header);
  const int cellMargin = 2 * m_table->style()->pixelMetric(QStyle::PM_FocusFrameHMargin) + 8;
  const QString widest[] = {{},
                            QStringLiteral("999"),
                            QStringLiteral("9999999"),
                            QStringLiteral("9999.99 s"),
                            QStringLiteral("119.88")};
  int fixed = 0;
  for (int c = MotionLibraryModel::Joints; c <= MotionLibraryModel::Fps; ++c) {
    const QString title = m_model->headerData(c, Qt::Horizontal, Qt::DisplayRole).toString();
    const int w = std::max(heads.horizontalAdvance(title) + headMargin + 6,
                           cells.horizontalAdvance(widest[c]) + cellMargin);
    header->resizeSection(c, w);
    fixed += w;
  }
  const int elided = 2 * (cells.horizontalAdvance(QStringLiteral("Boxing")) + cellMargin);
  m_table->setMinimumWidth(fixed + elided + 2 * m_table->frameWidth());
  m_table->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this,
          [this] { emit selectionChanged(selectedMotions()); });
  // Rows removed from the project drop out of the selection without a selectionChanged.
  connect(m_model, &QAbstractItemModel::rowsRemoved, this,
          [this] { emit selectionChanged(selectedMotions()); });
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
