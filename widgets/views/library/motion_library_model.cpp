// SPDX-License-Identifier: MIT
#include "widgets/views/library/motion_library_model.h"

#include <QDir>

namespace mg {

MotionLibraryModel::MotionLibraryModel(Project* project, QObject* parent)
    : QAbstractTableModel(parent), m_project(project) {
  connect(project, &Project::motionAboutToBeAdded, this,
          [this](MotionId, int row) { beginInsertRows({}, row, row); });
  connect(project, &Project::motionAdded, this, [this] { endInsertRows(); });
  connect(project, &Project::motionAboutToBeRemoved, this,
          [this](MotionId, int row) { beginRemoveRows({}, row, row); });
  connect(project, &Project::motionRemoved, this, [this] { endRemoveRows(); });
}

int MotionLibraryModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : m_project->motionCount();
}

int MotionLibraryModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

MotionId MotionLibraryModel::motionIdAt(int row) const {
  return row >= 0 && row < m_project->motionCount() ? m_project->motions()[row].id : kNoMotion;
}

QVariant MotionLibraryModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= m_project->motionCount()) return {};
  const MotionEntry& entry = m_project->motions()[index.row()];
  const Motion& m = *entry.motion;
  if (role == kMotionIdRole) return entry.id;
  if (role == Qt::TextAlignmentRole) {
    const bool numeric = index.column() != Name && index.column() != SourcePath;
    return QVariant::fromValue(Qt::AlignVCenter | (numeric ? Qt::AlignRight : Qt::AlignLeft));
  }
  if (role == Qt::ToolTipRole && index.column() == SourcePath) {
    return QDir::toNativeSeparators(QString::fromStdString(m.sourcePath));
  }
  if (role == Qt::ToolTipRole && index.column() == Name) {
    return QString::fromStdString(m.name);  // the column elides a long name
  }
  if (role != Qt::DisplayRole) return {};
  switch (index.column()) {
    case Name:
      return QString::fromStdString(m.name);
    case Joints:
      return m.jointCount();
    case Frames:
      return m.frameCount();
    case Duration:
      return QStringLiteral("%1 s").arg(m.durationSeconds(), 0, 'f', 2);
    case Fps:
      return QString::number(m.fps, 'g', 4);
    case SourcePath:
      return QDir::toNativeSeparators(QString::fromStdString(m.sourcePath));
    default:
      return {};
  }
}

QVariant MotionLibraryModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation == Qt::Horizontal && role == Qt::ToolTipRole) {
    switch (section) {
      case Joints:
        return tr("Joints of the skeleton");
      case Frames:
        return tr("Frames of the motion");
      case Duration:
        return tr("Length in seconds");
      case Fps:
        return tr("Frames per second of the capture");
      case SourcePath:
        return tr("The file the motion was read from");
      default:
        return tr("The motion's name");
    }
  }
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  switch (section) {
    case Name:
      return tr("Name");
    case Joints:
      return tr("Joints");
    case Frames:
      return tr("Frames");
    case Duration:
      return tr("Duration");
    case Fps:
      return tr("FPS");
    case SourcePath:
      return tr("Source");
    default:
      return {};
  }
}

}  // namespace mg
