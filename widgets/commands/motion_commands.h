// SPDX-License-Identifier: MIT
#pragma once

#include <vector>

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

// The motions one File > Open (one load batch) adds, however many arrive and however the editor
// spreads their adding over UI frames: each arrival is pushed as a command of its own and merges
// into the batch's command on top of the stack, so the batch is one undo step ("Load 500
// motions") and the undo history one row. A command of another batch, or any other command in
// between, starts a new step.
class AddOpenedMotionsCommand : public QUndoCommand {
 public:
  // Merge id: AddMotionCommand::id() returns motion ids (>= 0), so a negative id other than Qt's
  // -1 (no merging) never meets one.
  static constexpr int kMergeId = -2;

  AddOpenedMotionsCommand(Project* project, int batch, std::shared_ptr<const Motion> motion,
                          QUndoCommand* parent = nullptr);
  // The id of the motion this command was made for (its first).
  MotionId firstMotionId() const { return m_entries.front().id; }
  int id() const override { return kMergeId; }
  bool mergeWith(const QUndoCommand* other) override;
  void redo() override;
  void undo() override;

 private:
  void name();

  Project* m_project;
  int m_batch;
  std::vector<MotionEntry> m_entries;
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
