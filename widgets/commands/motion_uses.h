// SPDX-License-Identifier: MIT
#pragma once

#include <functional>
#include <set>
#include <vector>

#include <QString>
#include <QUndoCommand>

#include "widgets/document/project.h"

namespace mg {

// Authored items of one graph kind that use some of the project's motions (hubs on them,
// parametric nodes with an example on them, subgraph keys and kept stretches on them), found
// before the motions are removed, so the author is asked first and the items go with the motions
// in one undo step instead of lingering without a source (and vanishing on the next save).
struct MotionUse {
  QString what;  // a counted phrase: "2 hubs", "1 parametric node"
  // Appends, as children of `parent`, the commands that remove the items.
  std::function<void(QUndoCommand* parent)> removeInto;
};

// A graph kind's finder: its uses of `motions` in `project` (none: an empty list). Must not
// create the kind's section (ProjectSection::of lists the ones that exist).
using MotionUseFinder =
    std::function<std::vector<MotionUse>(Project& project, const std::set<MotionId>& motions)>;

// Every registered kind's uses of `motions`, in registration order.
std::vector<MotionUse> motionUses(Project& project, const std::set<MotionId>& motions);

// One line in a kind's commands .cpp registers its finder:
//   const RegisterMotionUseFinder kHubUses(&hubUsesOf);
struct RegisterMotionUseFinder {
  explicit RegisterMotionUseFinder(MotionUseFinder finder);
};

// Removes `motions` and everything motionUses() finds using them, as one undo step (the uses
// first, so undo brings the motions back before the items that refer to them).
class RemoveMotionsCommand : public QUndoCommand {
 public:
  RemoveMotionsCommand(Project* project, const std::vector<MotionId>& motions,
                       QUndoCommand* parent = nullptr);
};

}  // namespace mg
