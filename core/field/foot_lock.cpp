// SPDX-License-Identifier: MIT
#include "core/field/foot_lock.h"

#include <cmath>
#include <optional>

#include "core/motion/forward_kinematics.h"

namespace mg {
namespace {

constexpr double kMaxOffsetMetres = 0.1;

}  // namespace

FootLock::FootLock(const Skeleton& skeleton, int releaseFrames)
    : m_skeleton(skeleton), m_release(std::pow(0.05, 1.0 / std::max(1, releaseFrames))) {
  const auto points = findFootPoints(skeleton);
  for (int side = 0; side < 2; ++side) {
    Foot f;
    f.heelPoint = static_cast<FootPoint>(2 * side);
    f.toePoint = static_cast<FootPoint>(2 * side + 1);
    f.heel = points[2 * side];
    f.toe = points[2 * side + 1];
    if (f.heel.joint < 0) continue;
    const std::optional<LegChain> leg = findLegChain(skeleton, f.heel.joint);
    if (!leg) continue;
    f.leg = *leg;
    m_feet.push_back(f);
  }
}

void FootLock::reset() {
  for (Foot& f : m_feet) f.mode = 0, f.offset.setZero();
}

void FootLock::apply(Pose& pose, const std::array<double, kFootPointCount>& planted) {
  if (m_feet.empty()) return;
  const int joints = m_skeleton.jointCount();
  m_world.resize(joints), m_worldRotations.resize(joints);
  forwardKinematics(m_skeleton, pose.rootPosition, pose.localRotations.data(), m_world.data(),
                    m_worldRotations.data());
  auto pointOf = [&](const FootPointLocation& p) {
    return Eigen::Vector3d(m_world[p.joint] + m_worldRotations[p.joint] * p.offset);
  };
  std::vector<LegChain> legs;
  std::vector<std::optional<Eigen::Vector3d>> targets;
  for (Foot& f : m_feet) {
    const double heel = planted[static_cast<int>(f.heelPoint)];
    const double toe = f.toe.joint >= 0 ? planted[static_cast<int>(f.toePoint)] : 0.0;
    const int mode = heel >= 0.5 ? 1 : (toe >= 0.5 ? 2 : 0);
    const Eigen::Vector3d ankle = m_world[f.leg.foot];
    if (mode == 0) {
      f.offset *= m_release;
    } else {
      const Eigen::Vector3d point = mode == 1 ? pointOf(f.heel) : pointOf(f.toe);
      // A new plant holds the point where it is shown now (with last frame's correction), so the
      // foot does not jump when the hold begins.
      if (mode != f.mode) f.held = point + f.offset;
      f.offset = Eigen::Vector3d(f.held.x() - point.x(), 0.0, f.held.z() - point.z());
      // A hold never pulls a foot further than kMaxOffsetMetres from where the flow puts it: past
      // that the held point slides along (the flow has left the plant behind, e.g. a stop).
      if (f.offset.norm() > kMaxOffsetMetres) {
        f.offset *= kMaxOffsetMetres / f.offset.norm();
        f.held = Eigen::Vector3d(point.x() + f.offset.x(), f.held.y(), point.z() + f.offset.z());
      }
    }
    f.mode = mode;
    legs.push_back(f.leg);
    targets.push_back(f.offset.squaredNorm() > 1e-14
                          ? std::optional<Eigen::Vector3d>(ankle + f.offset)
                          : std::nullopt);
  }
  bool any = false;
  for (const auto& t : targets) any = any || t.has_value();
  if (!any) return;
  adjustRootForReach(m_skeleton, legs, targets, pose);
  for (size_t i = 0; i < legs.size(); ++i) {
    if (!targets[i]) continue;
    LegIkJob job;
    job.skeleton = &m_skeleton;
    job.leg = legs[i];
    job.ankleTarget = *targets[i];
    if (job.validate(pose)) (void)job.run(pose);
  }
}

}  // namespace mg
