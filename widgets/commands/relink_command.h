// SPDX-License-Identifier: MIT
#pragma once

#include <vector>

#include <QUndoCommand>

#include "widgets/document/project.h"

namespace mg {

// Points missing motions at their files again (Locate..., Find Missing Files): each entry replaces
// the motion with its id (Project::replaceMotion), keeping its hubs, keys and examples; undo puts
// the missing placeholders back. Entries are readRelinkCandidate's (widgets/document/
// missing_motions.h).
class RelinkMotionsCommand : public QUndoCommand {
 public:
  // `project` must outlive the command. Entries whose id is not in the project are ignored.
  RelinkMotionsCommand(Project* project, std::vector<MotionEntry> entries,
                       QUndoCommand* parent = nullptr);
  void redo() override;
  void undo() override;

 private:
  Project* m_project;
  std::vector<MotionEntry> m_entries;  // what redo puts in; after redo, what undo puts back
  void swap();
};

}  // namespace mg
