// SPDX-License-Identifier: MIT
#include "widgets/commands/motion_commands.h"

#include <QCoreApplication>

#include "widgets/views/common/count_text.h"

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

AddOpenedMotionsCommand::AddOpenedMotionsCommand(Project* project, int batch,
                                                 std::shared_ptr<const Motion> motion,
                                                 QUndoCommand* parent)
    : QUndoCommand(parent), m_project(project), m_batch(batch) {
  MotionEntry entry;
  entry.id = project->allocateMotionId();
  entry.motion = std::move(motion);
  m_entries.push_back(std::move(entry));
  name();
}

void AddOpenedMotionsCommand::name() {
  if (m_entries.size() == 1) {
    setText(QCoreApplication::translate("mg", "Load %1")
                .arg(QString::fromStdString(m_entries.front().motion->name)));
  } else {
    setText(countText(static_cast<qsizetype>(m_entries.size()),
                      QCoreApplication::translate("mg", "Load %1 motion"),
                      QCoreApplication::translate("mg", "Load %1 motions")));
  }
}

bool AddOpenedMotionsCommand::mergeWith(const QUndoCommand* other) {
  const auto* next = dynamic_cast<const AddOpenedMotionsCommand*>(other);
  if (!next || next->m_batch != m_batch || next->m_project != m_project) return false;
  // `next` has run (its motions follow ours in the project); undo takes them all out.
  m_entries.insert(m_entries.end(), next->m_entries.begin(), next->m_entries.end());
  name();
  return true;
}

void AddOpenedMotionsCommand::redo() {
  for (const MotionEntry& e : m_entries) m_project->insertMotion(m_project->motionCount(), e);
}

void AddOpenedMotionsCommand::undo() {
  for (auto e = m_entries.rbegin(); e != m_entries.rend(); ++e) m_project->takeMotion(e->id);
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
