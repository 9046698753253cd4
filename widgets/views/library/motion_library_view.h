// SPDX-License-Identifier: MIT
#pragma once

#include <QList>
#include <QTimer>
#include <QWidget>

#include "widgets/document/project.h"

class QTableView;

namespace mg {

class MotionLibraryModel;
class SnapSession;

// The motion library dock's content: a table of the project's motions (name,
// joints, frames, duration, fps, source path) with multi-selection. Emits the selected ids in
// table order whenever the selection changes.
class MotionLibraryView : public QWidget {
  Q_OBJECT

 public:
  // `project` must outlive the view.
  explicit MotionLibraryView(Project* project, QWidget* parent = nullptr);

  QList<MotionId> selectedMotions() const;
  void selectMotion(MotionId id);
  QTableView* table() const { return m_table; }
  MotionLibraryModel* model() const { return m_model; }
  // Marks the motions in which `session` finds capture glitches, as its state changes.
  // `session` must outlive the view.
  void showGlitchesOf(const SnapSession* session);

 signals:
  void selectionChanged(const QList<mg::MotionId>& ids);

 private:
  // Widths of the figures' columns from the font: the header's text or the widest value shown;
  // the table's minimum width keeps them whole and a few letters of the name. Given rows, only
  // they are measured and the columns only widen (rows were added).
  void fitColumns(int firstRow = -1, int lastRow = -1);

  MotionLibraryModel* m_model;
  QTableView* m_table;
  QTimer m_refit;  // a full fitColumns() when the event loop next runs
};

}  // namespace mg
