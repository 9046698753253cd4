// SPDX-License-Identifier: MIT
#pragma once

#include <optional>
#include <vector>

#include <QUndoCommand>

#include "widgets/document/hub_list.h"

namespace mg {

// Adds one hub at the end of the list; the id is allocated once so undo/redo keeps it.
// `spec.id` is ignored (a fresh id is taken).
class AddHubCommand : public QUndoCommand {
 public:
  // `hubs` must outlive the command (Project clears its stack before its hubs).
  AddHubCommand(HubList* hubs, HubSpec spec, QUndoCommand* parent = nullptr);
  HubId id() const { return m_spec.id; }
  void redo() override;
  void undo() override;

 private:
  HubList* m_hubs;
  HubSpec m_spec;
};

// Removes one hub; undo puts it back at its row with its id.
class RemoveHubCommand : public QUndoCommand {
 public:
  RemoveHubCommand(HubList* hubs, HubId id, QUndoCommand* parent = nullptr);
  void redo() override;
  void undo() override;

 private:
  HubList* m_hubs;
  HubSpec m_spec;
  int m_row = -1;
};

// Merge ids of the value commands (QUndoCommand::id()); one per field.
enum HubCommandId { kHubNameCommand = 1001, kHubColourCommand, kHubThresholdCommand,
                    kHubWminCommand, kHubNodeCommand };

// Tiled's ChangeValue for one field of one hub: redo sets the new value, undo the old. Commands
// carrying the same non-zero `dragSerial` on the same hub and field merge into one undo step
// (a slider drag: the view takes a fresh serial when the drag starts), keeping the first old
// value and the last new value; a merge that returns to the old value makes the step obsolete.
template <class Value, HubCommandId kId>
class ChangeHubValue : public QUndoCommand {
 public:
  ChangeHubValue(HubList* hubs, HubId id, Value HubSpec::*field, Value value, const QString& text,
                 int dragSerial = 0, QUndoCommand* parent = nullptr)
      : QUndoCommand(text, parent), m_hubs(hubs), m_id(id), m_field(field), m_new(std::move(value)),
        m_serial(dragSerial) {
    const HubSpec* spec = hubs->hub(id);
    if (spec) m_old = spec->*field;
    if (!spec || m_old == m_new) setObsolete(true);
  }
  int id() const override { return kId; }
  bool mergeWith(const QUndoCommand* other) override {
    auto* o = static_cast<const ChangeHubValue*>(other);
    if (m_serial == 0 || o->m_serial != m_serial || o->m_id != m_id || o->m_field != m_field) return false;
    m_new = o->m_new;
    setObsolete(m_new == m_old);
    return true;
  }
  void redo() override { apply(m_new); }
  void undo() override { apply(m_old); }

 private:
  void apply(const Value& v) {
    const HubSpec* spec = m_hubs->hub(m_id);
    if (!spec) return;
    HubSpec changed = *spec;
    changed.*m_field = v;
    m_hubs->setHub(changed);
  }

  HubList* m_hubs;
  HubId m_id;
  Value HubSpec::*m_field;
  Value m_old{};
  Value m_new;
  int m_serial;
};

// Helpers that build the command for each editable field with its menu text.
QUndoCommand* renameHubCommand(HubList* hubs, HubId id, const QString& name);
QUndoCommand* recolourHubCommand(HubList* hubs, HubId id, const QColor& colour);
QUndoCommand* setHubThresholdCommand(HubList* hubs, HubId id, double threshold, int dragSerial = 0);
QUndoCommand* setHubWminCommand(HubList* hubs, HubId id, int wminFrames, int dragSerial = 0);
QUndoCommand* moveHubNodeCommand(HubList* hubs, HubId id, QPointF position);

// Removes the given hubs (the dead ends of the derived graph) as one undo step.
class PruneHubsCommand : public QUndoCommand {
 public:
  PruneHubsCommand(HubList* hubs, const std::vector<HubId>& ids, QUndoCommand* parent = nullptr);
};

// A fresh serial for a drag whose value commands should merge (never 0).
int nextDragSerial();

}  // namespace mg
