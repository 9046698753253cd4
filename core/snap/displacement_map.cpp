// SPDX-License-Identifier: MIT
#include "core/snap/displacement_map.h"

#include <string>

#include "core/snap/rotation_vector.h"

namespace mg {
namespace {

// Fills one side from the displacements at f (value) and at f+-1 (next).
void buildSide(DisplacementMap::Side& side, int length, const Eigen::Vector3d& rootValue,
               const Eigen::Vector3d& rootNext, const std::vector<Eigen::Vector3d>& rotValues,
               const std::vector<Eigen::Vector3d>& rotNext) {
  side.lengthFrames = length;
  const size_t joints = rotValues.size();
  if (length == 1) {
    side.rootEnd = rootNext;
    side.rotationEnds = rotNext;
    return;
  }
  // d(1) = value h00(1/L) + tangent h10(1/L) must equal the displacement at the neighbour frame.
  const double t1 = 1.0 / length;
  const double h00 = hermiteH00(t1), h10 = hermiteH10(t1);
  side.rootTangent = (rootNext - h00 * rootValue) / h10;
  side.rotationTangents.resize(joints);
  for (size_t j = 0; j < joints; ++j)
    side.rotationTangents[j] = (rotNext[j] - h00 * rotValues[j]) / h10;
}

void accumulateSide(const DisplacementMap::Side& side, int k, const DisplacementMap& map,
                    Eigen::Vector3d& root, Eigen::Vector3d* rotations) {
  const size_t joints = map.rotationValues.size();
  if (side.lengthFrames == 1) {
    root += side.rootEnd;
    for (size_t j = 0; j < joints; ++j) rotations[j] += side.rotationEnds[j];
    return;
  }
  const double t = static_cast<double>(k) / side.lengthFrames;
  const double h00 = hermiteH00(t), h10 = hermiteH10(t);
  root += h00 * map.rootValue + h10 * side.rootTangent;
  for (size_t j = 0; j < joints; ++j) {
    rotations[j] += h00 * map.rotationValues[j] + h10 * side.rotationTangents[j];
  }
}

}  // namespace

void DisplacementMap::accumulate(int frame, Eigen::Vector3d& root,
                                 Eigen::Vector3d* rotations) const {
  const int k = frame - centerFrame;
  if (k == 0) {
    root += rootValue;
    for (size_t j = 0; j < rotationValues.size(); ++j) rotations[j] += rotationValues[j];
  } else if (k > 0 && k <= after.lengthFrames) {
    accumulateSide(after, k, *this, root, rotations);
  } else if (k < 0 && -k <= before.lengthFrames) {
    accumulateSide(before, -k, *this, root, rotations);
  }
}

Result<DisplacementMap> buildDisplacementMap(const Motion& motion, int frame,
                                             const PoseTriple& target, int framesBefore,
                                             int framesAfter) {
  const int frames = motion.frameCount();
  const size_t joints = static_cast<size_t>(motion.jointCount());
  if (frame < 1 || frame >= frames - 1) {
    return Error{"displacement map: frame " + std::to_string(frame) + " is not interior"};
  }
  if (framesBefore < 1 || framesAfter < 1 || frame - framesBefore < 0 ||
      frame + framesAfter > frames - 1) {
    return Error{"displacement map: the map's extent does not fit inside the motion"};
  }
  for (const Pose* p : {&target.previous, &target.current, &target.next}) {
    if (p->localRotations.size() != joints) {
      return Error{"displacement map: the target pose has the wrong number of joints"};
    }
  }
  // Displacements at f-1, f, f+1: root offsets and rotation vectors u with q * exp(u) = target.
  auto displacement = [&](int f, const Pose& goal, Eigen::Vector3d& root,
                          std::vector<Eigen::Vector3d>& rot) {
    root = goal.rootPosition - motion.rootPositions[f];
    rot.resize(joints);
    const Eigen::Quaterniond* q = motion.frameRotations(f);
    for (size_t j = 0; j < joints; ++j)
      rot[j] = rotationVector(q[j].conjugate() * goal.localRotations[j]);
  };
  DisplacementMap map;
  map.centerFrame = frame;
  Eigen::Vector3d rootPrev, rootNext;
  std::vector<Eigen::Vector3d> rotPrev, rotNext;
  displacement(frame, target.current, map.rootValue, map.rotationValues);
  displacement(frame - 1, target.previous, rootPrev, rotPrev);
  displacement(frame + 1, target.next, rootNext, rotNext);
  buildSide(map.before, framesBefore, map.rootValue, rootPrev, map.rotationValues, rotPrev);
  buildSide(map.after, framesAfter, map.rootValue, rootNext, map.rotationValues, rotNext);
  return map;
}

Motion applyDisplacementMaps(const Motion& motion, std::span<const DisplacementMap> maps) {
  Motion out = motion;
  const int joints = motion.jointCount();
  std::vector<Eigen::Vector3d> rot(joints);
  std::vector<std::vector<const DisplacementMap*>> byFrame(motion.frameCount());
  for (const DisplacementMap& m : maps) {
    for (int f = std::max(0, m.firstFrame()); f <= std::min(motion.frameCount() - 1, m.lastFrame());
         ++f) {
      byFrame[f].push_back(&m);
    }
  }
  for (int f = 0; f < motion.frameCount(); ++f) {
    if (byFrame[f].empty()) continue;
    Eigen::Vector3d root = Eigen::Vector3d::Zero();
    std::fill(rot.begin(), rot.end(), Eigen::Vector3d::Zero());
    for (const DisplacementMap* m : byFrame[f]) m->accumulate(f, root, rot.data());
    out.rootPositions[f] += root;
    Eigen::Quaterniond* q = out.localRotations.data() + static_cast<size_t>(f) * joints;
    for (int j = 0; j < joints; ++j) q[j] = (q[j] * rotationFromVector(rot[j])).normalized();
  }
  return out;
}

}  // namespace mg
