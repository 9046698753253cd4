// SPDX-License-Identifier: MIT
#pragma once

#include <functional>
#include <sstream>
#include <string>

#include <Eigen/Core>

namespace mg::test {

// BVH text of a stick figure in cm (body height 170): a root "hips" with position channels at
// the given root positions and no rotation, a "head" 80 cm above it (end site on top), and a
// "foot" 88 cm below it with a toe end site 2 cm lower. `root(f)` gives frame f's root position.
inline std::string stickFigureBvh(int frames, double fps,
                                  const std::function<Eigen::Vector3d(int)>& root) {
  std::ostringstream s;
  s.precision(17);
  s << "HIERARCHY\nROOT hips\n{\n  OFFSET 0 0 0\n  CHANNELS 3 Xposition Yposition Zposition\n"
    << "  JOINT head\n  {\n    OFFSET 0 80 0\n    CHANNELS 0\n    End Site\n    {\n      OFFSET 0 "
       "0 0\n    }\n  }\n"
    << "  JOINT foot\n  {\n    OFFSET 0 -88 0\n    CHANNELS 0\n    End Site\n    {\n      OFFSET 0 "
       "-2 0\n    }\n  }\n"
    << "}\nMOTION\nFrames: " << frames << "\nFrame Time: " << 1.0 / fps << "\n";
  for (int f = 0; f < frames; ++f) {
    const Eigen::Vector3d p = root(f);
    s << p.x() << ' ' << p.y() << ' ' << p.z() << '\n';
  }
  return s.str();
}

}  // namespace mg::test
