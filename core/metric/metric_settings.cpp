// SPDX-License-Identifier: MIT
#include "core/metric/metric_settings.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <set>

namespace mg {
namespace {

std::string lowered(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c != '_' && c != ' ' && c != ':') out += static_cast<char>(std::tolower(c));
  }
  return out;
}

// Names (lower case, separators removed) of major joints in the CMU, Mixamo and common BVH
// conventions, with a namespace prefix ("mixamorig:") stripped by suffix matching.
const char* const kMajorJointNames[] = {
    "hips",       "pelvis",    "root",         "spine",        "spine1",    "chest",
    "neck",       "head",      "leftupleg",    "leftleg",      "leftfoot",  "lefttoebase",
    "rightupleg", "rightleg",  "rightfoot",    "righttoebase", "leftarm",   "leftforearm",
    "lefthand",   "rightarm",  "rightforearm", "righthand",    "lhip",      "lknee",
    "lankle",     "rhip",      "rknee",        "rankle",       "lshoulder", "lelbow",
    "lwrist",     "rshoulder", "relbow",       "rwrist",
};

bool isMajorJoint(const std::string& name) {
  const std::string n = lowered(name);
  for (const char* major : kMajorJointNames) {
    const std::string m = major;
    if (n == m) return true;
    // "mixamorighips" and the like: a prefix before a known name.
    if (n.size() > m.size() && n.compare(n.size() - m.size(), m.size(), m) == 0 &&
        n.find("mixamorig") == 0) {
      return true;
    }
  }
  return false;
}

}  // namespace

Status MetricSettings::validate() const {
  if (windowFrames < 1 || windowFrames > 61 || windowFrames % 2 == 0) {
    return Error{"metric window of " + std::to_string(windowFrames) +
                 " frames: it must be an odd number from 1 to 61"};
  }
  if (!std::isfinite(workingFps) || workingFps <= 0 || workingFps > 1000) {
    return Error{"metric working rate " + std::to_string(workingFps) +
                 " fps: it must be in (0, 1000]"};
  }
  if (joints == JointSelection::Custom) {
    if (customJoints.empty()) return Error{"custom metric joint set is empty"};
    std::set<std::string> seen;
    for (const std::string& name : customJoints) {
      if (name.empty()) return Error{"custom metric joint set holds an empty name"};
      if (!seen.insert(name).second) {
        return Error{"custom metric joint set names '" + name + "' twice"};
      }
    }
  }
  return Status::success();
}

Result<std::vector<int>> selectJoints(const Skeleton& skeleton, const MetricSettings& settings) {
  if (Status s = settings.validate(); !s) return s.error();
  std::vector<int> out;
  switch (settings.joints) {
    case JointSelection::All:
      for (int j = 0; j < skeleton.jointCount(); ++j) out.push_back(j);
      break;
    case JointSelection::Major:
      for (int j = 0; j < skeleton.jointCount(); ++j) {
        if (isMajorJoint(skeleton.joints[j].name)) out.push_back(j);
      }
      if (out.size() < 5) {
        return Error{"found only " + std::to_string(out.size()) +
                     " major joints by name in this skeleton; choose all joints or a custom set"};
      }
      break;
    case JointSelection::Custom:
      for (const std::string& name : settings.customJoints) {
        const int j = skeleton.findJoint(name);
        if (j < 0) return Error{"metric joint '" + name + "' is not in the skeleton"};
        out.push_back(j);
      }
      std::sort(out.begin(), out.end());
      break;
  }
  if (out.empty()) return Error{"the skeleton has no joints"};
  return out;
}

std::vector<double> windowWeights(const MetricSettings& settings) {
  const int h = settings.windowFrames / 2;
  std::vector<double> w(settings.windowFrames);
  double sum = 0;
  for (int k = -h; k <= h; ++k) {
    const double v = settings.weighting == WindowWeighting::Uniform
                         ? 1.0
                         : 0.5 * (1.0 + std::cos(M_PI * k / (h + 1)));
    w[k + h] = v;
    sum += v;
  }
  for (double& v : w) v /= sum;
  return w;
}

}  // namespace mg
