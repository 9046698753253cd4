// SPDX-License-Identifier: MIT
#pragma once

// The parametric graph player as it was before synthesis and control were split (GraphPlayer of
// commit 252fa70, control modes and synthesis in one class), kept verbatim as the reference the
// split player (ParametricStream + control policies) must reproduce byte for byte.

#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>

#include "core/metric/frame_distance.h"
#include "core/motion/forward_kinematics.h"
#include "core/motion/quaternion.h"
#include "core/param/graph_player.h"

namespace mg::test::reference {

// How the player picks the next edge and parameter at each transition (paper section 5.2).
enum class ControlMode {
  Random,    // a random outgoing edge, a random parameter inside its box
  Target,    // greedy with one clip of look-ahead: the choice whose clips best head for a point
  Steer,     // the edge and parameter whose clip ends travelling closest to a desired direction
  Scripted,  // the edge and parameter given by scriptNext() (transition preview)
};

// Synthesises an endless pose stream from a parametric motion graph: plays a clip, and at each
// transition point (found by lookup) aligns the next clip to it by point clouds and blends the two
// linearly over a window centred on the transition. Shares the graph; not thread-safe (one
// player per thread); deterministic for a seed and the same control calls.
class GraphPlayer {
 public:
  // Starts at `startNode` with `startParameter` (clamped into the node's range; empty = random),
  // placed in the world by `start`. Fails when the settings are invalid, the graph is null, the
  // node is out of range or the parameter is not finite.
  static Result<GraphPlayer> create(std::shared_ptr<const ParametricGraph> graph, int startNode,
                                    std::optional<ParameterVector> startParameter,
                                    const PlayerSettings& settings, FloorTransform start = {});

  void setRandom() { m_mode = ControlMode::Random; }
  // Head for (x, z) on the floor, metres.
  void setTarget(double x, double z) { m_mode = ControlMode::Target, m_goal = {x, z}; }
  // Travel towards world heading `yawRadians` (the sense of yawAngle: 0 = +Z, pi/2 = +X).
  void setSteering(double yawRadians) { m_mode = ControlMode::Steer, m_heading = yawRadians; }
  // The next transition takes `edge` (leaving the current node) to `parameter`, unclamped.
  void scriptNext(int edge, const ParameterVector& parameter);

  // Writes the next frame (root in world metres, local rotations with the root's in world) and
  // advances. Returns false at a dead end (a node without an existing outgoing edge) once its
  // clip has played.
  bool next(Pose& out);

  int currentNode() const { return m_node; }
  const ParameterVector& currentParameter() const { return m_parameter; }
  const std::vector<PlayerTransition>& transitions() const { return m_transitions; }
  int framesPlayed() const { return m_output; }
  // World position of the root in the last frame written.
  const Eigen::Vector3d& rootPosition() const { return m_lastRoot; }

 private:
  GraphPlayer() = default;
  void planNext();         // chooses the next edge/parameter and the blend window
  void choosePlan();       // the choice of edge and parameter alone
  void startTransition();  // builds the blend window and swaps clips
  double score(const GraphEdge& e, const ParameterVector& l, const TransitionLookup& lk);
  // Target mode: how well a placed root path heads for the goal (lower is better; a path that
  // passes within the arrival radius scores below -arrivedBonus / 2).
  double goalScore(const FloorTransform& place, const std::vector<Eigen::Vector3d>& path, int ft,
                   double arrivedBonus) const;
  void worldPose(const Motion& clip, const FloorTransform& t, int frame, Pose& out) const;

  std::shared_ptr<const ParametricGraph> m_graph;
  PlayerSettings m_settings;
  ControlMode m_mode = ControlMode::Random;
  Eigen::Vector2d m_goal{0, 0};
  double m_heading = 0.0;
  int m_scriptEdge = -1;
  ParameterVector m_scriptParameter{};
  std::mt19937_64 m_rng;

