// SPDX-License-Identifier: MIT
#pragma once

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/field/motion_field.h"
#include "core/import/motion_reader.h"
#include "core/motion/quaternion.h"
#include "support/synthetic_motion.h"

namespace mg::test {

// The swing walk of synthetic_motion.h turning at `degreesPerSecond` (counter-clockwise seen from
// above): each frame's forward move is rotated by the heading reached so far, and the root turns
// with it. Deterministic.
inline Motion makeTurningSwing(int frames, double degreesPerSecond, double speed = 1.0,
                               double stepSeconds = 0.5) {
  Motion m = makeSwingMotion(frames, 30.0, speed, stepSeconds);
  m.name = "turn " + std::to_string(degreesPerSecond);
  Eigen::Vector3d at = m.rootPositions[0];
  for (int f = 1; f < frames; ++f) {
    const double heading = degreesPerSecond * M_PI / 180.0 * f / m.fps;
    const Eigen::Quaterniond h(Eigen::AngleAxisd(heading, Eigen::Vector3d::UnitY()));
    Eigen::Vector3d step = makeSwingMotion(2, 30.0, speed, stepSeconds).rootPositions[1] -
                           makeSwingMotion(2, 30.0, speed, stepSeconds).rootPositions[0];
    step.y() = 0;
    at += h * step;
    at.y() = m.rootPositions[f].y();
    m.rootPositions[f] = at;
    Eigen::Quaterniond& root = m.localRotations[static_cast<size_t>(f) * m.jointCount()];
    root = (h * root).normalized();
  }
  return m;
}

// The swing walk with its speed changing over time: `speedAt(t)` m/s (0..1) at t seconds. The
// legs swing (and the root bobs) in proportion to the speed, at a fixed step rhythm, so speed 0 is
// a stand, in which the spine sways 3 degrees with a period of 2 s (a stand of exactly repeated
// frames would give many states at distance 0, whose ties the neighbour search breaks by index,
// so that one clip's stand would hide every other clip's). Forward along +Z. Deterministic.
inline Motion makeGaitMotion(int frames, const std::function<double(double)>& speedAt,
                             const std::string& name) {
  Motion m;
  m.name = name;
  m.skeleton = makeBipedSkeleton();
  m.fps = 30.0;
  double z = 0;
  for (int f = 0; f < frames; ++f) {
    const double t = f / m.fps, speed = speedAt(t), a = std::clamp(speed, 0.0, 1.0);
    const double phase = M_PI * t / 0.5;
    if (f > 0) z += 0.5 * (speedAt(t - 1 / m.fps) + speed) / m.fps;
    m.rootPositions.emplace_back(0, 0.9 + 0.02 * a * std::cos(2 * phase), z);
    for (int k = 0; k < m.jointCount(); ++k) {
      double angle = 0;
      const std::string& n = m.skeleton->joints[k].name;
      if (n == "LeftUpLeg") angle = 25 * a * std::sin(phase);
      if (n == "RightUpLeg") angle = -25 * a * std::sin(phase);
      if (n == "LeftLeg") angle = 20 * a * std::max(0.0, std::sin(phase + 1));
      if (n == "RightLeg") angle = 20 * a * std::max(0.0, -std::sin(phase + 1));
      if (n == "Hips") angle = 5 * a * std::sin(phase);
      if (n == "Spine") angle = 3 * (1 - a) * std::sin(M_PI * t);
      m.localRotations.push_back(
          eulerToQuaternion("XYZ", Eigen::Vector3d(angle, k == 0 ? angle : 0, 0)));
    }
  }
  return m;
}

// 0 before `from` seconds, 1 after `from + seconds`, smooth in between.
inline double smoothRamp(double t, double from, double seconds) {
  const double x = std::clamp((t - from) / seconds, 0.0, 1.0);
  return x * x * (3 - 2 * x);
}

// A walk that stops: 1 s at 1 m/s, 1 s slowing down, then 3 s standing until the clip ends.
inline Motion makeStoppingWalk() {
  return makeGaitMotion(
      150, [](double t) { return 1 - smoothRamp(t, 1.0, 1.0); }, "stop");
}

// A walk from standing: 3 s standing (the same stand as makeStoppingWalk's), 1 s speeding up, then
// 1.5 s at 1 m/s.
inline Motion makeStartingWalk() {
  return makeGaitMotion(
      165, [](double t) { return smoothRamp(t, 3.0, 1.0); }, "start");
}

// A small locomotion database: straight walks at two speeds and turns both ways.
inline std::vector<std::shared_ptr<const Motion>> makeFieldMotions() {
  std::vector<std::shared_ptr<const Motion>> out;
  out.push_back(std::make_shared<const Motion>(makeTurningSwing(90, 0.0)));
  out.push_back(std::make_shared<const Motion>(makeTurningSwing(90, 45.0)));
  out.push_back(std::make_shared<const Motion>(makeTurningSwing(90, -45.0)));
  out.push_back(std::make_shared<const Motion>(makeTurningSwing(75, 90.0, 1.2, 0.45)));
  out.push_back(std::make_shared<const Motion>(makeTurningSwing(75, -90.0, 1.2, 0.45)));
  return out;
}

// A field over makeFieldMotions, learned for `task` (small settings so tests stay quick).
inline std::shared_ptr<const MotionField> makeTestField(
    FieldTaskKind task = FieldTaskKind::Direction, int threads = 1, int compression = 1) {
  MotionFieldBuildSettings s;
  s.task.kind = task;
  s.threads = threads;
  s.iteration.compression = compression;
  s.iteration.tolerance = 1e-2;
  Result<MotionFieldBuild> b = buildMotionField(makeFieldMotions(), s);
  return b ? b->field : nullptr;
}

// The shared locomotion database of the motion field figures (../shared/mocap/cmu_turns and
// cmu16, CMU subject 16, 30 Hz), files in name order; empty when the shared capture is absent.
inline std::vector<std::shared_ptr<const Motion>> loadSharedLocomotion() {
  std::vector<std::shared_ptr<const Motion>> out;
  for (const char* folder : {"cmu_turns", "cmu16"}) {
    const std::filesystem::path dir = std::filesystem::path(MG_SHARED_MOCAP_DIR) / folder;
    if (!std::filesystem::exists(dir)) return {};
    std::vector<std::filesystem::path> files;
    for (const auto& e : std::filesystem::directory_iterator(dir)) {
      if (e.path().extension() == ".bvh") files.push_back(e.path());
    }
    std::sort(files.begin(), files.end());
    for (const auto& f : files) {
      Result<Motion> m = readMotionFile(f.string());
      if (!m) return {};
      out.push_back(std::make_shared<const Motion>(std::move(m.value())));
    }
  }
  return out;
}

}  // namespace mg::test
