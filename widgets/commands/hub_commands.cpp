// SPDX-License-Identifier: MIT
#include "widgets/commands/hub_commands.h"

#include <algorithm>
#include <cmath>

#include "widgets/commands/change_value.h"
#include "widgets/commands/command_text.h"
#include "widgets/commands/metric_settings_command.h"
#include "widgets/commands/motion_uses.h"
#include "widgets/views/common/count_text.h"

namespace mg {

AddHubCommand::AddHubCommand(HubList* hubs, HubSpec spec, QUndoCommand* parent)
    : QUndoCommand(parent), m_hubs(hubs), m_spec(std::move(spec)) {
  m_spec.id = hubs->allocateId();
  setText(commandText("Create %1").arg(m_spec.name));
}

void AddHubCommand::redo() {
  m_hubs->insertHub(m_hubs->count(), m_spec);
}

void AddHubCommand::undo() {
  m_hubs->takeHub(m_spec.id);
}

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

void RemoveHubCommand::undo() {
  m_hubs->insertHub(m_row, m_spec);
}

namespace {

// One field of one hub as a ChangeValue; `mergeId` only merges within one non-zero drag.
template <class Value>
QUndoCommand* changeHubValue(HubList* hubs, HubId id, Value HubSpec::*field, Value value,
                             const QString& text, MergeId mergeId = MergeId::None,
                             int dragSerial = 0) {
  ValueAccess<Value> access{[hubs, id, field] {
                              const HubSpec* spec = hubs->hub(id);
                              return spec ? spec->*field : Value{};
                            },
                            [hubs, id, field](const Value& v) {
                              const HubSpec* spec = hubs->hub(id);
                              if (!spec) return;
                              HubSpec changed = *spec;
                              changed.*field = v;
                              hubs->setHub(changed);
                            }};
  auto* command = new ChangeValue<Value>(text, std::move(access), std::move(value),
                                         dragSerial != 0 ? mergeId : MergeId::None,
                                         {hubs, static_cast<long long>(id), dragSerial});
  if (!hubs->hub(id)) command->setObsolete(true);
  return command;
}

}  // namespace

QUndoCommand* renameHubCommand(HubList* hubs, HubId id, const QString& name) {
  return changeHubValue(hubs, id, &HubSpec::name, name, commandText("Rename hub to %1").arg(name));
}

QUndoCommand* recolourHubCommand(HubList* hubs, HubId id, const QColor& colour) {
  return changeHubValue(hubs, id, &HubSpec::colour, colour, commandText("Recolour hub"));
}

QUndoCommand* setHubThresholdCommand(HubList* hubs, HubId id, double threshold, int dragSerial) {
  return changeHubValue(hubs, id, &HubSpec::threshold, threshold,
                        commandText("Change hub threshold"), MergeId::HubThreshold, dragSerial);
}

QUndoCommand* setHubWminCommand(HubList* hubs, HubId id, int wminFrames, int dragSerial) {
  return changeHubValue(hubs, id, &HubSpec::wminFrames, wminFrames,
                        commandText("Change hub spacing"), MergeId::HubWmin, dragSerial);
}

QUndoCommand* moveHubNodeCommand(HubList* hubs, HubId id, QPointF position) {
  return changeHubValue(hubs, id, &HubSpec::nodePosition, std::optional<QPointF>(position),
                        commandText("Move hub node"));
}

PruneHubsCommand::PruneHubsCommand(HubList* hubs, const std::vector<HubId>& ids,
                                   QUndoCommand* parent)
    : QUndoCommand(parent) {
  setText(
      countText(ids.size(), commandText("Prune %1 dead end"), commandText("Prune %1 dead ends")));
  for (HubId id : ids) new RemoveHubCommand(hubs, id, this);
  if (ids.empty()) setObsolete(true);
}

int nextDragSerial() {
  static int serial = 0;
  return ++serial;
}

namespace {

// Hubs whose source frame is on one of the motions.
std::vector<MotionUse> hubUsesOf(Project& project, const std::set<MotionId>& motions) {
  HubList* hubs = nullptr;
  for (ProjectSection* section : ProjectSection::of(project))
    if (auto* h = qobject_cast<HubList*>(section)) hubs = h;
  if (!hubs) return {};
  std::vector<HubId> ids;
  for (const HubSpec& h : hubs->hubs())
    if (motions.count(h.motion)) ids.push_back(h.id);
  if (ids.empty()) return {};
  return {
      {countText(static_cast<qsizetype>(ids.size()), QObject::tr("%1 hub"), QObject::tr("%1 hubs")),
       [hubs, ids](QUndoCommand* parent) {
         for (HubId id : ids) new RemoveHubCommand(hubs, id, parent);
       }}};
}

const RegisterMotionUseFinder kHubUses(&hubUsesOf);

// Hub frames count at the working rate: a new rate moves each to the same moment of its motion.
void followHubFrames(Project& project, double oldFps, double newFps, QUndoCommand* parent) {
  HubList* hubs = nullptr;
  for (ProjectSection* section : ProjectSection::of(project))
    if (auto* h = qobject_cast<HubList*>(section)) hubs = h;
  if (!hubs) return;
  for (const HubSpec& h : hubs->hubs()) {
    HubSpec moved = h;
    moved.frame = static_cast<int>(std::lround(h.frame * newFps / oldFps));
    if (const std::shared_ptr<const Motion> m = project.motion(h.motion))
      moved.frame = std::clamp(moved.frame, 0, std::max(0, workingFrameCount(*m, newFps) - 1));
    if (moved == h) continue;
    new ChangeValue<HubSpec>(
        QObject::tr("Move %1 to the new rate").arg(h.name),
        {[hubs, id = h.id] { return hubs->hub(id) ? *hubs->hub(id) : HubSpec{}; },
         [hubs](const HubSpec& s) { hubs->setHub(s); }},
        moved, MergeId::None, {}, parent);
  }
}

const RegisterWorkingRateFollower kHubFrames(&followHubFrames);

}  // namespace

}  // namespace mg
