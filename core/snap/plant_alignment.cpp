// SPDX-License-Identifier: MIT
#include "core/snap/plant_alignment.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <limits>

#include "core/motion/forward_kinematics.h"

namespace mg {
namespace {

constexpr double kRotationSpreadMetres =
    0.025;                              // points this close to their centre fix no rotation
constexpr double kLinkCostRatio = 2.0;  // root moved per metre of plant slide a link may cost

// The points of `mask` planted in every frame of [first, last] of `contacts`.
std::uint8_t plantedThroughout(const FootContacts& contacts, int first, int last,
                               std::uint8_t mask) {
  for (int f = first; f <= last && mask; ++f) mask &= contacts.planted[f];
  return mask;
}

}  // namespace

std::vector<PlantLink> plantLinks(const HubGraph& graph, std::span<const FootContacts> contacts,
                                  std::span<const std::uint8_t> hubMasks) {
  std::vector<PlantLink> links;
  const auto slots = matchSlotsPerMotion(graph);
  for (size_t m = 0; m < slots.size(); ++m) {
    const auto& mine = slots[m];
    for (size_t i = 1; i < mine.size(); ++i) {
      const MatchSlot &p = mine[i - 1], &s = mine[i];
      std::uint8_t points =
          plantedThroughout(contacts[m], p.frame, s.frame, hubMasks[p.hub] & hubMasks[s.hub]);
      // One point fixes no turn of the floor: the foot's other point, where the solver holds it
      // throughout the clip too, joins the link so that the foot's heading is held as well.
      if (std::popcount(static_cast<unsigned>(points)) == 1) {
        const std::uint8_t foot = (points & 0x3) ? 0x3 : 0xc;
        points |= plantedThroughout(contacts[m], p.frame, s.frame, foot & ~points);
      }
      if (points) links.push_back({static_cast<int>(m), p.hub, p.match, s.hub, s.match, points});
    }
  }
  return links;
}

FloorTransform fitFloorTransform(std::span<const Eigen::Vector3d> from,
                                 std::span<const Eigen::Vector3d> to, double fallbackTheta,
                                 bool fitRotation) {
  const size_t n = from.size();
  Eigen::Vector2d a = Eigen::Vector2d::Zero(), b = Eigen::Vector2d::Zero();
  for (size_t i = 0; i < n; ++i) {
    a += Eigen::Vector2d(from[i].x(), from[i].z());
    b += Eigen::Vector2d(to[i].x(), to[i].z());
  }
  a /= static_cast<double>(n);
  b /= static_cast<double>(n);
  double angle = fallbackTheta;
  if (fitRotation) {
    // Maximise sum q . R p over centred points, R p = (c px + s pz, -s px + c pz).
    double cosine = 0.0, sine = 0.0, spread = 0.0;
    for (size_t i = 0; i < n; ++i) {
      const double px = from[i].x() - a.x(), pz = from[i].z() - a.y();
      const double qx = to[i].x() - b.x(), qz = to[i].z() - b.y();
      cosine += qx * px + qz * pz;
      sine += qx * pz - qz * px;
      spread = std::max(spread, std::hypot(px, pz));
    }
    if (spread > kRotationSpreadMetres && std::hypot(cosine, sine) > 1e-12)
      angle = std::atan2(sine, cosine);
  }
  FloorTransform t{angle, 0.0, 0.0};
  const Eigen::Vector3d turned = t.apply(Eigen::Vector3d(a.x(), 0.0, a.y()));
  t.x = b.x() - turned.x();
  t.z = b.y() - turned.z();
  return t;
}

std::vector<Eigen::Vector3d> footPointPositions(const Skeleton& skeleton, const Pose& pose,
                                                std::uint8_t points) {
  const auto where = findFootPoints(skeleton);
  const int joints = skeleton.jointCount();
  std::vector<Eigen::Vector3d> pos(joints);
  std::vector<Eigen::Quaterniond> rot(joints);
  forwardKinematics(skeleton, pose.rootPosition, pose.localRotations.data(), pos.data(),
                    rot.data());
  std::vector<Eigen::Vector3d> out;
  for (int p = 0; p < kFootPointCount; ++p) {
    if ((points & (1u << p)) && where[p].joint >= 0)
      out.push_back(pos[where[p].joint] + rot[where[p].joint] * where[p].offset);
  }
  return out;
}

std::vector<std::vector<FloorTransform>> plantAlignments(
    const HubGraph& graph, std::span<const std::shared_ptr<const Motion>> motions,
    std::span<const PlantLink> links, std::span<const PoseTriple> commonPoses) {
  std::vector<std::vector<FloorTransform>> out(graph.hubs.size());
  for (size_t h = 0; h < graph.hubs.size(); ++h) out[h].resize(graph.hubs[h].matchFrames.size());
  const auto slots = matchSlotsPerMotion(graph);
  // The points linking each match frame to the one before it in its motion.
  std::vector<std::vector<std::uint8_t>> linkedTo(graph.hubs.size());
  for (size_t h = 0; h < graph.hubs.size(); ++h)
    linkedTo[h].assign(graph.hubs[h].matchFrames.size(), 0);
  for (const PlantLink& l : links) linkedTo[l.toHub][l.toMatch] = l.points;
  for (size_t m = 0; m < motions.size(); ++m) {
    const auto& mine = slots[m];
    const Motion& motion = *motions[m];
    const Skeleton& skeleton = *motion.skeleton;
    std::vector<size_t> chainStart(mine.size());
    for (size_t i = 0; i < mine.size(); ++i) {
      chainStart[i] = i;
      const MatchSlot& s = mine[i];
      const FloorTransform& metric = graph.hubs[s.hub].matchFrames[s.match].toHub;
      const Pose& common = commonPoses[s.hub].current;
      const std::uint8_t linked = i > 0 ? linkedTo[s.hub][s.match] : 0;
      if (!linked) {
        out[s.hub][s.match] = metric;
        continue;
      }
      const MatchSlot& p = mine[i - 1];
      const FloorTransform& previous = out[p.hub][p.match];
      // R maps the previous hub's coordinates onto this hub's along the clip.
      const FloorTransform metricStep =
          metric * graph.hubs[p.hub].matchFrames[p.match].toHub.inverse();
      const std::vector<Eigen::Vector3d> from =
          footPointPositions(skeleton, commonPoses[p.hub].current, linked);
      const std::vector<Eigen::Vector3d> to = footPointPositions(skeleton, common, linked);
      const FloorTransform chained = fitFloorTransform(from, to, metricStep.theta) * previous;
      // A link holds the plant at the price of moving this match frame's pose off where the
      // metric puts it. Take it unless that moves the pose's root more than twice as far as the
      // plant would slide without it (a plant on shuffling feet is not worth dragging the body).
      const FloorTransform previousFromHub = previous.inverse(), metricFromHub = metric.inverse();
      double slide = 0.0;
      for (size_t k = 0; k < from.size(); ++k) {
        const Eigen::Vector3d d = previousFromHub.apply(from[k]) - metricFromHub.apply(to[k]);
        slide = std::max(slide, std::hypot(d.x(), d.z()));
      }
      const Eigen::Vector3d moved =
          chained.inverse().apply(common.rootPosition) - metricFromHub.apply(common.rootPosition);
      if (std::hypot(moved.x(), moved.z()) > kLinkCostRatio * slide) {
        out[s.hub][s.match] = metric;
        continue;
      }
      chainStart[i] = chainStart[i - 1];
      out[s.hub][s.match] = chained;
    }
    // Centre every chain on the metric's alignments: toHub * X for one X (in the motion's
    // coordinates) keeps every step along the chain and so the linked plants, while the mean of
    // toHub^-1 * metric over the chain becomes the identity, so a long chain does not drift away
    // from where the metric puts its poses.
    for (size_t begin = 0; begin < mine.size();) {
      size_t end = begin + 1;
      while (end < mine.size() && chainStart[end] == begin) ++end;
      if (end - begin > 1) {
        double sine = 0.0, cosine = 0.0, x = 0.0, z = 0.0;
        for (size_t i = begin; i < end; ++i) {
          const MatchSlot& s = mine[i];
          const FloorTransform d =
              out[s.hub][s.match].inverse() * graph.hubs[s.hub].matchFrames[s.match].toHub;
          sine += std::sin(d.theta), cosine += std::cos(d.theta), x += d.x, z += d.z;
        }
        const double count = static_cast<double>(end - begin);
        const FloorTransform centre{std::atan2(sine, cosine), x / count, z / count};
        for (size_t i = begin; i < end; ++i) {
          const MatchSlot& s = mine[i];
          out[s.hub][s.match] = out[s.hub][s.match] * centre;
        }
      }
      begin = end;
    }
  }
  return out;
}

int splitUnheldPlants(const HubGraph& graph, int motion, const Motion& capture,
                      std::span<const PoseTriple> commonPoses, int gapFrames,
                      FootContacts& contacts, std::vector<PlantStep>* steps) {
  constexpr double kHeldMetres = 1e-3;
  const Skeleton& skeleton = *capture.skeleton;
  const auto points = findFootPoints(skeleton);
  const std::vector<MatchSlot> mine = matchSlotsPerMotion(graph)[motion];
  // Where each match frame's common pose, as aligned, puts every foot point on the locked frames
  // either side of the match frame: [0] its f-1 (previous), [1] its f+1 (next).
  std::vector<std::array<std::array<Eigen::Vector3d, kFootPointCount>, 2>> atMatch(mine.size());
  for (size_t i = 0; i < mine.size(); ++i) {
    const FloorTransform fromHub =
        graph.hubs[mine[i].hub].matchFrames[mine[i].match].toHub.inverse();
    const PoseTriple& common = commonPoses[mine[i].hub];
    for (int k = 0; k < 2; ++k) {
      const std::vector<Eigen::Vector3d> all =
          footPointPositions(skeleton, k == 0 ? common.previous : common.next, 0x0f);
      for (int p = 0, j = 0; p < kFootPointCount; ++p) {
        if (points[p].joint >= 0) atMatch[i][k][p] = fromHub.apply(all[j++]);
      }
    }
  }
  int split = 0;
  for (size_t i = 1; i < mine.size(); ++i) {
    const int a = mine[i - 1].frame, b = mine[i].frame;
    const int first = a + 3,
              last = b - 3;  // two frames clear of either match frame's locked frames
    if (last < first) continue;
    for (int p = 0; p < kFootPointCount; ++p) {
      if (points[p].joint < 0) continue;
      const std::uint8_t bit = static_cast<std::uint8_t>(1u << p);
      // A plant from a's last locked frame to b's first is held at both ends, whether or not it
      // holds the match frames themselves.
      if (plantedThroughout(contacts, a + 1, b - 1, bit) == 0) continue;
      const Eigen::Vector3d apart = atMatch[i][0][p] - atMatch[i - 1][1][p];
      if (std::hypot(apart.x(), apart.z()) <= kHeldMetres) continue;
      int highest = first;
      double top = -std::numeric_limits<double>::infinity();
      for (int f = first; f <= last; ++f) {
        const double y = footPointPositions(skeleton, capture.pose(f), bit).front().y();
        if (y > top) top = y, highest = f;
      }
      const int width = std::min(gapFrames, last - first + 1);
      const int begin = std::clamp(highest - width / 2, first, last - width + 1);
      for (int f = begin; f < begin + width; ++f)
        contacts.planted[f] &= static_cast<std::uint8_t>(~bit);
      if (steps) steps->push_back({p, begin, begin + width - 1, std::hypot(apart.x(), apart.z())});
      ++split;
    }
  }
  return split;
}

}  // namespace mg