  int m_node = 0;
  ParameterVector m_parameter{};
  Motion m_clip, m_nextClip;  // clip coordinates
  FloorTransform m_toWorld;   // clip -> world
  int m_frame = 0;            // next frame of m_clip to output
  // The plan for the playing clip: -1 when there is no outgoing edge.
  int m_planEdge = -1;
  ParameterVector m_planParameter{};
  TransitionLookup m_planLookup;
  int m_planSourceFrame = 0;   // transition frame of the playing clip
  int m_planTargetFrame = 0;   // transition frame of the next clip
  int m_planWindowStart = 0;   // frame of the playing clip where the blend window starts
  std::vector<Pose> m_window;  // blended frames waiting to be output
  size_t m_windowNext = 0;
  std::vector<PlayerTransition> m_transitions;
  int m_output = 0;
  Eigen::Vector3d m_lastRoot = Eigen::Vector3d::Zero();
  std::vector<Eigen::Vector3d> m_pathScratch;
  std::vector<Eigen::Quaterniond> m_rotScratch;
  std::vector<double> m_weightScratch;
  std::vector<Eigen::Vector3d> m_pathScratch2;  // the look-ahead clip of Target mode
  std::vector<Eigen::Quaterniond> m_rotScratch2;
};

inline double refUniform01(std::mt19937_64& rng) {
  return static_cast<double>(rng() >> 11) * 0x1.0p-53;
}
inline double wrapAngle(double a) {
  return std::remainder(a, 2 * std::numbers::pi);
}

inline Result<GraphPlayer> GraphPlayer::create(std::shared_ptr<const ParametricGraph> graph,
                                               int startNode,
                                               std::optional<ParameterVector> startParameter,
                                               const PlayerSettings& settings,
                                               FloorTransform start) {
  if (Status s = settings.validate(); !s) return s.error();
  if (!graph) return Error{"player: no graph"};
  if (startNode < 0 || startNode >= graph->nodeCount())
    return Error{"player: start node out of range"};
  GraphPlayer p;
  p.m_graph = std::move(graph);
  p.m_settings = settings;
  p.m_rng.seed(settings.seed);
  p.m_node = startNode;
  p.m_toWorld = start;
  const ParametricNode& node = *p.m_graph->nodes[startNode];
  if (startParameter) {
    for (int d = 0; d < node.dimensions(); ++d) {
      if (!std::isfinite((*startParameter)[d]))
        return Error{"player: start parameter is not finite"};
    }
    p.m_parameter = node.clampToRange(*startParameter);
  } else {
    for (int d = 0; d < node.dimensions(); ++d) {
      p.m_parameter[d] =
          node.rangeMin()[d] + refUniform01(p.m_rng) * (node.rangeMax()[d] - node.rangeMin()[d]);
    }
  }
  if (Status s = node.clipFor(p.m_parameter, p.m_clip); !s) return s.error();
  p.planNext();
  return p;
}

inline void GraphPlayer::scriptNext(int edge, const ParameterVector& parameter) {
  m_mode = ControlMode::Scripted;
  m_scriptEdge = edge;
  m_scriptParameter = parameter;
  planNext();
}

inline void GraphPlayer::worldPose(const Motion& clip, const FloorTransform& t, int frame,
                                   Pose& out) const {
  const int joints = clip.jointCount();
  out.rootPosition = t.apply(clip.rootPositions[frame]);
  out.localRotations.assign(clip.frameRotations(frame), clip.frameRotations(frame) + joints);
  out.localRotations[0] = (t.rotation() * out.localRotations[0]).normalized();
}

// Places a candidate's root path so its frame `ft` lands on the source's frame `fs` (position
// and heading): a cheap stand-in for the point-cloud alignment, good enough to look ahead.
inline FloorTransform placePath(const FloorTransform& sourceToWorld,
                                const Eigen::Vector3d& sourceRoot,
                                const Eigen::Quaterniond& sourceRotation,
                                const Eigen::Vector3d& targetRoot,
                                const Eigen::Quaterniond& targetRotation) {
  const Eigen::Vector3d ps = sourceToWorld.apply(sourceRoot);
  const double theta =
      yawAngle(sourceToWorld.rotation() * sourceRotation) - yawAngle(targetRotation);
  const Eigen::Vector3d moved = FloorTransform{theta, 0, 0}.apply(targetRoot);
  return {theta, ps.x() - moved.x(), ps.z() - moved.z()};
}

// Travel direction (yaw sense) over the last third of a placed path.
inline double endTravel(const FloorTransform& place, const std::vector<Eigen::Vector3d>& path) {
  const int n = static_cast<int>(path.size());
  const int w = std::max(1, (n - 1) / 3);
  const Eigen::Vector3d chord = place.applyToVector(path[n - 1] - path[n - 1 - w]);
  return std::atan2(chord.x(), chord.z());
}

inline double GraphPlayer::goalScore(const FloorTransform& place,
                                     const std::vector<Eigen::Vector3d>& path, int ft,
                                     double arrivedBonus) const {
  const int n = static_cast<int>(path.size());
  double closest = 1e300;
  for (int k = ft; k < n; ++k) {
    const Eigen::Vector3d p = place.apply(path[k]);
    closest = std::min(closest, std::hypot(p.x() - m_goal.x(), p.z() - m_goal.y()));
  }
  if (closest <= m_settings.arrivalRadius) return closest - arrivedBonus;
  const Eigen::Vector3d end = place.apply(path[n - 1]);
  const double toGoal = std::atan2(m_goal.x() - end.x(), m_goal.y() - end.z());
  return std::hypot(m_goal.x() - end.x(), m_goal.y() - end.z()) +
         0.3 * std::abs(wrapAngle(toGoal - endTravel(place, path)));
}

inline double GraphPlayer::score(const GraphEdge& e, const ParameterVector& l,
                                 const TransitionLookup& lk) {
  const ParametricNode& target = *m_graph->nodes[e.target];
  if (!target.weightsFor(l, m_weightScratch) ||
      !blendRootPath(target.space(), m_weightScratch, m_pathScratch, m_rotScratch)) {
    return 1e300;
  }
  const int n = static_cast<int>(m_pathScratch.size());
  const int fs = m_planSourceFrame;
  const int ft = std::clamp(static_cast<int>(std::lround(lk.targetTime * (n - 1))), 0, n - 1);
  const FloorTransform place =
      placePath(m_toWorld, m_clip.rootPositions[fs],
                m_clip.localRotations[static_cast<size_t>(fs) * m_clip.jointCount()],
                m_pathScratch[ft], m_rotScratch[ft]);
  if (m_mode == ControlMode::Steer)
    return std::abs(wrapAngle(endTravel(place, m_pathScratch) - m_heading));
  const double first = goalScore(place, m_pathScratch, ft, 1e6);
  if (first < 0) return first;  // reaches the goal within this clip
  // Greedy choices orbit a goal inside the turning circle; looking one clip further ahead lets
  // the walk first move away and then turn in.
  double best = 1e300;
  const int c = m_settings.candidatesPerDimension;
  for (int e2 : m_graph->outgoingEdges(e.target)) {
    Result<TransitionLookup> lk2 = lookupTransition(m_graph->edges[e2].edge, l);
    if (!lk2) continue;
    const ParametricNode& next = *m_graph->nodes[m_graph->edges[e2].target];
    const int fs2 = std::clamp(static_cast<int>(std::lround(lk2->sourceTime * (n - 1))), ft, n - 1);
    int total = 1;
    for (int d = 0; d < next.dimensions(); ++d) total *= c;
    for (int index = 0; index < total; ++index) {
      ParameterVector l2{};
      for (int d = 0, rest = index; d < next.dimensions(); ++d, rest /= c) {
        const double lo = std::max(lk2->box.lo[d], next.rangeMin()[d]);
        const double hi = std::min(lk2->box.hi[d], next.rangeMax()[d]);
        l2[d] = lo <= hi ? lo + (hi - lo) * (rest % c) / (c - 1.0)
                         : 0.5 * (lk2->box.lo[d] + lk2->box.hi[d]);
      }
      if (!next.weightsFor(next.clampToRange(l2), m_weightScratch) ||
          !blendRootPath(next.space(), m_weightScratch, m_pathScratch2, m_rotScratch2)) {
        continue;
      }
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

inline void GraphPlayer::planNext() {
  choosePlan();
  if (m_planEdge < 0) return;
  // Where the target clip is entered, known before it is built (its length follows from the
  // weights), so the blend window can start early enough to be centred on the transition.
  const ParametricNode& target = *m_graph->nodes[m_graph->edges[m_planEdge].target];
  int nt = 2;
  if (target.weightsFor(m_planParameter, m_weightScratch))
    nt = blendedFrameCount(target.space(), m_weightScratch);
  m_planTargetFrame =
      std::clamp(static_cast<int>(std::lround(m_planLookup.targetTime * (nt - 1))), 0, nt - 1);
  m_planWindowStart = std::max(
      m_frame, m_planSourceFrame - std::min(m_settings.blendFrames / 2, m_planTargetFrame));
}

inline void GraphPlayer::choosePlan() {
  m_planEdge = -1;
  const std::vector<int> edges = m_graph->outgoingEdges(m_node);
  if (edges.empty()) return;
  const int n = m_clip.frameCount();
  auto sourceFrame = [&](const TransitionLookup& lk) {
    return std::clamp(static_cast<int>(std::lround(lk.sourceTime * (n - 1))), m_frame, n - 1);
  };
  if (m_mode == ControlMode::Scripted && m_scriptEdge >= 0 &&
      std::find(edges.begin(), edges.end(), m_scriptEdge) != edges.end()) {
    Result<TransitionLookup> lk = lookupTransition(m_graph->edges[m_scriptEdge].edge, m_parameter);
    if (lk) {
      m_planEdge = m_scriptEdge;
      m_planParameter = m_scriptParameter;
      m_planLookup = std::move(lk.value());
      m_planSourceFrame = sourceFrame(m_planLookup);
    }
    m_scriptEdge = -1;
    m_mode = ControlMode::Random;
    if (m_planEdge >= 0) return;
  }
  if (m_mode == ControlMode::Random || m_mode == ControlMode::Scripted) {
    const int e = edges[static_cast<size_t>(refUniform01(m_rng) * edges.size()) % edges.size()];
    Result<TransitionLookup> lk = lookupTransition(m_graph->edges[e].edge, m_parameter);
    if (!lk) return;
    const ParametricNode& target = *m_graph->nodes[m_graph->edges[e].target];
    ParameterVector l{};
    for (int d = 0; d < target.dimensions(); ++d) {
      const double lo = std::max(lk->box.lo[d], target.rangeMin()[d]);
      const double hi = std::min(lk->box.hi[d], target.rangeMax()[d]);
      l[d] =
          lo <= hi ? lo + refUniform01(m_rng) * (hi - lo) : 0.5 * (lk->box.lo[d] + lk->box.hi[d]);
    }
    m_planEdge = e;
    m_planParameter = target.clampToRange(l);
    m_planLookup = std::move(lk.value());
    m_planSourceFrame = sourceFrame(m_planLookup);
    return;
  }
  double best = 1e301;
  for (int e : edges) {
    Result<TransitionLookup> lk = lookupTransition(m_graph->edges[e].edge, m_parameter);
    if (!lk) continue;
    const ParametricNode& target = *m_graph->nodes[m_graph->edges[e].target];
    m_planSourceFrame = sourceFrame(*lk);
    const int dims = target.dimensions();
    const int c = m_settings.candidatesPerDimension;
    int total = 1;
    for (int d = 0; d < dims; ++d) total *= c;
    for (int index = 0; index < total; ++index) {
      ParameterVector l{};
      for (int d = 0, rest = index; d < dims; ++d, rest /= c) {
        const double lo = std::max(lk->box.lo[d], target.rangeMin()[d]);
        const double hi = std::min(lk->box.hi[d], target.rangeMax()[d]);
        l[d] = lo <= hi ? lo + (hi - lo) * (rest % c) / (c - 1.0)
                        : 0.5 * (lk->box.lo[d] + lk->box.hi[d]);
      }
      l = target.clampToRange(l);
      const double s = score(m_graph->edges[e], l, *lk);
      if (s < best) best = s, m_planEdge = e, m_planParameter = l, m_planLookup = *lk;
    }
  }
  if (m_planEdge >= 0) m_planSourceFrame = sourceFrame(m_planLookup);
}

inline void GraphPlayer::startTransition() {
  const GraphEdge& edge = m_graph->edges[m_planEdge];
  const ParametricNode& target = *m_graph->nodes[edge.target];
  if (!target.clipFor(m_planParameter, m_nextClip)) {
    m_planEdge = -1;
    return;
  }
  const int L = m_settings.blendFrames;
  const int ns = m_clip.frameCount(), nt = m_nextClip.frameCount();
  const int fs = m_planSourceFrame;
  const int ft = std::min(m_planTargetFrame, nt - 1);
  const int before = std::clamp(fs - m_frame, 0, ft);

  // Align the target clip onto the source at the transition by point clouds over a short window.
  const int h = 4, joints = m_clip.jointCount();
  std::vector<Eigen::Vector3d> src, tgt, pos(joints);
  for (int k = -h; k <= h; ++k) {
    const int a = std::clamp(fs + k, 0, ns - 1), b = std::clamp(ft + k, 0, nt - 1);
    forwardKinematics(*m_clip.skeleton, m_toWorld.apply(m_clip.rootPositions[a]),
                      m_clip.frameRotations(a), pos.data());
    // The source pose in world: rotate the joints about the root by the running transform.
    const Eigen::Vector3d root = m_toWorld.apply(m_clip.rootPositions[a]);
    for (const Eigen::Vector3d& p : pos) src.push_back(root + m_toWorld.applyToVector(p - root));
    forwardKinematics(*m_nextClip.skeleton, m_nextClip.rootPositions[b],
                      m_nextClip.frameRotations(b), pos.data());
    tgt.insert(tgt.end(), pos.begin(), pos.end());
  }
  const std::vector<double> weights(src.size(), 1.0);
  const FrameAlignment a = alignPointClouds(src, tgt, weights);
  const FloorTransform nextToWorld{a.theta, a.x0, a.z0};

  m_window.resize(L);
  Pose s, t;
  for (int k = 0; k < L; ++k) {
    worldPose(m_clip, m_toWorld, std::clamp(fs - before + k, 0, ns - 1), s);
    worldPose(m_nextClip, nextToWorld, std::clamp(ft - before + k, 0, nt - 1), t);
    const double alpha = (k + 1.0) / (L + 1.0);
    Pose& out = m_window[k];
    out.rootPosition = (1 - alpha) * s.rootPosition + alpha * t.rootPosition;
    out.localRotations.resize(joints);
    for (int j = 0; j < joints; ++j)
      out.localRotations[j] = slerpShortest(s.localRotations[j], t.localRotations[j], alpha);
  }
  m_windowNext = 0;
  PlayerTransition record;
  record.edge = m_planEdge;
  record.outputFrame = m_output;
  record.sourceFrame = fs;
  record.targetFrame = ft;
  record.parameter = m_planParameter;
  record.box = m_planLookup.box;
  m_transitions.push_back(record);

  std::swap(m_clip, m_nextClip);
  m_toWorld = nextToWorld;
  m_node = edge.target;
  m_parameter = m_planParameter;
  m_frame = ft - before + L;
  planNext();
}

inline bool GraphPlayer::next(Pose& out) {
  if (m_windowNext >= m_window.size()) {
    if (m_planEdge >= 0 && m_frame >= m_planWindowStart) startTransition();
  }
  if (m_windowNext < m_window.size()) {
    out = m_window[m_windowNext++];
  } else {
    if (m_frame >= m_clip.frameCount()) {
      if (m_planEdge < 0) return false;
      m_frame = m_clip.frameCount() - 1;  // hold the last frame until the transition starts
    }
    worldPose(m_clip, m_toWorld, m_frame++, out);
  }
  m_lastRoot = out.rootPosition;
  ++m_output;
  return true;
}

}  // namespace mg::test::reference
