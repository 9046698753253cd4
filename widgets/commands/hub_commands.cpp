// SPDX-License-Identifier: MIT
#include "widgets/commands/hub_commands.h"

#include "widgets/commands/command_text.h"

namespace mg {

AddHubCommand::AddHubCommand(HubList* hubs, HubSpec spec, QUndoCommand* parent)
    : QUndoCommand(parent), m_hubs(hubs), m_spec(std::move(spec)) {
  m_spec.id = hubs->allocateId();
  setText(commandText("Create %1").arg(m_spec.name));
}

void AddHubCommand::redo() { m_hubs->insertHub(m_hubs->count(), m_spec); }

void AddHubCommand::undo() { m_hubs->takeHub(m_spec.id); }

RemoveHubCommand::RemoveHubCommand(HubList* hubs, HubId id, QUndoCommand* parent)
    : QUndoCommand(parent), m_hubs(hubs) {
  m_row = hubs->indexOf(id);
  if (const HubSpec* spec = hubs->hub(id)) m_spec = *spec;
  m_spec.id = id;
  setText(commandText("Delete %1").arg(m_spec.name));
  if (m_row < 0) setObsolete(true);
}

void RemoveHubCommand::redo() {
  // The row may have moved since construction (siblings in a macro); undo restores this one.
  m_row = m_hubs->indexOf(m_spec.id);
  m_hubs->takeHub(m_spec.id);
}

void RemoveHubCommand::undo() { m_hubs->insertHub(m_row, m_spec); }

QUndoCommand* renameHubCommand(HubList* hubs, HubId id, const QString& name) {
  return new ChangeHubValue<QString, kHubNameCommand>(hubs, id, &HubSpec::name, name,
                                                      commandText("Rename hub to %1").arg(name));
}

QUndoCommand* recolourHubCommand(HubList* hubs, HubId id, const QColor& colour) {
  return new ChangeHubValue<QColor, kHubColourCommand>(hubs, id, &HubSpec::colour, colour,
                                                       commandText("Recolour hub"));
}

QUndoCommand* setHubThresholdCommand(HubList* hubs, HubId id, double threshold, int dragSerial) {
  return new ChangeHubValue<double, kHubThresholdCommand>(
      hubs, id, &HubSpec::threshold, threshold, commandText("Change hub threshold"), dragSerial);
}

QUndoCommand* setHubWminCommand(HubList* hubs, HubId id, int wminFrames, int dragSerial) {
  return new ChangeHubValue<int, kHubWminCommand>(hubs, id, &HubSpec::wminFrames, wminFrames,
                                                  commandText("Change hub spacing"), dragSerial);
}

QUndoCommand* moveHubNodeCommand(HubList* hubs, HubId id, QPointF position) {
  return new ChangeHubValue<std::optional<QPointF>, kHubNodeCommand>(
      hubs, id, &HubSpec::nodePosition, std::optional<QPointF>(position),
      commandText("Move hub node"));
}

PruneHubsCommand::PruneHubsCommand(HubList* hubs, const std::vector<HubId>& ids, QUndoCommand* parent)
    : QUndoCommand(parent) {
  setText(commandText("Prune %n dead end(s)")
              .replace(QStringLiteral("%n"), QString::number(ids.size())));
  for (HubId id : ids) new RemoveHubCommand(hubs, id, this);
  if (ids.empty()) setObsolete(true);
}

int nextDragSerial() {
  static int serial = 0;
  return ++serial;
}

}  // namespace mg
