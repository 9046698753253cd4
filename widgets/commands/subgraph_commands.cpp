// SPDX-License-Identifier: MIT
#include "widgets/commands/subgraph_commands.h"

#include "widgets/commands/change_value.h"
#include "widgets/commands/command_text.h"
#include "widgets/commands/motion_uses.h"
#include "widgets/views/common/count_text.h"

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

namespace {

// Subgraph keys on one of the motions, and the stretches kept by hand on them.
std::vector<MotionUse> subgraphUsesOf(Project& project, const std::set<MotionId>& motions) {
  SubgraphDocument* doc = nullptr;
  for (ProjectSection* section : ProjectSection::of(project))
    if (auto* d = qobject_cast<SubgraphDocument*>(section)) doc = d;
  if (!doc) return {};
  std::vector<MotionUse> uses;
  std::vector<SubgraphKeyId> keys;
  for (const SubgraphKeySpec& k : doc->keys())
    if (motions.count(k.motion)) keys.push_back(k.id);
  if (!keys.empty()) {
    uses.push_back({countText(static_cast<qsizetype>(keys.size()), QObject::tr("%1 subgraph key"),
                              QObject::tr("%1 subgraph keys")),
                    [doc, keys](QUndoCommand* parent) {
                      for (SubgraphKeyId id : keys) new RemoveSubgraphKeyCommand(doc, id, parent);
                    }});
  }
  std::vector<SubgraphChoice> kept;
  for (const SubgraphChoice& c : doc->choices())
    if (!motions.count(c.motion)) kept.push_back(c);
  const qsizetype dropped = static_cast<qsizetype>(doc->choices().size() - kept.size());
  if (dropped > 0) {
    uses.push_back({countText(dropped, QObject::tr("%1 stretch kept by hand"),
                              QObject::tr("%1 stretches kept by hand")),
                    [doc, kept](QUndoCommand* parent) {
                      new ChangeValue<std::vector<SubgraphChoice>>(
                          QObject::tr("Drop stretches kept by hand"),
                          {[doc] { return doc->choices(); },
                           [doc](const std::vector<SubgraphChoice>& c) { doc->setChoices(c); }},
                          kept, MergeId::None, {}, parent);
                    }});
  }
  return uses;
}

const RegisterMotionUseFinder kSubgraphUses(&subgraphUsesOf);

}  // namespace

}  // namespace mg
