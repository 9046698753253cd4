// SPDX-License-Identifier: MIT
#pragma once

#include <algorithm>
#include <cmath>
#include <filesystem>
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
inline std::shared_ptr<const MotionField> makeTestField(FieldTaskKind task = FieldTaskKind::Direction,
                                                        int threads = 1, int compression = 1) {
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
