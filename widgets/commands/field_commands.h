// SPDX-License-Identifier: MIT
#pragma once

#include <QUndoCommand>

#include "widgets/document/field_document.h"

namespace mg {

// Replaces the Motion Fields settings (a ChangeValue); undo restores the previous ones.
// Consecutive edits of the same setting merge into one step of the history (a k spin, not a k
// then a task change). `document` must outlive the command. Precondition: settings.validate()
// succeeds.
QUndoCommand* setFieldSettingsCommand(FieldDocument* document, const FieldSettings& settings);

}  // namespace mg
