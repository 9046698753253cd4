// SPDX-License-Identifier: MIT
#include "widgets/commands/field_commands.h"

namespace mg {

SetFieldSettingsCommand::SetFieldSettingsCommand(FieldDocument* document,
                                                 const FieldSettings& settings,
                                                 QUndoCommand* parent)
    : QUndoCommand(QObject::tr("Motion field settings"), parent),
      m_document(document),
      m_before(document->settings()),
      m_after(settings) {
  setObsolete(m_before == m_after);
}

void SetFieldSettingsCommand::redo() {
  m_document->setSettings(m_after);
}
void SetFieldSettingsCommand::undo() {
  m_document->setSettings(m_before);
}

bool SetFieldSettingsCommand::mergeWith(const QUndoCommand* other) {
  const auto* o = static_cast<const SetFieldSettingsCommand*>(other);
  // Only consecutive edits of the same setting merge (a k drag, not a k then a task change).
  const bool sameKey = (m_after.task != m_before.task) == (o->m_after.task != o->m_before.task) &&
                       (m_after.k != m_before.k) == (o->m_after.k != o->m_before.k) &&
                       (m_after.compression != m_before.compression) ==
                           (o->m_after.compression != o->m_before.compression);
  if (!sameKey) return false;
  m_after = o->m_after;
  setObsolete(m_before == m_after);
  return true;
}

}  // namespace mg
