// SPDX-License-Identifier: MIT
#include "core/snap/cut_quality.h"

#include <algorithm>
#include <array>
#include <string>

#include "core/motion/forward_kinematics.h"

namespace mg {
namespace {

// World joint positions of frames f-1, f, f+1 in hub coordinates, and the central velocities.
struct Sample {
  std::vector<Eigen::Vector3d> position;
  std::vector<Eigen::Vector3d> velocity;
};

Sample sampleAt(const Motion& motion, int frame, const FloorTransform& toHub) {
  Sample s;
  const std::vector<Eigen::Vector3d> prev = jointPositions(motion, frame - 1);
  const std::vector<Eigen::Vector3d> cur = jointPositions(motion, frame);
  const std::vector<Eigen::Vector3d> next = jointPositions(motion, frame + 1);
  for (size_t j = 0; j < cur.size(); ++j) {
    s.position.push_back(toHub.apply(cur[j]));
    s.velocity.push_back(toHub.applyToVector(next[j] - prev[j]) * (0.5 * motion.fps));
  }
  return s;
}

}  // namespace

Result<CutQuality> measureCutQuality(const HubGraph& graph,
                                     std::span<const std::shared_ptr<const Motion>> motions) {
  if (Status s = graph.validate(); !s) return Error{"cut quality: " + s.error().message};
  if (motions.size() != graph.frameCounts.size())
    return Error{"cut quality: wrong number of motions"};
  for (size_t m = 0; m < motions.size(); ++m) {
    if (!motions[m] || motions[m]->frameCount() != graph.frameCounts[m]) {
      return Error{"cut quality: motion " + std::to_string(m) + " does not match the graph"};
    }
  }
  CutQuality q;
  for (size_t h = 0; h < graph.hubs.size(); ++h) {
    const Hub& hub = graph.hubs[h];
    std::vector<bool> ends(hub.matchFrames.size(), false), starts(hub.matchFrames.size(), false);
    for (const HubEdge& e : graph.edges) {
      if (e.toHub == static_cast<int>(h)) ends[e.toMatch] = true;
      if (e.fromHub == static_cast<int>(h)) starts[e.fromMatch] = true;
    }
    std::vector<Sample> samples;
    for (const MatchFrame& mf : hub.matchFrames) {
      samples.push_back(sampleAt(*motions[mf.ref.motion], mf.ref.frame, mf.toHub));
    }
    for (size_t a = 0; a < samples.size(); ++a) {
      if (!ends[a]) continue;
      for (size_t b = 0; b < samples.size(); ++b) {
        if (!starts[b] || a == b) continue;
        CutJump cut{static_cast<int>(h), hub.matchFrames[a].ref, hub.matchFrames[b].ref};
        for (size_t j = 0; j < samples[a].position.size(); ++j) {
          cut.positionJump =
              std::max(cut.positionJump, (samples[a].position[j] - samples[b].position[j]).norm());
          cut.velocityJump =
              std::max(cut.velocityJump, (samples[a].velocity[j] - samples[b].velocity[j]).norm());
        }
        q.maxPositionJump = std::max(q.maxPositionJump, cut.positionJump);
        q.maxVelocityJump = std::max(q.maxVelocityJump, cut.velocityJump);
        q.cuts.push_back(cut);
      }
    }
  }
  return q;
}

FootSkate measureFootSkate(const Motion& motion, const FootContacts& contacts) {
  const auto points = findFootPoints(*motion.skeleton);
  const int frames = motion.frameCount(), joints = motion.jointCount();
  std::vector<std::array<Eigen::Vector3d, kFootPointCount>> where(frames);
  std::vector<Eigen::Vector3d> pos(joints);
  std::vector<Eigen::Quaterniond> rot(joints);
  for (int f = 0; f < frames; ++f) {
    forwardKinematics(*motion.skeleton, motion.rootPositions[f], motion.frameRotations(f),
                      pos.data(), rot.data());
    for (int p = 0; p < kFootPointCount; ++p) {
      if (points[p].joint >= 0)
        where[f][p] = pos[points[p].joint] + rot[points[p].joint] * points[p].offset;
    }
  }
  FootSkate skate;
  double sum = 0.0, steadySum = 0.0;
  for (int f = 1; f + 1 < frames; ++f) {
    for (int p = 0; p < kFootPointCount; ++p) {
      if (points[p].joint < 0 || !contacts.isPlanted(f, static_cast<FootPoint>(p))) continue;
      Eigen::Vector3d d = where[f + 1][p] - where[f - 1][p];
      d.y() = 0.0;
      const double speed = d.norm() * 0.5 * motion.fps;
      sum += speed;
      skate.maxSpeed = std::max(skate.maxSpeed, speed);
      ++skate.samples;
      if (contacts.isPlanted(f - 1, static_cast<FootPoint>(p)) &&
          contacts.isPlanted(f + 1, static_cast<FootPoint>(p))) {
        steadySum += speed;
        ++skate.steadySamples;
      }
    }
  }
  if (skate.samples > 0) skate.meanSpeed = sum / skate.samples;
  if (skate.steadySamples > 0) skate.steadyMeanSpeed = steadySum / skate.steadySamples;
  return skate;
}

double meanFootSkate(std::span<const std::shared_ptr<const Motion>> motions,
                     std::span<const FootContacts> contacts) {
  double sum = 0;
  long long samples = 0;
  for (size_t m = 0; m < motions.size(); ++m) {
    const FootSkate s = measureFootSkate(*motions[m], contacts[m]);
    sum += s.meanSpeed * s.samples;
    samples += s.samples;
  }
  return samples > 0 ? sum / static_cast<double>(samples) : 0.0;
}

}  // namespace mg
