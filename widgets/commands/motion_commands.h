// SPDX-License-Identifier: MIT
#pragma once

#include <QUndoCommand>

#include "widgets/document/project.h"

namespace mg {

// Adds one motion at the end of the project. The id is allocated once, so undo/redo keeps it.
class AddMotionCommand : public QUndoCommand {
 public:
  // `project` must outlive the command (Project clears its stack on destruction).
  AddMotionCommand(Project* project, std::shared_ptr<const Motion> motion,
                   QUndoCommand* parent = nullptr);
  MotionId id() const { return m_entry.id; }
  void redo() override;
  void undo() override;

 private:
  Project* m_project;
  MotionEntry m_entry;
};

// Removes one motion; undo puts it back at the same row with the same id.
class RemoveMotionCommand : public QUndoCommand {
 public:
  RemoveMotionCommand(Project* project, MotionId id, QUndoCommand* parent = nullptr);
  void redo() override;
  void undo() override;

 private:
  Project* m_project;
  MotionEntry m_entry;
  int m_row = -1;
};

}  // namespace mg
