// SPDX-License-Identifier: MIT
#include "core/snap/plant_consistency.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <optional>
#include <tuple>
#include <vector>

#include "core/motion/forward_kinematics.h"
#include "core/snap/foot_constraints.h"

namespace mg {
namespace {

constexpr int kMaxRounds = 500;
constexpr double kAgreedMetres = 1e-5;    // a link's points this close count as one configuration
constexpr double kProgressMetres = 1e-8;  // a round improving the worst link less than this ends it

// The four FootPoints, then the tips of the left and right toes (kTip + side): a planted toe
// holds its tip too, so links of a toe hold its tip and consistency covers it.
constexpr int kTip = kFootPointCount;
constexpr int kPointCount = kFootPointCount + 2;
using FootPositions = std::array<Eigen::Vector3d, kPointCount>;
using Locations = std::array<std::optional<FootPointLocation>, kPointCount>;

Locations pointLocations(const Skeleton& skeleton) {
  const auto feet = findFootPoints(skeleton);
  const auto tips = findToeTips(skeleton);
  Locations out;
  for (int p = 0; p < kFootPointCount; ++p) {
    if (feet[p].joint >= 0) out[p] = feet[p];
  }
  for (int side = 0; side < 2; ++side) out[kTip + side] = tips[side];
  return out;
}

// A mask of FootPoints (bit 1 << FootPoint) with the tips of its toes added (bits 1 << kTip +
// side).
std::uint8_t withTips(std::uint8_t mask, const Locations& points) {
  for (int side = 0; side < 2; ++side) {
    if ((mask & (1u << (2 * side + 1))) && points[kTip + side])
      mask |= static_cast<std::uint8_t>(1u << (kTip + side));
  }
  return mask;
}

FootPositions plantedPositions(const Skeleton& skeleton, const Pose& pose,
                               const Locations& points) {
  std::vector<Eigen::Vector3d> pos(skeleton.jointCount());
  std::vector<Eigen::Quaterniond> rot(skeleton.jointCount());
  forwardKinematics(skeleton, pose.rootPosition, pose.localRotations.data(), pos.data(),
                    rot.data());
  FootPositions out;
  for (int p = 0; p < kPointCount; ++p) {
    out[p] =
        points[p]
            ? Eigen::Vector3d(pos[points[p]->joint] + rot[points[p]->joint] * points[p]->offset)
            : Eigen::Vector3d::Zero();
  }
  return out;
}

struct Constraint {
  int a = 0, b = 0;
  std::uint8_t points = 0;
  bool operator<(const Constraint& o) const {
    return std::tie(a, b, points) < std::tie(o.a, o.b, o.points);
  }
  bool operator==(const Constraint& o) const { return a == o.a && b == o.b && points == o.points; }
};

std::vector<Eigen::Vector3d> select(const FootPositions& all, std::uint8_t points) {
  std::vector<Eigen::Vector3d> out;
  for (int p = 0; p < kPointCount; ++p) {
    if (points & (1u << p)) out.push_back(all[p]);
  }
  return out;
}

// Largest horizontal distance the best floor transform leaves between a link's points.
double residual(const Constraint& c, const std::vector<FootPositions>& where) {
  const std::vector<Eigen::Vector3d> from = select(where[c.a], c.points),
                                     to = select(where[c.b], c.points);
  const FloorTransform t = fitFloorTransform(from, to, 0.0);
  double worst = 0.0;
  for (size_t k = 0; k < from.size(); ++k) {
    const Eigen::Vector3d d = to[k] - t.apply(from[k]);
    worst = std::max(worst, std::hypot(d.x(), d.z()));
  }
  return worst;
}

double largestResidual(const std::vector<Constraint>& constraints,
                       const std::vector<FootPositions>& where) {
  double worst = 0.0;
  for (const Constraint& c : constraints) worst = std::max(worst, residual(c, where));
  return worst;
}

}  // namespace

Result<PlantConsistency> makeLinkedPlantsConsistent(const Skeleton& skeleton,
                                                    std::span<const PlantLink> links,
                                                    std::span<const std::uint8_t> hubMasks,
                                                    std::span<PoseTriple> commonPoses,
                                                    double reachFraction) {
  const int hubs = static_cast<int>(commonPoses.size());
  if (hubMasks.size() != commonPoses.size())
    return Error{"plant consistency: one mask per common pose expected"};
  std::vector<Constraint> constraints;
  for (const PlantLink& l : links) {
    if (l.fromHub < 0 || l.fromHub >= hubs || l.toHub < 0 || l.toHub >= hubs) {
      return Error{"plant consistency: a link names a hub out of range"};
    }
    if (l.fromHub == l.toHub || std::popcount(static_cast<unsigned>(l.points)) < 2) continue;
    constraints.push_back({std::min(l.fromHub, l.toHub), std::max(l.fromHub, l.toHub), l.points});
  }
  const Locations points = pointLocations(skeleton);
  std::sort(constraints.begin(), constraints.end());
  constraints.erase(std::unique(constraints.begin(), constraints.end()), constraints.end());
  PlantConsistency report;
  report.links = static_cast<int>(constraints.size());
  for (Constraint& c : constraints) {
    for (int p = 0; p < kFootPointCount; ++p) {
      if ((c.points & (1u << p)) && !points[p]) return report;  // no such point: nothing to hold
    }
    c.points = withTips(c.points, points);
  }
  if (constraints.empty()) return report;

  std::vector<std::uint8_t> planted(hubMasks.begin(), hubMasks.end());
  for (std::uint8_t& mask : planted) mask = withTips(mask, points);
  std::vector<FootPositions> original(hubs), where(hubs);
  for (int h = 0; h < hubs; ++h)
    original[h] = where[h] = plantedPositions(skeleton, commonPoses[h].current, points);
  report.residualBefore = largestResidual(constraints, where);

  // Consensus: every link moves both of its ends half way to agreement; a point's move is the
  // mean of what its links ask. Feet then move rigidly.
  double lastResidual = report.residualBefore + 1.0;
  for (; report.iterations < kMaxRounds; ++report.iterations) {
    const double now = largestResidual(constraints, where);
    if (now < kAgreedMetres || now > lastResidual - kProgressMetres) break;
    lastResidual = now;
    std::vector<FootPositions> move(hubs);
    std::vector<std::array<int, kPointCount>> count(hubs);
    for (int h = 0; h < hubs; ++h) move[h].fill(Eigen::Vector3d::Zero()), count[h].fill(0);
    for (const Constraint& c : constraints) {
      const std::vector<Eigen::Vector3d> from = select(where[c.a], c.points),
                                         to = select(where[c.b], c.points);
      const FloorTransform t = fitFloorTransform(from, to, 0.0);
      size_t k = 0;
      for (int p = 0; p < kPointCount; ++p) {
        if (!(c.points & (1u << p))) continue;
        Eigen::Vector3d gap = to[k] - t.apply(from[k]);
        gap.y() = 0.0;
        move[c.b][p] -= 0.5 * gap;
        move[c.a][p] += t.inverse().applyToVector(0.5 * gap);
        ++count[c.a][p], ++count[c.b][p], ++k;
      }
    }
    for (int h = 0; h < hubs; ++h) {
      for (int p = 0; p < kPointCount; ++p) {
        if (count[h][p] > 0) where[h][p] += move[h][p] / count[h][p];
      }
      // A foot keeps its shape: the floor transform that best carries its planted points (heel,
      // toe, the toe's tip; two or more) to where the links want them.
      for (int side = 0; side < 2; ++side) {
        const std::uint8_t foot =
            planted[h] & static_cast<std::uint8_t>((0x3u << (2 * side)) | (1u << (kTip + side)));
        if (std::popcount(static_cast<unsigned>(foot)) < 2) continue;
        const std::vector<Eigen::Vector3d> was = select(original[h], foot),
                                           wanted = select(where[h], foot);
        const FloorTransform rigid = fitFloorTransform(was, wanted, 0.0);
        for (int p = 0; p < kPointCount; ++p) {
          if (foot & (1u << p)) where[h][p] = rigid.apply(original[h][p]);
        }
      }
      // Moving a common pose's plants as a whole changes no link's residual: take that part out,
      // so only their configuration changes and the plants stay where the pose has them.
      const std::vector<Eigen::Vector3d> was = select(original[h], planted[h]),
                                         now = select(where[h], planted[h]);
      if (was.size() < 2) continue;
      const FloorTransform back = fitFloorTransform(now, was, 0.0);
      for (int p = 0; p < kPointCount; ++p) {
        if (planted[h] & (1u << p)) where[h][p] = back.apply(where[h][p]);
      }
    }
  }

  for (int h = 0; h < hubs; ++h) {
    std::array<std::optional<Eigen::Vector3d>, kPointCount> targets;
    bool moved = false;
    for (int p = 0; p < kPointCount; ++p) {
      if (!points[p] || !(planted[h] & (1u << p))) continue;
      const Eigen::Vector3d d = where[h][p] - original[h][p];
      const double distance = std::hypot(d.x(), d.z());
      report.largestMove = std::max(report.largestMove, distance);
      moved = moved || distance > 0.0;
      targets[p] = Eigen::Vector3d(where[h][p].x(), original[h][p].y(), where[h][p].z());
    }
    if (!moved) continue;
    const std::span<const std::optional<Eigen::Vector3d>> all(targets);
    if (Status s = plantCommonPose(skeleton, hubMasks[h], commonPoses[h], reachFraction,
                                   all.first(kFootPointCount), all.subspan(kTip, 2));
        !s)
      return s.error();
    where[h] = plantedPositions(skeleton, commonPoses[h].current, points);
  }
  report.residualAfter = largestResidual(constraints, where);
  return report;
}

}  // namespace mg
