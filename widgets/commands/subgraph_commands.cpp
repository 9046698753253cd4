// SPDX-License-Identifier: MIT
#include "widgets/commands/subgraph_commands.h"

#include "widgets/commands/change_value.h"
#include "widgets/commands/command_text.h"

namespace mg {

AddSubgraphKeyCommand::AddSubgraphKeyCommand(SubgraphDocument* doc, SubgraphKeySpec key,
                                             QUndoCommand* parent)
    : QUndoCommand(parent),
      m_doc(doc),
      m_key(std::move(key)),
      m_row(static_cast<int>(doc->keys().size())) {
  if (m_key.id == kNoSubgraphKey) m_key.id = doc->allocateKeyId();
  setText(commandText("Add Key \"%1\"").arg(m_key.name));
}

void AddSubgraphKeyCommand::redo() {
  m_doc->insertKey(m_row, m_key);
}
void AddSubgraphKeyCommand::undo() {
  m_doc->takeKey(m_key.id);
}

RemoveSubgraphKeyCommand::RemoveSubgraphKeyCommand(SubgraphDocument* doc, SubgraphKeyId id,
                                                   QUndoCommand* parent)
    : QUndoCommand(parent), m_doc(doc) {
  if (const SubgraphKeySpec* k = doc->key(id)) m_key = *k;
  m_key.id = id;
  setText(commandText("Remove Key \"%1\"").arg(m_key.name));
}

void RemoveSubgraphKeyCommand::redo() {
  m_row = m_doc->keyRow(m_key.id);
  m_key = m_doc->takeKey(m_key.id);
}

void RemoveSubgraphKeyCommand::undo() {
  if (m_row >= 0) m_doc->insertKey(m_row, m_key);
}

EditSubgraphKeyCommand::EditSubgraphKeyCommand(SubgraphDocument* doc, SubgraphKeySpec after,
                                               QUndoCommand* parent)
    : QUndoCommand(parent), m_doc(doc), m_after(std::move(after)) {
  if (const SubgraphKeySpec* k = doc->key(m_after.id)) m_before = *k;
  setText(m_before.name != m_after.name ? commandText("Rename Key \"%1\"").arg(m_before.name)
                                        : commandText("Edit Key \"%1\"").arg(m_after.name));
}

void EditSubgraphKeyCommand::redo() {
  m_doc->replaceKey(m_after);
}
void EditSubgraphKeyCommand::undo() {
  m_doc->replaceKey(m_before);
}

QUndoCommand* setSubgraphSettingsCommand(SubgraphDocument* doc, const SubgraphSettings& after) {
  return new ChangeValue<SubgraphSettings>(
      commandText("Change Subgraph Requirement"),
      {[doc] { return doc->settings(); },
       [doc](const SubgraphSettings& s) { doc->setSettings(s); }},
      after, MergeId::SubgraphSettings, {doc});
}

QUndoCommand* setSubgraphChoicesCommand(SubgraphDocument* doc, std::vector<SubgraphChoice> after,
                                        const QString& text) {
  return new ChangeValue<std::vector<SubgraphChoice>>(
      text,
      {[doc] { return doc->choices(); },
       [doc](const std::vector<SubgraphChoice>& c) { doc->setChoices(c); }},
      std::move(after));
}

}  // namespace mg
