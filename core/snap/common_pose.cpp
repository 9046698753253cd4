// SPDX-License-Identifier: MIT
#include "core/snap/common_pose.h"

#include <vector>

#include "core/motion/quaternion.h"

namespace mg {

PoseTriple poseTriple(const Motion& motion, int frame) {
  return {motion.pose(frame - 1), motion.pose(frame), motion.pose(frame + 1)};
}

PoseTriple transformTriple(const PoseTriple& triple, const FloorTransform& t) {
  PoseTriple out = triple;
  for (Pose* p : {&out.previous, &out.current, &out.next}) {
    p->rootPosition = t.apply(p->rootPosition);
    if (!p->localRotations.empty()) p->localRotations[0] = t.apply(p->localRotations[0]);
  }
  return out;
}

PoseTriple averageCommonPose(std::span<const PoseTriple> triples,
                             std::span<const FloorTransform> toHub) {
  const size_t n = triples.size();
  const size_t joints = triples[0].current.localRotations.size();
  std::vector<PoseTriple> aligned;
  aligned.reserve(n);
  for (size_t i = 0; i < n; ++i) aligned.push_back(transformTriple(triples[i], toHub[i]));

  const std::vector<double> weights(n, 1.0);
  std::vector<Eigen::Quaterniond> samples(n);
  PoseTriple out;
  Eigen::Vector3d root = Eigen::Vector3d::Zero(), forward = root, backward = root;
  for (const PoseTriple& t : aligned) {
    root += t.current.rootPosition;
    forward += t.next.rootPosition - t.current.rootPosition;
    backward += t.current.rootPosition - t.previous.rootPosition;
  }
  out.current.rootPosition = root / double(n);
  out.next.rootPosition = out.current.rootPosition + forward / double(n);
  out.previous.rootPosition = out.current.rootPosition - backward / double(n);
  out.current.localRotations.resize(joints);
  out.next.localRotations.resize(joints);
  out.previous.localRotations.resize(joints);
  const Eigen::Quaterniond identity = Eigen::Quaterniond::Identity();
  for (size_t j = 0; j < joints; ++j) {
    for (size_t i = 0; i < n; ++i) samples[i] = aligned[i].current.localRotations[j];
    const Eigen::Quaterniond current = blendQuaternions(samples, weights);
    // Increments are near identity; align them to it (not to the first sample) before averaging.
    auto averageIncrement = [&](auto increment) {
      for (size_t i = 0; i < n; ++i) {
        Eigen::Quaterniond q = increment(aligned[i]);
        if (q.dot(identity) < 0) q.coeffs() = -q.coeffs();
        samples[i] = q;
      }
      return blendQuaternions(samples, weights);
    };
    const Eigen::Quaterniond forwardStep = averageIncrement([&](const PoseTriple& t) {
      return t.current.localRotations[j].conjugate() * t.next.localRotations[j];
    });
    const Eigen::Quaterniond backwardStep = averageIncrement([&](const PoseTriple& t) {
      return t.previous.localRotations[j].conjugate() * t.current.localRotations[j];
    });
    out.current.localRotations[j] = current;
    out.next.localRotations[j] = (current * forwardStep).normalized();
    out.previous.localRotations[j] = (current * backwardStep.conjugate()).normalized();
  }
  return out;
}

}  // namespace mg
