// SPDX-License-Identifier: MIT
#include "core/param/parametric_control.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "core/motion/quaternion.h"
#include "core/util/uniform01.h"

namespace mg {
namespace {

double wrapAngle(double a) {
  return std::remainder(a, 2 * std::numbers::pi);
}

// Travel direction (yaw sense) over the last third of a placed path.
double endTravel(const FloorTransform& place, const std::vector<Eigen::Vector3d>& path) {
  const int n = static_cast<int>(path.size());
  const int w = std::max(1, (n - 1) / 3);
  const Eigen::Vector3d chord = place.applyToVector(path[n - 1] - path[n - 1 - w]);
  return std::atan2(chord.x(), chord.z());
}

// Places a path so its frame with root (targetRoot, targetRotation) lands on a frame with root
// (sourceRoot, sourceRotation) of a path placed by `sourceToWorld` (position and heading): a cheap
// stand-in for the point-cloud alignment, good enough to look ahead.
FloorTransform placePath(const FloorTransform& sourceToWorld, const Eigen::Vector3d& sourceRoot,
                         const Eigen::Quaterniond& sourceRotation,
                         const Eigen::Vector3d& targetRoot,
                         const Eigen::Quaterniond& targetRotation) {
  const Eigen::Vector3d ps = sourceToWorld.apply(sourceRoot);
  const double theta =
      yawAngle(sourceToWorld.rotation() * sourceRotation) - yawAngle(targetRotation);
  const Eigen::Vector3d moved = FloorTransform{theta, 0, 0}.apply(targetRoot);
  return {theta, ps.x() - moved.x(), ps.z() - moved.z()};
}

// Parameter `index` of the lattice of `c` values per dimension over `box` within `node`'s range
// (the box centre in a dimension where they do not overlap). Not clamped.
ParameterVector latticeParameter(const ParametricNode& node, const ParameterBox& box, int c,
                                 int index) {
  ParameterVector l{};
  for (int d = 0, rest = index; d < node.dimensions(); ++d, rest /= c) {
    const double lo = std::max(box.lo[d], node.rangeMin()[d]);
    const double hi = std::min(box.hi[d], node.rangeMax()[d]);
    l[d] = lo <= hi ? lo + (hi - lo) * (rest % c) / (c - 1.0) : 0.5 * (box.lo[d] + box.hi[d]);
  }
  return l;
}

int latticeSize(const ParametricNode& node, int c) {
  int total = 1;
  for (int d = 0; d < node.dimensions(); ++d) total *= c;
  return total;
}

}  // namespace

std::optional<EdgeChoice> RandomControl::choose(const ParametricStream& stream) {
  const ParametricGraph& graph = stream.graph();
  const std::vector<int> edges = graph.outgoingEdges(stream.currentNode());
  if (edges.empty()) return std::nullopt;
  std::mt19937_64& rng = *m_rng;
  const int e = edges[static_cast<size_t>(uniform01(rng) * edges.size()) % edges.size()];
  Result<TransitionLookup> lk = lookupTransition(graph.edges[e].edge, stream.currentParameter());
  if (!lk) return std::nullopt;
  const ParametricNode& target = *graph.nodes[graph.edges[e].target];
  ParameterVector l{};
  for (int d = 0; d < target.dimensions(); ++d) {
    const double lo = std::max(lk->box.lo[d], target.rangeMin()[d]);
    const double hi = std::min(lk->box.hi[d], target.rangeMax()[d]);
    l[d] = lo <= hi ? lo + uniform01(rng) * (hi - lo) : 0.5 * (lk->box.lo[d] + lk->box.hi[d]);
  }
  return EdgeChoice{e, target.clampToRange(l)};
}

std::optional<EdgeChoice> SearchControl::choose(const ParametricStream& stream) {
  const ParametricGraph& graph = stream.graph();
  std::optional<EdgeChoice> chosen;
  double best = 1e301;
  for (int e : graph.outgoingEdges(stream.currentNode())) {
    Result<TransitionLookup> lk = lookupTransition(graph.edges[e].edge, stream.currentParameter());
    if (!lk) continue;
    const ParametricNode& target = *graph.nodes[graph.edges[e].target];
    const int sourceFrame = stream.sourceFrameFor(*lk);
    const int total = latticeSize(target, m_candidates);
    for (int index = 0; index < total; ++index) {
      const ParameterVector l =
          target.clampToRange(latticeParameter(target, lk->box, m_candidates, index));
      const double s = score(stream, graph.edges[e], l, *lk, sourceFrame);
      if (s < best) best = s, chosen = EdgeChoice{e, l};
    }
  }
  return chosen;
}

bool SearchControl::rootPath(const ParametricNode& node, const ParameterVector& l,
                             std::vector<Eigen::Vector3d>& path,
                             std::vector<Eigen::Quaterniond>& rotations) {
  return node.weightsFor(l, m_weightScratch) &&
         blendRootPath(node.space(), m_weightScratch, path, rotations);
}

FloorTransform SearchControl::placeOnSource(const ParametricStream& stream, int sourceFrame,
                                            const Eigen::Vector3d& targetRoot,
                                            const Eigen::Quaterniond& targetRotation) {
  const Motion& clip = stream.currentClip();
  return placePath(stream.clipToWorld(), clip.rootPositions[sourceFrame],
                   clip.localRotations[static_cast<size_t>(sourceFrame) * clip.jointCount()],
                   targetRoot, targetRotation);
}

double SteerControl::score(const ParametricStream& stream, const GraphEdge& edge,
                           const ParameterVector& l, const TransitionLookup& lk, int sourceFrame) {
  if (!rootPath(*stream.graph().nodes[edge.target], l, m_pathScratch, m_rotScratch)) return 1e300;
  const int n = static_cast<int>(m_pathScratch.size());
  const int ft = std::clamp(static_cast<int>(std::lround(lk.targetTime * (n - 1))), 0, n - 1);
  const FloorTransform place =
      placeOnSource(stream, sourceFrame, m_pathScratch[ft], m_rotScratch[ft]);
  return std::abs(wrapAngle(endTravel(place, m_pathScratch) - m_heading));
}

double TargetControl::goalScore(const FloorTransform& place,
                                const std::vector<Eigen::Vector3d>& path, int ft,
                                double arrivedBonus) const {
  const int n = static_cast<int>(path.size());
  double closest = 1e300;
  for (int k = ft; k < n; ++k) {
    const Eigen::Vector3d p = place.apply(path[k]);
    closest = std::min(closest, std::hypot(p.x() - m_goal.x(), p.z() - m_goal.y()));
  }
  if (closest <= m_arrivalRadius) return closest - arrivedBonus;
  const Eigen::Vector3d end = place.apply(path[n - 1]);
  const double toGoal = std::atan2(m_goal.x() - end.x(), m_goal.y() - end.z());
  return std::hypot(m_goal.x() - end.x(), m_goal.y() - end.z()) +
         0.3 * std::abs(wrapAngle(toGoal - endTravel(place, path)));
}

double TargetControl::score(const ParametricStream& stream, const GraphEdge& edge,
                            const ParameterVector& l, const TransitionLookup& lk, int sourceFrame) {
  const ParametricGraph& graph = stream.graph();
  if (!rootPath(*graph.nodes[edge.target], l, m_pathScratch, m_rotScratch)) return 1e300;
  const int n = static_cast<int>(m_pathScratch.size());
  const int ft = std::clamp(static_cast<int>(std::lround(lk.targetTime * (n - 1))), 0, n - 1);
  const FloorTransform place =
      placeOnSource(stream, sourceFrame, m_pathScratch[ft], m_rotScratch[ft]);
  const double first = goalScore(place, m_pathScratch, ft, 1e6);
  if (first < 0) return first;  // reaches the goal within this clip
  // Greedy choices orbit a goal inside the turning circle; looking one clip further ahead lets
  // the walk first move away and then turn in.
  double best = 1e300;
  for (int e2 : graph.outgoingEdges(edge.target)) {
    Result<TransitionLookup> lk2 = lookupTransition(graph.edges[e2].edge, l);
    if (!lk2) continue;
    const ParametricNode& next = *graph.nodes[graph.edges[e2].target];
    const int fs2 = std::clamp(static_cast<int>(std::lround(lk2->sourceTime * (n - 1))), ft, n - 1);
    const int total = latticeSize(next, m_candidates);
    for (int index = 0; index < total; ++index) {
      const ParameterVector l2 = latticeParameter(next, lk2->box, m_candidates, index);
      if (!rootPath(next, next.clampToRange(l2), m_pathScratch2, m_rotScratch2)) continue;
      const int n2 = static_cast<int>(m_pathScratch2.size());
      const int ft2 =
          std::clamp(static_cast<int>(std::lround(lk2->targetTime * (n2 - 1))), 0, n2 - 1);
      const FloorTransform place2 = placePath(place, m_pathScratch[fs2], m_rotScratch[fs2],
                                              m_pathScratch2[ft2], m_rotScratch2[ft2]);
      best = std::min(best, goalScore(place2, m_pathScratch2, ft2, 1e5));
    }
  }
  return std::min(first, best);
}

std::optional<EdgeChoice> ScriptedControl::choose(const ParametricStream& stream) {
  const ParametricGraph& graph = stream.graph();
  const std::vector<int> edges = graph.outgoingEdges(stream.currentNode());
  if (edges.empty()) return std::nullopt;  // the script waits for a node it can leave
  if (!m_used) {
    m_used = true;
    if (std::find(edges.begin(), edges.end(), m_choice.edge) != edges.end() &&
        lookupTransition(graph.edges[m_choice.edge].edge, stream.currentParameter())) {
      return m_choice;
    }
  }
  return m_after ? m_after->choose(stream) : std::nullopt;
}

}  // namespace mg
