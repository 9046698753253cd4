// SPDX-License-Identifier: MIT
#include "core/snap/walk_benchmark.h"

#include <chrono>

#include "core/motion/forward_kinematics.h"
#include "core/snap/clip_sequence.h"

namespace mg {

Result<WalkBenchmarkResult> benchmarkRandomWalk(
    const HubGraph& graph, const std::vector<std::shared_ptr<const Motion>>& motions,
    long long frames, int startHub, std::uint64_t seed, bool forwardKinematics) {
  if (Status s = ClipSequencePlayer::validateFor(graph, motions); !s)
    return Error{"walk benchmark: " + s.error().message};
  if (frames < 1) return Error{"walk benchmark: frames must be at least 1"};
  if (startHub < 0 || startHub >= static_cast<int>(graph.hubs.size())) {
    return Error{"walk benchmark: start hub out of range"};
  }
  RandomWalkStream stream(graph, motions, startHub, seed);
  const Skeleton& skeleton = *motions.front()->skeleton;
  Pose pose;
  std::vector<Eigen::Vector3d> world(skeleton.jointCount());
  WalkBenchmarkResult r;
  const auto begin = std::chrono::steady_clock::now();
  for (; r.frames < frames; ++r.frames) {
    if (!stream.next(pose)) {
      return Error{"walk benchmark: the walk reached a dead end after " + std::to_string(r.frames) +
                   " frames; prune the graph first"};
    }
    if (forwardKinematics) {
      mg::forwardKinematics(skeleton, pose.rootPosition, pose.localRotations.data(), world.data());
      r.checksum += world.back().y();
    }
    r.checksum += pose.rootPosition.x() + pose.rootPosition.z();
  }
  const auto end = std::chrono::steady_clock::now();
  r.seconds = std::chrono::duration<double>(end - begin).count();
  r.framesPerSecond = r.seconds > 0 ? r.frames / r.seconds : 0.0;
  r.cuts = static_cast<long long>(stream.edgesTaken().size());
  return r;
}

}  // namespace mg
