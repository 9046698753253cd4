// SPDX-License-Identifier: MIT
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <Eigen/Core>

#include "core/util/result.h"

namespace mg {

// One joint of a hierarchy.
struct Joint {
  std::string name;
  // Index of the parent joint; -1 for the root (index 0 only). Always less than the joint's own
  // index: joints are stored in depth-first order.
  int parent = -1;
  // Rest offset from the parent joint, in metres, in the parent's local frame. For the root it is
  // the file's root OFFSET, kept for writing; forward kinematics does not use it (the importer
  // folds it into Motion::rootPositions).
  Eigen::Vector3d offset = Eigen::Vector3d::Zero();
};

// The tip of a chain (BVH "End Site"): a point rigidly attached to a joint, with no rotation of
// its own.
struct EndSite {
  int joint = 0;                                     // index into Skeleton::joints
  Eigen::Vector3d offset = Eigen::Vector3d::Zero();  // metres, in that joint's local frame
};

// A joint hierarchy. Plain data: build it, call validate(), then share it as
// std::shared_ptr<const Skeleton>.
struct Skeleton {
  std::vector<Joint> joints;      // depth-first; joints[0] is the root
  std::vector<EndSite> endSites;  // in file order

  int jointCount() const { return static_cast<int>(joints.size()); }

  // Index of the joint with exactly this name, or -1.
  int findJoint(std::string_view name) const;

  // Children of every joint, in index order.
  std::vector<std::vector<int>> children() const;

  // True when both skeletons have the same joint names and parents in the same order (offsets may
  // differ: that is a change of proportions, not of structure).
  bool sameHierarchy(const Skeleton& other) const;

  // Fails when: there are no joints; joint 0 has a parent; any other joint's parent is not a lower
  // index; a name is empty or repeated; an offset is not finite; an end site names a missing
  // joint or has a non-finite offset.
  Status validate() const;
};

}  // namespace mg
