// SPDX-License-Identifier: MIT
#pragma once

#include <vector>

#include <QUndoCommand>

#include "widgets/document/subgraph_document.h"

namespace mg {

// The undoable edits of the minimum-size subgraph part of a project. The document must outlive
// the commands.

// Adds a key segment (dragged on the timeline). `key.id` kNoSubgraphKey: a fresh id.
class AddSubgraphKeyCommand : public QUndoCommand {
 public:
  AddSubgraphKeyCommand(SubgraphDocument* doc, SubgraphKeySpec key, QUndoCommand* parent = nullptr);
  SubgraphKeyId id() const { return m_key.id; }
  void redo() override;
  void undo() override;

 private:
  SubgraphDocument* m_doc;
  SubgraphKeySpec m_key;
  int m_row;
};

class RemoveSubgraphKeyCommand : public QUndoCommand {
 public:
  RemoveSubgraphKeyCommand(SubgraphDocument* doc, SubgraphKeyId id, QUndoCommand* parent = nullptr);
  void redo() override;
  void undo() override;

 private:
  SubgraphDocument* m_doc;
  SubgraphKeySpec m_key;
  int m_row = -1;
};

// Renames, recolours or moves a key (`after` has the key's id).
class EditSubgraphKeyCommand : public QUndoCommand {
 public:
  EditSubgraphKeyCommand(SubgraphDocument* doc, SubgraphKeySpec after,
                         QUndoCommand* parent = nullptr);
  void redo() override;
  void undo() override;

 private:
  SubgraphDocument* m_doc;
  SubgraphKeySpec m_before, m_after;
};

// Changes the requirement or its numbers (a ChangeValue). Consecutive changes of one document (a
// spin box stepping) merge into one step.
QUndoCommand* setSubgraphSettingsCommand(SubgraphDocument* doc, const SubgraphSettings& after);

// Sets the stretches the author keeps by hand (manual mode; a ChangeValue, never merged).
QUndoCommand* setSubgraphChoicesCommand(SubgraphDocument* doc, std::vector<SubgraphChoice> after,
                                        const QString& text);

}  // namespace mg
