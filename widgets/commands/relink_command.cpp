// SPDX-License-Identifier: MIT
#include "widgets/commands/relink_command.h"

#include <QCoreApplication>
#include <QFileInfo>

namespace mg {

RelinkMotionsCommand::RelinkMotionsCommand(Project* project, std::vector<MotionEntry> entries,
                                           QUndoCommand* parent)
    : QUndoCommand(parent), m_project(project), m_entries(std::move(entries)) {
  if (m_entries.size() == 1) {
    setText(QCoreApplication::translate("RelinkMotionsCommand", "Relink %1")
                .arg(QString::fromStdString(m_entries[0].motion->name)));
  } else {
    setText(QCoreApplication::translate("RelinkMotionsCommand", "Relink %n Motions", nullptr,
                                        static_cast<int>(m_entries.size())));
  }
}

void RelinkMotionsCommand::swap() {
  for (MotionEntry& entry : m_entries) {
    if (m_project->indexOf(entry.id) < 0) continue;
    MotionEntry old = m_project->replaceMotion(entry);
    entry = std::move(old);
  }
}

void RelinkMotionsCommand::redo() {
  swap();
}

void RelinkMotionsCommand::undo() {
  swap();
}

}  // namespace mg
