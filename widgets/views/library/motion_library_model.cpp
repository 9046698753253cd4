// SPDX-License-Identifier: MIT
#include "widgets/views/library/motion_library_model.h"

#include <QBrush>
#include <QColor>
#include <QDir>
#include <QPalette>

#include "widgets/document/missing_motions.h"

namespace mg {

MotionLibraryModel::MotionLibraryModel(Project* project, QObject* parent)
    : QAbstractTableModel(parent), m_project(project) {
  connect(project, &Project::motionAboutToBeAdded, this,
          [this](MotionId, int row) { beginInsertRows({}, row, row); });
  connect(project, &Project::motionAdded, this, [this] {
    const int before = regroup();
    endInsertRows();
    repaintGroups(before);
  });
  connect(project, &Project::motionAboutToBeRemoved, this,
          [this](MotionId, int row) { beginRemoveRows({}, row, row); });
  connect(project, &Project::motionRemoved, this, [this] {
    const int before = regroup();
    endRemoveRows();
    repaintGroups(before);
  });
  regroup();
}

int MotionLibraryModel::regroup() {
  const int before = m_groups.groupCount;
  m_groups = skeletonGroups(m_project->motions());
  return before;
}

void MotionLibraryModel::repaintGroups(int groupsBefore) {
  // Removing the first motion can renumber every group: repaint the rows.
  const int rows = m_project->motionCount();
  if ((groupsBefore > 1 || m_groups.groupCount > 1) && rows > 0)
    emit dataChanged(index(0, 0), index(rows - 1, ColumnCount - 1));
}

QString MotionLibraryModel::groupTip(int row) const {
  const int group = m_groups.group(row);
  if (group <= 0) return {};
  const Motion* first = workingSkeletonMotion(m_project->motions());
  return tr("Skeleton group %1: another skeleton than %2's (%3 joints), the project's working "
            "skeleton. Snap-Together, parametric nodes and the subgraph set it aside; a motion "
            "field can be built from it alone (select its motions).")
      .arg(group + 1)
      .arg(QString::fromStdString(first->name))
      .arg(first->skeleton->jointCount());
}

int MotionLibraryModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : m_project->motionCount();
}

int MotionLibraryModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

void MotionLibraryModel::setGlitches(std::map<MotionId, QStringList> glitches) {
  if (glitches == m_glitches) return;
  m_glitches = std::move(glitches);
  if (const int rows = m_project->motionCount(); rows > 0)
    emit dataChanged(index(0, Name), index(rows - 1, Name), {Qt::DecorationRole, Qt::ToolTipRole});
}

QStringList MotionLibraryModel::glitchesOf(MotionId id) const {
  const auto it = m_glitches.find(id);
  return it == m_glitches.end() ? QStringList{} : it->second;
}

MotionId MotionLibraryModel::motionIdAt(int row) const {
  return row >= 0 && row < m_project->motionCount() ? m_project->motions()[row].id : kNoMotion;
}

QVariant MotionLibraryModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= m_project->motionCount()) return {};
  const MotionEntry& entry = m_project->motions()[index.row()];
  const Motion& m = *entry.motion;
  if (role == kMotionIdRole) return entry.id;
  const int group = m_groups.group(index.row());
  if (role == Qt::ForegroundRole && group > 0)
    return QPalette().brush(QPalette::Disabled, QPalette::Text);
  if (role == Qt::ToolTipRole && group > 0 && index.column() != SourcePath) {
    const QString tip = groupTip(index.row());
    return index.column() == Name ? QString::fromStdString(m.name) + QLatin1Char('\n') + tip : tip;
  }
  if (role == Qt::TextAlignmentRole) {
    const bool numeric = index.column() != Name && index.column() != SourcePath;
    return QVariant::fromValue(Qt::AlignVCenter | (numeric ? Qt::AlignRight : Qt::AlignLeft));
  }
  if (entry.file.missing) {
    // A placeholder (its file was not found): greyed, and saying where it was looked for.
    const QString where = QDir::toNativeSeparators(QString::fromStdString(m.sourcePath));
    if (role == Qt::ForegroundRole) return QColor(Qt::gray);
    if (role == Qt::ToolTipRole)
      return tr("missing: %1\nLocate... or File > Find Missing Files points the project at it.")
          .arg(where);
    if (role == Qt::DisplayRole && index.column() == SourcePath)
      return tr("missing: %1").arg(where);
    if (role == Qt::DisplayRole && index.column() == Joints) return QStringLiteral("\u2013");
    // A version 2 project never recorded the length: the placeholder's is not the motion's.
    const bool unknownLength = m.frameCount() == kUnknownMissingFrames;
    if (role == Qt::DisplayRole && unknownLength &&
        (index.column() == Frames || index.column() == Duration || index.column() == Fps))
      return QStringLiteral("?");
    if (role == Qt::DisplayRole && index.column() == Name)
      return tr("%1 (missing)").arg(QString::fromStdString(m.name));
  }
  if (role == Qt::ToolTipRole && index.column() == SourcePath) {
    return QDir::toNativeSeparators(QString::fromStdString(m.sourcePath));
  }
  if (role == Qt::ToolTipRole && index.column() == Unit) {
    // The reason as well as the unit: a guess the author may want to override in Import Options.
    return QString::fromStdString(describeSourceUnit(m.sourceUnit));
  }
  const QStringList glitches = index.column() == Name ? glitchesOf(entry.id) : QStringList{};
  if (role == Qt::DecorationRole && !glitches.isEmpty()) return QColor(200, 30, 30);
  if (role == Qt::ToolTipRole && index.column() == Name) {
    QString tip = QString::fromStdString(m.name);  // the column elides a long name
    if (!glitches.isEmpty()) {
      tip += glitches.size() == 1
                 ? tr("\n1 capture glitch, left out of every graph (red on the Match Timeline):")
                 : tr("\n%1 capture glitches, left out of every graph (red on the Match "
                      "Timeline):")
                       .arg(glitches.size());
      for (const QString& g : glitches) tip += QStringLiteral("\n  ") + g;
    }
    return tip;
  }
  if (role != Qt::DisplayRole) return {};
  switch (index.column()) {
    case Name:
      return QString::fromStdString(m.name);
    case Joints:
      if (group > 0) return tr("%1, group %2").arg(m.jointCount()).arg(group + 1);
      return m.jointCount();
    case Frames:
      return m.frameCount();
    case Duration:
      return QStringLiteral("%1 s").arg(m.durationSeconds(), 0, 'f', 2);
    case Fps:
      return QString::number(m.fps, 'g', 4);
    case Unit:
      return QString::fromStdString(sourceUnitLabel(m.sourceUnit));
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
      case Unit:
        return tr("The length unit of the file (its tooltip says why); exports write in it");
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
    case Unit:
      return tr("Unit");
    case SourcePath:
      return tr("Source");
    default:
      return {};
  }
}

}  // namespace mg
