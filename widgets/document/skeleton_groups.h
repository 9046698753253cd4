// SPDX-License-Identifier: MIT
#pragma once

#include <vector>

#include "widgets/document/project.h"

namespace mg {

// The project's motions grouped by skeleton hierarchy (Skeleton::sameHierarchy). Group 0 is the
// working skeleton: the first motion's. The graph kinds that need one skeleton (Snap-Together,
// parametric nodes, the subgraph's database) use group 0 and set the others aside, so adding
// files of another skeleton never changes which motions they use; later groups are numbered in
// order of first appearance. Motions without a skeleton, or whose file is missing (a
// placeholder skeleton), get -1.
struct SkeletonGroups {
  std::vector<int> groupOfRow;  // per motion row of the project
  int groupCount = 0;

  // The group of `row`, or -1.
  int group(int row) const {
    return row >= 0 && row < static_cast<int>(groupOfRow.size()) ? groupOfRow[row] : -1;
  }
};

SkeletonGroups skeletonGroups(const std::vector<MotionEntry>& motions);

// The first motion of group 0 (the one that sets the working skeleton), or null.
const Motion* workingSkeletonMotion(const std::vector<MotionEntry>& motions);

}  // namespace mg
