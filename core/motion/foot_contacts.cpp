// SPDX-License-Identifier: MIT
#include "core/motion/foot_contacts.h"

#include <algorithm>
#include <cctype>
#include <string>

#include "core/motion/forward_kinematics.h"

namespace mg {
namespace {

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// 'L' or 'R' when the name marks a side ("left..", "l..", "..left", "..l", "..Left"), else 0.
char sideOf(const std::string& original) {
  const std::string n = lower(original);
  if (n.find("left") != std::string::npos) return 'L';
  if (n.find("right") != std::string::npos) return 'R';
  if (n.size() > 1 && (n[0] == 'l' || n[0] == 'r') &&
      !std::isalpha(static_cast<unsigned char>(n[1]))) {
    return static_cast<char>(std::toupper(static_cast<unsigned char>(n[0])));
  }
  if (n[0] == 'l' || n[0] == 'r') {
    // CMU/Daz style: lFoot, rFoot, ltoes: a lower-case side letter followed by the part name.
    const std::string rest = n.substr(1);
    for (const char* part : {"foot", "toe", "ankle", "heel"}) {
      if (rest.rfind(part, 0) == 0) return static_cast<char>(std::toupper(n[0]));
    }
  }
  const char last = n.back();
  if ((last == 'l' || last == 'r') && n.size() > 2 &&
      (n[n.size() - 2] == '_' || n[n.size() - 2] == '.')) {
    return static_cast<char>(std::toupper(last));
  }
  return 0;
}

bool contains(const std::string& name, const char* part) {
  return lower(name).find(part) != std::string::npos;
}

}  // namespace

std::array<FootPointLocation, kFootPointCount> findFootPoints(const Skeleton& skeleton) {
  std::array<FootPointLocation, kFootPointCount> out;
  for (int j = 0; j < skeleton.jointCount(); ++j) {
    const std::string& name = skeleton.joints[j].name;
    const char side = sideOf(name);
    if (!side) continue;
    const int heel = side == 'L' ? 0 : 2;
    const int toe = heel + 1;
    if (contains(name, "toe")) {
      if (out[toe].joint < 0) out[toe].joint = j;
    } else if (contains(name, "foot") || contains(name, "ankle")) {
      if (out[heel].joint < 0) out[heel].joint = j;
    }
  }
  for (int heel : {0, 2}) {
    if (out[heel].joint < 0 || out[heel + 1].joint >= 0) continue;
    for (const EndSite& e : skeleton.endSites) {
      if (e.joint == out[heel].joint) {
        out[heel + 1] = {e.joint, e.offset};
        break;
      }
    }
  }
  return out;
}

int FootContacts::plantedFrameCount(FootPoint p) const {
  int n = 0;
  for (size_t f = 0; f < planted.size(); ++f) n += isPlanted(static_cast<int>(f), p) ? 1 : 0;
  return n;
}

FootContacts detectFootContacts(const Motion& motion, const ContactSettings& settings) {
  const int frames = motion.frameCount();
  const int joints = motion.jointCount();
  FootContacts result;
  result.planted.assign(frames, 0);
  const auto points = findFootPoints(*motion.skeleton);
  const double height = std::max(restHeight(*motion.skeleton), 1e-6);
  const double heightTol = settings.heightFraction * height;
  const double speedTol = settings.speedFractionPerSecond * height;

  // World positions of the four points over the motion.
  std::array<std::vector<Eigen::Vector3d>, kFootPointCount> track;
  for (auto& t : track) t.resize(frames);
  std::vector<Eigen::Vector3d> pos(joints);
  std::vector<Eigen::Quaterniond> rot(joints);
  for (int f = 0; f < frames; ++f) {
    forwardKinematics(*motion.skeleton, motion.rootPositions[f], motion.frameRotations(f),
                      pos.data(), rot.data());
    for (int p = 0; p < kFootPointCount; ++p) {
      if (points[p].joint >= 0) {
        track[p][f] = pos[points[p].joint] + rot[points[p].joint] * points[p].offset;
      }
    }
  }

  for (int p = 0; p < kFootPointCount; ++p) {
    if (points[p].joint < 0) continue;
    std::vector<double> heights(frames);
    for (int f = 0; f < frames; ++f) heights[f] = track[p][f].y();
    std::vector<double> sorted = heights;
    const size_t k = static_cast<size_t>(0.05 * (frames - 1));
    std::nth_element(sorted.begin(), sorted.begin() + k, sorted.end());
    const double floorLevel = sorted[k];

    std::vector<char> on(frames, 0);
    for (int f = 0; f < frames; ++f) {
      const int a = std::max(f - 1, 0), b = std::min(f + 1, frames - 1);
      const double speed = b > a ? (track[p][b] - track[p][a]).norm() * motion.fps / (b - a) : 0.0;
      on[f] = heights[f] <= floorLevel + heightTol && speed <= speedTol;
    }
    // Absorb short runs (flicker) into the surrounding state.
    for (int f = 0; f < frames;) {
      int e = f;
      while (e < frames && on[e] == on[f]) ++e;
      const bool interior = f > 0 && e < frames;
      if (interior && e - f < settings.minRunFrames) {
        for (int i = f; i < e; ++i) on[i] = !on[i];
      }
      f = e;
    }
    for (int f = 0; f < frames; ++f) {
      if (on[f]) result.planted[f] |= static_cast<std::uint8_t>(1u << p);
    }
  }
  return result;
}

}  // namespace mg
