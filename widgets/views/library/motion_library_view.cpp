// SPDX-License-Identifier: MIT
#include "widgets/views/library/motion_library_view.h"

#include <algorithm>

#include <QHeaderView>
#include <QItemSelectionModel>
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
  header->setSectionResizeMode(QHeaderView::Interactive);
  header->setSectionResizeMode(MotionLibraryModel::SourcePath, QHeaderView::Stretch);
  header->setMinimumSectionSize(36);
  const int digit = m_table->fontMetrics().horizontalAdvance(QLatin1Char('0'));
  header->resizeSection(MotionLibraryModel::Name, 15 * digit);
  header->resizeSection(MotionLibraryModel::Joints, 6 * digit);
  header->resizeSection(MotionLibraryModel::Frames, 7 * digit);
  header->resizeSection(MotionLibraryModel::Duration, 9 * digit);
  header->resizeSection(MotionLibraryModel::Fps, 5 * digit);
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
