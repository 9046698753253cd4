// SPDX-License-Identifier: MIT
#include "widgets/commands/motion_uses.h"

#include "widgets/commands/motion_commands.h"
#include "widgets/views/common/count_text.h"

namespace mg {

namespace {

std::vector<MotionUseFinder>& finders() {
  static std::vector<MotionUseFinder> all;
  return all;
}

}  // namespace

RegisterMotionUseFinder::RegisterMotionUseFinder(MotionUseFinder finder) {
  finders().push_back(std::move(finder));
}

std::vector<MotionUse> motionUses(Project& project, const std::set<MotionId>& motions) {
  std::vector<MotionUse> uses;
  for (const MotionUseFinder& find : finders()) {
    for (MotionUse& use : find(project, motions)) uses.push_back(std::move(use));
  }
  return uses;
}

RemoveMotionsCommand::RemoveMotionsCommand(Project* project, const std::vector<MotionId>& motions,
                                           QUndoCommand* parent)
    : QUndoCommand(parent) {
  setText(motions.size() == 1
              ? QObject::tr("Remove %1")
                    .arg(QString::fromStdString(project->motion(motions[0])
                                                    ? project->motion(motions[0])->name
                                                    : std::string("motion")))
              : countText(static_cast<qsizetype>(motions.size()), QObject::tr("Remove %1 motion"),
                          QObject::tr("Remove %1 motions")));
  const std::set<MotionId> ids(motions.begin(), motions.end());
  for (const MotionUse& use : motionUses(*project, ids)) use.removeInto(this);
  for (MotionId id : motions) new RemoveMotionCommand(project, id, this);
}

}  // namespace mg
