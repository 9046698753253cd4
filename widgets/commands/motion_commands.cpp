// SPDX-License-Identifier: MIT
#include "widgets/commands/motion_commands.h"

#include <QCoreApplication>

namespace mg {

AddMotionCommand::AddMotionCommand(Project* project, std::shared_ptr<const Motion> motion,
                                   QUndoCommand* parent)
    : QUndoCommand(parent), m_project(project) {
  m_entry.id = project->allocateMotionId();
  m_entry.motion = std::move(motion);
  setText(QCoreApplication::translate("mg", "Load %1")
              .arg(QString::fromStdString(m_entry.motion->name)));
}

void AddMotionCommand::redo() {
  m_project->insertMotion(m_project->motionCount(), m_entry);
}

void AddMotionCommand::undo() {
  m_project->takeMotion(m_entry.id);
}

RemoveMotionCommand::RemoveMotionCommand(Project* project, MotionId id, QUndoCommand* parent)
    : QUndoCommand(parent), m_project(project) {
  m_row = project->indexOf(id);
  m_entry.id = id;
  m_entry.motion = project->motion(id);
  setText(QCoreApplication::translate("mg", "Remove %1")
              .arg(m_entry.motion ? QString::fromStdString(m_entry.motion->name) : QString()));
  if (!m_entry.motion) setObsolete(true);
}

void RemoveMotionCommand::redo() {
  m_project->takeMotion(m_entry.id);
}

void RemoveMotionCommand::undo() {
  m_project->insertMotion(m_row, m_entry);
}

}  // namespace mg
