// SPDX-License-Identifier: MIT
#pragma once

#include <cmath>
#include <memory>
#include <string>

#include "core/motion/motion.h"
#include "core/motion/quaternion.h"

namespace mg::test {

// A small biped in metres: hips, spine, head and two legs (thigh, shin, foot, toe), with end
// sites. 10 joints; rest height 1.6 m from toe-end level to head end.
inline std::shared_ptr<const Skeleton> makeBipedSkeleton() {
  auto s = std::make_shared<Skeleton>();
  auto add = [&](const char* name, int parent, double x, double y, double z) {
    s->joints.push_back({name, parent, Eigen::Vector3d(x, y, z)});
    return s->jointCount() - 1;
  };
  const int hips = add("Hips", -1, 0, 0, 0);
  const int spine = add("Spine", hips, 0, 0.3, 0);
  const int head = add("Head", spine, 0, 0.4, 0);
  s->endSites.push_back({head, Eigen::Vector3d(0, 0.2, 0)});
  for (const char* side : {"Left", "Right"}) {
    const double x = side[0] == 'L' ? 0.1 : -0.1;
    const int thigh = add((std::string(side) + "UpLeg").c_str(), hips, x, 0, 0);
    const int shin = add((std::string(side) + "Leg").c_str(), thigh, 0, -0.4, 0);
    const int foot = add((std::string(side) + "Foot").c_str(), shin, 0, -0.4, 0);
    const int toe = add((std::string(side) + "ToeBase").c_str(), foot, 0, -0.1, 0.1);
    s->endSites.push_back({toe, Eigen::Vector3d(0, 0, 0.05)});
  }
  return s;
}

// A synthetic walk-like motion: root moves along +Z at `speed` m/s at hip height 0.9 m with a
// small bob; legs swing sinusoidally with period `stepSeconds` * 2. Deterministic.
inline Motion makeSwingMotion(int frames, double fps = 30.0, double speed = 1.0,
                              double stepSeconds = 0.5) {
  Motion m;
  m.name = "swing";
  m.skeleton = makeBipedSkeleton();
  m.fps = fps;
  const int j = m.jointCount();
  for (int f = 0; f < frames; ++f) {
    const double t = f / fps;
    const double phase = M_PI * t / stepSeconds;
    m.rootPositions.emplace_back(0, 0.9 + 0.02 * std::cos(2 * phase), speed * t);
    for (int k = 0; k < j; ++k) {
      double angle = 0;
      const std::string& n = m.skeleton->joints[k].name;
      if (n == "LeftUpLeg") angle = 25 * std::sin(phase);
      if (n == "RightUpLeg") angle = -25 * std::sin(phase);
      if (n == "LeftLeg") angle = 20 * std::max(0.0, std::sin(phase + 1));
      if (n == "RightLeg") angle = 20 * std::max(0.0, -std::sin(phase + 1));
      if (n == "Hips") angle = 5 * std::sin(phase);
      m.localRotations.push_back(
          eulerToQuaternion("XYZ", Eigen::Vector3d(angle, k == 0 ? angle : 0, 0)));
    }
  }
  return m;
}

// A capture glitch planted in `m`: joint `name` turned by `degrees` about X on frame `frame` only
// (a swapped marker). Returns false when the skeleton has no such joint or the frame is outside.
inline bool plantJointFlip(Motion& m, const std::string& name, int frame, double degrees) {
  if (frame < 0 || frame >= m.frameCount()) return false;
  for (int j = 0; j < m.jointCount(); ++j) {
    if (m.skeleton->joints[static_cast<size_t>(j)].name != name) continue;
    Eigen::Quaterniond& q = m.localRotations[static_cast<size_t>(frame * m.jointCount() + j)];
    q = Eigen::Quaterniond(Eigen::AngleAxisd(degrees * M_PI / 180, Eigen::Vector3d::UnitX())) * q;
    return true;
  }
  return false;
}

}  // namespace mg::test
