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

// The value commands of one field of one hub (ChangeValue, widgets/commands/change_value.h), with
// their menu texts; a missing hub makes the command obsolete. Commands carrying the same non-zero
// `dragSerial` on the same hub and field merge into one undo step (a slider drag: the view takes
// a fresh serial when the drag starts), keeping the first old value and the last new value; a
// merge that returns to the old value makes the step obsolete.
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
