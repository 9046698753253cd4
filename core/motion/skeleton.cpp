// SPDX-License-Identifier: MIT
#include "core/motion/skeleton.h"

#include <unordered_set>

namespace mg {

int Skeleton::findJoint(std::string_view name) const {
  for (int i = 0; i < jointCount(); ++i) {
    if (joints[i].name == name) return i;
  }
  return -1;
}

std::vector<std::vector<int>> Skeleton::children() const {
  std::vector<std::vector<int>> result(joints.size());
  for (int i = 1; i < jointCount(); ++i) {
    if (joints[i].parent >= 0 && joints[i].parent < jointCount())
      result[joints[i].parent].push_back(i);
  }
  return result;
}

bool Skeleton::sameHierarchy(const Skeleton& other) const {
  if (jointCount() != other.jointCount()) return false;
  for (int i = 0; i < jointCount(); ++i) {
    if (joints[i].name != other.joints[i].name || joints[i].parent != other.joints[i].parent) {
      return false;
    }
  }
  return true;
}

Status Skeleton::validate() const {
  if (joints.empty()) return Error{"the skeleton has no joints"};
  if (joints[0].parent != -1) return Error{"the first joint is not a root"};
  std::unordered_set<std::string> names;
  for (int i = 0; i < jointCount(); ++i) {
    const Joint& j = joints[i];
    if (i > 0 && (j.parent < 0 || j.parent >= i)) {
      return Error{"joint '" + j.name + "' has a parent that does not precede it"};
    }
    if (j.name.empty()) return Error{"joint " + std::to_string(i) + " has no name"};
    if (!names.insert(j.name).second) return Error{"joint name '" + j.name + "' is repeated"};
    if (!j.offset.allFinite()) return Error{"joint '" + j.name + "' has a non-finite offset"};
  }
  for (const EndSite& e : endSites) {
    if (e.joint < 0 || e.joint >= jointCount()) return Error{"an end site names a missing joint"};
    if (!e.offset.allFinite()) return Error{"an end site has a non-finite offset"};
  }
  return Status::success();
}

}  // namespace mg
