// SPDX-License-Identifier: MIT
#include "widgets/document/skeleton_groups.h"

namespace mg {

SkeletonGroups skeletonGroups(const std::vector<MotionEntry>& motions) {
  SkeletonGroups groups;
  std::vector<const Skeleton*> firstOfGroup;
  for (const MotionEntry& e : motions) {
    int group = -1;
    if (!e.file.missing && e.motion && e.motion->skeleton) {
      for (size_t g = 0; g < firstOfGroup.size() && group < 0; ++g)
        if (firstOfGroup[g]->sameHierarchy(*e.motion->skeleton)) group = static_cast<int>(g);
      if (group < 0) {
        group = static_cast<int>(firstOfGroup.size());
        firstOfGroup.push_back(e.motion->skeleton.get());
      }
    }
    groups.groupOfRow.push_back(group);
  }
  groups.groupCount = static_cast<int>(firstOfGroup.size());
  return groups;
}

const Motion* workingSkeletonMotion(const std::vector<MotionEntry>& motions) {
  for (const MotionEntry& e : motions)
    if (!e.file.missing && e.motion && e.motion->skeleton) return e.motion.get();
  return nullptr;
}

}  // namespace mg
