// SPDX-License-Identifier: MIT
#pragma once

#include <QAbstractTableModel>

#include "widgets/document/project.h"

namespace mg {

// A table projection of the project's motions, one row per motion in project order. Holds no
// data of its own: it follows Project's change signals. Qt::UserRole on any cell gives the
// motion's MotionId.
class MotionLibraryModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  enum Column { Name, Joints, Frames, Duration, Fps, SourcePath, ColumnCount };
  static constexpr int kMotionIdRole = Qt::UserRole;

  // `project` must outlive the model.
  explicit MotionLibraryModel(Project* project, QObject* parent = nullptr);

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

  MotionId motionIdAt(int row) const;
  int rowOf(MotionId id) const { return m_project->indexOf(id); }

 private:
  Project* m_project;
};

}  // namespace mg
