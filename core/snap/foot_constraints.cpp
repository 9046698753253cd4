// SPDX-License-Identifier: MIT
#include "core/snap/foot_constraints.h"

#include <algorithm>
#include <array>
#include <optional>
#include <vector>

#include "core/motion/forward_kinematics.h"
#include "core/snap/leg_ik.h"
#include "core/snap/rotation_vector.h"

namespace mg {
namespace {

struct Leg {
  LegChain chain;
  FootPointLocation heel, toe;
  int heelIndex = 0, toeIndex = 1;  // FootPoint values
};

Eigen::Vector3d pointPosition(const FootPointLocation& p, const std::vector<Eigen::Vector3d>& pos,
                              const std::vector<Eigen::Quaterniond>& rot) {
  return pos[p.joint] + rot[p.joint] * p.offset;
}

std::vector<Leg> findLegs(const Skeleton& sk, const std::array<FootPointLocation, kFootPointCount>& points) {
  std::vector<Leg> legs;
  for (int side = 0; side < 2; ++side) {
    const FootPointLocation heel = points[2 * side], toe = points[2 * side + 1];
    if (heel.joint < 0) continue;
    if (std::optional<LegChain> chain = findLegChain(sk, heel.joint)) {
      legs.push_back({*chain, heel, toe, 2 * side, 2 * side + 1});
    }
  }
  return legs;
}

using PointTargets = std::array<std::optional<Eigen::Vector3d>, kFootPointCount>;

// Solves the legs of `pose` so planted points reach their targets: a heel target places the
// ankle (keeping the heel's offset from it), a toe target alone places the ankle by the toe's
// current offset and, in both cases, aims the foot. Moves the root first if a target is out of
// reach. Returns false when no leg has a target (pose unchanged).
Result<bool> solveLegs(const Skeleton& sk, const std::vector<Leg>& legs,
                       const std::array<FootPointLocation, kFootPointCount>& points,
                       const PointTargets& target, double reachFraction, Pose& pose) {
  const int joints = sk.jointCount();
  std::vector<Eigen::Vector3d> pos(joints);
  std::vector<Eigen::Quaterniond> rot(joints);
  forwardKinematics(sk, pose.rootPosition, pose.localRotations.data(), pos.data(), rot.data());
  std::vector<std::optional<Eigen::Vector3d>> ankleTargets(legs.size()), toeTargets(legs.size());
  bool any = false;
  for (size_t i = 0; i < legs.size(); ++i) {
    const Leg& leg = legs[i];
    const Eigen::Vector3d ankle = pos[leg.chain.foot];
    if (target[leg.heelIndex]) {
      ankleTargets[i] = *target[leg.heelIndex] - (pointPosition(points[leg.heelIndex], pos, rot) - ankle);
    } else if (leg.toe.joint >= 0 && target[leg.toeIndex]) {
      ankleTargets[i] = *target[leg.toeIndex] - (pointPosition(points[leg.toeIndex], pos, rot) - ankle);
    }
    if (leg.toe.joint >= 0 && target[leg.toeIndex]) toeTargets[i] = target[leg.toeIndex];
    any = any || ankleTargets[i].has_value();
  }
  if (!any) return false;
  std::vector<LegChain> chains;
  for (const Leg& leg : legs) chains.push_back(leg.chain);
  adjustRootForReach(sk, chains, ankleTargets, pose, reachFraction);
  for (size_t i = 0; i < legs.size(); ++i) {
    if (!ankleTargets[i]) continue;
    LegIkJob job{&sk, legs[i].chain, *ankleTargets[i], toeTargets[i], legs[i].toe};
    if (Result<double> r = job.run(pose); !r) return r.error();
  }
  return true;
}

double fadeWeight(int distance, int blendFrames) {
  const double x = static_cast<double>(distance) / (blendFrames + 1);
  if (x >= 1.0) return 0.0;
  return 1.0 - x * x * (3.0 - 2.0 * x);
}

}  // namespace

Status FootConstraintJob::validate() const {
  if (!motion || !contacts) return Error{"foot constraints: no motion or no contacts"};
  if (Status s = motion->validate(); !s) return Error{"foot constraints: " + s.error().message};
  const size_t frames = static_cast<size_t>(motion->frameCount());
  if (contacts->planted.size() != frames) return Error{"foot constraints: contacts do not cover every frame"};
  if (!locked.empty() && locked.size() != frames) {
    return Error{"foot constraints: locked flags do not cover every frame"};
  }
  if (settings.blendFrames < 0) return Error{"foot constraints: blendFrames must be >= 0"};
  if (!(settings.reachFraction > 0.0 && settings.reachFraction <= 1.0)) {
    return Error{"foot constraints: reachFraction must be in (0, 1]"};
  }
  return Status::success();
}

Result<Motion> FootConstraintJob::run() const {
  if (Status s = validate(); !s) return s.error();
  const Motion& in = *motion;
  const Skeleton& sk = *in.skeleton;
  const int frames = in.frameCount(), joints = in.jointCount();
  const auto points = findFootPoints(sk);
  const std::vector<Leg> legs = findLegs(sk, points);
  Motion out = in;
  if (legs.empty()) return out;
  auto isLocked = [&](int f) { return !locked.empty() && locked[f] != 0; };

  // World positions of the foot points in every frame of the input.
  std::vector<std::array<Eigen::Vector3d, kFootPointCount>> where(frames);
  std::vector<Eigen::Vector3d> pos(joints);
  std::vector<Eigen::Quaterniond> rot(joints);
  for (int f = 0; f < frames; ++f) {
    forwardKinematics(sk, in.rootPositions[f], in.frameRotations(f), pos.data(), rot.data());
    for (int p = 0; p < kFootPointCount; ++p) {
      if (points[p].joint >= 0) where[f][p] = pointPosition(points[p], pos, rot);
    }
  }
  // One target per planted frame and point.
  std::vector<PointTargets> target(frames);
  for (int p = 0; p < kFootPointCount; ++p) {
    if (points[p].joint < 0) continue;
    for (int s = 0; s < frames;) {
      if (!contacts->isPlanted(s, static_cast<FootPoint>(p))) {
        ++s;
        continue;
      }
      int e = s;
      while (e + 1 < frames && contacts->isPlanted(e + 1, static_cast<FootPoint>(p))) ++e;
      std::vector<int> locks;
      Eigen::Vector3d mean = Eigen::Vector3d::Zero();
      for (int f = s; f <= e; ++f) {
        mean += where[f][p];
        if (isLocked(f)) locks.push_back(f);
      }
      mean /= (e - s + 1);
      for (int f = s; f <= e; ++f) {
        if (locks.empty()) {
          target[f][p] = mean;
        } else {
          const int nearest = *std::min_element(locks.begin(), locks.end(), [f](int a, int b) {
            return std::abs(a - f) < std::abs(b - f);
          });
          target[f][p] = where[nearest][p];
        }
      }
      s = e + 1;
    }
  }
  // Solve every unlocked frame with a target; remember the correction it needed.
  struct Correction {
    Eigen::Vector3d root = Eigen::Vector3d::Zero();
    std::vector<Eigen::Vector3d> rotations;  // thigh, shin, foot of each leg
  };
  std::vector<std::optional<Correction>> anchor(frames);
  for (int f = 0; f < frames; ++f) {
    if (isLocked(f)) {
      anchor[f] = Correction{Eigen::Vector3d::Zero(), std::vector<Eigen::Vector3d>(3 * legs.size(), Eigen::Vector3d::Zero())};
      continue;
    }
    Pose pose = in.pose(f);
    Result<bool> solved = solveLegs(sk, legs, points, target[f], settings.reachFraction, pose);
    if (!solved) return solved.error();
    if (!*solved) continue;
    Correction c;
    c.root = pose.rootPosition - in.rootPositions[f];
    for (const Leg& leg : legs) {
      for (int j : {leg.chain.thigh, leg.chain.shin, leg.chain.foot}) {
        c.rotations.push_back(rotationVector(in.rotation(f, j).conjugate() * pose.localRotations[j]));
      }
    }
    anchor[f] = std::move(c);
  }
  // Apply: anchors take their own correction; free frames fade between the nearest anchors.
  const int B = settings.blendFrames;
  for (int f = 0; f < frames; ++f) {
    if (isLocked(f)) continue;
    Correction c{Eigen::Vector3d::Zero(), std::vector<Eigen::Vector3d>(3 * legs.size(), Eigen::Vector3d::Zero())};
    if (anchor[f]) {
      c = *anchor[f];
    } else {
      int left = -1, right = -1;
      for (int k = f - 1; k >= std::max(0, f - B); --k) {
        if (anchor[k]) { left = k; break; }
      }
      for (int k = f + 1; k <= std::min(frames - 1, f + B); ++k) {
        if (anchor[k]) { right = k; break; }
      }
      if (left < 0 && right < 0) continue;
      const double wl = left >= 0 ? fadeWeight(f - left, B) : 0.0;
      const double wr = right >= 0 ? fadeWeight(right - f, B) : 0.0;
      const double norm = std::max(1.0, wl + wr);
      auto mix = [&](auto get) {
        Eigen::Vector3d v = Eigen::Vector3d::Zero();
        if (wl > 0) v += get(*anchor[left]) * wl;
        if (wr > 0) v += get(*anchor[right]) * wr;
        return Eigen::Vector3d(v / norm);
      };
      c.root = mix([](const Correction& a) -> Eigen::Vector3d { return a.root; });
      for (size_t r = 0; r < c.rotations.size(); ++r) {
        c.rotations[r] = mix([r](const Correction& a) -> Eigen::Vector3d { return a.rotations[r]; });
      }
    }
    out.rootPositions[f] = in.rootPositions[f] + c.root;
    Eigen::Quaterniond* q = out.localRotations.data() + static_cast<size_t>(f) * joints;
    size_t r = 0;
    for (const Leg& leg : legs) {
      for (int j : {leg.chain.thigh, leg.chain.shin, leg.chain.foot}) {
        q[j] = (in.rotation(f, j) * rotationFromVector(c.rotations[r++])).normalized();
      }
    }
  }
  return out;
}

Status plantCommonPose(const Skeleton& skeleton, std::uint8_t plantedMask, PoseTriple& pose,
                       double reachFraction) {
  const int joints = skeleton.jointCount();
  for (const Pose* p : {&pose.previous, &pose.current, &pose.next}) {
    if (static_cast<int>(p->localRotations.size()) != joints) {
      return Error{"plant common pose: the pose has the wrong number of joints"};
    }
  }
  if (!(reachFraction > 0.0 && reachFraction <= 1.0)) {
    return Error{"plant common pose: reachFraction must be in (0, 1]"};
  }
  const auto points = findFootPoints(skeleton);
  const std::vector<Leg> legs = findLegs(skeleton, points);
  std::vector<Eigen::Vector3d> pos(joints);
  std::vector<Eigen::Quaterniond> rot(joints);
  forwardKinematics(skeleton, pose.current.rootPosition, pose.current.localRotations.data(), pos.data(), rot.data());
  PointTargets target;
  for (int p = 0; p < kFootPointCount; ++p) {
    if (points[p].joint >= 0 && (plantedMask & (1u << p))) target[p] = pointPosition(points[p], pos, rot);
  }
  for (Pose* side : {&pose.previous, &pose.next}) {
    Result<bool> solved = solveLegs(skeleton, legs, points, target, reachFraction, *side);
    if (!solved) return solved.error();
  }
  return Status::success();
}

}  // namespace mg
