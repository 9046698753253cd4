// SPDX-License-Identifier: MIT
#include "core/eval/response_measure.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <numbers>
#include <unordered_map>

#include "core/eval/motion_measure.h"

namespace mg {
namespace {

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// The right-hand name of a left-hand point name, or "" when the name has no left marker.
std::string mirrorName(const std::string& name) {
  if (name.find('/') != std::string::npos) return {};  // end sites
  const std::string n = lower(name);
  if (const size_t at = n.find("left"); at != std::string::npos)
    return n.substr(0, at) + "right" + n.substr(at + 4);
  if (n.size() > 1 && n[0] == 'l') return "r" + n.substr(1);
  return {};
}

int depth(const PointTracks& t, int p) {
  int d = 0;
  for (int q = t.parents[p]; q >= 0; q = t.parents[q]) ++d;
  return d;
}

Eigen::Vector2d forward(const Eigen::Vector3d& left, const Eigen::Vector3d& right) {
  const Eigen::Vector3d d = left - right;
  return Eigen::Vector2d(-d.z(), d.x());  // (x, z) of (L - R) x up
}

}  // namespace

double wrapYaw(double radians) {
  double a = std::remainder(radians, 2.0 * std::numbers::pi);
  if (a <= -std::numbers::pi) a += 2.0 * std::numbers::pi;
  return a;
}

Result<FacingPair> findFacingPair(const PointTracks& t, const FacingSettings& s) {
  std::unordered_map<std::string, int> byName;
  for (int p = 0; p < t.pointCount(); ++p) byName.emplace(lower(t.names[p]), p);
  FacingPair best;
  int bestDepth = 1 << 30;
  double bestSeparation = 0.0;
  for (int p = 0; p < t.pointCount(); ++p) {
    const std::string mirror = mirrorName(t.names[p]);
    const auto it = mirror.empty() ? byName.end() : byName.find(mirror);
    if (it == byName.end() || it->second == p) continue;
    const Eigen::Vector3d d = t.restPositions[p] - t.restPositions[it->second];
    const double separation = std::hypot(d.x(), d.z());
    if (separation < s.minSeparationFraction * t.bodyHeight) continue;
    const int dp = std::max(depth(t, p), depth(t, it->second));
    if (dp < bestDepth || (dp == bestDepth && separation > bestSeparation)) {
      best = {p, it->second};
      bestDepth = dp;
      bestSeparation = separation;
    }
  }
  if (best.left < 0) {
    return Error{
        "no left/right pair of joints (hips or thighs) to tell which way the character faces"};
  }
  return best;
}

std::vector<double> facingYaw(const PointTracks& t, FacingPair pair, const FacingSettings& s) {
  const int n = t.frameCount;
  std::vector<Eigen::Vector2d> dirs(static_cast<size_t>(std::max(0, n)));
  for (int f = 0; f < n; ++f) {
    const Eigen::Vector2d v = forward(t.at(f, pair.left), t.at(f, pair.right));
    dirs[f] = v.norm() > 0 ? Eigen::Vector2d(v.normalized()) : Eigen::Vector2d(0, 1);
  }
  const int half = std::max(0, static_cast<int>(std::lround(s.smoothSeconds * t.fps / 2.0)));
  // Prefix sums of the unit vectors: every window is one subtraction.
  std::vector<Eigen::Vector2d> sum(dirs.size() + 1, Eigen::Vector2d::Zero());
  for (size_t i = 0; i < dirs.size(); ++i) sum[i + 1] = sum[i] + dirs[i];
  std::vector<double> yaw(dirs.size());
  for (int f = 0; f < n; ++f) {
    const int a = std::max(0, f - half), b = std::min(n - 1, f + half);
    const Eigen::Vector2d v = sum[b + 1] - sum[a];
    yaw[f] = std::atan2(v.x(), v.y());  // (x, z): yaw = atan2(x, z)
  }
  return yaw;
}

ResponseSummary summarizeResponses(const std::vector<ResponseRecord>& records) {
  ResponseSummary s;
  s.changes = static_cast<int>(records.size());
  std::vector<double> met;
  for (const ResponseRecord& r : records) {
    if (r.seconds) met.push_back(*r.seconds);
  }
  s.failures = s.changes - static_cast<int>(met.size());
  if (met.empty()) return s;
  std::sort(met.begin(), met.end());
  double total = 0;
  for (double x : met) total += x;
  s.meanSeconds = total / static_cast<double>(met.size());
  // Not nearest rank: with 50 changes the figure should not jump between neighbours.
  const size_t n = met.size();
  s.medianSeconds = n % 2 ? met[n / 2] : 0.5 * (met[n / 2 - 1] + met[n / 2]);
  s.maxSeconds = met.back();
  return s;
}

Result<std::vector<ResponseRecord>> measureResponses(const PointTracks& t,
                                                     std::span<const DirectiveChange> changes,
                                                     const ResponseCriteria& criteria,
                                                     const FacingSettings& s) {
  const double tolerance = criteria.angleDegrees * std::numbers::pi / 180.0;
  if (!(tolerance > 0.0) || tolerance > std::numbers::pi)
    return Error{"the facing tolerance must be in (0, 180] degrees"};
  for (size_t i = 0; i < changes.size(); ++i) {
    if (changes[i].frame < 0 || changes[i].frame >= t.frameCount) {
      return Error{"directive change " + std::to_string(i) + " at frame " +
                   std::to_string(changes[i].frame) + " is outside the motion's " +
                   std::to_string(t.frameCount) + " frames"};
    }
    if (i > 0 && changes[i].frame <= changes[i - 1].frame)
      return Error{"directive changes are not in frame order"};
  }
  std::vector<ResponseRecord> out;
  if (changes.empty()) return out;
  Result<FacingPair> pair = findFacingPair(t, s);
  if (!pair) return pair.error();
  const std::vector<double> yaw = facingYaw(t, *pair, s);
  for (size_t i = 0; i < changes.size(); ++i) {
    const DirectiveChange& c = changes[i];
    const int end = i + 1 < changes.size() ? changes[i + 1].frame : t.frameCount;
    ResponseRecord r;
    r.changeFrame = c.frame;
    r.directive.kind = Directive::Kind::Heading;
    r.directive.headingRadians = c.headingRadians;
    r.startErrorRadians = std::abs(wrapYaw(yaw[c.frame] - c.headingRadians));
    int f = c.frame;
    while (f < end && std::abs(wrapYaw(yaw[f] - c.headingRadians)) > tolerance) ++f;
    r.heldSeconds = (f - c.frame) / t.fps;
    if (f < end) r.seconds = r.heldSeconds;
    out.push_back(r);
  }
  return out;
}

}  // namespace mg
