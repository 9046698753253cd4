// SPDX-License-Identifier: MIT
#pragma once

// A synthetic walk whose foot plants are known exactly: the biped of synthetic_motion.h walks
// along +Z with its ankles placed by leg IK on footprints, so during stance both foot points of
// a foot stand still (to round-off) and the truth of every plant is known. For tests of plant
// enforcement, which must keep planted feet within a millimetre.

#include <algorithm>
#include <cmath>

#include "core/motion/foot_contacts.h"
#include "core/motion/leg_ik.h"
#include "support/synthetic_motion.h"

namespace mg::test {

struct PlantedWalkSettings {
  double fps = 30.0;
  double speed = 0.8;           // m/s of the root along +Z
  double cycleSeconds = 1.0;    // one left and one right step
  double stanceFraction = 0.6;  // of the cycle each foot is planted
  double hipHeight = 0.84;      // root height, m (legs 0.8 m; the ankle sits 0.1 m above the floor)
  double phase = 0.0;           // cycle fraction at frame 0
};

namespace planted_walk_detail {

// Ankle of one foot at time t: planted at its footprint during stance, an arc between footprints
// while swinging that leaves and lands with zero velocity (as a foot rolls on and off the floor).
// `offset`: the foot's phase offset in cycles, `x`: its side.
inline Eigen::Vector3d ankleAt(const PlantedWalkSettings& s, double t, double offset, double x,
                               bool* planted) {
  const double cycles = t / s.cycleSeconds + s.phase + offset;
  const double k = std::floor(cycles);
  const double u = cycles - k;
  const double stride = s.speed * s.cycleSeconds;
  // Footprint k: under the root at mid-stance of cycle k.
  auto footprint = [&](double cycle) {
    return ((cycle + 0.5 * s.stanceFraction - s.phase - offset) * s.cycleSeconds) * s.speed;
  };
  if (u < s.stanceFraction) {
    *planted = true;
    return {x, 0.1, footprint(k)};
  }
  *planted = false;
  const double w = (u - s.stanceFraction) / (1.0 - s.stanceFraction);
  const double ease = w * w * (3.0 - 2.0 * w);
  const double lift = std::sin(M_PI * w);
  return {x, 0.1 + 0.08 * lift * lift, footprint(k) + stride * ease};
}

}  // namespace planted_walk_detail

// The walk and, in `contacts` (if not null), its plants: heel and toe of a foot are planted
// exactly while its ankle stands on a footprint.
inline Motion makePlantedWalk(int frames, const PlantedWalkSettings& s = {},
                              FootContacts* contacts = nullptr) {
  Motion m;
  m.name = "planted walk";
  m.skeleton = makeBipedSkeleton();
  m.fps = s.fps;
  const Skeleton& sk = *m.skeleton;
  const int joints = sk.jointCount();
  const auto points = findFootPoints(sk);
  if (contacts) contacts->planted.assign(frames, 0);
  for (int f = 0; f < frames; ++f) {
    const double t = f / s.fps;
    Pose pose;
    pose.rootPosition = Eigen::Vector3d(
        0.0, s.hipHeight + 0.01 * std::cos(4.0 * M_PI * t / s.cycleSeconds), s.speed * t);
    pose.localRotations.assign(joints, Eigen::Quaterniond::Identity());
    for (int side = 0; side < 2; ++side) {
      const int heel = 2 * side;
      bool planted = false;
      const Eigen::Vector3d ankle = planted_walk_detail::ankleAt(s, t, side == 0 ? 0.0 : 0.5,
                                                                 side == 0 ? 0.1 : -0.1, &planted);
      const LegChain leg = *findLegChain(sk, points[heel].joint);
      (void)LegIkJob{&sk, leg, ankle, std::nullopt, points[heel + 1]}.run(pose);
      if (planted && contacts) contacts->planted[f] |= static_cast<std::uint8_t>(0x3u << heel);
    }
    m.rootPositions.push_back(pose.rootPosition);
    m.localRotations.insert(m.localRotations.end(), pose.localRotations.begin(),
                            pose.localRotations.end());
  }
  return m;
}

// The biped standing with both feet planted `width` apart (ankles at x = +-width/2, z = `forward`
// for the left foot and 0 for the right, 0.1 m up), its root swaying a few centimetres: every
// foot point stands still (to round-off) in every frame.
inline Motion makeStance(int frames, double width, double forward = 0.0) {
  Motion m;
  m.name = "stance";
  m.skeleton = makeBipedSkeleton();
  m.fps = 30.0;
  const Skeleton& sk = *m.skeleton;
  const auto points = findFootPoints(sk);
  for (int f = 0; f < frames; ++f) {
    Pose pose;
    pose.rootPosition = Eigen::Vector3d(0.02 * std::sin(0.2 * f), 0.86 + 0.01 * std::cos(0.3 * f),
                                        0.01 * std::sin(0.13 * f));
    pose.localRotations.assign(sk.jointCount(), Eigen::Quaterniond::Identity());
    for (int side = 0; side < 2; ++side) {
      const int heel = 2 * side;
      const Eigen::Vector3d ankle(side == 0 ? width / 2 : -width / 2, 0.1,
                                  side == 0 ? forward : 0.0);
      (void)LegIkJob{&sk, *findLegChain(sk, points[heel].joint), ankle, std::nullopt,
                     points[heel + 1]}
          .run(pose);
    }
    m.rootPositions.push_back(pose.rootPosition);
    m.localRotations.insert(m.localRotations.end(), pose.localRotations.begin(),
                            pose.localRotations.end());
  }
  return m;
}

}  // namespace mg::test
