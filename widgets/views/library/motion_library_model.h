// SPDX-License-Identifier: MIT
#pragma once

#include <map>

#include <QAbstractTableModel>
#include <QStringList>

#include "widgets/document/project.h"
#include "widgets/document/skeleton_groups.h"

namespace mg {

// A table projection of the project's motions, one row per motion in project order. Holds no
// data of its own: it follows Project's change signals. Qt::UserRole on any cell gives the
// motion's MotionId. Motions of another skeleton than the working one (skeleton_groups.h) are a
// library group each: their Joints cell names the group ("19, group 2"), their text is greyed and
// every cell's tooltip says what the graph kinds do with them. A motion with capture glitches
// (core/motion/pose_glitches.h) has a red mark by its name, and the name's tooltip lists them.
class MotionLibraryModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  enum Column { Name, Joints, Frames, Duration, Fps, Unit, SourcePath, ColumnCount };
  static constexpr int kMotionIdRole = Qt::UserRole;

  // `project` must outlive the model.
  explicit MotionLibraryModel(Project* project, QObject* parent = nullptr);

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

  MotionId motionIdAt(int row) const;
  int rowOf(MotionId id) const { return m_project->indexOf(id); }
  // The skeleton group of `row` (0 = the working skeleton), or -1.
  int groupOf(int row) const { return m_groups.group(row); }

  // The capture glitches of each motion that has any, one line each (replacing those set
  // before); motions not named have none.
  void setGlitches(std::map<MotionId, QStringList> glitches);
  QStringList glitchesOf(MotionId id) const;

 private:
  int regroup();  // returns the group count before
  void repaintGroups(int groupsBefore);
  QString groupTip(int row) const;

  Project* m_project;
  SkeletonGroups m_groups;  // recomputed on every add and remove
  std::map<MotionId, QStringList> m_glitches;
};

}  // namespace mg
