// SPDX-License-Identifier: MIT
#pragma once

#include <QUndoCommand>

#include "widgets/document/field_document.h"

namespace mg {

// Replaces the Motion Fields settings; undo restores the previous ones. Spin-box
// steps of one setting merge into one step of the history.
class SetFieldSettingsCommand : public QUndoCommand {
 public:
  // `document` must outlive the command. Precondition: settings.validate() succeeds.
  SetFieldSettingsCommand(FieldDocument* document, const FieldSettings& settings,
                          QUndoCommand* parent = nullptr);
  void redo() override;
  void undo() override;
  int id() const override { return 0x4649454c; }  // "FIEL"
  bool mergeWith(const QUndoCommand* other) override;

 private:
  FieldDocument* m_document;
  FieldSettings m_before, m_after;
};

}  // namespace mg
