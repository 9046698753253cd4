// SPDX-License-Identifier: MIT
#include "widgets/commands/field_commands.h"

#include "widgets/commands/change_value.h"
#include "widgets/commands/command_text.h"

namespace mg {

QUndoCommand* setFieldSettingsCommand(FieldDocument* document, const FieldSettings& settings) {
  const FieldSettings& now = document->settings();
  // Which settings the change touches: only changes of the same ones merge.
  const long long touched = (now.task != settings.task ? 1 : 0) | (now.k != settings.k ? 2 : 0) |
                            (now.compression != settings.compression ? 4 : 0);
  return new ChangeValue<FieldSettings>(
      commandText("Motion field settings"),
      {[document] { return document->settings(); },
       [document](const FieldSettings& s) { document->setSettings(s); }},
      settings, MergeId::FieldSettings, {document, touched});
}

}  // namespace mg
