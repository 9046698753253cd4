// SPDX-License-Identifier: MIT
#include "core/motion/leg_ik.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "core/motion/forward_kinematics.h"

namespace mg {
namespace {

// Below this off-line distance of the knee (a fraction of the leg's length, about a 170 degree
// knee) the bend direction starts to follow the foot.
constexpr double kStraightKneeFraction = 0.05;

struct World {
  std::vector<Eigen::Vector3d> positions;
  std::vector<Eigen::Quaterniond> rotations;
};

World worldOf(const Skeleton& skeleton, const Pose& pose) {
  World w;
  w.positions.resize(skeleton.jointCount());
  w.rotations.resize(skeleton.jointCount());
  forwardKinematics(skeleton, pose.rootPosition, pose.localRotations.data(), w.positions.data(),
                    w.rotations.data());
  return w;
}

// The angle to turn `shin` about the unit `axis` (through the knee) so that it makes the interior
// angle beta1 with `thigh`: cos(angle after a turn by phi) = A + B cos(phi) + C sin(phi) has two
// solutions; the one that leaves the knee on the `bend` side of the new hip-ankle line is taken
// (the smaller turn when both or neither do, and the nearest angle when beta1 cannot be met). With
// the axis normal to a bent knee's own plane this is beta1 minus the current angle; for a straight
// knee the two turns are equally small and only the side tells them apart.
double turnForInteriorAngle(const Eigen::Vector3d& thigh, const Eigen::Vector3d& shin,
                            const Eigen::Vector3d& axis, const Eigen::Vector3d& bend,
                            double beta1) {
  const Eigen::Vector3d t = thigh.normalized(), s = shin.normalized();
  const double a = t.dot(axis) * axis.dot(s);
  const double b = t.dot(s) - a;
  const double c = t.dot(axis.cross(s));
  const double r = std::hypot(b, c);
  if (r < 1e-12) return 0.0;
  const double base = std::atan2(c, b);
  const double spread = std::acos(std::clamp((std::cos(beta1) - a) / r, -1.0, 1.0));
  auto kneeOnBendSide = [&](double phi) {
    const Eigen::Vector3d turned = Eigen::AngleAxisd(phi, axis) * shin;
    const Eigen::Vector3d line = (turned - thigh).normalized();  // hip to ankle
    const Eigen::Vector3d knee = -thigh - line * line.dot(-thigh);
    return knee.dot(bend) > 0.0;
  };
  const double p = std::remainder(base + spread, 2.0 * M_PI),
               q = std::remainder(base - spread, 2.0 * M_PI);
  const bool pSide = kneeOnBendSide(p), qSide = kneeOnBendSide(q);
  if (pSide != qSide) return pSide ? p : q;
  return std::abs(p) <= std::abs(q) ? p : q;
}

bool isDescendantOrSelf(const Skeleton& s, int joint, int ancestor) {
  for (int j = joint; j >= 0; j = s.joints[j].parent) {
    if (j == ancestor) return true;
  }
  return false;
}

Eigen::Quaterniond parentWorld(const Skeleton& s, const World& w, int joint) {
  const int p = s.joints[joint].parent;
  return p < 0 ? Eigen::Quaterniond::Identity() : w.rotations[p];
}

}  // namespace

std::optional<LegChain> findLegChain(const Skeleton& skeleton, int footJoint) {
  if (footJoint <= 0 || footJoint >= skeleton.jointCount()) return std::nullopt;
  const int shin = skeleton.joints[footJoint].parent;
  if (shin <= 0) return std::nullopt;
  const int thigh = skeleton.joints[shin].parent;
  if (thigh <= 0) return std::nullopt;
  return LegChain{thigh, shin, footJoint};
}

Status LegIkJob::validate(const Pose& pose) const {
  if (!skeleton) return Error{"leg IK: no skeleton"};
  const int n = skeleton->jointCount();
  auto inRange = [n](int j) { return j > 0 && j < n; };
  if (!inRange(leg.thigh) || !inRange(leg.shin) || !inRange(leg.foot) ||
      skeleton->joints[leg.foot].parent != leg.shin ||
      skeleton->joints[leg.shin].parent != leg.thigh) {
    return Error{"leg IK: thigh, shin and foot are not a parent chain of the skeleton"};
  }
  if (!ankleTarget.allFinite() || (toeTarget && !toeTarget->allFinite())) {
    return Error{"leg IK: a target is not finite"};
  }
  if (toeTarget && (toePoint.joint < 0 || toePoint.joint >= n ||
                    !isDescendantOrSelf(*skeleton, toePoint.joint, leg.foot))) {
    return Error{"leg IK: the toe point is not on the foot"};
  }
  if (static_cast<int>(pose.localRotations.size()) != n) {
    return Error{"leg IK: the pose has the wrong number of joints"};
  }
  return Status::success();
}

Result<double> LegIkJob::run(Pose& pose) const {
  if (Status s = validate(pose); !s) return s.error();
  const Skeleton& sk = *skeleton;
  World w = worldOf(sk, pose);
  const Eigen::Vector3d a = w.positions[leg.thigh];
  const Eigen::Vector3d b = w.positions[leg.shin];
  const Eigen::Vector3d c = w.positions[leg.foot];
  const double l1 = (b - a).norm(), l2 = (c - b).norm();
  const Eigen::Quaterniond footWorld = w.rotations[leg.foot];

  // 1. Knee: interior angle at b from the law of cosines for the clamped target distance.
  const double lo = std::abs(l1 - l2) + 1e-9, hi = l1 + l2 - 1e-9;
  const double d = std::clamp((ankleTarget - a).norm(), lo, hi);
  const double beta1 =
      std::acos(std::clamp((l1 * l1 + l2 * l2 - d * d) / (2 * l1 * l2), -1.0, 1.0));
  // The knee bends towards where it already points off the hip-ankle line; as the leg nears
  // straight that direction is lost in noise, so it blends into the way the foot points (the
  // root's +Z without a toe point), continuously, so the knee never flips between frames.
  const Eigen::Vector3d line = (c - a).normalized();
  const Eigen::Vector3d knee = (b - a) - line * line.dot(b - a);
  Eigen::Vector3d forward = w.rotations[0] * Eigen::Vector3d::UnitZ();
  if (toePoint.joint >= 0 && toePoint.joint < sk.jointCount() &&
      isDescendantOrSelf(sk, toePoint.joint, leg.foot)) {
    forward = w.positions[toePoint.joint] + w.rotations[toePoint.joint] * toePoint.offset - c;
  }
  forward -= line * line.dot(forward);
  const double straight = kStraightKneeFraction * (l1 + l2);
  Eigen::Vector3d bend = knee;
  if (knee.norm() < straight && forward.norm() > 1e-12) {
    const double fade = 1.0 - knee.norm() / straight;
    bend += forward.normalized() * straight * fade * fade;
  }
  Eigen::Vector3d axis = line.cross(bend);
  if (axis.norm() < 1e-12) axis = line.cross(forward);
  if (axis.norm() < 1e-12) axis = w.rotations[leg.thigh] * Eigen::Vector3d::UnitX();
  axis.normalize();
  const Eigen::Quaterniond kneeTurn(
      Eigen::AngleAxisd(turnForInteriorAngle(a - b, c - b, axis, bend, beta1), axis));
  Eigen::Quaterniond thighWorld = w.rotations[leg.thigh];
  Eigen::Quaterniond shinWorld = kneeTurn * w.rotations[leg.shin];
  const Eigen::Vector3d ankleAfterKnee = b + kneeTurn * (c - b);

  // 2. Swing the whole leg about the hip.
  const Eigen::Quaterniond swing =
      Eigen::Quaterniond::FromTwoVectors(ankleAfterKnee - a, ankleTarget - a);
  thighWorld = swing * thighWorld;
  shinWorld = swing * shinWorld;
  Eigen::Quaterniond newFootWorld = footWorld;
  const Eigen::Vector3d ankle = a + swing * (ankleAfterKnee - a);

  // 3. Foot: keep its world orientation, or aim the toe.
  if (toeTarget) {
    // Toe position relative to the ankle with the kept foot orientation: walk the chain from the
    // foot to the toe joint through the unchanged local rotations below the foot.
    Eigen::Quaterniond r = footWorld;
    std::vector<int> chain;
    for (int j = toePoint.joint; j != leg.foot; j = sk.joints[j].parent) chain.push_back(j);
    Eigen::Vector3d toe = ankle;
    for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
      toe += r * sk.joints[*it].offset;
      r = r * pose.localRotations[*it];
    }
    toe += r * toePoint.offset;
    newFootWorld = Eigen::Quaterniond::FromTwoVectors(toe - ankle, *toeTarget - ankle) * footWorld;
  }
  pose.localRotations[leg.thigh] =
      (parentWorld(sk, w, leg.thigh).conjugate() * thighWorld).normalized();
  pose.localRotations[leg.shin] = (thighWorld.conjugate() * shinWorld).normalized();
  pose.localRotations[leg.foot] = (shinWorld.conjugate() * newFootWorld).normalized();
  return (ankle - ankleTarget).norm();
}

Eigen::Vector3d adjustRootForReach(const Skeleton& skeleton, std::span<const LegChain> legs,
                                   std::span<const std::optional<Eigen::Vector3d>> ankleTargets,
                                   Pose& pose, double reachFraction) {
  const World w = worldOf(skeleton, pose);
  Eigen::Vector3d shift = Eigen::Vector3d::Zero();
  for (int round = 0; round < 4; ++round) {
    bool moved = false;
    for (size_t i = 0; i < legs.size() && i < ankleTargets.size(); ++i) {
      if (!ankleTargets[i]) continue;
      const LegChain& leg = legs[i];
      const double reach =
          reachFraction * ((w.positions[leg.shin] - w.positions[leg.thigh]).norm() +
                           (w.positions[leg.foot] - w.positions[leg.shin]).norm());
      const Eigen::Vector3d toTarget = *ankleTargets[i] - (w.positions[leg.thigh] + shift);
      const double excess = toTarget.norm() - reach;
      if (excess > 1e-9) {
        shift += toTarget.normalized() * excess;
        moved = true;
      }
    }
    if (!moved) break;
  }
  pose.rootPosition += shift;
  return shift;
}

}  // namespace mg
